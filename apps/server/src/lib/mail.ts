import { isNull, sql } from 'drizzle-orm';
import nodemailer, { type SendMailOptions, type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../db/client.js';
import { queryRows } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';

/** `body` is the plain-text part; `html`, when given, is sent beside it as the HTML alternative. */
export type Mail = { to: string; subject: string; body: string; html?: string; kind: string };

const FROM = 'Seamline <no-reply@seamline.dev>';
/** Mails one poll sends at most (one after another); the next poll takes the rest. */
const BATCH = 20;
/** The longest wait for the SMTP server by default (SMTP_TIMEOUT_MS). */
export const DEFAULT_SMTP_TIMEOUT_MS = 10_000;
/** A claim outlives the send's own deadline by this much, so a lease never ends while its send may still run. */
const LEASE_MARGIN_MS = 30_000;
/** After a failed send the mail waits 30 s, doubling with each failure, at most an hour. */
const RETRY_BASE_SECONDS = 30;
const RETRY_MAX_SECONDS = 3600;

/** Every mail is recorded in the outbox inside the caller's transaction, so it exists exactly when the change does. */
export async function queueMail(db: DbOrTx, mail: Mail): Promise<void> {
  await db
    .insert(mailOutbox)
    .values({ toEmail: mail.to, subject: mail.subject, body: mail.body, html: mail.html ?? null, kind: mail.kind });
}

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type ClaimedMail = {
  id: string;
  to_email: string;
  subject: string;
  body: string;
  html: string | null;
  /** This claim's number: a result is recorded only while no later claim has taken the mail. */
  attempts: number;
};

/**
 * Claims the oldest due mail for `leaseMs`: one UPDATE, so its own short transaction, that skips rows another poller
 * is claiming at that instant and pushes `next_attempt_at` past the lease. Until the lease ends no other poller takes
 * the mail; a poller that dies mid-send leaves it to be claimed again once the lease is over.
 */
export async function claimMail(db: Db, leaseMs: number): Promise<ClaimedMail | undefined> {
  const [mail] = await queryRows<ClaimedMail>(
    db,
    sql`UPDATE mail_outbox m
        SET attempts = m.attempts + 1, next_attempt_at = now() + ${leaseMs} * interval '1 millisecond'
        FROM (SELECT id FROM mail_outbox
              WHERE sent_at IS NULL AND (next_attempt_at IS NULL OR next_attempt_at <= now())
              ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED) due
        WHERE m.id = due.id
        RETURNING m.id, m.to_email, m.subject, m.body, m.html, m.attempts`,
  );
  return mail;
}

/** Whatever claim sent it, a sent mail is sent: the mark is kept once set. */
async function recordSent(db: Db, mail: ClaimedMail): Promise<void> {
  await db.execute(
    sql`UPDATE mail_outbox SET sent_at = now(), next_attempt_at = NULL WHERE id = ${mail.id} AND sent_at IS NULL`,
  );
}

/** Backs the mail off, unless a later claim holds it by now (then that claim records its own result). */
async function recordFailure(db: Db, mail: ClaimedMail): Promise<void> {
  await db.execute(
    sql`UPDATE mail_outbox
        SET next_attempt_at = now() + least(${RETRY_BASE_SECONDS} * power(2, attempts - 1), ${RETRY_MAX_SECONDS})
          * interval '1 second'
        WHERE id = ${mail.id} AND attempts = ${mail.attempts} AND sent_at IS NULL`,
  );
}

/** One SMTP conversation, cut off (connection closed) at the deadline. */
async function send(transport: Transporter, mail: ClaimedMail, timeoutMs: number): Promise<void> {
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

/** What one pass over the outbox did: mails sent, and whether a send failed (the rest then waits for the next pass). */
export type DeliveryResult = { sent: number; failed: boolean };

export type DeliveryOptions = {
  /** The longest wait for the SMTP server, and the longest one mail's whole conversation may take (SMTP_TIMEOUT_MS). */
  timeoutMs?: number;
  /** Most mails sent by one call. */
  batch?: number;
  /** Handed each send as it starts, so readiness can follow the SMTP server while a delivery is still waiting. */
  onAttempt?: (sending: Promise<unknown>) => void;
};

/**
 * Sends what the outbox holds over SMTP; without a transport (development) a mail is only marked handled and stays
 * readable in mail_outbox. Each mail is claimed in one short statement, sent outside any transaction (no row lock or
 * open transaction while the SMTP server talks), and its result recorded in another; a failed send is retried after a
 * back-off, and the pass stops there: the server that just failed is not asked again until the next pass. The log
 * names a mail by its id only: bodies hold sign-in links and addresses are personal data.
 */
export async function deliverPendingMail(
  db: Db,
  transport: Transporter | null,
  log: Logger,
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  const { timeoutMs = DEFAULT_SMTP_TIMEOUT_MS, batch = BATCH, onAttempt = () => {} } = options;
  let sent = 0;
  for (let n = 0; n < batch; n += 1) {
    const mail = await claimMail(db, timeoutMs + LEASE_MARGIN_MS);
    if (!mail) break;
    const sending = transport ? send(transport, mail, timeoutMs) : Promise.resolve();
    if (transport) onAttempt(sending);
    try {
      await sending;
    } catch (error) {
      log.error({ err: error, mailId: mail.id, attempt: mail.attempts }, 'mail delivery failed; it will be retried');
      await recordFailure(db, mail);
      return { sent, failed: true };
    }
    await recordSent(db, mail);
    log.info(
      { mailId: mail.id },
      transport ? 'mail sent' : 'mail queued; no SMTP_URL, so it is kept in mail_outbox only',
    );
    sent += 1;
  }
  return { sent, failed: false };
}

/**
 * The SMTP transport with every wait bounded by timeoutMs: connecting (with the greeting), DNS, any silence of the
 * server; the whole delivery of one mail is cut off at the same limit (deliverPendingMail), so a stalled server costs
 * one pass of the outbox, never a hung process. One pooled connection, kept open between mails: a new conversation
 * per mail cost ~110 ms against a local server, a mail on an open one ~5 ms.
 */
export function createMailTransport(smtpUrl: string, timeoutMs: number): Transporter {
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
  stop(): void;
  /**
   * Readiness: the latest attempt to send a mail: rejected when it failed, pending while it waits for the server (the
   * readiness timeout then reports SMTP as degraded), resolved when it went out or before any attempt.
   */
  check(): Promise<unknown>;
};

/**
 * Polls the outbox every few seconds, and drains it: a pass that sent a whole batch is followed by the next at once,
 * so a burst of mail (sign-ups, a campaign) goes out as fast as the SMTP server takes it, not a batch per poll.
 */
export function startMailDelivery(
  db: Db,
  smtp: { url?: string; timeoutMs: number },
  log: Logger,
  intervalMs = 3000,
): MailDelivery {
  const transport = smtp.url ? createMailTransport(smtp.url, smtp.timeoutMs) : null;
  let running = false;
  let stopped = false;
  let latest: Promise<unknown> = Promise.resolve();
  const options: DeliveryOptions = {
    timeoutMs: smtp.timeoutMs,
    onAttempt: (sending) => {
      latest = sending;
    },
  };
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      let pass: DeliveryResult;
      do pass = await deliverPendingMail(db, transport, log, options);
      while (!stopped && !pass.failed && pass.sent === BATCH);
    } catch (error) {
      log.error({ err: error }, 'mail outbox poll failed');
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return {
    stop() {
      stopped = true;
      clearInterval(timer);
      transport?.close();
    },
    check: () => latest,
  };
}

export async function pendingMailCount(db: DbOrTx): Promise<number> {
  const rows = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(isNull(mailOutbox.sentAt));
  return rows.length;
}
