import { hkdfSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import {
  type Env,
  envSchema,
  OPTIONAL_DEPENDENCIES,
  type OptionalDependency,
  parseKey,
  type TrustProxy,
} from './config-env.js';
import { type PaymentSettings, paymentSettings } from './config-payments.js';

export { OPTIONAL_DEPENDENCIES, type OptionalDependency, type TrustProxy };

const DEFAULT_JWT_SECRET = 'change-me';

/** Requests per minute: per IP when anonymous, per signed-in user, and per IP for expensive public writes. */
export type RateLimits = { anonymous: number; customer: number; staff: number; apiKey: number; publicWrites: number };

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
  /** Streaming standbys of databaseUrl for the reads that may lag (db/replicas.ts); none: every read on the primary. */
  readReplicas: ReplicaSettings;
  /** /api/docs and /api/openapi.json: on outside production, off in production unless API_DOCS=1. */
  apiDocs: boolean;
  /** Accepted as a bearer token by /api/metrics besides an admin session; unset means admins only. */
  metricsToken?: string;
  runtime: RuntimeSettings;
  /** Load shedding thresholds (503 + Retry-After past any of them); 0 turns one off. */
  overload: { maxEventLoopDelayMs: number; maxHeapBytes: number; maxRssBytes: number };
  catalogue: CatalogueSettings;
  /** New and edited reviews are published at once, or wait for moderation (the default). */
  reviews: { publishAtOnce: boolean };
  /** Background jobs (deliveries, mail, imports, bulk actions, schedules) this instance runs at once. */
  queueConcurrency: number;
  webhooks: WebhookSettings;
  /** Which payment methods are on and their providers' keys (config-payments.ts). */
  payments: PaymentSettings;
};

/** Read replicas (DATABASE_READ_URLS) and how fresh one must be to take reads. */
export type ReplicaSettings = {
  urls: string[];
  /** A replica further behind the primary than this is skipped (READ_REPLICA_MAX_LAG_MS). */
  maxLagMs: number;
  /** How often each replica's lag and health are measured in the background (READ_REPLICA_CHECK_MS). */
  checkIntervalMs: number;
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
  /**
   * Requests in flight on the instance at which its deliveries give way to them (WEBHOOKS_YIELD_AT_REQUESTS; 0: never):
   * while it answers this many at once, each endpoint's sending slows to one claim a second (modules/webhooks/pace.ts).
   */
  yieldAtRequests: number;
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
    readReplicas: {
      urls: e.DATABASE_READ_URLS,
      maxLagMs: e.READ_REPLICA_MAX_LAG_MS,
      checkIntervalMs: e.READ_REPLICA_CHECK_MS,
    },
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
    reviews: { publishAtOnce: e.REVIEWS_PUBLISH_AT_ONCE === '1' },
    queueConcurrency: e.QUEUE_CONCURRENCY,
    webhooks: {
      timeoutMs: e.WEBHOOKS_TIMEOUT_MS,
      allowPrivateHosts: e.WEBHOOKS_ALLOW_PRIVATE_HOSTS === '1',
      retryBaseMs: e.WEBHOOKS_RETRY_BASE_MS,
      retryWindowMs: 3 * 86_400_000,
      yieldAtRequests: e.WEBHOOKS_YIELD_AT_REQUESTS,
    },
    payments: paymentSettings(e),
  };
}

/**
 * The S3 backend, when S3_BUCKET is set. Without S3_PUBLIC_URL the URLs are the bucket's own address (path style on
 * a custom endpoint, AWS's virtual-hosted name otherwise). Keys come from the SDK's default chain when not given.
 */
function s3Config(e: Env): S3Config | undefined {
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

/**
 * Development and tests only (production refuses to start without TOTP_ENCRYPTION_KEY): the key is derived from the
 * JWT secret, so a local data folder keeps working across restarts without one more setting.
 */
function developmentTotpKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'seamline', 'development two-factor key', 32));
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
