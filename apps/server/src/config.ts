import { hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

const DEFAULT_JWT_SECRET = 'change-me';

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

const envSchema = z.object({
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
  // Outgoing webhooks: one delivery's time limit, private/loopback receivers (local setups, tests), the first retry delay.
  WEBHOOKS_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  WEBHOOKS_ALLOW_PRIVATE_HOSTS: z.enum(['0', '1']).default('0'),
  WEBHOOKS_RETRY_BASE_MS: z.coerce.number().int().min(1).default(30_000),
  S3_BUCKET: optionalString,
  S3_REGION: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/ }).optional()),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).optional(),
  // Connecting to the bucket and any silence during one of its requests; a request is tried at most twice.
  S3_TIMEOUT_MS: z.coerce.number().int().min(1).default(5_000),
});

/** Requests per minute: per IP when anonymous, per signed-in user, and per IP for expensive public writes. */
export type RateLimits = { anonymous: number; customer: number; staff: number; apiKey: number; publicWrites: number };
export type TrustProxy = false | number | string[];

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** node-postgres connection string; when absent the embedded PostgreSQL server in dataDir/postgres is used. */
  databaseUrl?: string;
  redisUrl?: string;
  /** Each Redis connect or command's time limit; after Redis fails, budgets are counted per instance for retryMs. */
  redisFallback: { timeoutMs: number; retryMs: number };
  jwtSecret: string;
  /** AES-256-GCM key for two-factor secrets (TOTP_ENCRYPTION_KEY; outside production derived from jwtSecret). */
  totpEncryptionKey: Buffer;
  uploadDir: string;
  /** S3-compatible storage for uploads; absent means the local uploadDir. */
  s3?: S3Config;
  /** Downloading a product import's image URLs: plain http allowed, private/loopback hosts allowed (both off). */
  importImages: { allowHttp: boolean; allowPrivateHosts: boolean };
  smtpUrl?: string;
  /** Connecting to the SMTP server, its greeting, any silence, and one mail's whole conversation (SMTP_TIMEOUT_MS). */
  smtpTimeoutMs: number;
  retention: RetentionSettings;
  bootstrapAdmin?: { email: string; password: string };
  seedDemo: boolean;
  logLevel: string;
  /** When set, every request budget below takes this one value (load tests, acceptance environments). */
  rateLimitMax?: number;
  rateLimits: RateLimits;
  /** Whose X-Forwarded-For to believe: nobody (false), the nearest N hops, or these proxy addresses/CIDRs. */
  trustProxy: TrustProxy;
  /** The built back office; served at / when the folder exists. */
  webDist: string;
  /** The built storefront; served at /shop when the folder exists. */
  shopDist: string;
  /** How long a PostgreSQL connect, statement or idle transaction may take before the request gets 503. */
  dbTimeouts: DbTimeouts;
  /** Most PostgreSQL connections this process's request pool opens. */
  dbPoolMax: number;
  /** /api/docs and /api/openapi.json: on outside production, off in production unless API_DOCS=1. */
  apiDocs: boolean;
  /** Accepted as a bearer token by /api/metrics besides an admin session; unset means admins only. */
  metricsToken?: string;
  runtime: RuntimeSettings;
  /** Load shedding thresholds (503 + Retry-After past any of them); 0 turns one off. */
  overload: { maxEventLoopDelayMs: number; maxHeapBytes: number; maxRssBytes: number };
  catalogue: CatalogueSettings;
  /** Background jobs (deliveries, mail, imports, bulk actions, schedules) this instance runs at once. */
  queueConcurrency: number;
  webhooks: WebhookSettings;
};

/** Outgoing webhooks (docs/decisions/0063-webhooks.md). */
export type WebhookSettings = {
  /** One delivery's whole request, connect to answer (WEBHOOKS_TIMEOUT_MS). */
  timeoutMs: number;
  /** Receivers on private, loopback or reserved addresses (WEBHOOKS_ALLOW_PRIVATE_HOSTS; off). */
  allowPrivateHosts: boolean;
  /** The wait after a first failed attempt, doubled after each (WEBHOOKS_RETRY_BASE_MS; tests make it small). */
  retryBaseMs: number;
  /** How long a delivery is retried from its first attempt, and how long an endpoint may fail before it is turned off. */
  retryWindowMs: number;
};

