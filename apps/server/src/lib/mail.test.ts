import nodemailer, { type SendMailOptions } from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { deliverPendingMail, pendingMailCount, queueMail } from './mail.js';

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
    expect(await deliverPendingMail(t.app.db, transport, silent)).toBe(2);
    expect(sent.sort()).toEqual(['a@example.com', 'b@example.com']);
    expect(await pendingMailCount(t.app.db)).toBe(0);
    expect(await deliverPendingMail(t.app.db, transport, silent)).toBe(0);
  });

  it('keeps a mail queued when the transport fails', async () => {
    await queueMail(t.app.db, { to: 'c@example.com', subject: 'Fails', body: 'x', kind: 'test' });
    const failing = nodemailer.createTransport({ host: '127.0.0.1', port: 9, connectionTimeout: 500 });
    expect(await deliverPendingMail(t.app.db, failing, silent)).toBe(0);
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
});
