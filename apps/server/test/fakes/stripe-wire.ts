import type { IncomingHttpHeaders } from 'node:http';

/**
 * Stripe's wire format as the fake speaks it: form-encoded requests, the objects it answers with, and Stripe's error
 * bodies (stripe-fake.ts is the server that uses them).
 */

export type FormValue = string | { [key: string]: FormValue };
export type FormFields = { [key: string]: FormValue };

export type StripeRequest = {
  method: string;
  /** The path without its query, e.g. /v1/payment_intents. */
  path: string;
  query: FormFields;
  /** The form-encoded body, parsed. */
  body: FormFields;
  idempotencyKey: string | null;
  headers: IncomingHttpHeaders;
};

export type Json = Record<string, unknown>;
export type FakeIntent = Json & {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  currency: string;
  status: string;
  client_secret: string;
  metadata: Record<string, string>;
  last_payment_error: Json | null;
  next_action: Json | null;
  latest_charge: string | null;
};
export type FakeCharge = Json & {
  id: string;
  object: 'charge';
  amount: number;
  amount_refunded: number;
  currency: string;
  payment_intent: string | null;
  refunded: boolean;
};
export type FakeRefund = Json & {
  id: string;
  object: 'refund';
  amount: number;
  currency: string;
  payment_intent: string;
  charge: string;
  status: string;
};

/** Parses `a=1&b[c]=2&d[0]=x` into nested fields (indices are keys, as the fake never needs arrays). */
export function parseForm(text: string): FormFields {
  const fields: FormFields = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const path = name.split(/[[\]]+/).filter((part) => part !== '');
    let at: FormFields = fields;
    path.forEach((part, i) => {
      if (i === path.length - 1) at[part] = value;
      else {
        const next = at[part];
        if (typeof next === 'object') at = next;
        else {
          const created: FormFields = {};
          at[part] = created;
          at = created;
        }
      }
    });
  }
  return fields;
}

export function stringValues(value: FormFields): Record<string, string> {
  return Object.fromEntries(Object.entries(value).filter((e): e is [string, string] => typeof e[1] === 'string'));
}

export function invalid(param: string, message: string): [number, Json] {
  return [400, { error: { type: 'invalid_request_error', param, message } }];
}

export function missing(kind: string, id: string, param: string): [number, Json] {
  return [
    404,
    { error: { type: 'invalid_request_error', code: 'resource_missing', param, message: `No such ${kind}: '${id}'` } },
  ];
}
