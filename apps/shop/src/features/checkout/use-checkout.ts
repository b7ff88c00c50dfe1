import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AddressInput,
  type CardForm,
  cardFormSchema,
  computeOrderTotals,
  emailSchema,
  type OrderTotals,
  orderAddressSchema,
  type PaymentMethod,
  type PaymentOptionsView,
  type ShippingMethod,
  testCardToken,
} from '@seamline/shared';
import { formatMoney } from '@seamline/ui';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { session } from '../../lib/api';
import { useCart } from '../../lib/cart';
import { useCartPricing } from '../../lib/cart-pricing';
import { checkoutQueries } from './api';
import type { CheckoutInput } from './checkout-flow';
import { EMPTY_SHIPPING_ADDRESS } from './components/AddressFields';
import { EMPTY_CARD } from './components/CardFields';
import type { AppliedCoupon } from './components/CouponForm';
import { addressOf } from './components/SavedAddressPicker';
import type { ConfirmStripePayment } from './components/StripePayment';
import { usePayment } from './use-payment';
import { usePaymentSession } from './use-payment-session';

/** What the checkout form holds: the guest's e-mail, the shipping address and the card, as typed. */
export type CheckoutFormValues = { email: string; address: AddressInput; card: CardForm };

/** Cards without Stripe configured go through the built-in test provider: its card fields and a test token. */
const takesCard = (method: PaymentMethod, stripe: PaymentOptionsView['stripe'] | undefined) =>
  method === 'stripe' && !stripe;

/**
 * The shared schemas check the form on Pay; a signed-in customer's e-mail is their account's; the card only when the
 * chosen method is paid by card.
 */
const checkoutFormOf = (customer: boolean, cardFields: boolean) =>
  z.object({
    email: customer ? z.string() : emailSchema,
    address: orderAddressSchema,
    card: cardFields ? cardFormSchema : z.custom<CardForm>(() => true),
  });

/** The id of the first field the shopper must fix: the e-mail, then the address, then the card (the form's order). */
function firstInvalidId(errors: FieldErrors<CheckoutFormValues>): string | null {
  if (errors.email) return 'email';
  const address = Object.keys(errors.address ?? {})[0];
  if (address) return `address-${address}`;
  const card = Object.keys(errors.card ?? {})[0];
  return card ? `card-${card}` : null;
}

/**
 * The checkout's state and steps: the form (e-mail, address, card) on react-hook-form with the shared schemas, the
 * saved address, shipping method and coupon, the prices (the server's line prices under the shared totals rule until
 * the server's session answers), and paying (place once, pay, then the confirmation).
 */
