import { authScenarios } from './auth.js';
import type { ScenarioTable } from './types.js';

/**
 * One scenario per mutating route staff can call, one file per feature. A new route without an entry here
 * fails coverage.test.ts.
 */
export const scenarios: ScenarioTable = {
  ...authScenarios,
};
