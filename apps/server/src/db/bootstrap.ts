import { emailSchema, passwordSchema } from '@seamline/shared';
import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { hashPassword } from '../lib/passwords.js';
import type { Db } from './client.js';
import { users } from './schema/index.js';
import { seedDemoData } from './seed/index.js';

/** Any fixed number: instances starting together take turns creating the admin (see ensureAdmin). */
const ADMIN_LOCK_KEY = 4_120_725_002;

/**
 * Creates an admin when none exists (ADMIN_EMAIL + ADMIN_PASSWORD, or `npm run create-admin`). The check and the
 * insert run under a transaction-scoped advisory lock: several instances starting on one empty database with the
 * same ADMIN_EMAIL would otherwise all see "no admin" and all but one fail on the unique e-mail.
 */
export async function ensureAdmin(
  db: Db,
  input: { email: string; password: string; firstName?: string; lastName?: string },
  options: { onlyIfNoAdmin: boolean },
): Promise<'created' | 'exists'> {
  const email = emailSchema.parse(input.email);
  const passwordHash = await hashPassword(passwordSchema.parse(input.password));
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${ADMIN_LOCK_KEY})`);
    if (options.onlyIfNoAdmin) {
      const [anyAdmin] = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
      if (anyAdmin) return 'exists';
    }
    const [taken] = await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
    if (taken) return 'exists';
    await tx.insert(users).values({
      email,
      passwordHash,
      firstName: input.firstName ?? 'Admin',
      lastName: input.lastName ?? '',
      role: 'admin',
      emailVerified: true,
    });
    return 'created';
  });
}

export type BootstrapResult = { admin: 'created' | 'exists' | null; demoSeeded: boolean };

/**
 * What a start does to the data before listening: the admin from ADMIN_EMAIL/ADMIN_PASSWORD (when no admin exists),
 * then the demo data (when enabled and the database holds no catalogue or orders yet).
 */
export async function bootstrapData(
  db: Db,
  config: Pick<Config, 'bootstrapAdmin' | 'seedDemo' | 'uploadDir' | 's3'>,
  log: (message: string) => void = () => {},
): Promise<BootstrapResult> {
  const admin = config.bootstrapAdmin ? await ensureAdmin(db, config.bootstrapAdmin, { onlyIfNoAdmin: true }) : null;
  if (admin === 'created') log(`Admin ${config.bootstrapAdmin!.email} created from ADMIN_EMAIL.`);
  const demoSeeded = config.seedDemo ? await seedDemoData(db, log, config) : false;
  return { admin, demoSeeded };
}
