import { and, eq, isNull, sql } from 'drizzle-orm';
import type { SendMailOptions, Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../db/client.js';
import { queryRows } from '../db/client.js';
import { mailOutbox, users } from '../db/schema/index.js';
import { addJob, type JobQueue } from './queue.js';

/** `body` is the plain-text part; `html`, when given, is sent beside it as the HTML alternative. */
export type Mail = { to: string; subject: string; body: string; html?: string; kind: string };

const FROM = 'Seamline <no-reply@seamline.dev>';
/** The longest wait for the SMTP server by default (SMTP_TIMEOUT_MS). */
export const DEFAULT_SMTP_TIMEOUT_MS = 10_000;
/** The queue task that sends one outbox mail. */
export const SEND_MAIL_TASK = 'mail.send';
/**
 * Tries before a mail is given up: graphile-worker waits e^n seconds after the n-th failure (at most ~6 h), so 25
 * tries span about three days of SMTP outage.
 */
const MAIL_MAX_ATTEMPTS = 25;

/**
 * Every mail is recorded in the outbox inside the caller's transaction, with the queue job that sends it, so both
 * exist exactly when the change does. Answers the mail's id.
 */
export async function queueMail(db: DbOrTx, mail: Mail): Promise<string> {
  const [row] = await db
    .insert(mailOutbox)
    .values({ toEmail: mail.to, subject: mail.subject, body: mail.body, html: mail.html ?? null, kind: mail.kind })
    .returning({ id: mailOutbox.id });
  await addJob(db, SEND_MAIL_TASK, { mailId: row!.id }, { maxAttempts: MAIL_MAX_ATTEMPTS });
  return row!.id;
}

/** Queues one mail to every active admin (something the store's owners must act on), in the caller's transaction. */
export async function queueMailToAdmins(db: DbOrTx, mail: Omit<Mail, 'to'>): Promise<void> {
  const admins = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.role, 'admin'), eq(users.isActive, true), isNull(users.deletedAt)));
  for (const admin of admins) await queueMail(db, { ...mail, to: admin.email });
}

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

type OutboxMail = {
  id: string;
  to_email: string;
  subject: string;
  body: string;
  html: string | null;
  attempts: number;
};

/** Counts a try on a mail still unsent (one statement) and answers it; nothing when it was sent or erased meanwhile. */
async function startAttempt(db: Db, mailId: string): Promise<OutboxMail | undefined> {
  const [mail] = await queryRows<OutboxMail>(
    db,
    sql`UPDATE mail_outbox SET attempts = attempts + 1 WHERE id = ${mailId} AND sent_at IS NULL
        RETURNING id, to_email, subject, body, html, attempts`,
  );
  return mail;
}

/** One SMTP conversation, cut off (connection closed) at the deadline. */
async function send(transport: Transporter, mail: OutboxMail, timeoutMs: number): Promise<void> {
  // nodemailer honours `signal` (it closes the connection on abort); its type definitions do not name it yet.
  const options: SendMailOptions & { signal: AbortSignal } = {
    from: FROM,
    to: mail.to_email,
    subject: mail.subject,
    text: mail.body,
    ...(mail.html ? { html: mail.html } : {}),
    signal: AbortSignal.timeout(timeoutMs),
  };
  await transport.sendMail(options);
}

export type SendOptions = {
  /** The longest wait for the SMTP server, and the longest one mail's whole conversation may take (SMTP_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Handed each send as it starts, so readiness can follow the SMTP server while a delivery is still waiting. */
  onAttempt?: (sending: Promise<unknown>) => void;
};

/**
 * Sends one outbox mail over SMTP (the `mail.send` job's work); without a transport (development) the mail is only
 * marked handled and stays readable in mail_outbox. No transaction or row lock is held while the SMTP server talks.
 * A failed send throws, so the queue tries the job again after its back-off; the queue runs a job on one worker at a
 * time, so two instances never send the same mail at once. The log names a mail by its id only: bodies hold sign-in
 * links and addresses are personal data.
 */
export async function sendQueuedMail(
  db: Db,
  transport: Transporter | null,
  mailId: string,
  log: Logger,
  options: SendOptions = {},
): Promise<void> {
  const { timeoutMs = DEFAULT_SMTP_TIMEOUT_MS, onAttempt = () => {} } = options;
  const mail = await startAttempt(db, mailId);
  if (!mail) return;
  if (transport) {
    const sending = send(transport, mail, timeoutMs);
    onAttempt(sending);
    try {
      await sending;
    } catch (error) {
      log.error({ err: error, mailId: mail.id, attempt: mail.attempts }, 'mail delivery failed; it will be retried');
      throw error;
    }
  }
  // Whatever try sent it, a sent mail is sent: the mark is kept once set.
  await db.execute(sql`UPDATE mail_outbox SET sent_at = now() WHERE id = ${mail.id} AND sent_at IS NULL`);
  log.info(
    { mailId: mail.id },
    transport ? 'mail sent' : 'mail queued; no SMTP_URL, so it is kept in mail_outbox only',
  );
}

/**
 * The SMTP transport with every wait bounded by timeoutMs: connecting (with the greeting), DNS, any silence of the
 * server; the whole delivery of one mail is cut off at the same limit (sendQueuedMail), so a stalled server costs
 * one try of one job, never a hung process. One pooled connection, kept open between mails: a new conversation
 * per mail cost ~110 ms against a local server, a mail on an open one ~5 ms.
 */
async function createMailTransport(smtpUrl: string, timeoutMs: number): Promise<Transporter> {
  // Imported only by an instance that sends mail (without SMTP_URL, mail stays in the outbox).
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport({
    url: smtpUrl,
    pool: true,
    maxConnections: 1,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
}

export type MailDelivery = {
  /**
   * Readiness: the latest attempt to send a mail: rejected when it failed, pending while it waits for the server (the
   * readiness timeout then reports SMTP as degraded), resolved when it went out or before any attempt.
   */
  check(): Promise<unknown>;
  close(): void;
};

/** Defines the `mail.send` task on the queue: each job sends its mail through one shared SMTP transport. */
export async function defineMailDelivery(
  queue: JobQueue,
  db: Db,
  smtp: { url?: string; timeoutMs: number },
  log: Logger,
): Promise<MailDelivery> {
  const transport = smtp.url ? await createMailTransport(smtp.url, smtp.timeoutMs) : null;
  let latest: Promise<unknown> = Promise.resolve();
  const options: SendOptions = {
    timeoutMs: smtp.timeoutMs,
    onAttempt: (sending) => {
      latest = sending;
    },
  };
  queue.define<{ mailId: string }>(SEND_MAIL_TASK, ({ mailId }) => sendQueuedMail(db, transport, mailId, log, options));
  return { check: () => latest, close: () => transport?.close() };
}
