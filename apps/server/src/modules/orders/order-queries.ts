import {
  COUNT_EXACT_LIMIT,
  dateFilterBound,
  type OrderCustomerType,
  type OrderStatus,
  type PaymentMethod,
  type PaymentStatus,
  pagination,
  SEARCH_COUNT_EXACT_LIMIT,
} from '@seamline/shared';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, queryRows } from '../../db/client.js';
import { orderSearchDocuments, orders, returnRequests, users } from '../../db/schema/index.js';
import {
  type BoundedCount,
  boundedCount,
  countedOrEstimated,
  keptEstimate,
  keptTableRows,
} from '../../lib/bounded-count.js';
import { lowerTextContains } from '../../lib/search.js';
import { loadOrderViews } from './order-view.js';
import { foldOrderSearch } from './search-documents.js';

export type OrderFilter = {
  page: number;
  limit: number;
  status?: OrderStatus;
  search?: string;
  customerId?: string;
  email?: string;
  /** `open`: only orders with a return waiting for a decision. */
  returns?: 'open';
  paymentStatus?: PaymentStatus;
  paymentMethod?: PaymentMethod;
  startDate?: string;
  endDate?: string;
  minTotal?: number;
  maxTotal?: number;
  customerType?: OrderCustomerType;
};

/** The list filters of issue 17 (payment, dates, totals, guest/registered) as plain conditions on `orders`. */
function filterConditions(filter: Omit<OrderFilter, 'page' | 'limit'>): (SQL | undefined)[] {
  return [
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.customerId ? eq(orders.customerId, filter.customerId) : undefined,
    filter.paymentStatus ? eq(orders.paymentStatus, filter.paymentStatus) : undefined,
    filter.paymentMethod ? eq(orders.paymentMethod, filter.paymentMethod) : undefined,
    filter.startDate ? gte(orders.createdAt, dateFilterBound(filter.startDate, 'start')) : undefined,
    filter.endDate ? lt(orders.createdAt, dateFilterBound(filter.endDate, 'end')) : undefined,
    filter.minTotal !== undefined ? gte(orders.total, filter.minTotal) : undefined,
    filter.maxTotal !== undefined ? lte(orders.total, filter.maxTotal) : undefined,
    filter.customerType === 'guest' ? isNull(orders.customerId) : undefined,
    filter.customerType === 'registered' ? isNotNull(orders.customerId) : undefined,
    filter.returns === 'open'
      ? sql`${orders.id} IN (SELECT ${returnRequests.orderId} FROM ${returnRequests} WHERE ${returnRequests.status} = 'requested')`
      : undefined,
  ];
}

/** The list filters and the customer e-mail, without the search: conditions on `orders` alone. */
function plainConditions(filter: Omit<OrderFilter, 'page' | 'limit'>): SQL | undefined {
  const base = filterConditions(filter);
  if (filter.email) {
    const email = filter.email.toLowerCase();
    const accounts = sql`SELECT ${users.id} FROM ${users} WHERE lower(${users.email}) = ${email}`;
    base.push(or(sql`lower(${orders.guestEmail}) = ${email}`, sql`${orders.customerId} IN (${accounts})`));
  }
  return and(...base);
}

/**
 * The search on the orders' search documents (number, e-mails, names, city, product names; see order-search.ts):
 * plain text, case-insensitive, as the LIKE the document's trigram index serves (the document is lower-case).
 */
function documentMatches(search: string): SQL {
  return lowerTextContains(orderSearchDocuments.document, search);
}

/**
 * The orders a filter selects, as conditions on the orders table (one; the export and the bulk actions take a list).
 * A search is an id set from the search documents.
 */
export function orderConditions(filter: Omit<OrderFilter, 'page' | 'limit'>): SQL[] {
  const plain = plainConditions(filter);
  if (!filter.search) return [plain ?? sql`true`];
  const matching = sql`SELECT ${orderSearchDocuments.orderId} FROM ${orderSearchDocuments} WHERE ${documentMatches(filter.search)}`;
  return [and(plain, sql`${orders.id} IN (${matching})`)!];
}

/** One page of orders, newest first, and the bounded count of the matches (a search writes pending documents first). */
export async function listOrders(db: Db, filter: OrderFilter) {
  if (filter.search) await foldOrderSearch(db);
  const plan = filter.search ? await searchPlan(db, filter, filter.search) : plainPlan(filter);
  const [rows, counted] = 'allMatches' in plan ? await pageOfAllMatches(db, filter, plan) : await walkedPage(db, plan);
  return {
    orders: await loadOrderViews(db, rows),
    pagination: pagination(filter.page, filter.limit, counted.total, counted.exact),
  };
}

