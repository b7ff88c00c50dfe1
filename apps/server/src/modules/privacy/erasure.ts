import { and, asc, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  addresses,
  carts,
  events,
  idempotencyKeys,
  loginFailures,
  mailOutbox,
  mailTokens,
  orders,
  paymentMethods,
  recoveryCodes,
  refreshTokens,
  returnRequests,
  savedViews,
  sessions,
  staffInvitations,
  stockAlerts,
  twoFactorSecrets,
  users,
  wishlistItems,
} from '../../db/schema/index.js';
import { locksOf } from '../../lib/locked-transaction.js';
import { scrubActivityLog, scrubJobs } from './erasure-logs.js';
import { ERASED, personalTerms } from './personal-terms.js';

type UserRow = typeof users.$inferSelect;
/** Someone named in the account, an address book entry or an order address (older orders may lack fields). */
type Person = { firstName?: string; lastName?: string; phone?: string | null; street?: string };

/** What an erased account is called from then on: no name, e-mail, phone or usable password. */
export const anonymisedEmail = (id: string) => `deleted-${id}@deleted.invalid`;
export const ERASED_NAME = { firstName: 'Deleted', lastName: 'Customer' } as const;
const UNUSABLE_PASSWORD_HASH = '!account-deleted';

export type ErasureSummary = { orders: number; activityEntries: number; mails: number };

/**
 * Takes a customer's personal data out of every table, in the caller's transaction (docs/security.md "Privacy"):
 * - the account row is anonymised and kept (its id holds the orders and the analytics together); its addresses,
 *   saved cards, cart, sessions, sign-in tokens, mailed links, two-factor data, saved views, sign-in failures, mail
 *   (sent or not), staff invitations to its address and stored replays of its requests are deleted;
 * - its orders (and, when the account had confirmed its e-mail, the guest orders placed with that address) keep what
 *   the books need: number, dates, lines, amounts, tax, statuses, payments, and the state, ZIP code and country the
 *   tax was worked out for; names, street, city, phone, notes, tracking and free-text reasons are erased;
 * - activity-log entries and jobs keep what happened; the person's e-mail, names, phones, streets, IP addresses and
 *   browsers are taken out of them;
 * - the recorded events about the account, its orders and their returns (and its orders' coupon uses) are deleted,
 *   delivered or not; the caller records the erasure itself as a new event with the anonymised account.
 */
export async function eraseAccount(tx: Tx, user: UserRow): Promise<ErasureSummary> {
  const email = user.email.toLowerCase();
  const pseudonym = anonymisedEmail(user.id);
  const ownOrders = await lockOrders(tx, user, email);
  const orderIds = ownOrders.map((order) => order.id);
  const saved = await tx.select().from(addresses).where(eq(addresses.userId, user.id));
  const cards = await tx
    .select({ id: paymentMethods.id })
    .from(paymentMethods)
    .where(eq(paymentMethods.userId, user.id));
  const returns = orderIds.length
    ? await tx.select({ id: returnRequests.id }).from(returnRequests).where(inArray(returnRequests.orderId, orderIds))
    : [];

  const orderAddresses = ownOrders.flatMap((order) => [order.shippingAddress, order.billingAddress]);
  const people: Person[] = [user, ...saved, ...orderAddresses];
  const phones = people.map((person) => person.phone ?? null);
  // Names and streets are shared by other people (homonyms, one building), so they are erased only from entries
  // about this person; the e-mail and phones identify them anywhere.
  const identifiers = personalTerms({ emails: [email], names: [], phones, streets: [] });
  const terms = personalTerms({
    emails: [email],
    names: people.map((person) => ({ firstName: person.firstName ?? '', lastName: person.lastName ?? '' })),
    phones,
    streets: people.map((person) => person.street ?? ''),
  }).filter((term) => !isPlaceholder(term));

  await pseudonymiseOrders(tx, orderIds, pseudonym);
  const activityEntries = await scrubActivityLog(tx, {
    userId: user.id,
    email,
    linkedIds: [
      user.id,
      ...orderIds,
      ...saved.map((a) => a.id),
      ...cards.map((c) => c.id),
      ...returns.map((r) => r.id),
    ],
    terms,
    identifiers,
    pseudonym,
  });
  await scrubJobs(tx, identifiers);
  await deleteEventsAbout(tx, [user.id, ...orderIds, ...returns.map((r) => r.id)], orderIds);
  const mails = await deleteOwnRows(tx, user.id, email);
  await tx
    .update(users)
    .set({
      email: pseudonym,
      ...ERASED_NAME,
      phone: null,
      isActive: false,
      emailVerified: false,
      preferences: {},
      passwordHash: UNUSABLE_PASSWORD_HASH,
      lastLogin: null,
      tokensRevokedAt: sql`now()`,
      deletedAt: sql`now()`,
    })
    .where(eq(users.id, user.id));
  return { orders: orderIds.length, activityEntries, mails };
}

