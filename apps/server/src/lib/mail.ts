import type { DbOrTx } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';

export type Mail = { to: string; subject: string; body: string; kind: string };

/**
 * Every mail is recorded in the outbox inside the caller's transaction, so it exists exactly when the change does.
 * Delivery over SMTP (SMTP_URL) is not built yet: without it the outbox and the log are the mail channel.
 */
export async function queueMail(db: DbOrTx, mail: Mail): Promise<void> {
  await db.insert(mailOutbox).values({ toEmail: mail.to, subject: mail.subject, body: mail.body, kind: mail.kind });
}
