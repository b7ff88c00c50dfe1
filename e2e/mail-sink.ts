import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpSink } from '../apps/server/test/cluster.js';

/**
 * A loopback SMTP sink for the browser tests: the e2e server sends its mail here (SMTP_URL), and each message is
 * written to a file in `dir`, named by its first recipient, so a test (another process) can read the mailed links.
 */
export async function startMailSink(dir: string) {
  mkdirSync(dir, { recursive: true });
  let count = 0;
  const sink = await startSmtpSink((mail) => {
    count += 1;
    writeFileSync(path.join(dir, `${Date.now()}-${count}-${mail.to[0] ?? 'unknown'}.eml`), mail.data);
  });
  return { url: sink.url, close: sink.close };
}