/** The outbox's events about these objects: they carry the views of the time, with the person's data. */
async function deleteEventsAbout(tx: Tx, objectIds: string[], orderIds: string[]): Promise<void> {
  const redeemedBy = orderIds.length
    ? and(eq(events.type, 'coupon.redeemed'), inArray(sql`${events.data} ->> 'orderId'`, orderIds))!
    : sql`false`;
  await tx.delete(events).where(or(inArray(events.objectId, objectIds), redeemedBy));
}

/** Names and addresses an earlier erasure left behind are not the person's. */
function isPlaceholder(term: string): boolean {
  return term === `${ERASED_NAME.firstName} ${ERASED_NAME.lastName}`.toLowerCase() || term.endsWith('@deleted.invalid');
}

/**
 * The account's orders and, when it proved it owns its address (a confirmed e-mail), the guest orders placed with
 * that address; locked in id order so a concurrent order change waits for the erasure (or the erasure for it).
 */
async function lockOrders(tx: Tx, user: UserRow, email: string) {
  const guestOrders: SQL | undefined = user.emailVerified ? sql`lower(${orders.guestEmail}) = ${email}` : undefined;
  return locksOf(tx).step('order', () =>
    tx
      .select({
        id: orders.id,
        shippingAddress: orders.shippingAddress,
        billingAddress: orders.billingAddress,
      })
      .from(orders)
      .where(or(eq(orders.customerId, user.id), guestOrders))
      .orderBy(asc(orders.id))
      .for('update'),
  );
}

/** The address fields kept for the books: where the tax was due. Everything else of the address is erased. */
const keptAddress = (column: SQL) =>
  sql`jsonb_build_object(
    'firstName', ${ERASED_NAME.firstName}::text, 'lastName', ${ERASED_NAME.lastName}::text,
    'street', '', 'city', '', 'phone', '',
    'state', coalesce(${column} ->> 'state', ''), 'zipCode', coalesce(${column} ->> 'zipCode', ''),
    'country', coalesce(${column} ->> 'country', ''))`;

const erasedWhenSet = (column: SQL) => sql`CASE WHEN ${column} IS NULL THEN NULL ELSE ${ERASED}::text END`;

async function pseudonymiseOrders(tx: Tx, orderIds: string[], pseudonym: string): Promise<void> {
  if (!orderIds.length) return;
  await tx
    .update(orders)
    .set({
      shippingAddress: keptAddress(sql`${orders.shippingAddress}`),
      billingAddress: keptAddress(sql`${orders.billingAddress}`),
      guestEmail: sql`CASE WHEN ${orders.guestEmail} IS NULL THEN NULL ELSE ${pseudonym}::text END`,
      notes: '',
      adminNotes: '',
      trackingNumber: null,
      trackingUrl: null,
      cancelReason: erasedWhenSet(sql`${orders.cancelReason}`),
      refundReason: erasedWhenSet(sql`${orders.refundReason}`),
    })
    .where(inArray(orders.id, orderIds));
  await tx
    .update(returnRequests)
    .set({ reason: ERASED, declineReason: erasedWhenSet(sql`${returnRequests.declineReason}`) })
    .where(inArray(returnRequests.orderId, orderIds));
}

/** Deletes what exists only for the person; answers how many mails went. */
async function deleteOwnRows(tx: Tx, userId: string, email: string): Promise<number> {
  for (const table of [addresses, paymentMethods, mailTokens, refreshTokens, sessions, recoveryCodes, savedViews])
    await tx.delete(table).where(eq(table.userId, userId));
  await tx.delete(carts).where(eq(carts.userId, userId));
  await tx.delete(wishlistItems).where(eq(wishlistItems.userId, userId));
  await tx
    .delete(stockAlerts)
    .where(or(eq(stockAlerts.customerId, userId), sql`lower(${stockAlerts.email}) = ${email}`));
  await tx.delete(twoFactorSecrets).where(eq(twoFactorSecrets.userId, userId));
  await tx.delete(loginFailures).where(eq(loginFailures.email, email));
  await tx.delete(staffInvitations).where(sql`lower(${staffInvitations.email}) = ${email}`);
  // Replays of the person's requests hold their orders (and, for guest checkouts, the e-mail in the key's scope).
  const userScope = `:user:${userId}`;
  const guestScope = `:guest:${email}`;
  await tx
    .delete(idempotencyKeys)
    .where(
      or(
        sql`right(${idempotencyKeys.scope}, ${userScope.length}) = ${userScope}`,
        sql`right(${idempotencyKeys.scope}, ${guestScope.length}) = ${guestScope}`,
      ),
    );
  const mails = await tx
    .delete(mailOutbox)
    .where(sql`lower(${mailOutbox.toEmail}) = ${email}`)
    .returning({ id: mailOutbox.id });
  return mails.length;
}
