export { insertManualPayment, type ManualPayment, receivedAmount } from './manual-payments.js';
export { maskIban, paymentSettingsRoutes, paymentSettingsView } from './payment-settings.js';
export { orderPaymentRows, orderPaymentsView, paymentOccurredAt, paymentProviderId } from './payment-timeline.js';
export { type PaymentConfirmation, paymentRoutes } from './payments.routes.js';
export {
  bindIntentToOrder,
  confirmIntent,
  createPaymentIntent,
  type IntentOwner,
} from './payments.service.js';
export type { PaymentProvider, ProviderEvent, ProviderName } from './provider.js';
export { type PaymentProviders, paymentProviders } from './provider-registry.js';
export { type RefundProviders, refundableSources, refundOrderPayments, refundThroughProvider } from './refunds.js';
export {
  paymentSettlementRoutes,
  RECONCILE_TASK,
  reconcilePayments,
  type SettleEvent,
  type SettlementOutcome,
} from './settlement.js';
export { REFUSED_REFUND_CENTS, testProviderRefunds } from './test-provider.js';