export type CatalogueSettings = {
  /** Storefront product views are counted in memory and written this often (and at shutdown). */
  viewFlushMs: number;
  /** An anonymous storefront list answer is reused by this instance for this long; 0 turns the cache off. */
  cacheTtlMs: number;
  /** URLs per storefront sitemap file (the sitemap protocol allows 50,000); tests make it small. */
  sitemapUrlsPerFile?: number;
};

/** How long short-lived rows are kept (docs/security.md "Privacy"), and how often the purge runs. */
export type RetentionSettings = {
  loginFailuresDays: number;
  sentMailDays: number;
  /** Mailed links (reset, verification), counted from their expiry. */
  mailTokensDays: number;
  /** Sign-ins (sessions and their refresh tokens), counted from their expiry. */
  sessionsDays: number;
  idempotencyDays: number;
  /** Business events (the event outbox), counted from when they happened. */
  eventsDays: number;
  /** Queue jobs that spent all their tries (kept with their last error for the jobs screen), from their last try. */
  failedJobsDays: number;
  intervalMs: number;
};

export type RuntimeSettings = {
  migrateOnStart: boolean;
  /** After SIGTERM, readiness fails for this long while requests are still served (the load balancer notices). */
  shutdownDelayMs: number;
  /** Then in-flight requests get this long to finish before the process gives up and exits 1. */
  shutdownGraceMs: number;
  /** How long each readiness check (database, Redis, storage) may take. */
  healthTimeoutMs: number;
  /** Optional dependencies whose failure fails readiness instead of being reported as degraded. */
  readinessRequires: OptionalDependency[];
};

/** Where uploads are stored when S3_BUCKET is set; publicUrl is the base of the image URLs handed out. */
export type S3Config = {
  bucket: string;
  region: string;
  endpoint?: string;
  credentials?: { accessKeyId: string; secretAccessKey: string };
  publicUrl: string;
  forcePathStyle: boolean;
  /** Connecting and any silence during a request; a request is tried at most twice. */
  timeoutMs: number;
};

export type DbTimeouts = { connectMs: number; statementMs: number; idleInTransactionMs: number };

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads the environment once (README § Configuration). Production refuses a missing or default JWT secret. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid environment: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (
    e.NODE_ENV === 'production' &&
    (!e.JWT_SECRET || e.JWT_SECRET === DEFAULT_JWT_SECRET || e.JWT_SECRET.length < 32)
  ) {
    throw new Error('JWT_SECRET must be set to a random string of at least 32 characters in production');
  }
  if (e.NODE_ENV === 'production' && !e.TOTP_ENCRYPTION_KEY) {
    throw new Error('TOTP_ENCRYPTION_KEY must be set to 32 random bytes (openssl rand -hex 32) in production');
  }
  const jwtSecret = e.JWT_SECRET ?? developmentSecret(dataDir);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisFallback: { timeoutMs: e.REDIS_TIMEOUT_MS, retryMs: e.REDIS_RETRY_MS },
    jwtSecret,
    totpEncryptionKey: e.TOTP_ENCRYPTION_KEY ? parseKey(e.TOTP_ENCRYPTION_KEY)! : developmentTotpKey(jwtSecret),
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    s3: s3Config(e),
    importImages: {
      allowHttp: e.IMPORT_IMAGES_ALLOW_HTTP === '1',
      allowPrivateHosts: e.IMPORT_IMAGES_ALLOW_PRIVATE_HOSTS === '1',
    },
    smtpUrl: e.SMTP_URL,
    smtpTimeoutMs: e.SMTP_TIMEOUT_MS,
    retention: {
      loginFailuresDays: e.RETENTION_LOGIN_FAILURES_DAYS,
      sentMailDays: e.RETENTION_SENT_MAIL_DAYS,
      mailTokensDays: e.RETENTION_MAIL_TOKENS_DAYS,
      sessionsDays: e.RETENTION_SESSIONS_DAYS,
      idempotencyDays: e.RETENTION_IDEMPOTENCY_DAYS,
      eventsDays: e.RETENTION_EVENTS_DAYS,
      failedJobsDays: e.RETENTION_FAILED_JOBS_DAYS,
      intervalMs: e.RETENTION_INTERVAL_MINUTES * 60_000,
    },
    bootstrapAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === '1' : e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    rateLimits: {
      anonymous: e.RATE_LIMIT_ANONYMOUS,
      customer: e.RATE_LIMIT_CUSTOMER,
      staff: e.RATE_LIMIT_STAFF,
      apiKey: e.RATE_LIMIT_API_KEY,
      publicWrites: e.RATE_LIMIT_PUBLIC_WRITES,
    },
    trustProxy: e.TRUST_PROXY,
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    shopDist: path.resolve(e.SHOP_DIST ?? path.join(repoRoot, 'apps/shop/dist')),
    dbTimeouts: {
      connectMs: e.DB_CONNECT_TIMEOUT_MS,
      statementMs: e.DB_STATEMENT_TIMEOUT_MS,
      idleInTransactionMs: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
    dbPoolMax: e.DB_POOL_MAX,
    apiDocs: e.API_DOCS ? e.API_DOCS === '1' : e.NODE_ENV !== 'production',
    metricsToken: e.METRICS_TOKEN,
    runtime: {
      migrateOnStart: e.MIGRATE_ON_START === '1',
      shutdownDelayMs: e.SHUTDOWN_DELAY_MS,
      shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
      healthTimeoutMs: e.HEALTH_TIMEOUT_MS,
      readinessRequires: e.READINESS_REQUIRES,
    },
    overload: {
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS,
      maxHeapBytes: e.OVERLOAD_MAX_HEAP_MB * 1024 * 1024,
      maxRssBytes: e.OVERLOAD_MAX_RSS_MB * 1024 * 1024,
    },
    catalogue: { viewFlushMs: e.VIEW_FLUSH_MS, cacheTtlMs: e.CATALOGUE_CACHE_TTL_MS },
    queueConcurrency: e.QUEUE_CONCURRENCY,
    webhooks: {
      timeoutMs: e.WEBHOOKS_TIMEOUT_MS,
      allowPrivateHosts: e.WEBHOOKS_ALLOW_PRIVATE_HOSTS === '1',
      retryBaseMs: e.WEBHOOKS_RETRY_BASE_MS,
      retryWindowMs: 3 * 86_400_000,
    },
  };
}

