import type { CartItem } from '@seamline/shared';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { carts } from '../../db/schema/index.js';

type CartAnswer = { items: CartItem[]; updatedAt: string | null };

/** A customer's saved cart: read, or replaced whole (one upsert; the last write wins, as in any one-person cart). */
export class CartService {
  constructor(private readonly db: Db) {}

  async get(userId: string): Promise<CartAnswer> {
    const [row] = await this.db.select().from(carts).where(eq(carts.userId, userId));
    return row ? { items: row.items, updatedAt: row.updatedAt.toISOString() } : { items: [], updatedAt: null };
  }

  async save(userId: string, items: CartItem[]): Promise<CartAnswer> {
    const [row] = await this.db
      .insert(carts)
      .values({ userId, items })
      .onConflictDoUpdate({ target: carts.userId, set: { items, updatedAt: sql`now()` } })
      .returning();
    return { items: row!.items, updatedAt: row!.updatedAt.toISOString() };
  }
}
