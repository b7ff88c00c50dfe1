import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import type { LegacyDatabase } from './move-pglite.js';

const migrationsFolder = path.join(import.meta.dirname, '..', 'migrations');

/**
 * The PGlite database of a DATA_DIR from before the embedded PostgreSQL server, opened only to move it (loaded on
 * demand: a normal start never loads PGlite's WebAssembly build).
 */
export async function openLegacyPglite(dir: string): Promise<LegacyDatabase> {
  const client = await PGlite.create({ dataDir: dir, extensions: { pg_trgm } });
  return {
    migrate: () => migrate(drizzle(client), { migrationsFolder }),
    query: async <T>(text: string) => (await client.query<T>(text)).rows,
    async cursor<T>(text: string, size: number, onBatch: (rows: T[]) => Promise<void>) {
      await client.exec(
        `begin isolation level repeatable read read only; declare legacy_rows no scroll cursor for ${text}`,
      );
      try {
        for (;;) {
          const { rows } = await client.query<T>(`fetch ${size} from legacy_rows`);
          if (rows.length === 0) break;
          await onBatch(rows);
        }
      } finally {
        await client.exec('rollback');
      }
    },
    close: () => client.close(),
  };
}
