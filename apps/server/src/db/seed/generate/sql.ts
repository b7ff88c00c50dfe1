import { COLORS, SIZES } from '@seamline/shared';
import { CITIES, STREETS } from '../places.js';

/**
 * SQL text fragments shared by the generator's steps. Every value is a pure function of the seed and a row number
 * (hashint8 of the number, salted), so the same seed builds the same store and two statements that need the same
 * row (an order's lines while pricing, then while inserting) compute it independently instead of passing it around.
 * Only numbers and our own constant words are spliced into SQL text; nothing a user typed.
 */
export type Run = {
  seed: number;
  /** 8 hex digits from the seed: the first part of every generated id, so runs with other seeds never collide. */
  tag: string;
  /** Lower-case label in slugs, SKUs and e-mail domains ("s1" for seed 1). */
  label: string;
  /** The run's fixed "now" as an SQL timestamptz literal: every date is measured back from it. */
  now: string;
  products: number;
  customers: number;
  orders: number;
};

export function makeRun(options: { seed: number; now: Date; products: number; customers: number; orders: number }) {
  return {
    seed: options.seed,
    tag: options.seed.toString(16).padStart(8, '0'),
    label: `s${options.seed}`,
    now: `'${options.now.toISOString()}'::timestamptz`,
    products: options.products,
    customers: options.customers,
    orders: options.orders,
  } satisfies Run;
}

/** Id kinds: the two hex digits after the run tag. */
export const KIND = {
  product: '01',
  inventory: '02',
  customer: '03',
  address: '04',
  order: '05',
  orderItem: '06',
  payment: '07',
  refund: '0b',
  movement: '08',
  redemption: '09',
  activity: '0a',
  coupon: '0d',
  review: '0c',
} as const;

/**
 * The 24-hex id of row `n` (a bigint SQL expression) of a kind: run tag, kind, 14 hex digits of n. Typed char(24) like
 * the id columns: compared as text, `id = …` could not use the primary key (a full scan per lookup).
 */
export const idOf = (run: Run, kind: keyof typeof KIND, n: string) =>
  `('${run.tag}${KIND[kind]}' || lpad(to_hex((${n})::bigint), 14, '0'))::char(24)`;

/** A deterministic float8 in [0, 1) for row `n` (SQL expression) and a salt naming what it decides (float8, not
 * numeric: numeric arithmetic made generation several times slower). */
export const rnd = (run: Run, n: string, salt: number) =>
  `((hashint8((${n})::bigint * 1000003 + ${run.seed * 7919 + salt * 104_729})::float8 + 2147483648) / 4294967296::float8)`;

/** An SQL text[] literal of constant words. */
export const textArray = (values: readonly string[]) =>
  `ARRAY[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]::text[]`;

/** Element `floor(r × length)` of a constant list, r in [0, 1). */
export const pick = (values: readonly string[], r: string) =>
  `(${textArray(values)})[1 + floor(${r} * ${values.length})::int]`;

/** Garment sizes in order (One Size is for accessories only and is not generated). */
const GARMENT_SIZES = SIZES.filter((size) => size !== 'One Size');
/** The 12 everyday colours at the head of the shared colour list. */
const EVERYDAY_COLORS = COLORS.slice(0, 12);

/**
 * Variant `v` (0–8) of product `n`: three consecutive sizes (starting at a per-product size) × three colours four
 * apart on the everyday colour wheel, so the nine combinations of a product are always distinct.
 */
export const variantSize = (run: Run, n: string, v: string) =>
  `(${textArray(GARMENT_SIZES)})[1 + floor(${rnd(run, n, 11)} * ${GARMENT_SIZES.length - 2})::int + (${v}) / 3]`;
export const variantColor = (run: Run, n: string, v: string) =>
  `(${textArray(EVERYDAY_COLORS)})[1 + (floor(${rnd(run, n, 12)} * 12)::int + 4 * ((${v}) % 3)) % 12]`;
export const VARIANTS_PER_PRODUCT = 9;

export const FIRST_NAMES = [
  'Olivia',
  'Noah',
  'Emma',
  'Liam',
  'Ava',
  'Lucas',
  'Sophia',
  'Mason',
  'Isla',
  'Ethan',
  'Mia',
  'Leo',
  'Amelia',
  'James',
  'Harper',
  'Henry',
  'Ella',
  'Owen',
  'Chloe',
  'Jack',
  'Grace',
  'Samuel',
  'Nora',
  'Daniel',
  'Ruby',
  'Hugo',
  'Zoe',
  'Elijah',
  'Layla',
  'Caleb',
  'Aria',
  'Julian',
];
export const LAST_NAMES = [
  'Smith',
  'Johnson',
  'Brown',
  'Garcia',
  'Miller',
  'Davis',
  'Martinez',
  'Lopez',
  'Wilson',
  'Anderson',
  'Thomas',
  'Moore',
  'Jackson',
  'Martin',
  'Lee',
  'Thompson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Young',
  'Allen',
  'King',
  'Wright',
  'Scott',
  'Nguyen',
  'Hill',
  'Patel',
  'Kim',
  'Foster',
  'Hughes',
];

/** Person `n`'s first and last name (customers by customer number, guests by order number with another salt). */
export const firstName = (run: Run, n: string, salt = 0) => pick(FIRST_NAMES, rnd(run, n, 20 + salt));
export const lastName = (run: Run, n: string, salt = 0) => pick(LAST_NAMES, rnd(run, n, 21 + salt));

/** Address parts of person `n`: [street, city, state, zip code]. */
export function addressParts(run: Run, n: string, salt = 0): [string, string, string, string] {
  const city = `(1 + floor(${rnd(run, n, 22 + salt)} * ${CITIES.length})::int)`;
  return [
    `(10 + floor(${rnd(run, n, 23 + salt)} * 9000)::int)::text || ' ' || ${pick(STREETS, rnd(run, n, 24 + salt))}`,
    `(${textArray(CITIES.map((c) => c[0]))})[${city}]`,
    `(${textArray(CITIES.map((c) => c[1]))})[${city}]`,
    `(${textArray(CITIES.map((c) => c[2]))})[${city}]`,
  ];
}

/** A US phone number for person `n`. */
export const phone = (run: Run, n: string, salt = 0) =>
  `'555' || lpad(floor(${rnd(run, n, 25 + salt)} * 10000000)::int::text, 7, '0')`;
