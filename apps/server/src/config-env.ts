import { isIP } from 'node:net';
import { z } from 'zod';
import { paymentsEnvSchema } from './config-payments.js';

/**
 * The environment variables the server reads, validated and defaulted (README § Configuration lists them); config.ts
 * turns them into the typed Config.
 */

/** Dependencies an instance can serve without (readiness reports them degraded unless READINESS_REQUIRES names them). */
export const OPTIONAL_DEPENDENCIES = ['redis', 'storage', 'smtp'] as const;
export type OptionalDependency = (typeof OPTIONAL_DEPENDENCIES)[number];

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

/** A requests-per-minute budget; empty counts as unset. */
const budget = <T extends z.ZodType>(schema: (count: z.ZodCoercedNumber<unknown>) => T) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema(z.coerce.number().int().min(1)));

/** Days a kind of row is kept: at least one (the sign-in throttle and mail-link limits look back up to an hour). */
const retentionDays = (fallback: number) => z.coerce.number().int().min(1).max(3650).default(fallback);

export type TrustProxy = false | number | string[];

export const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().default('0.0.0.0'),
    PUBLIC_URL: optionalString,
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: optionalString,
    REDIS_URL: optionalString,
    // How long a Redis connect or command may take, and how long budgets are counted per instance after Redis fails.
    REDIS_TIMEOUT_MS: z.coerce.number().int().min(1).default(500),
    REDIS_RETRY_MS: z.coerce.number().int().min(1).default(5_000),
    JWT_SECRET: optionalString,
    // 32 bytes (64 hex characters or base64) that encrypt two-factor secrets at rest; required in production.
    TOTP_ENCRYPTION_KEY: optionalString.refine(
      (v) => v === undefined || parseKey(v) !== undefined,
      'use 32 random bytes as 64 hex characters or base64 (e.g. openssl rand -hex 32)',
    ),
    UPLOAD_DIR: optionalString,
    SMTP_URL: optionalString,
    // Connecting to the SMTP server, its greeting, any silence during a delivery, and one mail's whole conversation.
    SMTP_TIMEOUT_MS: z.coerce.number().int().min(1).max(600_000).default(10_000),
    // Retention (docs/security.md "Privacy"): days a short-lived row is kept, and how often the purge runs.
    RETENTION_LOGIN_FAILURES_DAYS: retentionDays(30),
    RETENTION_SENT_MAIL_DAYS: retentionDays(30),
    RETENTION_MAIL_TOKENS_DAYS: retentionDays(30),
    RETENTION_SESSIONS_DAYS: retentionDays(30),
    RETENTION_IDEMPOTENCY_DAYS: retentionDays(7),
    RETENTION_EVENTS_DAYS: retentionDays(30),
    RETENTION_FAILED_JOBS_DAYS: retentionDays(30),
    RETENTION_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
    ADMIN_EMAIL: optionalString,
    ADMIN_PASSWORD: optionalString,
    SEED_DEMO: z.enum(['0', '1']).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // Request budgets per minute (docs/security.md); RATE_LIMIT_MAX, when set, gives every one of them that value.
    RATE_LIMIT_MAX: budget((n) => n.optional()),
    RATE_LIMIT_ANONYMOUS: budget((n) => n.default(600)),
    RATE_LIMIT_CUSTOMER: budget((n) => n.default(600)),
    RATE_LIMIT_STAFF: budget((n) => n.default(3000)),
    RATE_LIMIT_API_KEY: budget((n) => n.default(3000)),
    RATE_LIMIT_PUBLIC_WRITES: budget((n) => n.default(20)),
    TRUST_PROXY: z
      .string()
      .default('0')
      .transform((value, ctx) => {
        const parsed = parseTrustProxy(value);
        if (parsed === undefined)
          ctx.addIssue({
            code: 'custom',
            message: 'use 0, a hop count, or a comma-separated list of proxy addresses or CIDR ranges',
          });
        return parsed ?? false;
      }),
    WEB_DIST: optionalString,
    SHOP_DIST: optionalString,
    // PostgreSQL timeouts (DATABASE_URL only), in milliseconds; 0 turns one off.
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(0).default(5_000),
    DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
    DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(0).default(15_000),
    // Connections each instance may open (DATABASE_URL only); instances × this must stay under max_connections.
    DB_POOL_MAX: z.coerce.number().int().min(1).max(1000).default(10),
    // Read replicas (docs/operations.md "Read replicas"): streaming standbys of DATABASE_URL for storefront catalogue
    // reads, analytics and exports; one skipped while it lags past the bound or fails, checked this often.
    DATABASE_READ_URLS: z
      .string()
      .default('')
      .transform((value, ctx) => {
        const urls = value
          .split(',')
          .map((url) => url.trim())
          .filter(Boolean);
        if (!urls.every(isPostgresUrl))
          ctx.addIssue({ code: 'custom', message: 'use a comma-separated list of postgres:// connection strings' });
        return urls;
      }),
    READ_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(1).default(5_000),
    READ_REPLICA_CHECK_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
    API_DOCS: z.enum(['0', '1']).optional(),
    // Bearer token that lets a scraper read /api/metrics without a staff session (admins may read it either way).
    METRICS_TOKEN: optionalString.refine((v) => v === undefined || v.length >= 16, 'use at least 16 characters'),
    // Production runtime (docs/operations.md "Production build"): start-time migrations, shutdown, readiness and load shedding.
    MIGRATE_ON_START: z.enum(['0', '1']).default('1'),
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).default(0),
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(1).default(10_000),
    HEALTH_TIMEOUT_MS: z.coerce.number().int().min(1).default(2_000),
    // Dependencies whose failure fails readiness; the others are reported "degraded" (the database always fails it).
    READINESS_REQUIRES: z
      .string()
      .default('')
      .transform((value, ctx) => {
        const names = value
          .split(',')
          .map((name) => name.trim())
          .filter(Boolean);
        const unknown = names.filter((name) => !(OPTIONAL_DEPENDENCIES as readonly string[]).includes(name));
        if (unknown.length > 0)
          ctx.addIssue({ code: 'custom', message: `use a comma list of ${OPTIONAL_DEPENDENCIES.join(', ')}` });
        return names as OptionalDependency[];
      }),
    OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: z.coerce.number().int().min(0).default(1_000),
    OVERLOAD_MAX_HEAP_MB: z.coerce.number().int().min(0).default(0),
    OVERLOAD_MAX_RSS_MB: z.coerce.number().int().min(0).default(0),
    // Storefront read path: how often counted product views are written, and how long an anonymous list answer is reused.
    VIEW_FLUSH_MS: z.coerce.number().int().min(100).default(5_000),
    QUEUE_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(5),
    CATALOGUE_CACHE_TTL_MS: z.coerce.number().int().min(0).default(2_000),
    // S3-compatible object storage for uploads; S3_BUCKET turns it on, otherwise files go to UPLOAD_DIR.
    // Product import: image URLs may use plain http://, and may point at private/loopback hosts (local setups, tests).
    IMPORT_IMAGES_ALLOW_HTTP: z.enum(['0', '1']).default('0'),
    IMPORT_IMAGES_ALLOW_PRIVATE_HOSTS: z.enum(['0', '1']).default('0'),
    // Reviews: published at once (1) or held for moderation (0, the default).
    REVIEWS_PUBLISH_AT_ONCE: z.enum(['0', '1']).default('0'),
    // Outgoing webhooks: one delivery's time limit, private/loopback receivers (local setups, tests), the first retry delay.
    WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
    WEBHOOKS_ALLOW_PRIVATE_HOSTS: z.enum(['0', '1']).default('0'),
    WEBHOOKS_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
    WEBHOOKS_YIELD_AT_REQUESTS: z.coerce.number().int().min(0).default(16),
    S3_BUCKET: optionalString,
    S3_REGION: optionalString,
    S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    S3_ACCESS_KEY_ID: optionalString,
    S3_SECRET_ACCESS_KEY: optionalString,
    S3_PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
    S3_FORCE_PATH_STYLE: z.enum(['0', '1']).optional(),
    // Connecting to the bucket and any silence during one of its requests; a request is tried at most twice.
    S3_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
  })
  .extend(paymentsEnvSchema.shape);

export type Env = z.infer<typeof envSchema>;

/** A 32-byte key written as 64 hex characters or as base64; undefined when it is neither. */
export function parseKey(value: string): Buffer | undefined {
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return key.length === 32 ? key : undefined;
}

function isPostgresUrl(value: string): boolean {
  try {
    return ['postgres:', 'postgresql:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

const PROXY_ADDRESS_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: `0` (or empty) trusts no proxy; a whole number trusts that many hops in front of the server; anything
 * else is a comma list of proxy addresses, CIDR ranges or proxy-addr's names (loopback, linklocal, uniquelocal).
 * "Trust everything" is not offered: it lets any client choose its own IP. Undefined means invalid.
 */
function parseTrustProxy(value: string): TrustProxy | undefined {
  const text = value.trim();
  if (text === '' || text === '0') return false;
  if (/^\d+$/.test(text)) return Number(text) <= 100 ? Number(text) : undefined;
  const entries = text.split(',').map((entry) => entry.trim());
  return entries.every(isProxyAddress) ? entries : undefined;
}

function isProxyAddress(entry: string): boolean {
  if (PROXY_ADDRESS_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
}
