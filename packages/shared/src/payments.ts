import { z } from 'zod';
import { PAYMENT_KINDS, PAYMENT_METHODS } from './constants.js';

/** The payment providers: the built-in test provider (the zero-setup default for cards), Stripe, PayPal, and staff. */
export const PAYMENT_PROVIDERS = ['test', 'stripe', 'paypal', 'manual'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/**
 * One step of an order's payment timeline (staff only): a charge through a provider (its status follows the provider:
 * requires_action, processing, succeeded, failed, canceled), a refund, a dispute, or money staff recorded by hand.
 */
export const paymentRecordView = z.object({
  id: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  provider: z.enum(PAYMENT_PROVIDERS),
  /** The provider's id: the intent (or PayPal order) of a charge, the refund's or dispute's own id, a transfer's reference. */
  providerId: z.string(),
  amount: z.number(),
  currency: z.string(),
  status: z.string(),
  /** A decline's or dispute's reason, or the note staff gave. */
  message: z.string().nullable(),
  /** The provider's dashboard page for it, when there is one. */
  dashboardUrl: z.string().nullable(),
  recordedBy: z.string().nullable(),
  occurredAt: z.string(),
});
export type PaymentRecordView = z.infer<typeof paymentRecordView>;

/** An order's payment timeline, oldest first, with what it adds up to. */
export const orderPaymentsView = z.object({
  payments: z.array(paymentRecordView),
  /** Money received: succeeded charges and manual records. */
  captured: z.number(),
  refunded: z.number(),
  /** What a refund may still give back (captured − refunded). */
  refundable: z.number(),
  /** What is still owed (total − captured, never below 0). */
  outstanding: z.number(),
});
export type OrderPaymentsView = z.infer<typeof orderPaymentsView>;

/** Staff record money that did not go through a provider: a bank transfer received, cash taken on delivery. */
export const recordPaymentInput = z.object({
  amount: z.coerce
    .number({ error: 'Amount is required.' })
    .positive('Amount must be greater than 0.')
    .max(1_000_000)
    .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, { message: 'Amount must have at most 2 decimals.' }),
  /** When the money arrived (a transfer's value date); today when left out. */
  receivedAt: z.iso.date({ error: 'Use a date like 2026-12-02.' }).optional(),
  /** The transfer's reference as the bank shows it, or a receipt number. */
  reference: z.string().trim().max(100).default(''),
  note: z.string().trim().max(500).default(''),
});

export type RecordPaymentValues = z.input<typeof recordPaymentInput>;

/** Staff refund part or all of an order's captured money through its provider. */
export const refundPaymentInput = z.object({
  amount: recordPaymentInput.shape.amount,
  reason: z.string().trim().max(500).default(''),
});
export type RefundPaymentForm = z.input<typeof refundPaymentInput>;
export type RefundPaymentData = z.output<typeof refundPaymentInput>;

/** Where a shopper sends a bank transfer, with the order's own reference. */
export const bankTransferInstructionsView = z.object({
  accountName: z.string(),
  iban: z.string(),
  bic: z.string().nullable(),
  bankName: z.string().nullable(),
  reference: z.string(),
  amount: z.number(),
  /** The order is cancelled and its stock released if the money has not arrived by then. */
  dueAt: z.string(),
});
export type BankTransferInstructionsView = z.infer<typeof bankTransferInstructionsView>;

/** The payment methods the shop offers now, and what the browser needs to load each provider's own widget. */
export const paymentOptionsView = z.object({
  methods: z.array(z.enum(PAYMENT_METHODS)),
  /** Cards go through the built-in test provider (no real money); the shop says so and lists the test cards. */
  testMode: z.boolean(),
  stripe: z.object({ publishableKey: z.string() }).nullable(),
  paypal: z.object({ clientId: z.string() }).nullable(),
  /** Cash on delivery's largest order total. */
  cashMaxTotal: z.number().nullable(),
  bankTransferDays: z.number().nullable(),
});
export type PaymentOptionsView = z.infer<typeof paymentOptionsView>;

/** Settings → Payments: each method, whether it is on and through what, never a secret. */
export const paymentSettingsView = z.object({
  methods: z.array(
    z.object({
      method: z.enum(PAYMENT_METHODS),
      enabled: z.boolean(),
      provider: z.enum(PAYMENT_PROVIDERS).nullable(),
      mode: z.enum(['test', 'live']).nullable(),
      /** What an operator reads: which variables turn it on, the webhook address to give the provider, limits. */
      details: z.array(z.object({ label: z.string(), value: z.string() })),
    }),
  ),
});
export type PaymentSettingsView = z.infer<typeof paymentSettingsView>;
