import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(root, 'node_modules/@biomejs/biome/bin/biome');
const SRC = 'apps/server/src';

/**
 * Lints `files` (path under apps/server/src → source) as if they were in the server (so biome.json's per-folder rules
 * apply) and returns the rules they broke. They are written into a scratch copy of the layout, never into the source
 * tree; every file is linted, so a cycle through several of them shows.
 */
function lintFiles(files: Record<string, string>): string[] {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'seamline-modules-'));
  try {
    copyFileSync(path.join(root, 'biome.json'), path.join(scratch, 'biome.json'));
    for (const [file, source] of Object.entries(files)) {
      const target = path.join(scratch, SRC, file);
      mkdirSync(path.dirname(target), { recursive: true });
      writeFileSync(target, `${source}\n`);
    }
    const result = spawnSync(process.execPath, [biome, 'lint', '--vcs-enabled=false', SRC], {
      cwd: scratch,
      encoding: 'utf8',
    });
    return [...new Set(`${result.stdout}${result.stderr}`.match(/lint\/[a-zA-Z]+\/[a-zA-Z]+/g) ?? [])];
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

const BOUNDARY = 'lint/style/noRestrictedImports';
const CYCLE = 'lint/suspicious/noImportCycles';

const lintAs = (file: string, source: string) => lintFiles({ [file]: source });

describe('module boundaries (biome.json noRestrictedImports, noImportCycles)', () => {
  it.each([
    ['modules/coupons/coupons.service.ts', "import { loadOrderView } from '../orders/order-view.js';"],
    ['modules/coupons/coupons.service.ts', "export { loadOrderView } from '../orders/order-view.js';"],
    ['modules/coupons/coupons.service.ts', "import { loadOrderView } from '../../modules/orders/order-view.js';"],
    ['modules/coupons/coupons.service.ts', "import { apiModules } from '../index.js';"],
    ['modules/coupons/rules/limits.ts', "import { loadOrderView } from '../../orders/order-view.js';"],
    ['app.ts', "import { registerJobs } from './modules/jobs/jobs.js';"],
    ['db/seed/orders.ts', "import { placeOrder } from '../../modules/orders/orders.service.js';"],
  ])('%s may not reach past a module’s index.ts: %s', (file, source) => {
    expect(lintAs(file, source)).toContain(BOUNDARY);
  });

  it.each([
    ['lib/audit.ts', "import { loadOrderView } from '../modules/orders/index.js';"],
    ['lib/storage/local.ts', "import { loadOrderView } from '../../modules/orders/index.js';"],
    ['plugins/web.ts', "import { registerStorefront } from '../modules/storefront/index.js';"],
    ['plugins/web.ts', "import { apiModules } from '../modules/index.js';"],
  ])('%s (below the modules) may not import a module: %s', (file, source) => {
    expect(lintAs(file, source)).toContain(BOUNDARY);
  });

  it.each([
    ['modules/coupons/coupons.service.ts', "import { loadOrderView } from '../orders/index.js';"],
    ['modules/coupons/coupons.service.ts', "import { couponView } from './coupon-view.js';"],
    ['modules/coupons/coupons.service.ts', "import { AppError } from '../../lib/errors.js';"],
    ['modules/coupons/coupons.service.ts', "import { coupons } from '../../db/schema/index.js';"],
    ['modules/coupons/coupons.test.ts', "import { createTestApp } from '../../../test/harness.js';"],
    ['modules/coupons/rules/limits.ts', "import { couponView } from '../coupon-view.js';"],
    ['modules/coupons/rules/limits.ts', "import { loadOrderView } from '../../orders/index.js';"],
    ['modules/index.ts', "import { couponRoutes } from './coupons/index.js';"],
    ['app.ts', "import { registerJobs } from './modules/jobs/index.js';"],
    ['db/seed/orders.ts', "import { placeOrder } from '../../modules/orders/index.js';"],
    ['lib/audit.ts', "import type { Db } from '../db/client.js';"],
    ['plugins/web.ts', "import { shedAnswer } from './admission.js';"],
  ])('%s may import its own files, another module’s index.ts and the layers below: %s', (file, source) => {
    expect(lintAs(file, source)).not.toContain(BOUNDARY);
  });

  const twoModules = (payments: string) => ({
    'modules/orders/index.ts': "export { placeOrder } from './orders.service.js';",
    'modules/orders/orders.service.ts':
      "import { refund } from '../payments/index.js';\nexport const placeOrder = () => refund;",
    'modules/payments/index.ts': "export { refund } from './payments.service.js';",
    'modules/payments/payments.service.ts': payments,
  });

  it('two modules that import each other through their index files are a cycle', () => {
    const rules = lintFiles(
      twoModules("import { placeOrder } from '../orders/index.js';\nexport const refund = () => placeOrder;"),
    );
    expect(rules).toContain(CYCLE);
    expect(rules).not.toContain(BOUNDARY);
  });

  it('a module that imports another one way is no cycle', () => {
    expect(lintFiles(twoModules('export const refund = () => 0;'))).toEqual([]);
  });
});
