import { z } from 'zod';
import type { AccessRule } from './access.js';
import type { HttpMethod } from './contract.js';

/**
 * API keys (docs/domain.md § API keys): a machine caller (ERP, warehouse) holds scopes instead of a staff role. Each
 * area mirrors staff access rules; a key's scope decides where a role would.
 */
export const API_KEY_AREAS = [
  'orders',
  'products',
  'inventory',
  'customers',
  'coupons',
  'categories',
  'analytics',
] as const;
export type ApiKeyArea = (typeof API_KEY_AREAS)[number];

/** Every scope a key can hold: analytics is read-only, categories (and brands) have no key-only read. */
export const API_SCOPES = [
  'orders:read',
  'orders:write',
  'products:read',
  'products:write',
  'inventory:read',
  'inventory:write',
  'customers:read',
  'customers:write',
  'coupons:read',
  'coupons:write',
  'categories:write',
  'analytics:read',
] as const;
export type ApiScope = (typeof API_SCOPES)[number];

/** What each area covers, for the back office's scope picker. */
export const API_KEY_AREA_LABELS: Record<ApiKeyArea, string> = {
  orders: 'Orders and returns',
  products: 'Products and catalogue',
  inventory: 'Inventory and stock',
  customers: 'Customers',
  coupons: 'Coupons',
  categories: 'Categories and brands',
  analytics: 'Analytics and reports',
};

/**
 * The area of each access rule a key may reach. Rules left out are never reachable by a key: staff users, activity
 * logs, integrations (keys and webhooks themselves), erasure and hard order deletion (admin-only and irreversible),
 * anything any staff member or any signed-in user may call (their own profile, two-factor, saved views) and the
 * customer's own routes.
 */
const AREA_OF_RULE: Partial<Record<AccessRule, ApiKeyArea>> = {
  orders: 'orders',
  catalogueRead: 'products',
  catalogueWrite: 'products',
  inventory: 'inventory',
  customersRead: 'customers',
  customersWrite: 'customers',
  couponsRead: 'coupons',
  couponsWrite: 'coupons',
  taxonomyWrite: 'categories',
  analytics: 'analytics',
};

const READ_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD']);

/**
 * The scope a key needs to call a route of `rule` with `method` (GET/HEAD read, anything else write); null when no
 * key may call it at all.
 */
export function scopeFor(rule: AccessRule | 'public' | 'authenticated', method: HttpMethod | string): ApiScope | null {
  const area = AREA_OF_RULE[rule as AccessRule];
  if (!area) return null;
  const scope = `${area}:${READ_METHODS.has(method.toUpperCase()) ? 'read' : 'write'}`;
  return (API_SCOPES as readonly string[]).includes(scope) ? (scope as ApiScope) : null;
}

export const API_KEY_PREFIX = 'sk_';
/** `sk_` + 8 hex characters (shown in lists) + `_` + 32 random bytes in base64url (shown once). */
export const API_KEY_PATTERN = /^sk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/;

export const API_KEY_NAME_MAX = 60;
/** How far ahead an expiry date may be set. */
export const API_KEY_MAX_YEARS = 5;

export const API_KEY_MESSAGES = {
  nameRequired: 'Key name is required',
  nameTooLong: `Key name must be at most ${API_KEY_NAME_MAX} characters`,
  scopesRequired: 'Choose at least one scope',
  expiryPast: 'The expiry date must be today or later',
  expiryTooFar: `The expiry date must be within ${API_KEY_MAX_YEARS} years`,
  notFound: 'API key not found',
  alreadyRevoked: 'This API key is already revoked',
  invalid: 'Invalid API key',
  revoked: 'This API key has been revoked',
  expired: 'This API key has expired',
  notForKeys: 'API keys cannot call this endpoint; sign in as staff',
  missingScope: (scope: ApiScope) => `This API key lacks the scope "${scope}" needed here`,
} as const;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const todayUtc = () => new Date().toISOString().slice(0, 10);
const DAY_FORMAT = 'Use a date like 2027-01-31';

/**
 * An expiry day (YYYY-MM-DD, UTC): the key works through that day and stops at its end. An empty form field (`''`)
 * is no expiry.
 */
const expiryDay = z
  .string()
  .refine((day) => day === '' || (DAY.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`))), DAY_FORMAT)
  .refine((day) => day === '' || day >= todayUtc(), API_KEY_MESSAGES.expiryPast)
  .refine((day) => day === '' || Number(day.slice(0, 4)) <= new Date().getUTCFullYear() + API_KEY_MAX_YEARS, {
    message: API_KEY_MESSAGES.expiryTooFar,
  })
  .transform((day) => day || null);

/** The first instant after an expiry day: when the key stops working. */
export function apiKeyExpiryInstant(day: string): Date {
  const start = new Date(`${day}T00:00:00.000Z`);
  return new Date(start.getTime() + 24 * 60 * 60 * 1000);
}

export const apiKeyInput = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong),
  scopes: z
    .array(z.enum(API_SCOPES), { error: API_KEY_MESSAGES.scopesRequired })
    .min(1, API_KEY_MESSAGES.scopesRequired)
    .max(API_SCOPES.length * 2)
    .transform((scopes) => API_SCOPES.filter((scope) => scopes.includes(scope))),
  /** Optional: without it (or with an empty form field) the key works until revoked. */
  expiresOn: expiryDay.nullish(),
});
export type ApiKeyInput = z.input<typeof apiKeyInput>;
export type ApiKeyData = z.output<typeof apiKeyInput>;

export const API_KEY_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyStatus = (typeof API_KEY_STATUSES)[number];

/** A key as listed: never its secret or hash. */
export const apiKeyView = z.object({
  id: z.string(),
  name: z.string(),
  prefix: z.string(),
  scopes: z.array(z.enum(API_SCOPES)),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  lastUsedIp: z.string().nullable(),
  revokedAt: z.string().nullable(),
  status: z.enum(API_KEY_STATUSES),
});
export type ApiKeyView = z.infer<typeof apiKeyView>;

/** How activity logs and messages name a key's calls. */
export const apiKeyActorLabel = (name: string) => `API key '${name}'`;

/** The scopes of one area, in list order (the picker's row). */
export const scopesOfArea = (area: ApiKeyArea): ApiScope[] =>
  API_SCOPES.filter((scope) => scope.startsWith(`${area}:`));
