import { type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { activitySearchText, jobs } from '../../db/schema/index.js';
import { containsPattern } from '../../lib/search.js';
import { eraseTerms, scrubJson } from './personal-terms.js';

/** Rows rewritten per UPDATE statement. */
const CHUNK = 500;

type ActivityRow = {
  id: string;
  user_id: string | null;
  user_email: string | null;
  ip: string | null;
  user_agent: string | null;
  details: unknown;
  linked: boolean;
};

/** Any of the terms, in a text searched with its trigram index (ILIKE '%…%'). */
function mentionsAny(text: SQL, terms: readonly string[]): SQL {
  if (!terms.length) return sql`false`;
  return sql`(${sql.join(
    terms.map((term) => sql`${text} ILIKE ${containsPattern(term)}`),
    sql` OR `,
  )})`;
}

export type ActivityScrub = {
  userId: string;
  /** The account's e-mail (lower case): entries by that address without an account (failed sign-ins) are theirs. */
  email: string;
  /** Ids whose entries are about the person: the account, its orders, addresses, cards, returns. */
  linkedIds: string[];
  /** Everything that names the person: erased from entries about them. */
  terms: string[];
  /** What identifies the person anywhere (e-mail, phones): found and erased in any entry. */
  identifiers: string[];
  /** Replaces the person's e-mail as the actor of their own entries. */
  pseudonym: string;
};

/**
 * Takes the person out of the activity log: their own entries (made by the account, or by its address before there
 * was one, such as failed sign-ins) name them by the pseudonym, without IP or browser;
 * in entries about them (their account, orders, addresses…) every personal field of the details and every mention
 * of their e-mail, names, phones or streets is erased; in any other entry that mentions their e-mail or phone (a staff
 * bulk action naming them), those are.
 * Which action was done to what, by whom and when stays. Answers how many entries changed.
 */
export async function scrubActivityLog(tx: Tx, scrub: ActivityScrub): Promise<number> {
  const rows = await queryRows<ActivityRow>(
    tx,
    sql`SELECT id, user_id, user_email, ip, user_agent, details,
          (user_id = ${scrub.userId} OR resource_id = ANY(${sql.param(scrub.linkedIds)}::text[])) AS linked
        FROM activity_logs
        WHERE user_id = ${scrub.userId} OR resource_id = ANY(${sql.param(scrub.linkedIds)}::text[])
          OR ${mentionsAny(activitySearchText, scrub.identifiers)}
        FOR UPDATE`,
  );
  const changed = rows.flatMap((row) => {
    const terms = row.linked ? scrub.terms : scrub.identifiers;
    const own = row.user_id === scrub.userId || row.user_email?.toLowerCase() === scrub.email;
    const next = {
      id: row.id,
      userEmail: own ? scrub.pseudonym : row.user_email && eraseTerms(row.user_email, scrub.identifiers),
      ip: own ? null : row.ip,
      userAgent: own ? null : row.user_agent,
      details: row.details === null ? null : JSON.stringify(scrubJson(row.details, terms, row.linked)),
    };
    const same =
      next.userEmail === row.user_email &&
      next.ip === row.ip &&
      next.userAgent === row.user_agent &&
      next.details === (row.details === null ? null : JSON.stringify(row.details));
    return same ? [] : [next];
  });
  for (let start = 0; start < changed.length; start += CHUNK) {
    const part = changed.slice(start, start + CHUNK);
    await tx.execute(sql`
      UPDATE activity_logs a
      SET user_email = v.user_email, ip = v.ip, user_agent = v.user_agent, details = v.details
      FROM unnest(
        ${sql.param(part.map((r) => r.id))}::char(24)[], ${sql.param(part.map((r) => r.userEmail))}::text[],
        ${sql.param(part.map((r) => r.ip))}::text[], ${sql.param(part.map((r) => r.userAgent))}::text[],
        ${sql.param(part.map((r) => r.details))}::jsonb[]
      ) AS v(id, user_email, ip, user_agent, details)
      WHERE a.id = v.id`);
  }
  return changed.length;
}

/**
 * Background jobs keep a bulk action's request and its report (which names the rows it changed, customers by their
 * e-mail): the person's words are taken out of both.
 */
export async function scrubJobs(tx: Tx, terms: readonly string[]): Promise<void> {
  if (!terms.length) return;
  const rows = await tx
    .select({ id: jobs.id, params: jobs.params, result: jobs.result })
    .from(jobs)
    .where(sql`${mentionsAny(sql`${jobs.params}::text`, terms)} OR ${mentionsAny(sql`${jobs.result}::text`, terms)}`)
    .for('update');
  for (const row of rows) {
    await tx
      .update(jobs)
      .set({
        params: scrubJson(row.params, terms, false),
        result: scrubJson(row.result, terms, false) as typeof row.result,
      })
      .where(sql`${jobs.id} = ${row.id}`);
  }
}
