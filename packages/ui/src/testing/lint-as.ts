import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// The repository's root (this file is packages/ui/src/testing/lint-as.ts) and its biome.
const root = path.resolve(import.meta.dirname, '../../../..');
const biome = path.join(root, 'node_modules/@biomejs/biome/bin/biome');

/**
 * Lints `source` as if it were the file at `file` (so biome.json's per-folder rules apply) and returns the rules it
 * broke. The file is written into a scratch copy of the layout, never into the source tree. The apps' tests of their
 * import boundaries use it.
 */
export function lintAs(file: string, source: string): string[] {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'seamline-lint-as-'));
  try {
    copyFileSync(path.join(root, 'biome.json'), path.join(scratch, 'biome.json'));
    mkdirSync(path.join(scratch, path.dirname(file)), { recursive: true });
    writeFileSync(path.join(scratch, file), `${source}\n`);
    const result = spawnSync(process.execPath, [biome, 'lint', '--vcs-enabled=false', file], {
      cwd: scratch,
      encoding: 'utf8',
    });
    return [...new Set(`${result.stdout}${result.stderr}`.match(/lint\/[a-zA-Z]+\/[a-zA-Z]+/g) ?? [])];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
