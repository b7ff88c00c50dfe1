import type { Role } from '@seamline/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.js';
import { users } from '../src/db/schema/index.js';
import { hashPassword } from '../src/lib/passwords.js';
import { call } from './harness.js';

let counter = 0;
let cachedHash: Promise<string> | undefined;
export const DEFAULT_PASSWORD = 'Password123!';

export type BuiltUser = typeof users.$inferSelect & { password: string };

/** A user row straight in the database (hashing the shared default password once per process). */
export async function buildUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}): Promise<BuiltUser> {
  counter += 1;
  cachedHash ??= hashPassword(DEFAULT_PASSWORD);
  const [row] = await db
    .insert(users)
    .values({
      email: `user${counter}-${Date.now()}@example.com`,
      passwordHash: await cachedHash,
      firstName: 'Test',
      lastName: `User${counter}`,
      role: 'customer',
      emailVerified: true,
      ...overrides,
    })
    .returning();
  return { ...row!, password: DEFAULT_PASSWORD };
}

/** A user of the given role, signed in through the API. */
export async function signedIn(app: FastifyInstance, role: Role, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await buildUser(app.db, { role, ...overrides });
  const response = await call(app, 'POST', '/api/auth/login', { body: { email: user.email, password: user.password } });
  if (response.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(response.body)}`);
  return {
    user,
    token: response.body.data.tokens.accessToken as string,
    refreshToken: response.body.data.tokens.refreshToken as string,
  };
}
