import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ensureAdmin } from '../../apps/server/src/db/bootstrap.js';
import type { Db } from '../../apps/server/src/db/client.js';
import { users } from '../../apps/server/src/db/schema/index.js';
import { hashPassword } from '../../apps/server/src/lib/passwords.js';

/** The bench's own admin: created once per database, given a fresh password each run. */
export type StaffAccount = { email: string; password: string };

export async function benchAdmin(db: Db): Promise<StaffAccount> {
  const account = { email: 'bench-admin@example.com', password: `Bench-${randomBytes(12).toString('hex')}` };
  const created = await ensureAdmin(db, { ...account, firstName: 'Bench' }, { onlyIfNoAdmin: false });
  if (created === 'exists')
    await db
      .update(users)
      .set({ passwordHash: await hashPassword(account.password), role: 'admin', isActive: true })
      .where(eq(users.email, account.email));
  return account;
}

/** Signs in over HTTP; returns the access token. */
export async function signIn(baseUrl: string, account: StaffAccount): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  const body = (await res.json()) as { data?: { tokens?: { accessToken?: string } }; error?: string };
  const token = body.data?.tokens?.accessToken;
  if (!token) throw new Error(`Bench sign-in failed: ${res.status} ${body.error ?? ''}`);
  return token;
}
