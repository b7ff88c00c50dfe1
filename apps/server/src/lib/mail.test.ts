import { isNull, sql } from 'drizzle-orm';
import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink } from '../../test/cluster.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { startStallingPort } from '../../test/stalling-port.js';
import { mailOutbox } from '../db/schema/index.js';
import { createMailTransport, deliverPendingMail, pendingMailCount, queueMail } from './mail.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const silent = { info: () => {}, error: () => {} };

describe('mail outbox delivery', () => {
  it('sends each queued mail once through the transport and marks it sent', async () => {
    await queueMail(t.app.db, { to: 'a@example.com', subject: 'Hello', body: 'Body text', kind: 'test' });
    await queueMail(t.app.db, { to: 'b@example.com', subject: 'Again', body: 'More', kind: 'test' });
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent: string[] = [];
    const original = transport.sendMail.bind(transport);
    transport.sendMail = (async (options: SendMailOptions) => {
      const info = await original(options);
      sent.push(JSON.parse(String(info.message)).to[0].address);
      return info;
    }) as typeof transport.sendMail;
    expect(await deliverPendingMail(t.app.db, transport, silent)).toEqual({ sent: 2, failed: false });
    expect(sent.sort()).toEqual(['a@example.com', 'b@example.com']);
    expect(await pendingMailCount(t.app.db)).toBe(0);
    expect(await deliverPendingMail(t.app.db, transport, silent)).toEqual({ sent: 0, failed: false });
  });

  it('keeps a mail queued when the transport fails', async () => {
    await queueMail(t.app.db, { to: 'c@example.com', subject: 'Fails', body: 'x', kind: 'test' });
    const failing = nodemailer.createTransport({ host: '127.0.0.1', port: 9, connectionTimeout: 500 });
    expect(await deliverPendingMail(t.app.db, failing, silent)).toEqual({ sent: 0, failed: true });
    expect(await pendingMailCount(t.app.db)).toBe(1);
  });

  it('sends the HTML part beside the text part when the mail has one', async () => {
    await queueMail(t.app.db, {
      to: 'h@example.com',
      subject: 'Both',
      body: 'Plain',
      html: '<p>Rich</p>',
      kind: 'test',
    });
    const transport = nodemailer.createTransport({ jsonTransport: true });
    const sent: { to: string; text: string; html?: string }[] = [];
    const original = transport.sendMail.bind(transport);
    transport.sendMail = (async (options: SendMailOptions) => {
      const info = await original(options);
      const message = JSON.parse(String(info.message));
      sent.push({ to: message.to[0].address, text: message.text, html: message.html });
      return info;
    }) as typeof transport.sendMail;
    await deliverPendingMail(t.app.db, transport, silent);
    expect(sent.filter((m) => m.to === 'h@example.com')).toEqual([
      { to: 'h@example.com', text: 'Plain', html: '<p>Rich</p>' },
    ]);
  });

  it('gives up on an SMTP server that accepts but never answers, keeps the batch queued, and sends it once it answers', async () => {
    const stalled = await startStallingPort();
    const sink = await startSmtpSink();
    const failures: object[] = [];
    const log = { info: () => {}, error: (entry: object) => failures.push(entry) };
    try {
      const before = await pendingMailCount(t.app.db);
      await queueMail(t.app.db, { to: 'd1@example.com', subject: 'Stalled', body: 'x', kind: 'test' });
      await queueMail(t.app.db, { to: 'd2@example.com', subject: 'Stalled', body: 'y', kind: 'test' });
      const transport = createMailTransport(stalled.url('smtp'), 500);
      expect(await deliverPendingMail(t.app.db, transport, log, { timeoutMs: 500 })).toEqual({ sent: 0, failed: true });
      // One attempt per pass: the rest of the batch is not sent to a server that just failed.
      expect(failures).toHaveLength(1);
      expect(await pendingMailCount(t.app.db)).toBe(before + 2);

      await stalled.forwardTo(Number(new URL(sink.url).port));
      // The mail not tried yet goes at once; the failed one waits for its back-off (moved forward here).
      const recipients = () => sink.received.flatMap((mail) => mail.to);
      expect((await deliverPendingMail(t.app.db, transport, log, { timeoutMs: 500 })).failed).toBe(false);
      expect(recipients()).toContain('d2@example.com');
      expect(recipients()).not.toContain('d1@example.com');
      await t.app.db.update(mailOutbox).set({ nextAttemptAt: sql`now()` }).where(isNull(mailOutbox.sentAt));
      expect((await deliverPendingMail(t.app.db, transport, log, { timeoutMs: 500 })).failed).toBe(false);
      expect(recipients()).toEqual(expect.arrayContaining(['d1@example.com', 'd2@example.com']));
      expect(await pendingMailCount(t.app.db)).toBe(0);
    } finally {
      await stalled.close();
      await sink.close();
    }
  });
});
