import type { Random } from '../../src/db/seed/random.js';

/** The part of an OpenAPI 3.0 schema object the generator reads. */
export type Schema = {
  type?: string;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  nullable?: boolean;
  format?: string;
  pattern?: string;
};

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Real values from the seeded database that make a generated request reach the handler's happy path. */
export type Hints = {
  /** A value for a field of this name, or undefined to let the schema decide. */
  forField(name: string): Json | undefined;
  /** A whole order line (productId, size, color) of a real variant. */
  variant(): { productId: string; size: string; color: string };
};

const ALPHABET = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function word(random: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i += 1) out += ALPHABET[random.int(0, ALPHABET.length - 1)];
  return out;
}

function isoDay(random: Random): string {
  const day = new Date(Date.UTC(2026, 0, 1) + random.int(-200, 200) * 86_400_000);
  return day.toISOString().slice(0, 10);
}

function validString(schema: Schema, random: Random): string {
  if (schema.format === 'date') return isoDay(random);
  if (schema.format === 'date-time') return `${isoDay(random)}T12:30:00.000Z`;
  if (schema.format === 'email') return `fuzz.${word(random, 6).toLowerCase()}@example.com`;
  if (schema.format === 'uri') return `https://track.example.com/${word(random, 8)}`;
  if (schema.pattern === '^\\d{4}$') return String(random.int(1000, 9999));
  if (schema.pattern === '^[0-9a-f]{24}$') return hexId(random);
  const min = schema.minLength ?? 0;
  const roll = random.next();
  // Edges the schema still allows: exactly the maximum length, or text a database may choke on.
  if (roll < 0.06 && schema.maxLength !== undefined) return 'é'.repeat(schema.maxLength);
  if (roll < 0.12) return `${word(random, Math.max(min, 1))}${random.pick(['\u0000', '😀', '\u202e', "'--", '%_\\'])}`;
  const max = Math.min(schema.maxLength ?? min + 16, min + 16);
  return word(random, random.int(Math.max(min, 1), Math.max(max, min, 1)));
}

function validNumber(schema: Schema, random: Random): number {
  const roll = random.next();
  // The schema's own bounds, where overflow and off-by-one bugs live.
  if (roll < 0.05 && schema.maximum !== undefined) return schema.maximum;
  if (roll < 0.08 && schema.minimum !== undefined && !schema.exclusiveMinimum) return schema.minimum;
  if (roll < 0.1 && schema.type === 'number' && schema.exclusiveMinimum) return 0.001;
  const low = (schema.minimum ?? -100) + (schema.exclusiveMinimum ? 1 : 0);
  const high = Math.min(schema.maximum ?? low + 200, low + 200);
  const whole = random.int(Math.ceil(low), Math.max(Math.ceil(low), Math.floor(high)));
  return schema.type === 'integer' ? whole : Math.min(whole + random.int(0, 99) / 100, schema.maximum ?? Infinity);
}

export function hexId(random: Random): string {
  let out = '';
  for (let i = 0; i < 24; i += 1) out += '0123456789abcdef'[random.int(0, 15)];
  return out;
}

/** A value the schema accepts (as far as a JSON schema says), preferring real seeded values named by the field. */
export function validValue(schema: Schema, random: Random, hints: Hints, field = ''): Json {
  const hinted = field ? hints.forField(field) : undefined;
  if (hinted !== undefined && random.next() < 0.85) return hinted;
  if (schema.enum?.length) return random.pick(schema.enum) as Json;
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return validValue(random.pick(choices), random, hints, field);
  switch (schema.type) {
    case 'string':
      return validString(schema, random);
    case 'integer':
    case 'number':
      return validNumber(schema, random);
    case 'boolean':
      return random.next() < 0.5;
    case 'array': {
      const min = schema.minItems ?? 0;
      const count = random.int(min, Math.max(min, Math.min(schema.maxItems ?? min + 2, min + 2)));
      return Array.from({ length: count }, () => validValue(schema.items ?? {}, random, hints, field));
    }
    case 'object':
      return validObject(schema, random, hints);
    default:
      return word(random, 6);
  }
}

