import type { SavedPaymentMethodView, savedPaymentMethodInput } from '@seamline/shared';
import { and, desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '../../db/client.js';
import { paymentMethods } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

/** A signed-in user's saved cards: the provider's token stays on the server, only the brand and last 4 are shown. */

export const PAYMENT_METHOD_NOT_FOUND = 'Payment method not found';

/** The user's saved cards, the default first, then the newest. */
export async function listPaymentMethods(db: DbOrTx, userId: string): Promise<SavedPaymentMethodView[]> {
  const rows = await db
    .select()
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, userId))
    .orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.createdAt));
  return rows.map(paymentMethodView);
}

/**
 * Saves a card by its provider token (kept server-side, never answered) and last 4 digits. A new default card
 * takes the default from the others in the same transaction.
 */
export async function savePaymentMethod(
  db: Db,
  userId: string,
  input: z.output<typeof savedPaymentMethodInput>,
): Promise<SavedPaymentMethodView> {
  const { token, ...card } = input;
  const row = await db.transaction(async (tx) => {
    if (card.isDefault)
      await tx.update(paymentMethods).set({ isDefault: false }).where(eq(paymentMethods.userId, userId));
    const [created] = await tx
      .insert(paymentMethods)
      .values({
        userId,
        providerToken: token,
        ...card,
        brand: card.brand ?? 'card',
        isDefault: card.isDefault ?? false,
      })
      .returning();
    return created!;
  });
  return paymentMethodView(row);
}

/** Deletes one of the user's own saved cards; someone else's card is "not found" like a missing one. */
export async function deletePaymentMethod(db: DbOrTx, userId: string, id: string): Promise<void> {
  const [deleted] = await db
    .delete(paymentMethods)
    .where(and(eq(paymentMethods.id, id), eq(paymentMethods.userId, userId)))
    .returning({ id: paymentMethods.id });
  if (!deleted) throw notFound(PAYMENT_METHOD_NOT_FOUND);
}

function paymentMethodView(row: typeof paymentMethods.$inferSelect): SavedPaymentMethodView {
  return {
    _id: row.id,
    id: row.id,
    provider: row.provider,
    brand: row.brand,
    last4: row.last4,
    expMonth: row.expMonth,
    expYear: row.expYear,
    isDefault: row.isDefault,
    createdAt: row.createdAt.toISOString(),
  };
}
