import type { Role } from '@seamline/shared';
import type { FastifyInstance } from 'fastify';
import { TOTP } from 'otpauth';
import type { Db } from '../src/db/client.js';
import { brands, categories, inventory, products, reviews, users } from '../src/db/schema/index.js';
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

/**
 * The header of an API client that keeps its own refresh token (it gets it in the JSON answer and sends it back in the
 * body); the browser apps get theirs as a cookie instead (see session-cookies.test.ts).
 */
export const API_CLIENT = { 'x-seamline-client': 'api' } as const;

/**
 * A user of the given role, signed in through the API (as an `api` client, so the refresh token is in the answer). When the store requires two-factor for staff, the sign-in
 * goes through the required setup with a code from the shown secret, as a new staff member would.
 */
export async function signedIn(app: FastifyInstance, role: Role, overrides: Partial<typeof users.$inferInsert> = {}) {
  const user = await buildUser(app.db, { role, ...overrides });
  const response = await call(app, 'POST', '/api/auth/login', {
    headers: API_CLIENT,
    body: { email: user.email, password: user.password },
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${JSON.stringify(response.body)}`);
  const data = response.body.data.twoFactor
    ? await finishRequiredSetup(app, response.body.data.twoFactor)
    : response.body.data;
  return { user, token: data.tokens.accessToken as string, refreshToken: data.tokens.refreshToken as string };
}

/** A code of the authenticator with that secret, `offsetSteps` 30-second steps from now. */
export const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret, digits: 6, period: 30 }).generate({ timestamp: Date.now() + offsetSteps * 30_000 });

/**
 * A code of the previous time step (the server accepts one step either side), taken early enough in the current step
 * that it is still accepted when the request arrives; it leaves the current step's code free for a sign-in.
 */
export async function previousStepCode(secret: string): Promise<string> {
  const left = TOTP.remaining({ period: 30 });
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
  return codeFor(secret, -1);
}

async function finishRequiredSetup(app: FastifyInstance, challenge: { step: string; challengeToken: string }) {
  if (challenge.step !== 'setup') throw new Error(`a new user cannot have two-factor on (step ${challenge.step})`);
  const { challengeToken } = challenge;
  const setup = await call(app, 'POST', '/api/auth/login/two-factor/setup', { body: { challengeToken } });
  if (setup.status !== 200) throw new Error(`two-factor setup failed: ${JSON.stringify(setup.body)}`);
  const code = codeFor(setup.body.data.secret);
  const enable = await call(app, 'POST', '/api/auth/login/two-factor/enable', {
    headers: API_CLIENT,
    body: { challengeToken, code },
  });
  if (enable.status !== 200) throw new Error(`two-factor enable failed: ${JSON.stringify(enable.body)}`);
  return enable.body.data;
}

let productCounter = 0;

/** The category "Men" and the brand "Northwind": what the product form and import tests name their products by. */
export async function addMenAndNorthwind(db: Db): Promise<void> {
  await db.insert(categories).values({ name: 'Men' });
  await db.insert(brands).values({ name: 'Northwind' });
}

/** A product with its category, brand and inventory rows, straight in the database. */
export async function buildProduct(
  db: Db,
  // The rating and review count are the database's to keep from the published reviews: give a product real reviews
  // (buildReviews) instead.
  overrides: Omit<Partial<typeof products.$inferInsert>, 'rating' | 'reviewCount'> = {},
  variants: { size: string; color: string; quantity: number; reserved?: number; lowStockThreshold?: number }[] = [
    { size: 'M', color: 'Black', quantity: 10 },
  ],
) {
  productCounter += 1;
  const tag = `${productCounter}-${Date.now().toString(36)}`;
  const categoryId =
    overrides.categoryId ??
    (
      await db
        .insert(categories)
        .values({ name: `Category ${tag}` })
        .returning()
    )[0]!.id;
  const brandId =
    overrides.brandId ??
    (
      await db
        .insert(brands)
        .values({ name: `Brand ${tag}` })
        .returning()
    )[0]!.id;
  const [product] = await db
    .insert(products)
    .values({
      name: `Test Tee ${tag}`,
      slug: `test-tee-${tag}`,
      sku: `TT-${tag}`.toUpperCase(),
      subcategory: 'T-Shirts',
      price: 25,
      ...overrides,
      categoryId,
      brandId,
    })
    .returning();
  const rows = variants.length
    ? await db
        .insert(inventory)
        .values(
          variants.map((v) => ({
            productId: product!.id,
            size: v.size,
            color: v.color,
            quantity: v.quantity,
            reserved: v.reserved ?? 0,
            lowStockThreshold: v.lowStockThreshold ?? 5,
          })),
        )
        .returning()
    : [];
  return { product: product!, inventory: rows };
}

/**
 * Published reviews of a product with these stars, one per customer: by the given customers, else by new ones. The
 * product's rating and review count then come from them through the reviews trigger, as in the store.
 */
export async function buildReviews(db: Db, productId: string, stars: number[], customerIds: string[] = []) {
  if (!stars.length) return [];
  const authors = [...customerIds];
  while (authors.length < stars.length) authors.push((await buildUser(db, { firstName: 'Reviewer' })).id);
  return db
    .insert(reviews)
    .values(
      stars.map((rating, i) => ({
        productId,
        customerId: authors[i]!,
        rating,
        title: `${rating} stars`,
        body: 'Written by a test.',
        status: 'published' as const,
        verifiedPurchase: true,
      })),
    )
    .returning();
}
