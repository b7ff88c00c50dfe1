import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

/**
 * The PostgreSQL server the tests run against: TEST_DATABASE_URL when set (CI), otherwise the embedded server the
 * global setup started for this run (test/global-setup.ts). Benchmarks reuse these helpers outside Vitest.
 */
export function testServerUrl(): string {
  const url = process.env.VITEST ? inject('databaseServerUrl') : process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('No test database server: set TEST_DATABASE_URL, or run the tests with Vitest');
  return url;
}

/** Runs one statement batch on a PostgreSQL server with a short-lived client. */
export async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A new database on the test server; drop() removes it. `migrated` copies the migrated template the global setup
 * made (a file copy, much faster than running every migration again); otherwise it is empty.
 */
export async function freshDatabase(options: { prefix?: string; migrated?: boolean } = {}) {
  const serverUrl = testServerUrl();
  const name = `${options.prefix ?? 'seamline_test'}_${randomBytes(6).toString('hex')}`;
  const template = options.migrated && process.env.VITEST ? inject('templateDatabase') : undefined;
  await onServer(serverUrl, (client) =>
    client.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${client.escapeIdentifier(template)}` : ''}`),
  );
  return {
    url: databaseUrl(serverUrl, name),
    async drop() {
      await onServer(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Connection string of a database on the test server, for creating and dropping the tests' databases. */
    databaseServerUrl: string;
    /** A migrated database on that server that each test file's database is copied from. */
    templateDatabase: string;
  }
}