export function useCheckout() {
  const user = session.readSession()?.user ?? null;
  const customer = user !== null;
  const lines = useCart();
  const options = useQuery(checkoutQueries.paymentOptions());
  const methods = options.data?.methods ?? (['stripe'] as PaymentMethod[]);
  const [chosenMethod, setPaymentMethod] = useState<PaymentMethod>('stripe');
  // A method the store switched off meanwhile falls back to cards (always on).
  const paymentMethod = methods.includes(chosenMethod) ? chosenMethod : 'stripe';
  const stripe = options.data?.stripe ?? null;
  const paypal = options.data?.paypal ?? null;
  const cardFields = takesCard(paymentMethod, options.data?.stripe);
  const schema = useMemo(() => checkoutFormOf(customer, cardFields), [customer, cardFields]);
  const form = useForm<CheckoutFormValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: user?.email ?? '', address: EMPTY_SHIPPING_ADDRESS, card: EMPTY_CARD },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const [savedId, setSavedId] = useState<string | null>(null);
  const [chosenShipping, setShippingMethod] = useState<ShippingMethod>('standard');
  // The cart is priced for the method the shopper chose; its list of pickup shops does not depend on it.
  const pricing = useCartPricing(lines, chosenShipping);
  const priced = pricing.data?.priced ?? null;
  const problems = pricing.data?.problems.size ?? 0;
  // Pickup is offered while some shop has the whole cart (a failed pricing offers delivery only); the first such shop
  // is preselected, and a shop that stops having it (the cart changed) gives way to the next.
  const pickupShops = priced?.pickupLocations ?? [];
  const [chosenShop, setPickupLocation] = useState<string | null>(null);
  const pickupShop =
    pickupShops.find((shop) => shop._id === chosenShop && shop.available) ??
    pickupShops.find((shop) => shop.available) ??
    null;
  const pickupOffered = pickupShop !== null;
  const shippingMethod = chosenShipping === 'pickup' && !pickupOffered ? 'standard' : chosenShipping;
  const pickupLocationId = shippingMethod === 'pickup' ? (pickupShop?._id ?? null) : null;
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [serverTotals, setServerTotals] = useState<OrderTotals | null>(null);
  const payment = usePayment(setServerTotals);
  /** The shopper chose an address (or the default was filled in): the default is not filled in again. */
  const addressChosen = useRef(false);

  const addresses = useQuery(checkoutQueries.savedAddresses(customer));
  const [typedEmail, typedAddress] = useWatch({ control: form.control, name: ['email', 'address'] });
  const email = (customer ? (user?.email ?? '') : typedEmail).trim().toLowerCase();

  // Cards through Stripe: the session (and its intent's client secret for the Payment Element) is opened once the
  // shopper's e-mail and address are complete, and again whenever the cart, address, shipping or coupon change.
  const stripeSession = usePaymentSession(
    stripe && paymentMethod === 'stripe' && emailSchema.safeParse(email).success
      ? orderAddressSchema.safeParse(typedAddress).success
        ? {
            lines,
            email,
            customer,
            address: typedAddress,
            shippingMethod,
            pickupLocationId,
            couponCode: coupon?.code ?? null,
            paymentMethod,
          }
        : null
      : null,
  );
  /** The Payment Element's confirm, for the intent (client secret) it was mounted for. */
  const stripeConfirm = useRef<{ clientSecret: string; confirm: ConfirmStripePayment } | null>(null);

  // A customer starts from their default saved address, unless they already typed or chose one.
  useEffect(() => {
    const saved = addresses.data?.find((a) => a.isDefault) ?? addresses.data?.[0];
    const typed = JSON.stringify(form.getValues('address')) !== JSON.stringify(EMPTY_SHIPPING_ADDRESS);
    if (!saved || addressChosen.current || typed) return;
    addressChosen.current = true;
    setSavedId(saved.id);
    form.setValue('address', addressOf(saved));
  }, [addresses.data, form]);

  // The shown totals: the server's line prices and coupon discount under the shared rule (docs/domain.md § Domain
  // rules); the server's checkout session must agree before an order is placed.
  const totals =
    serverTotals ??
    (priced && problems === 0
      ? computeOrderTotals({
          lines: priced.items.map((item) => ({ unitPrice: item.price, quantity: item.quantity })),
          discount: coupon?.discount,
          shippingMethod,
          freeShipping: coupon?.freeShipping,
        })
      : null);

  function selectAddress(id: string | null, saved: AddressInput | null) {
    addressChosen.current = true;
    setSavedId(id);
    form.setValue('address', saved ?? { ...EMPTY_SHIPPING_ADDRESS, country: form.getValues('address.country') });
  }

  /** A changed shipping method or coupon prices the order again (the server's last answer no longer holds). */
  function changeShipping(method: ShippingMethod) {
    setServerTotals(null);
    setShippingMethod(method);
  }
  function changeCoupon(next: AppliedCoupon | null) {
    setServerTotals(null);
    setCoupon(next);
  }

  /** What is placed and paid: the form as it stands now, for the total the shopper was shown. */
  const inputOf = (shownTotal: number, cardToken: string | null): CheckoutInput => ({
    lines,
    email: form.getValues('email').trim().toLowerCase(),
    customer,
    address: form.getValues('address'),
    shippingMethod,
    pickupLocationId,
    couponCode: coupon?.code ?? null,
    shownTotal,
    paymentMethod,
    cardToken,
  });
  const focusFirstInvalid = (errors: FieldErrors<CheckoutFormValues>) => {
    const id = firstInvalidId(errors);
    if (id) document.getElementById(id)?.focus();
  };

  /** Pay: checks the form (focusing the first field to fix), then places and pays the order once. */
  function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (payment.paying() || !totals || paymentMethod === 'paypal') return;
    const shownTotal = totals.total;
    void form.handleSubmit((values) => {
      if (!stripe || paymentMethod !== 'stripe')
        return payment.payOrder(inputOf(shownTotal, cardFields ? testCardToken(values.card) : null));
      const session = stripeSession?.session;
      const ready = stripeConfirm.current;
      if (!session || !ready || ready.clientSecret !== session.paymentIntent?.clientSecret) {
        const text = session
          ? 'Enter your card details in the card form first.'
          : 'The card form is still opening for your order. Wait a moment, then press Pay again.';
        payment.tell({ tone: 'error', text });
        return;
      }
      return payment.payOrder({ ...inputOf(shownTotal, null), stripe: { session, confirm: ready.confirm } });
    }, focusFirstInvalid)(event);
  }

  /** PayPal's button: checks the form first (PayPal's window closes when it is not complete), then places the order. */
  const paypalButton = {
    async createOrder() {
      if (!totals) throw new Error('The total is not known yet.');
      const shownTotal = totals.total;
      if (!(await form.trigger())) {
        focusFirstInvalid(form.formState.errors);
        payment.tell({ tone: 'error', text: 'Complete your contact and shipping details, then pay with PayPal.' });
        throw new Error('The checkout form is not complete.');
      }
      return payment.createPayPalOrder(inputOf(shownTotal, null));
    },
    onApprove: (paypalOrderId: string) => payment.approvePayPalOrder(inputOf(totals?.total ?? 0, null), paypalOrderId),
    onCancel: () => payment.tell(null),
    onError: (text: string) => payment.tell((shown) => shown ?? { tone: 'error', text }),
  };

  return {
    user,
    customer,
    lines,
    register: form.register,
    errors: form.formState.errors,
    addresses: addresses.data,
    savedId,
    selectAddress,
    shippingMethod,
    changeShipping,
    /** The pickup shops, each `available` when it has the whole cart, whether one has it, and the chosen one. */
    pickupShops,
    pickupOffered,
    pickupLocationId,
    changePickupLocation: setPickupLocation,
    coupon,
    changeCoupon,
    pricing,
    priced,
    problems,
    totals,
    paymentOptions: options.data ?? null,
    paymentMethods: methods,
    paymentMethod,
    changePaymentMethod: (method: PaymentMethod) => {
      setServerTotals(null);
      setPaymentMethod(method);
    },
    /** Cards through the built-in test provider: the test card fields. */
    cardFields,
    /** Cards through Stripe: its publishable key and the session for the checkout as it stands (null until complete). */
    stripe: stripe && paymentMethod === 'stripe' ? { ...stripe, session: stripeSession } : null,
    onStripeReady: (clientSecret: string, confirm: ConfirmStripePayment) => {
      stripeConfirm.current = { clientSecret, confirm };
    },
    /** PayPal chosen and offered: its button pays instead of the Pay button. */
    paypal: paypal && paymentMethod === 'paypal' ? { ...paypal, ...paypalButton } : null,
    /** Cards are paid now; cash on delivery and bank transfer place the order to pay later. */
    submitLabel:
      paymentMethod === 'stripe'
        ? totals
          ? `Pay ${formatMoney(totals.total)}`
          : 'Pay'
        : totals
          ? `Place order · ${formatMoney(totals.total)}`
          : 'Place order',
    notice: payment.notice,
    busy: payment.busy,
    pay,
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