/**
 * The page's ids (newest first, LIMIT/OFFSET), the matching rows to count, and where the count stops; the planner's
 * estimate when the plan already asked for it.
 */
type ListPlan = {
  pageIds: SQL;
  matching: SQL;
  countLimit: number;
  estimateFirst: boolean;
  knownEstimate?: number;
  /** Count through the trigram index (see countThroughTrigrams). */
  countByTrigrams?: boolean;
};
const pageOf = (filter: OrderFilter) => sql`LIMIT ${filter.limit} OFFSET ${(filter.page - 1) * filter.limit}`;
/** A search read in full: its matches' ids and times (`allMatches`), what it counts, the planner's estimate. */
type AllMatchesPlan = { allMatches: SQL; matching: SQL; estimate: number };
type OrderRow = typeof orders.$inferSelect;

/** The page's orders and the bounded count, side by side. */
function walkedPage(db: Db, plan: ListPlan): Promise<[OrderRow[], BoundedCount]> {
  return Promise.all([
    db
      .select()
      .from(orders)
      .where(sql`${orders.id} IN (${plan.pageIds})`)
      .orderBy(desc(orders.createdAt), desc(orders.id)),
    plan.countByTrigrams
      ? countThroughTrigrams(db, plan)
      : boundedCount(db, plan.matching, plan.countLimit, {
          estimateFirst: plan.estimateFirst,
          knownEstimate: plan.knownEstimate,
        }),
  ]);
}

/**
 * The bounded count of a walked search the trigram index can narrow and the planner expects within the bound, read
 * through that index. PostgreSQL's cost for pg_trgm's index is pessimistic: on a table of tens of thousands of
 * documents it scanned them all instead (`smith` on 38,445 documents, 1,171 matches: 33,437 rows re-checked, 9–16 ms,
 * against 2.6–4.5 ms through the index). The index reads every match of the word, which is the shorter way as long as
 * the matches are fewer than about the square root of (bound × documents) — thousands, where the planner expected
 * at most the bound. Only for the search alone: with another filter (a status) the planner's figure is of the orders
 * left after it, and the word's matches the index would read can be many more.
 */
