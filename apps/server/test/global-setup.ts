import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';
import { startEmbeddedPostgres } from '../src/db/embedded/server.js';
import { databaseUrl } from './databases.js';

/**
 * One PostgreSQL server for the whole run: TEST_DATABASE_URL when set (CI), otherwise an embedded server started
 * here (the same engine, without fsync: a crash only loses test data). Migrations run once, into a template database
 * that each test file's fresh database is copied from.
 */
export default async function setup(project: TestProject) {
  // Tests that start the compiled server (dist/) need a current build: compiled once here, only when stale.
  execFileSync(process.execPath, ['scripts/build.mjs', '--server-if-stale'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    stdio: 'inherit',
  });
  const dataDir = process.env.TEST_DATABASE_URL ? undefined : mkdtempSync(path.join(os.tmpdir(), 'seamline-test-pg-'));
  const embedded = dataDir ? await startEmbeddedPostgres({ dataDir, durable: false }) : undefined;
  const serverUrl = process.env.TEST_DATABASE_URL ?? (embedded?.url as string);

  // One per project (both server projects run a setup in this process).
  const template = `seamline_template_${process.pid}_${project.name.replace(/\W/g, '_')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
  await admin(`CREATE DATABASE ${template}`);
  const database = await openDatabase({ databaseUrl: databaseUrl(serverUrl, template) });
  await database.migrate();
  await database.close();

  project.provide('databaseServerUrl', serverUrl);
  project.provide('templateDatabase', template);
  return async () => {
    await admin(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
    await embedded?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
}
