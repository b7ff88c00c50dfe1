import type { Role } from '@seamline/shared';
import { sql } from 'drizzle-orm';
import { hashPassword } from '../../lib/passwords.js';
import type { Db } from '../client.js';
import { users } from '../schema/index.js';

/** Demo accounts loaded into an empty database outside production; listed in the README. */
export const DEMO_ACCOUNTS: {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  role: Role;
  phone?: string;
}[] = [
  {
    email: 'admin@seamline.dev',
    password: 'Admin123!',
    firstName: 'Ava',
    lastName: 'Admin',
    role: 'admin',
    phone: '5550100001',
  },
  {
    email: 'moderator@seamline.dev',
    password: 'Moderator123!',
    firstName: 'Milo',
    lastName: 'Moderator',
    role: 'moderator',
    phone: '5550100002',
  },
  {
    email: 'support@seamline.dev',
    password: 'Support123!',
    firstName: 'Sara',
    lastName: 'Support',
    role: 'support',
    phone: '5550100003',
  },
  {
    email: 'emma.wilson@example.com',
    password: 'Customer123!',
    firstName: 'Emma',
    lastName: 'Wilson',
    role: 'customer',
    phone: '5550123456',
  },
  {
    email: 'liam.chen@example.com',
    password: 'Customer123!',
    firstName: 'Liam',
    lastName: 'Chen',
    role: 'customer',
    phone: '5550198765',
  },
];

const DEMO_ACCOUNT_AGE_DAYS = 120;

async function existingId(db: Db, email: string): Promise<string> {
  const [row] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`);
  return row!.id;
}

export async function seedAccounts(db: Db): Promise<Record<string, string>> {
  const ids: Record<string, string> = {};
  const hashes = new Map<string, string>();
  for (const account of DEMO_ACCOUNTS) {
    const passwordHash = hashes.get(account.password) ?? (await hashPassword(account.password));
    hashes.set(account.password, passwordHash);
    const [row] = await db
      .insert(users)
      .values({
        email: account.email,
        passwordHash,
        firstName: account.firstName,
        lastName: account.lastName,
        phone: account.phone ?? null,
        role: account.role,
        emailVerified: true,
        // Accounts that existed before the demo order history, so the demo customers have orders of their own.
        createdAt: new Date(Date.now() - DEMO_ACCOUNT_AGE_DAYS * 86_400_000),
        lastLogin: account.role === 'customer' ? null : new Date(Date.now() - 86_400_000),
      })
      // An account that already exists (e.g. ADMIN_EMAIL chose a demo address) is kept as it is.
      .onConflictDoNothing()
      .returning({ id: users.id });
    ids[account.email] = row?.id ?? (await existingId(db, account.email));
  }
  return ids;
}
