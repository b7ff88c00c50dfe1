import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A copy (under `into`) of the migrations folder that stops just before migration `tag`: the state a running install
 * is in before an upgrade, so a test can fill it with data and then migrate the rest.
 */
export function migrationsBefore(tag: string, into: string): string {
  const source = path.join(import.meta.dirname, '../src/db/migrations');
  const folder = path.join(into, `migrations-before-${tag}`);
  cpSync(source, folder, { recursive: true });
  const journalFile = path.join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8')) as { entries: { idx: number; tag: string }[] };
  const cut = journal.entries.findIndex((entry) => entry.tag === tag);
  if (cut <= 0) throw new Error(`no migration ${tag} after the first`);
  writeFileSync(journalFile, JSON.stringify({ ...journal, entries: journal.entries.slice(0, cut) }));
  return folder;
}
