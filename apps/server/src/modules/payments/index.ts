export { insertManualPayment, type ManualPayment, receivedAmount } from './manual-payments.js';
export { type PaymentConfirmation, paymentRoutes } from './payments.routes.js';
export {
  bindIntentToOrder,
  confirmIntent,
  createPaymentIntent,
  type IntentOwner,
  refundOrderPayments,
  refundThroughProvider,
} from './payments.service.js';
export type { PaymentProvider } from './provider.js';
export { paymentProvider } from './provider-registry.js';
