// @vitest-environment node
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const biome = path.join(root, 'node_modules/@biomejs/biome/bin/biome');

/**
 * Lints `source` as if it were the file at `file` (so biome.json's per-folder rules apply) and returns the rules it
 * broke. The file is written into a scratch copy of the layout, never into the source tree.
 */
function lintAs(file: string, source: string): string[] {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'seamline-shop-boundaries-'));
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

const BOUNDARY = 'lint/style/noRestrictedImports';

describe('storefront feature boundaries (biome.json noRestrictedImports)', () => {
  it.each([
    ['apps/shop/src/features/checkout/api.ts', "import { accountQueries } from '../account/api';"],
    ['apps/shop/src/features/checkout/api.ts', "export * from '../cart';"],
    ['apps/shop/src/features/checkout/api.ts', "import { x } from '../../features/orders/api';"],
    [
      'apps/shop/src/features/orders/pages/OrdersPage.tsx',
      "import { AccountShell } from '../../account/components/AccountShell';",
    ],
    ['apps/shop/src/features/cart/pages/CartPage.tsx', "import { x } from '../../../features/checkout/api';"],
  ])('%s may not import another feature: %s', (file, source) => {
    expect(lintAs(file, source)).toContain(BOUNDARY);
  });

  it.each([
    ['apps/shop/src/features/checkout/api.ts', "import { api } from '../../lib/api';"],
    ['apps/shop/src/features/checkout/checkout-flow.ts', "import { confirmPayment } from './api';"],
    ['apps/shop/src/features/orders/pages/OrdersPage.tsx', "import { orderQueries } from '../api';"],
    ['apps/shop/src/features/cart/pages/CartPage.tsx', "import { CartLineRow } from '../components/CartLineRow';"],
    [
      'apps/shop/src/features/cart/pages/CartPage.tsx',
      "import { LineImage } from '../../../components/checkout/LineImage';",
    ],
    ['apps/shop/src/app/AccountRoutes.tsx', "import { OrdersPage } from '../features/orders/pages/OrdersPage';"],
  ])('%s may import its own feature, components/ and lib/ (the app imports features): %s', (file, source) => {
    expect(lintAs(file, source)).not.toContain(BOUNDARY);
  });
});