function countThroughTrigrams(db: Db, plan: ListPlan): Promise<BoundedCount> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_seqscan = off`);
    return boundedCount(tx, plan.matching, plan.countLimit, { knownEstimate: plan.knownEstimate });
  });
}

/**
 * The page and the count from one read of every match: the ids of the page and how many there are (the count bounded
 * as anywhere else: past SEARCH_COUNT_EXACT_LIMIT the estimate), then the page's orders.
 */
async function pageOfAllMatches(
  db: Db,
  filter: OrderFilter,
  plan: AllMatchesPlan,
): Promise<[OrderRow[], BoundedCount]> {
  const [found] = await queryRows<{ ids: string; total: number }>(
    db,
    sql`WITH matches AS MATERIALIZED (${plan.allMatches})
      SELECT (SELECT count(*)::int FROM matches) AS total,
        (SELECT coalesce(json_agg(page.order_id), '[]')::text FROM (
          SELECT order_id FROM matches ORDER BY created_at DESC, order_id DESC ${pageOf(filter)}
        ) AS page) AS ids`,
  );
  const ids = JSON.parse(found?.ids ?? '[]') as string[];
  const rows = ids.length
    ? await db.select().from(orders).where(inArray(orders.id, ids)).orderBy(desc(orders.createdAt), desc(orders.id))
    : [];
  const counted = Math.min(found?.total ?? 0, SEARCH_COUNT_EXACT_LIMIT + 1);
  return [rows, await countedOrEstimated(db, plan.matching, counted, SEARCH_COUNT_EXACT_LIMIT, plan.estimate)];
}

/**
 * Unsearched: the newest orders by `orders_created_at_idx` (or a filter's own index). The unfiltered list (the screen's
 * first view) asks the planner first: its estimate of the whole table is the table's own statistics, and counting the
 * bound's 10,001 rows of a large store was two thirds of the page's database time, to answer that estimate anyway.
 */
function plainPlan(filter: OrderFilter): ListPlan {
  const conditions = plainConditions(filter);
  const where = conditions ?? sql`true`;
  return {
    pageIds: sql`SELECT ${orders.id} FROM ${orders} WHERE ${where}
      ORDER BY ${orders.createdAt} DESC, ${orders.id} DESC ${pageOf(filter)}`,
    matching: sql`SELECT 1 FROM ${orders} WHERE ${where}`,
    countLimit: COUNT_EXACT_LIMIT,
    estimateFirst: conditions === undefined,
  };
}

/** About how many search documents there are (the planner's figure, read at most once a minute per database). */
const searchDocuments = keptTableRows('order_search_documents');

/**
 * Whether walking the newest-first index to the end of the page reads fewer documents than the word's matches, were
 * they spread evenly through time: (page end) × documents / matches against matches. Unknown sizes walk.
 */
function walkIsShorter(pageEnd: number, documents: number, estimate: number): boolean {
  return documents <= 0 || (pageEnd * documents) / Math.max(estimate, 1) <= estimate;
}

/**
 * Whether the trigram index can narrow a search: pg_trgm takes its trigrams from runs of letters and digits, so a
 * search without three in a row (`zz`, `x@`) gets every document from the index, and reading all its matches would
 * read the whole table (`zz`: 267 ms against 3.4 ms walked).
 */
const narrowedByTrigrams = (search: string) => /[\p{L}\p{N}]{3}/u.test(search);

/**
 * Searched: ids from the search documents alone (joined to `orders` only for other filters). The planner's estimate
 * of the word's matches (kept a minute, see keptEstimate) picks the way to the page. A common word's newest matches
 * come from walking (created_at, order_id) backwards, stopping at the page: a word in 3 % of the orders fills a page
 * of 20 within about 700 rows. A rarer one's matches (where the walk would read more documents than there are
 * matches: on 1,000,000 orders, a first page's word expected under ~4,500 times) are all read from the trigram index
 * first, then sorted: left to itself, PostgreSQL walked for those too whenever it expected enough matches to fill the
 * page soon, and one person's e-mail fragment (`.4242@` on 1,000,000 orders: 1,022 expected, 24 there, all old)
 * walked 909,413 rows (450–650 ms against 3 ms); the walk's bet is lost when the matches are not spread through time,
 * as one person's orders are not. A search the index cannot narrow is left to the planner as before.
 *
 * The count is exact up to SEARCH_COUNT_EXACT_LIMIT. A word read from the index is counted from the same read as its
 * page (`pageOfAllMatches`: a second pass of the pattern for the count cost as much again), not answered by its
 * estimate; a common word the planner expects past the bound is not counted (see boundedCount).
 */
async function searchPlan(db: Db, filter: OrderFilter, search: string): Promise<ListPlan | AllMatchesPlan> {
  const docs = orderSearchDocuments;
  const plain = plainConditions(filter);
  const from = plain ? sql`${docs} JOIN ${orders} ON ${orders.id} = ${docs.orderId}` : sql`${docs}`;
  const where = and(documentMatches(search), plain);
  const matching = sql`SELECT 1 FROM ${from} WHERE ${where}`;
  const estimate = narrowedByTrigrams(search) ? await keptEstimate(db, matching) : undefined;
  const pageEnd = filter.page * filter.limit;
  if (estimate !== undefined && !walkIsShorter(pageEnd, await searchDocuments.get(db), estimate)) {
    const allMatches = sql`SELECT ${docs.orderId} AS order_id, ${docs.createdAt} AS created_at FROM ${from} WHERE ${where}`;
    return { allMatches, matching, estimate };
  }
  return {
    pageIds: sql`SELECT ${docs.orderId} FROM ${from} WHERE ${where}
      ORDER BY ${docs.createdAt} DESC, ${docs.orderId} DESC ${pageOf(filter)}`,
    matching,
    countLimit: SEARCH_COUNT_EXACT_LIMIT,
    estimateFirst: true,
    knownEstimate: estimate,
    // With another filter the estimate is of fewer rows than the word's matches, which the index would all read.
    countByTrigrams: estimate !== undefined && estimate <= SEARCH_COUNT_EXACT_LIMIT && !plain,
  };
}

/** A guest's or customer's order by its number, only when the e-mail matches (else nothing is revealed). */
export async function findByNumberAndEmail(db: DbOrTx, orderNumber: string, email: string) {
  const [row] = await db
    .select({ order: orders })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.customerId))
    .where(
      and(
        eq(orders.orderNumber, orderNumber.trim().toUpperCase()),
        or(
          sql`lower(${orders.guestEmail}) = ${email.toLowerCase()}`,
          sql`lower(${users.email}) = ${email.toLowerCase()}`,
        ),
      ),
    );
  return row ? ((await loadOrderViews(db, [row.order]))[0] ?? null) : null;
}
