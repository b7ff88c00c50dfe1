import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/cluster.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { queueJobs, runDueNow, until } from '../../test/queue.js';
import { startStallingPort } from '../../test/stalling-port.js';
import { mailOutbox } from '../db/schema/index.js';
import { queueMail, SEND_MAIL_TASK } from './mail.js';

async function outboxRow(t: TestApp, id: string) {
  const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  return row!;
}

const sent = async (t: TestApp, id: string) => (await outboxRow(t, id)).sentAt !== null;

describe('mail outbox delivery through the queue', () => {
  let sink: Awaited<ReturnType<typeof startSmtpSink>>;
  let t: TestApp;
  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await createTestApp({ smtpUrl: sink.url, smtpTimeoutMs: 5_000 });
  });
  afterAll(async () => {
    await t?.close();
    await sink?.close();
  });

  it('sends each mail queued in a transaction once, marks it sent and leaves no job behind', async () => {
    const ids = await t.app.db.transaction(async (tx) => [
      await queueMail(tx, { to: 'a@example.com', subject: 'Hello', body: 'Body text', kind: 'test' }),
      await queueMail(tx, { to: 'b@example.com', subject: 'Again', body: 'More', kind: 'test' }),
    ]);
    await until(async () => (await sent(t, ids[0]!)) && (await sent(t, ids[1]!)));
    expect(sink.received.flatMap((mail) => mail.to).sort()).toEqual(['a@example.com', 'b@example.com']);
    expect((await outboxRow(t, ids[0]!)).attempts).toBe(1);
    await until(async () => (await queueJobs(t.app.db, SEND_MAIL_TASK)).length === 0);
  });

  it('never sends a mail whose transaction rolled back', async () => {
    await t.app.db
      .transaction(async (tx) => {
        await queueMail(tx, { to: 'undone@example.com', subject: 'No', body: 'x', kind: 'test' });
        throw new Error('undo');
      })
      .catch(() => undefined);
    const id = await queueMail(t.app.db, { to: 'after@example.com', subject: 'Yes', body: 'x', kind: 'test' });
    await until(() => sent(t, id));
    expect(sink.received.flatMap((mail) => mail.to)).not.toContain('undone@example.com');
  });

  it('sends the HTML part beside the text part when the mail has one', async () => {
    const id = await queueMail(t.app.db, {
      to: 'h@example.com',
      subject: 'Both',
      body: 'Plain',
      html: '<p>Rich</p>',
      kind: 'test',
    });
    await until(() => sent(t, id));
    const [mail] = sink.received.filter((m) => m.to.includes('h@example.com'));
    expect(mail!.data).toContain('text/plain');
    expect(mail!.data).toContain('text/html');
    expect(mail!.data).toContain('<p>Rich</p>');
  });
});

describe('an SMTP server that fails', () => {
  it('gives up at the send timeout, keeps the mail and its job for a retry with back-off, and sends it once the server answers', async () => {
    const stalled = await startStallingPort();
    const sink = await startSmtpSink();
    const t = await createTestApp({ smtpUrl: stalled.url('smtp'), smtpTimeoutMs: 500 });
    try {
      const id = await queueMail(t.app.db, { to: 'retry@example.com', subject: 'Stalled', body: 'x', kind: 'test' });
      // The first try times out: the job is kept with its error and waits out its back-off.
      await until(async () => (await queueJobs(t.app.db, SEND_MAIL_TASK))[0]?.last_error != null);
      const [job] = await queueJobs(t.app.db, SEND_MAIL_TASK);
      expect(job).toMatchObject({ attempts: 1, locked_by: null, waiting: true });
      expect(await outboxRow(t, id)).toMatchObject({ sentAt: null, attempts: 1 });

      await stalled.forwardTo(Number(new URL(sink.url).port));
      await runDueNow(t.app.db, SEND_MAIL_TASK);
      await until(() => sent(t, id));
      expect(sink.received.filter((mail) => mail.to.includes('retry@example.com'))).toHaveLength(1);
      expect((await outboxRow(t, id)).attempts).toBeGreaterThanOrEqual(2);
      await until(async () => (await queueJobs(t.app.db, SEND_MAIL_TASK)).length === 0);
    } finally {
      await t.close();
      await stalled.close();
      await sink.close();
    }
  });
});
