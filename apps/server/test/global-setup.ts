import { execFileSync } from 'node:child_process';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.js';

/**
 * Starting an embedded PostgreSQL (initdb) and migrating it costs seconds per test file; done once here, each
 * test file's fresh database starts from this dump instead. Not used when TEST_DATABASE_URL names a real server.
 */
export default async function setup(project: TestProject) {
  // Tests that start the compiled server (dist/) need a current build: compiled once here, only when stale.
  execFileSync(process.execPath, ['scripts/build.mjs', '--server-if-stale'], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    stdio: 'inherit',
  });
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const database = await openDatabase({ pgliteDir: ':memory:' });
  await database.migrate();
  const client = (database.db as unknown as { $client: PGlite }).$client;
  const dump = await client.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `seamline-test-template-${process.pid}.tar`);
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => rm(file, { force: true });
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
  }
}
