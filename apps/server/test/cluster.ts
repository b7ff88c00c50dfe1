import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { from: string; to: string[]; data: string };

export type SmtpSinkOptions = {
  /** Awaited after a message's data has arrived and before the server answers it (a slow or stuck server). */
  beforeAccept?: (mail: ReceivedMail) => Promise<void>;
};

/**
 * A tiny SMTP server on a free loopback port that accepts every message (no TLS, no auth) and keeps it; `onMail`
 * also hands each one on as it arrives (the browser tests write them to files).
 */
export async function startSmtpSink(onMail?: (mail: ReceivedMail) => void, options: SmtpSinkOptions = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data: Buffer.concat(chunks).toString('utf8'),
        };
        const accept = () => {
          received.push(mail);
          onMail?.(mail);
          callback();
        };
        if (options.beforeAccept) void options.beforeAccept(mail).then(accept);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
