import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';

/** A message's text as written (quoted-printable soft breaks joined, `=XX` decoded). */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Waits for the latest mail to `to` whose text matches `pattern`; answers the first capture group. */
export async function waitForMailed(to: string, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const dir = inject('mailDir');
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = readdirSync(dir)
      .filter((name) => name.endsWith(`-${to}.eml`))
      .sort()
      .reverse();
    for (const file of files) {
      const match = pattern.exec(decodeQuotedPrintable(readFileSync(path.join(dir, file), 'utf8')));
      if (match?.[1]) return match[1];
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no mail to ${to} matching ${pattern} within ${timeoutMs} ms`);
}
