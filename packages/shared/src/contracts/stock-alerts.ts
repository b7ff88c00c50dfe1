import { endpoint } from '../contract.js';
import { envelope, messageEnvelope } from '../envelopes.js';
import { STOCK_ALERT_MESSAGES, stockAlertInput, stockAlertTokenParams, stockAlertView } from '../stock-alerts.js';

const tag = 'stock-alerts';
const unsubscribeDescription =
  'The link of every back-in-stock mail. One click: the waiting alert is deleted; an unknown, used or already ' +
  'unsubscribed token gets the same answer, so the link reveals nothing.';

/** Back-in-stock alerts: anyone may wait for a sold-out size and colour. */
export const stockAlertContracts = {
  subscribe: endpoint({
    operationId: 'subscribeStockAlert',
    method: 'POST',
    path: '/stock-alerts',
    summary: 'Ask for one mail when a sold-out size and colour is back in stock',
    description:
      `Public (a signed-in customer's alert is linked to the account); rate limited like other public writes. 400 ` +
      `"${STOCK_ALERT_MESSAGES.unknownCombination}" or "${STOCK_ALERT_MESSAGES.inStock}". Subscribing again while ` +
      'waiting changes nothing. Waiting shoppers are mailed in order of subscription, one per unit that comes back.',
    tag,
    access: 'public',
    body: stockAlertInput,
    bodyExample: { productId: '64b7f0c2a1b2c3d4e5f60718', size: 'M', color: 'Black', email: 'ann@example.com' },
    responses: { 201: envelope(stockAlertView) },
    errors: [429],
  }),
  unsubscribeLink: endpoint({
    operationId: 'unsubscribeStockAlertByLink',
    method: 'GET',
    path: '/stock-alerts/unsubscribe/:token',
    summary: 'Stop a back-in-stock alert (the link in its mail)',
    description: unsubscribeDescription,
    tag,
    access: 'public',
    params: stockAlertTokenParams,
    responses: { 200: messageEnvelope },
  }),
  unsubscribe: endpoint({
    operationId: 'unsubscribeStockAlert',
    method: 'POST',
    path: '/stock-alerts/unsubscribe/:token',
    summary: 'Stop a back-in-stock alert (one-click POST)',
    description: unsubscribeDescription,
    tag,
    access: 'public',
    params: stockAlertTokenParams,
    responses: { 200: messageEnvelope },
  }),
};
