import type { Role } from '@seamline/shared';
import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { mailOutbox } from '../../src/db/schema/index.js';
import type { signedIn } from '../factories.js';
import type { JsonResponse } from '../harness.js';

/** The one log row a successful call must write. */
export type ExpectedLog = {
  userId: string | null;
  action: string;
  resource: string;
  resourceId: string | null;
  /** Fields that must appear in the row's changes with different before and after values. */
  changes?: string[];
};

export type PreparedCall = {
  /** The successful staff call under test (run after the log table is snapshotted). */
  call(): Promise<JsonResponse>;
  /** What the new row must say, possibly read from the call's answer (e.g. a created id). */
  expected(response: JsonResponse): ExpectedLog;
  /** Texts that must never reach any log row (passwords, tokens sent in the call). */
  secrets?: string[];
};

/** The `data` of a success envelope, typed by the scenario that knows its shape. */
export function dataOf<T>(response: JsonResponse): T {
  return (response.body as { data: T }).data;
}

export type CoverageContext = {
  app: FastifyInstance;
  /** A fresh signed-in user of that role (its own sign-in is logged before the snapshot). */
  staff(role: Role): ReturnType<typeof signedIn>;
};

/** Prepares data (free to write logs), then hands back the call to check. */
export type Scenario = (ctx: CoverageContext) => Promise<PreparedCall>;

/**
 * Every mutating route staff can call has an entry: a scenario, or — only for public or merely authenticated
 * routes that change no business data — the reason it writes no log.
 */
export type ScenarioEntry = Scenario | { notLogged: string };
export type ScenarioTable = Record<string, ScenarioEntry>;

/** The single-use token mailed last to that address (password reset, e-mail verification). */
export async function mailedToken(app: FastifyInstance, email: string): Promise<string> {
  const [mail] = await app.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toEmail, email))
    .orderBy(desc(mailOutbox.createdAt))
    .limit(1);
  const token = mail && /token=([A-Za-z0-9_-]+)/.exec(mail.body)?.[1];
  if (!token) throw new Error(`no token mailed to ${email}`);
  return token;
}
