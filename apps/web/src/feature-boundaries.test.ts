// @vitest-environment node
import { lintAs } from '@seamline/ui/testing/lint-as';
import { describe, expect, it } from 'vitest';

const BOUNDARY = 'lint/style/noRestrictedImports';

describe('feature boundaries (biome.json noRestrictedImports)', () => {
  it.each([
    ['apps/web/src/features/coupons/api.ts', "import { userQueries } from '../users/api';"],
    ['apps/web/src/features/coupons/api.ts', "export * from '../users';"],
    ['apps/web/src/features/coupons/api.ts', "import { userQueries } from '../../features/users/api';"],
    ['apps/web/src/features/coupons/pages/CouponsPage.tsx', "import { UsersPage } from '../../users/pages/UsersPage';"],
    ['apps/web/src/features/coupons/pages/CouponsPage.tsx', "import { x } from '../../../features/users/api';"],
  ])('%s may not import another feature: %s', (file, source) => {
    expect(lintAs(file, source)).toContain(BOUNDARY);
  });

  it.each([
    ['apps/web/src/features/coupons/api.ts', "import { api } from '../../lib/api-client';"],
    ['apps/web/src/features/coupons/pages/CouponsPage.tsx', "import { couponQueries } from '../api';"],
    ['apps/web/src/features/coupons/pages/CouponsPage.tsx', "import { CouponCard } from '../components/CouponCard';"],
    ['apps/web/src/features/coupons/pages/CouponsPage.tsx', "import { Button } from '@seamline/ui';"],
    ['apps/web/src/app/router.tsx', "import { x } from '../features/users/api';"],
  ])('%s may import its own feature, components/ and lib/ (the app imports features): %s', (file, source) => {
    expect(lintAs(file, source)).not.toContain(BOUNDARY);
  });
});
