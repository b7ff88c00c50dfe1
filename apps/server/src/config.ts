import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const DEFAULT_JWT_SECRET = 'change-me';

const optionalString = z
  .string()
  .optional()
  .transform((v) => (v === '' ? undefined : v));

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalString,
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString,
  REDIS_URL: optionalString,
  JWT_SECRET: optionalString,
  UPLOAD_DIR: optionalString,
  SMTP_URL: optionalString,
  ADMIN_EMAIL: optionalString,
  ADMIN_PASSWORD: optionalString,
  SEED_DEMO: z.enum(['0', '1']).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  RATE_LIMIT_MAX: z.coerce.number().int().min(1).default(600),
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  WEB_DIST: optionalString,
  API_DOCS: z.enum(['0', '1']).optional(),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  /** node-postgres connection string; when absent the embedded PGlite under dataDir is used. */
  databaseUrl?: string;
  /** ':memory:' keeps an embedded database in memory (tests). */
  pgliteDir?: string;
  redisUrl?: string;
  jwtSecret: string;
  uploadDir: string;
  smtpUrl?: string;
  bootstrapAdmin?: { email: string; password: string };
  seedDemo: boolean;
  logLevel: string;
  rateLimitMax: number;
  trustProxy: boolean;
  /** The built web app; served at / when the folder exists. */
  webDist: string;
  /** /api/docs and /api/openapi.json: on outside production, off in production unless API_DOCS=1. */
  apiDocs: boolean;
};

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Reads the environment once (DESIGN §2). Production refuses a missing or default JWT secret. */
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
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL ?? `http://localhost:${e.PORT}`,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    pgliteDir: path.join(dataDir, 'db'),
    redisUrl: e.REDIS_URL,
    jwtSecret: e.JWT_SECRET ?? developmentSecret(dataDir),
    uploadDir: path.resolve(e.UPLOAD_DIR ?? path.join(dataDir, 'uploads')),
    smtpUrl: e.SMTP_URL,
    bootstrapAdmin:
      e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    seedDemo: e.SEED_DEMO ? e.SEED_DEMO === '1' : e.NODE_ENV !== 'production',
    logLevel: e.LOG_LEVEL,
    rateLimitMax: e.RATE_LIMIT_MAX,
    trustProxy: e.TRUST_PROXY === '1',
    webDist: path.resolve(e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist')),
    apiDocs: e.API_DOCS ? e.API_DOCS === '1' : e.NODE_ENV !== 'production',
  };
}

/** Outside production a random secret is kept in the data folder, so restarts keep sessions valid. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