/**
 * The S3 backend, when S3_BUCKET is set. Without S3_PUBLIC_URL the URLs are the bucket's own address (path style on
 * a custom endpoint, AWS's virtual-hosted name otherwise). Keys come from the SDK's default chain when not given.
 */
function s3Config(e: z.infer<typeof envSchema>): S3Config | undefined {
  if (!e.S3_BUCKET) return undefined;
  const region = e.S3_REGION ?? 'us-east-1';
  const forcePathStyle = e.S3_FORCE_PATH_STYLE === '1';
  const ownUrl = e.S3_ENDPOINT
    ? forcePathStyle
      ? `${e.S3_ENDPOINT.replace(/\/+$/, '')}/${e.S3_BUCKET}`
      : e.S3_ENDPOINT.replace('://', `://${e.S3_BUCKET}.`).replace(/\/+$/, '')
    : `https://${e.S3_BUCKET}.s3.${region}.amazonaws.com`;
  return {
    bucket: e.S3_BUCKET,
    region,
    endpoint: e.S3_ENDPOINT,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: (e.S3_PUBLIC_URL ?? ownUrl).replace(/\/+$/, ''),
    forcePathStyle,
    timeoutMs: e.S3_TIMEOUT_MS,
  };
}

/** Outside production a random secret is kept in the data folder, so restarts keep sessions valid. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** A 32-byte key written as 64 hex characters or as base64; undefined when it is neither. */
function parseKey(value: string): Buffer | undefined {
  const key = /^[0-9a-fA-F]{64}$/.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return key.length === 32 ? key : undefined;
}

/**
 * Development and tests only (production refuses to start without TOTP_ENCRYPTION_KEY): the key is derived from the
 * JWT secret, so a local data folder keeps working across restarts without one more setting.
 */
function developmentTotpKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'seamline', 'development two-factor key', 32));
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

/**
 * Creates the data folder (0700) for a process that writes to it (server, CLIs). The umask is narrowed first, so
 * everything created afterwards (uploads, secrets) is readable by the server's user only; the embedded PostgreSQL
 * keeps its cluster 0700 by itself. Run as root, the embedded PostgreSQL runs as the `postgres` user, which must pass
 * through the folders made here to reach its own: they get 0711 (passage only, no listing).
 */
export function prepareDataDir(config: Pick<Config, 'dataDir'>): void {
  process.umask(0o077);
  const firstCreated = mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
  if (!firstCreated || process.getuid?.() !== 0) return;
  for (let dir = config.dataDir; dir.startsWith(firstCreated); dir = path.dirname(dir)) chmodSync(dir, 0o711);
}
