import type { ScenarioTable } from './types.js';

const SHOPPER = 'a shopper waiting for a sold-out size and colour: no business data of the store changes';

/** Back-in-stock alerts are anyone's; staff have no reason to call them. */
export const stockAlertScenarios: ScenarioTable = {
  'POST /api/stock-alerts': { notLogged: SHOPPER },
  'POST /api/stock-alerts/unsubscribe/:token': { notLogged: SHOPPER },
};
