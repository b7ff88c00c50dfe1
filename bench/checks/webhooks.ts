import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../../apps/server/src/app.js';
import { loadConfig } from '../../apps/server/src/config.js';
import { openDatabase } from '../../apps/server/src/db/client.js';
import { webhookEndpoints } from '../../apps/server/src/db/schema/index.js';
import { seal } from '../../apps/server/src/lib/secret-box.js';
import { recordMarkerEvent } from '../../apps/server/test/marker-events.js';
import { scratchDatabase } from '../lib/database.js';
import type { Figure } from '../lib/table.js';

const GROUP = 'webhooks';
const OBJECTS = 200;

/** A receiver on loopback that answers 200 at once and resolves when `expected` deliveries have arrived. */
async function receiver(expected: number) {
  let count = 0;
  let done: () => void;
  const all = new Promise<void>((resolve) => {
    done = resolve;
  });
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.end();
      count += 1;
      if (count === expected) done();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hooks`, all, close: () => server.close() };
}

/**
 * Delivery throughput: `events` events (over OBJECTS objects, so ordering per object applies) committed at once,
 * then timed until a local receiver has had every one, through the app's own queue: the fan-out, the signed POSTs
 * and the recording of each outcome.
 */
export async function webhooksCheck(events: number): Promise<Figure[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'seamline-bench-webhooks-'));
  const scratch = process.env.DATABASE_URL ? await scratchDatabase(process.env.DATABASE_URL, 'webhooks') : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-webhooks-secret-bench-webhooks-0123',
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    WEBHOOKS_ALLOW_PRIVATE_HOSTS: '1',
    SEED_DEMO: '0',
  });
  const database = await openDatabase(config);
  const sink = await receiver(events);
  try {
    await database.migrate();
    const app = await buildApp({ config, database, logger: false });
    try {
      await database.db.insert(webhookEndpoints).values({
        url: sink.url,
        topics: ['order.created'],
        secretSealed: seal(config.totpEncryptionKey, 'whsec_YmVuY2gtYmVuY2gtYmVuY2gtYmVuY2gt'),
      });
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < events; i++)
          await recordMarkerEvent(tx, { type: 'order.created', objectId: `order-${i % OBJECTS}`, data: { n: i } });
      });
      const started = Date.now();
      await app.ready();
      await sink.all;
      const seconds = (Date.now() - started) / 1000;
      return [
        {
          group: GROUP,
          name: `deliveries to a local receiver (${events.toLocaleString('en-US')} events)`,
          value: events / seconds,
          unit: 'req/s',
          bound: 'min',
          target: 200,
          note: `${seconds.toFixed(1)} s, ${OBJECTS} objects, queue concurrency ${config.queueConcurrency}`,
        },
      ];
    } finally {
      await app.close();
    }
  } finally {
    sink.close();
    await database.close();
    await scratch?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