function validObject(schema: Schema, random: Random, hints: Hints): { [key: string]: Json } {
  const properties = schema.properties ?? {};
  const required = new Set(schema.required ?? []);
  const out: { [key: string]: Json } = {};
  for (const [name, property] of Object.entries(properties)) {
    if (required.has(name) || random.next() < 0.5) out[name] = validValue(property, random, hints, name);
  }
  // An order line names a real variant, so some generated orders get past the stock check.
  if ('productId' in properties && 'size' in properties && 'color' in properties && random.next() < 0.8) {
    Object.assign(out, hints.variant());
  }
  return out;
}

/** Hostile values: wrong types, extremes, NUL, odd unicode, injection text and deep nesting. */
export function junkValue(random: Random): Json {
  const junk: (() => Json)[] = [
    () => null,
    () => random.next() < 0.5,
    () => -1,
    () => 0,
    () => -0.001,
    () => 1e308,
    () => -1e308,
    () => Number.MAX_SAFE_INTEGER + 2,
    () => 2_147_483_648,
    () => 0.1 + 0.2,
    () => '',
    () => ' ',
    () => 'a'.repeat(random.pick([101, 255, 1025, 70_000])),
    () => `x\u0000y`,
    () => '\u0000',
    () => '😀🏳️‍🌈 ש ﷽ Ω',
    () => '\ud800',
    () => '\u202e\u200b',
    () => "' OR 1=1 --",
    () => '(.*)+$[',
    () => '%',
    () => '_',
    () => '../../etc/passwd',
    () => '<script>alert(1)</script>',
    () => '2026-02-30',
    () => '9999-12-31T23:59:59Z',
    () => 'NaN',
    () => '1e400',
    () => '-5',
    () => hexId(random),
    () => [],
    () => [1, 'two', null],
    () => ({}),
    () => ({ $gt: '' }),
    () => JSON.parse('{"__proto__":{"isAdmin":true},"constructor":{"prototype":{}}}') as Json,
    () => nested(random.int(5, 60)),
  ];
  return random.pick(junk)();
}

function nested(depth: number): Json {
  let value: Json = 'deep';
  for (let i = 0; i < depth; i += 1) value = i % 2 ? [value] : { a: value };
  return value;
}

type Container = Json[] | { [key: string]: Json };

/** Every (container, key) in a value, so a mutation can hit any depth. */
function slots(value: Json, out: [Container, string | number][] = []): [Container, string | number][] {
  if (Array.isArray(value)) {
    value.forEach((child, index) => {
      out.push([value, index]);
      slots(child, out);
    });
  } else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      out.push([value, key]);
      slots(child, out);
    }
  }
  return out;
}

function setSlot(container: Container, key: string | number, value: Json | undefined) {
  if (Array.isArray(container)) {
    if (value === undefined) container.splice(Number(key), 1);
    else container[Number(key)] = value;
  } else if (value === undefined) delete container[String(key)];
  else container[String(key)] = value;
}

/** One to three mutations of a (deep-copied) valid value. */
export function mutate(value: Json, random: Random): Json {
  let root: Json = structuredClone(value);
  const rounds = random.int(1, 3);
  for (let round = 0; round < rounds; round += 1) {
    const targets = slots(root);
    const roll = random.next();
    if (!targets.length || roll < 0.08) {
      root = random.pick<Json>([junkValue(random), [root], [], 'null', null]);
      continue;
    }
    const [container, key] = random.pick(targets);
    const current = Array.isArray(container) ? container[Number(key)] : container[String(key)];
    if (roll < 0.55) setSlot(container, key, junkValue(random));
    else if (roll < 0.7) setSlot(container, key, undefined);
    else if (roll < 0.8)
      setSlot(container, key, Array.isArray(current) ? { 0: current[0] ?? null } : [current ?? null]);
    else if (roll < 0.9 && !Array.isArray(container))
      container[random.pick(['extra', 'role', 'id', 'isAdmin', 'x'])] = junkValue(random);
    else if (typeof current === 'string')
      setSlot(container, key, current + random.pick(['\u0000', '😀', ' ', '%00', "'"]));
    else setSlot(container, key, junkValue(random));
  }
  return root;
}
