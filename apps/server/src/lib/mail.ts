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

/**
 * Sends what the outbox holds over SMTP; without a transport (development) a mail is only marked handled and stays
 * readable in mail_outbox. Rows are claimed with SKIP LOCKED so several instances never send one mail twice; a failed
 * send stays queued. The log names a mail by its id only: bodies hold sign-in links and addresses are personal data.
 */
export async function deliverPendingMail(db: Db, transport: Transporter | null, log: Logger): Promise<number> {
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
      try {
        if (transport) {
          await transport.sendMail({
            from: FROM,
            to: mail.to_email,
            subject: mail.subject,
            text: mail.body,
            ...(mail.html ? { html: mail.html } : {}),
          });
          log.info({ mailId: mail.id }, 'mail sent');
        } else log.info({ mailId: mail.id }, 'mail queued; no SMTP_URL, so it is kept in mail_outbox only');
        await tx.update(mailOutbox).set({ sentAt: sql`now()` }).where(eq(mailOutbox.id, mail.id));
        sent += 1;
      } catch (error) {
        log.error({ err: error, mailId: mail.id }, 'mail delivery failed; it stays in the outbox');
      }
    }
    return sent;
  });
}

/** Polls the outbox every few seconds; returns a stop function. */
export function startMailDelivery(db: Db, smtpUrl: string | undefined, log: Logger, intervalMs = 3000): () => void {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  let running = false;
  const timer = setInterval(async () => {
    if (running) return;
    running = true;
    try {
      await deliverPendingMail(db, transport, log);
    } catch (error) {
      log.error({ err: error }, 'mail outbox poll failed');
    } finally {
      running = false;
    }
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    transport?.close();
  };
}

export async function pendingMailCount(db: DbOrTx): Promise<number> {
  const rows = await db.select({ id: mailOutbox.id }).from(mailOutbox).where(isNull(mailOutbox.sentAt));
  return rows.length;
}
