import type { ReadinessView } from '@seamline/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../test/cluster.js';
import { freshDatabase, onServer } from '../test/databases.js';
import { startProductionServer, waitHealthy } from '../test/process.js';
import { type StallingPort, startStallingPort } from '../test/stalling-port.js';

/*
 * The production server process (compiled, its job queue sending the outbox) whose SMTP server accepts connections and never
 * answers: requests that queue mail still answer, the mail waits in the outbox, readiness reports SMTP as degraded,
 * and the mail goes out once the same address answers again. Driven only through HTTP and the database.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let smtp: StallingPort;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let server: Awaited<ReturnType<typeof startProductionServer>>['server'];
let base: string;

beforeAll(async () => {
  [database, smtp, sink] = await Promise.all([freshDatabase({ migrated: true }), startStallingPort(), startSmtpSink()]);
  let port: number;
  ({ server, port, base } = await startProductionServer('mail-outage', {
    JWT_SECRET: 'a-production-secret-for-the-mail-outage-test',
    DATABASE_URL: database.url,
    SMTP_URL: smtp.url('smtp'),
    SMTP_TIMEOUT_MS: '1000',
  }));
  expect(await waitHealthy(port, server.child), server.output()).toBe(true);
}, 120_000);

afterAll(async () => {
  server?.child.kill('SIGKILL');
  await server?.exited;
  await smtp?.close();
  await sink?.close();
  await database?.drop();
});

const readiness = async () => {
  const response = await fetch(`${base}/api/health/ready`);
  return { status: response.status, body: (await response.json()) as { data?: ReadinessView } };
};

async function until<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
  for (let i = 0; i < 150; i++) {
    const found = await probe();
    if (found !== undefined) return found;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`Timed out waiting for ${what}\n${server.output()}`);
}

const outboxOf = (email: string) =>
  onServer(database.url, (client) =>
    client.query<{ sent: boolean }>('select sent_at is not null as sent from mail_outbox where to_email = $1', [email]),
  ).then((result) => result.rows.map((row) => row.sent));

describe('an SMTP server that accepts connections and never answers', () => {
  const email = 'stalled-smtp@example.com';

  it('costs no request: registering answers and its mail waits in the outbox; readiness says degraded', async () => {
    const registered = await fetch(`${base}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Customer-pass-1' }),
    });
    expect(registered.status).toBe(201);
    // The mail's queue job tries at once and gives up after SMTP_TIMEOUT_MS.
    const ready = await until('SMTP reported degraded', async () => {
      const answer = await readiness();
      return answer.body.data?.smtp === 'degraded' ? answer : undefined;
    });
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ status: 'degraded', database: 'ok', smtp: 'degraded' });
    expect(await outboxOf(email)).toEqual([false]);
  });

  it('delivers the queued mail once the server answers again, and reports SMTP ok', async () => {
    await smtp.forwardTo(Number(new URL(sink.url).port));
    // A failed mail's job waits out a growing back-off before its next try: moved forward here instead.
    await onServer(database.url, (client) =>
      client.query(
        `select graphile_worker.reschedule_jobs(array(select id from graphile_worker.jobs
           where task_identifier = 'mail.send' and locked_at is null), run_at => now())`,
      ),
    );
    await until('the mail marked sent', async () => ((await outboxOf(email))[0] ? true : undefined));
    expect(sink.received.filter((mail) => mail.to.includes(email))).toHaveLength(1);
    const ready = await until('SMTP reported ok', async () => {
      const answer = await readiness();
      return answer.body.data?.smtp === 'ok' ? answer : undefined;
    });
    expect(ready.status).toBe(200);
    expect(ready.body.data).toEqual({ status: 'ok', database: 'ok', smtp: 'ok' });
  });
});
