import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { CHROMIUM_PATH } from './chromium.js';
import { startMailSink } from './mail-sink.js';

const root = path.resolve(import.meta.dirname, '..');

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on('error', reject);
  });
}

async function waitForHealth(url: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error('server did not become healthy in time');
}

/**
 * Starts the real server (built web app, fresh embedded database with the demo data) once for all browser tests.
 * Without Chromium the tests report themselves skipped, unless E2E_REQUIRE_BROWSER=1 (CI), where that is a failure.
 */
export default async function setup(project: TestProject) {
  const hasBrowser = existsSync(CHROMIUM_PATH);
  if (!hasBrowser && process.env.E2E_REQUIRE_BROWSER === '1') {
    throw new Error(`Chromium is required for the browser tests but ${CHROMIUM_PATH} is missing`);
  }
  project.provide('hasBrowser', hasBrowser);
  if (!hasBrowser) {
    console.warn(`\nBrowser tests skipped: ${CHROMIUM_PATH} not found (apt-get install chromium).\n`);
    project.provide('baseUrl', '');
    project.provide('mailDir', '');
    project.provide('dataDir', '');
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seamline-e2e-'));
  // The server mails for real (SMTP) into a sink that keeps each message as a file the tests read.
  const mailDir = path.join(dataDir, 'mail-sink');
  const mail = await startMailSink(mailDir);
  project.provide('mailDir', mailDir);
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseUrl,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SEED_DEMO: '1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      // The browsers reach the server through loopback and name their own address (see openBrowser).
      TRUST_PROXY: '127.0.0.1',
      REDIS_URL: '',
      SMTP_URL: mail.url,
      // The webhook test's receiver is on loopback; its retries come after half a second rather than 30 s.
      WEBHOOKS_ALLOW_PRIVATE_HOSTS: '1',
      WEBHOOKS_RETRY_BASE_MS: '500',
      // Payments beside cards: cash on delivery and bank transfer to this account (offline-payments.e2e.ts).
      CASH_ON_DELIVERY: '1',
      BANK_TRANSFER_ACCOUNT_NAME: 'Seamline Test Ltd',
      BANK_TRANSFER_IBAN: 'DE89 3704 0044 0532 0130 00',
      BANK_TRANSFER_BIC: 'COBADEFFXXX',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  await waitForHealth(baseUrl, child, 90_000);
  project.provide('baseUrl', baseUrl);
  project.provide('dataDir', dataDir);
  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await mail.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    hasBrowser: boolean;
    /** Where the SMTP sink writes the mail the e2e server sends (one file per message). */
    mailDir: string;
    /** The e2e server's DATA_DIR: a test's own server started on it joins the same database and uploads. */
    dataDir: string;
  }
}
