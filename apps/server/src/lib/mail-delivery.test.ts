import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type ReceivedMail, startSmtpSink } from '../../test/cluster.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { type Database, openDatabase } from '../db/client.js';
import { mailOutbox } from '../db/schema/index.js';
import {
  claimMail,
  createMailTransport,
  deliverPendingMail,
  pendingMailCount,
  queueMail,
  startMailDelivery,
} from './mail.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const silent = { info: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

async function withClient<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: t.config.databaseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function outboxRow(to: string) {
  const [row] = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.toEmail, to));
  return row!;
}

/** Marks everything in the outbox handled, so each test sees only its own mails. */
async function clearOutbox() {
  await t.app.db.update(mailOutbox).set({ sentAt: sql`now()` }).where(sql`${mailOutbox.sentAt} IS NULL`);
}

describe('mail delivery outside transactions', () => {
  it('holds no transaction and no lock while the SMTP server is slow, and no other poller takes the mail', async () => {
    await clearOutbox();
    const arrived = gate();
    const release = gate();
    const sink = await startSmtpSink(undefined, {
      beforeAccept: async () => {
        arrived.open();
        await release.opened;
      },
    });
    const transport = createMailTransport(sink.url, 10_000);
    try {
      await queueMail(t.app.db, { to: 'slow@example.com', subject: 'Slow', body: 'x', kind: 'test' });
      const delivery = deliverPendingMail(t.app.db, transport, silent, { timeoutMs: 10_000 });
      await arrived.opened;

      // The SMTP server has the message and has not answered: the poller waits on it, not on the database.
      await withClient(async (client) => {
        const open = await client.query(
          `SELECT pid, state, query FROM pg_stat_activity
           WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend'
             AND (xact_start IS NOT NULL OR state LIKE 'idle in transaction%')`,
        );
        expect(open.rows).toEqual([]);
        const locks = await client.query(
          `SELECT l.pid, l.mode FROM pg_locks l JOIN pg_class c ON c.oid = l.relation
           WHERE c.relname = 'mail_outbox' AND l.pid <> pg_backend_pid()`,
        );
        expect(locks.rows).toEqual([]);
        await client.query('BEGIN');
        const row = await client.query(
          `SELECT id, attempts, next_attempt_at > now() AS leased FROM mail_outbox
           WHERE to_email = 'slow@example.com' FOR UPDATE NOWAIT`,
        );
        await client.query('ROLLBACK');
        expect(row.rows).toEqual([{ id: expect.any(String), attempts: 1, leased: true }]);
      });
      // A second poller finds the mail leased and leaves it alone.
      expect((await deliverPendingMail(t.app.db, transport, silent, { timeoutMs: 10_000 })).sent).toBe(0);

      release.open();
      expect((await delivery).sent).toBe(1);
      expect(sink.received.map((mail) => mail.to)).toEqual([['slow@example.com']]);
      const row = await outboxRow('slow@example.com');
      expect(row.sentAt).toBeInstanceOf(Date);
      expect(row.attempts).toBe(1);
    } finally {
      release.open();
      transport.close();
      await sink.close();
    }
  });

  it('gives up on a stuck SMTP server at the send timeout and backs the mail off for a retry', async () => {
    await clearOutbox();
    const stuck = await startSmtpSink(undefined, { beforeAccept: () => new Promise<void>(() => {}) });
    const transport = createMailTransport(stuck.url, 300);
    try {
      await queueMail(t.app.db, { to: 'stuck@example.com', subject: 'Stuck', body: 'x', kind: 'test' });
      const started = Date.now();
      expect((await deliverPendingMail(t.app.db, transport, silent, { timeoutMs: 300 })).sent).toBe(0);
      expect(Date.now() - started).toBeLessThan(5_000);
      const failed = await outboxRow('stuck@example.com');
      expect(failed.sentAt).toBeNull();
      expect(failed.attempts).toBe(1);
      expect(failed.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + 20_000);
      // Backed off: the next poll does not try it again at once.
      expect((await deliverPendingMail(t.app.db, transport, silent, { timeoutMs: 300 })).sent).toBe(0);
      expect((await outboxRow('stuck@example.com')).attempts).toBe(1);
    } finally {
      transport.close();
      await stuck.close();
    }
    // Once the back-off is over, a working server gets it.
    await t.app.db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now()` })
      .where(eq(mailOutbox.toEmail, 'stuck@example.com'));
    const sink = await startSmtpSink();
    const working = createMailTransport(sink.url, 5_000);
    try {
      expect((await deliverPendingMail(t.app.db, working, silent)).sent).toBe(1);
      expect(sink.received.map((mail) => mail.to)).toEqual([['stuck@example.com']]);
      expect((await outboxRow('stuck@example.com')).attempts).toBe(2);
    } finally {
      working.close();
      await sink.close();
    }
  });

  it('sends a mail again once the lease of a poller that died mid-send is over', async () => {
    await clearOutbox();
    await queueMail(t.app.db, { to: 'orphan@example.com', subject: 'Orphan', body: 'x', kind: 'test' });
    // A poller claims it and dies before it records anything.
    const claimed = await claimMail(t.app.db, 60_000);
    expect(claimed?.to_email).toBe('orphan@example.com');
    const sink = await startSmtpSink();
    const transport = createMailTransport(sink.url, 5_000);
    try {
      expect((await deliverPendingMail(t.app.db, transport, silent)).sent).toBe(0);
      // The lease runs out (moved forward here instead of waiting for it).
      await t.app.db
        .update(mailOutbox)
        .set({ nextAttemptAt: sql`now()` })
        .where(eq(mailOutbox.toEmail, 'orphan@example.com'));
      expect((await deliverPendingMail(t.app.db, transport, silent)).sent).toBe(1);
      expect(sink.received.map((mail) => mail.to)).toEqual([['orphan@example.com']]);
      expect((await outboxRow('orphan@example.com')).attempts).toBe(2);
    } finally {
      transport.close();
      await sink.close();
    }
  });

  it('two instances polling one outbox send each of 50 mails exactly once', async () => {
    await clearOutbox();
    const addresses = Array.from({ length: 50 }, (_, i) => `many${i}@example.com`);
    for (const to of addresses) await queueMail(t.app.db, { to, subject: 'Hi', body: `to ${to}`, kind: 'test' });
    // A little latency per message, so the two pollers overlap for the whole run.
    const sink = await startSmtpSink(undefined, { beforeAccept: () => sleep(15) });
    const instances: Database[] = await Promise.all([
      openDatabase({ databaseUrl: t.config.databaseUrl }),
      openDatabase({ databaseUrl: t.config.databaseUrl }),
    ]);
    const transports = instances.map(() => createMailTransport(sink.url, 5_000));
    try {
      const drain = async (index: number) => {
        let sent = 0;
        for (;;) {
          const batch = await deliverPendingMail(instances[index]!.db, transports[index]!, silent, { batch: 5 });
          if (batch.sent === 0) return sent;
          sent += batch.sent;
        }
      };
      const counts = await Promise.all([drain(0), drain(1)]);
      expect(counts[0]! + counts[1]!).toBe(50);
      expect(counts[0]).toBeGreaterThan(0);
      expect(counts[1]).toBeGreaterThan(0);
      const recipients = sink.received.flatMap((mail: ReceivedMail) => mail.to);
      expect(recipients.sort()).toEqual([...addresses].sort());
      const rows = await t.app.db.select().from(mailOutbox).where(sql`${mailOutbox.toEmail} LIKE 'many%'`);
      expect(rows.every((row) => row.sentAt !== null && row.attempts === 1)).toBe(true);
    } finally {
      for (const transport of transports) transport.close();
      await Promise.all(instances.map((instance) => instance.close()));
      await sink.close();
    }
  });

  it('drains a burst larger than a batch in one poll, not a batch per poll', async () => {
    await clearOutbox();
    const addresses = Array.from({ length: 45 }, (_, i) => `burst${i}@example.com`);
    for (const to of addresses) await queueMail(t.app.db, { to, subject: 'Hi', body: `to ${to}`, kind: 'test' });
    const sink = await startSmtpSink();
    // Only the poll interval is faked: exactly one poll runs, while sockets and SMTP timeouts keep real time.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const delivery = startMailDelivery(t.app.db, { url: sink.url, timeoutMs: 5_000 }, silent, 60_000);
    try {
      vi.advanceTimersByTime(60_000);
      await vi.waitFor(() => expect(sink.received.length).toBe(45), { timeout: 20_000, interval: 50 });
      expect(await pendingMailCount(t.app.db)).toBe(0);
    } finally {
      delivery.stop();
      vi.useRealTimers();
      await sink.close();
    }
  });
});
