import { eq, isNull, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../db/client.js';
import { queryRows } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';

/** `body` is the plain-text part; `html`, when given, is sent beside it as the HTML alternative. */
export type Mail = { to: string; subject: string; body: string; html?: string; kind: string };

const FROM = 'Seamline <no-reply@seamline.dev>';
const BATCH = 20;

/** Every mail is recorded in the outbox inside the caller's transaction, so it exists exactly when the change does. */
export async function queueMail(db: DbOrTx, mail: Mail): Promise<void> {
  await db
    .insert(mailOutbox)
    .values({ toEmail: mail.to, subject: mail.subject, body: mail.body, html: mail.html ?? null, kind: mail.kind });
}

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** What one pass over the outbox did: mails sent, and whether a send failed (the rest then waits for the next pass). */
export type DeliveryResult = { sent: number; failed: boolean };

export type DeliveryOptions = {
  /** The longest one mail's whole delivery may take. */
  timeoutMs?: number;
  /** Handed each send as it starts, so readiness can follow the SMTP server while a delivery is still waiting. */
  onAttempt?: (sending: Promise<unknown>) => void;
};

/**
 * The SMTP transport with every wait bounded by timeoutMs: connecting (with the greeting), DNS, any silence of the
 * server; the whole delivery of one mail is cut off at the same limit (deliverPendingMail), so a stalled server costs
 * one pass of the outbox, never a hung process.
 */
export function createMailTransport(smtpUrl: string, timeoutMs: number): Transporter {
  return nodemailer.createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
}

/**
 * Sends what the outbox holds over SMTP; without a transport (development) a mail is only marked handled and stays
 * readable in mail_outbox. Rows are claimed with SKIP LOCKED so several instances never send one mail twice; a failed
 * send stays queued, and so does the rest of the batch: the server that just failed is not asked again until the
 * next pass (each failure would hold the claimed rows for another timeout). The log names a mail by its id only:
 * bodies hold sign-in links and addresses are personal data.
 */
export async function deliverPendingMail(
  db: Db,
  transport: Transporter | null,
  log: Logger,
  options: DeliveryOptions = {},
): Promise<DeliveryResult> {
  const { timeoutMs = 10_000, onAttempt = () => {} } = options;
  return db.transaction(async (tx) => {
    const pending = await queryRows<{
      id: string;
      to_email: string;
      subject: string;
      body: string;
      html: string | null;
    }>(
      tx,
      sql`SELECT id, to_email, subject, body, html FROM mail_outbox WHERE sent_at IS NULL
          ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED`,
    );
    let sent = 0;
    for (const mail of pending) {
      const sending = transport
        ? transport.sendMail({
            from: FROM,
            to: mail.to_email,
            subject: mail.subject,
            text: mail.body,
            ...(mail.html ? { html: mail.html } : {}),
            signal: AbortSignal.timeout(timeoutMs),
          })
        : Promise.resolve();
      if (transport) onAttempt(sending);
      try {
        await sending;
        log.info(
          { mailId: mail.id },
          transport ? 'mail sent' : 'mail queued; no SMTP_URL, so it is kept in mail_outbox only',
        );
        await tx.update(mailOutbox).set({ sentAt: sql`now()` }).where(eq(mailOutbox.id, mail.id));
        sent += 1;
      } catch (error) {
        log.error({ err: error, mailId: mail.id }, 'mail delivery failed; it stays in the outbox for the next pass');
        return { sent, failed: true };
      }
    }
    return { sent, failed: false };
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

/** Polls the outbox every few seconds. */
export function startMailDelivery(
  db: Db,
  smtp: { url?: string; timeoutMs: number },
  log: Logger,
  intervalMs = 3000,
): MailDelivery {
  const transport = smtp.url ? createMailTransport(smtp.url, smtp.timeoutMs) : null;
  let running = false;
  let latest: Promise<unknown> = Promise.resolve();
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await deliverPendingMail(db, transport, log, {
        timeoutMs: smtp.timeoutMs,
        onAttempt: (sending) => {
          latest = sending;
        },
      });
    } catch (error) {
      log.error({ err: error }, 'mail outbox poll failed');
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return {
    stop() {
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
