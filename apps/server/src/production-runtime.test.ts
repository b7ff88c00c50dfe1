import { mkdtempSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  childPids,
  commandLine,
  freePort,
  groupAlive,
  serverEnv,
  start,
  startCompiled,
  waitHealthy,
} from '../test/process.js';

const tempDir = (name: string) => mkdtempSync(path.join(os.tmpdir(), `seamline-${name}-`));
const PRODUCTION = { NODE_ENV: 'production', JWT_SECRET: 'a-production-secret-of-at-least-32-chars' };

describe('npm start in production', () => {
  it('runs the compiled server with plain node and its V8 flags: no TypeScript loader in its command line or environment', async () => {
    const port = await freePort();
    const dir = tempDir('compiled');
    const env = serverEnv(port, { ...PRODUCTION, DATA_DIR: dir, WEB_DIST: path.join(dir, 'web') });
    const wrapper = start(process.execPath, ['scripts/start.mjs'], env, true);
    const pgid = wrapper.child.pid as number;
    try {
      expect(await waitHealthy(port, wrapper.child), wrapper.output()).toBe(true);
      const [server] = childPids(pgid);
      const args = commandLine(server as number);
      expect(args.slice(1)).toEqual([
        '--max-semi-space-size=64',
        '--heap-growing-percent=50',
        '--conditions=compiled',
        expect.stringMatching(/apps\/server\/dist\/main\.js$/),
      ]);
      // A loader reaches node through NODE_OPTIONS, or as a path to the tsx package in some variable. (Not any "tsx"
      // in the environment: a machine's own names may hold those letters, e.g. a container called "…-tsxgzn".)
      const variables = readFileSync(`/proc/${server}/environ`, 'utf8').split('\0');
      const nodeOptions = variables.find((variable) => variable.startsWith('NODE_OPTIONS=')) ?? '';
      expect(nodeOptions).not.toMatch(/tsx|--(import|require|loader|experimental-loader)\b/);
      expect(variables.filter((variable) => /node_modules\/tsx\b|\btsx\/(esm|cjs)\b/.test(variable))).toEqual([]);
      wrapper.child.kill('SIGTERM');
      expect(await wrapper.exited, wrapper.output()).toEqual({ code: 0, signal: null });
    } finally {
      if (groupAlive(pgid)) process.kill(-pgid, 'SIGKILL');
    }
  }, 120_000);
});

/** Sends a request's headers and half its body; the rest goes when `finish` is called. Resolves the status line. */
function requestInFlight(
  port: number,
  url = '/api/auth/login',
  payload: unknown = { email: 'nobody@example.com', password: 'Not-the-password-1' },
) {
  const body = JSON.stringify(payload);
  const socket = net.connect(port, '127.0.0.1');
  const answer = new Promise<string>((resolve) => {
    let text = '';
    socket.on('data', (chunk) => {
      text += chunk.toString();
    });
    socket.on('close', () => resolve(text.split('\r\n')[0] ?? ''));
  });
  socket.write(
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, 10)}`,
  );
  return { answer, finish: () => socket.write(body.slice(10)) };
}

const statusOf = (url: string) =>
  fetch(url).then(
    (r) => r.status,
    () => 'refused',
  );

describe('shutdown behind a load balancer', () => {
  it('fails readiness first on SIGTERM while live stays up, completes the in-flight request, then exits 0', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}/api/health`;
    const server = startCompiled(
      serverEnv(port, { DATA_DIR: tempDir('drain'), SHUTDOWN_DELAY_MS: '1500', SHUTDOWN_GRACE_MS: '5000' }),
    );
    try {
      expect(await waitHealthy(port, server.child), server.output()).toBe(true);
      expect(await statusOf(`${base}/ready`)).toBe(200);
      const inFlight = requestInFlight(port);
      await new Promise((r) => setTimeout(r, 300));
      const stoppedAt = Date.now();
      server.child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 300));
      expect(await statusOf(`${base}/ready`)).toBe(503);
      expect(await statusOf(`${base}/live`)).toBe(200);
      inFlight.finish();
      expect(await inFlight.answer).toBe('HTTP/1.1 401 Unauthorized');
      expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
      expect(Date.now() - stoppedAt).toBeLessThan(1500 + 5000);
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 120_000);

  it('under load: every request accepted before SIGTERM, and every one sent while draining, completes; exit 0', async () => {
    const port = await freePort();
    const server = startCompiled(
      serverEnv(port, { DATA_DIR: tempDir('drain-load'), SHUTDOWN_DELAY_MS: '1000', SHUTDOWN_GRACE_MS: '5000' }),
    );
    try {
      expect(await waitHealthy(port, server.child), server.output()).toBe(true);
      const cart = { items: [], shippingMethod: 'standard' };
      const held = Array.from({ length: 30 }, () => requestInFlight(port, '/api/orders/calculate-shipping', cart));
      await new Promise((r) => setTimeout(r, 500));
      server.child.kill('SIGTERM');
      // While readiness fails (the load balancer is still sending), new requests are still served.
      const sentWhileDraining = await Promise.all(
        Array.from({ length: 20 }, () => statusOf(`http://127.0.0.1:${port}/api/products?limit=1`)),
      );
      for (const request of held) request.finish();
      const answers = await Promise.all(held.map((request) => request.answer));
      for (const line of answers) expect(line).toMatch(/^HTTP\/1\.1 [24]\d\d /);
      expect(sentWhileDraining).toEqual(sentWhileDraining.map(() => 200));
      expect(await server.exited, server.output()).toEqual({ code: 0, signal: null });
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 120_000);
});
