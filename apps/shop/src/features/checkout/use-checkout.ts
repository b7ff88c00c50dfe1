import { zodResolver } from '@hookform/resolvers/zod';
import {
  type AddressInput,
  type CardForm,
  cardFormSchema,
  computeOrderTotals,
  emailSchema,
  type OrderTotals,
  orderAddressSchema,
  type ShippingMethod,
  testCardToken,
} from '@seamline/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import { z } from 'zod';
import { errorMessage, session } from '../../lib/api';
import { cart, useCart } from '../../lib/cart';
import { CART_PRICING_KEY, useCartPricing } from '../../lib/cart-pricing';
import { formatMoney } from '../../lib/format';
import { checkoutQueries } from './api';
import { type Attempt, placeAndPay } from './checkout-flow';
import { confirmedOrder, newIdempotencyKey } from './checkout-storage';
import { EMPTY_SHIPPING_ADDRESS } from './components/AddressFields';
import { EMPTY_CARD } from './components/CardFields';
import type { AppliedCoupon } from './components/CouponForm';
import { addressOf } from './components/SavedAddressPicker';

/** What the checkout form holds: the guest's e-mail, the shipping address and the card, as typed. */
export type CheckoutFormValues = { email: string; address: AddressInput; card: CardForm };

/** The shared schemas check the form on Pay; a signed-in customer's e-mail is their account's. */
const checkoutFormOf = (customer: boolean) =>
  z.object({ email: customer ? z.string() : emailSchema, address: orderAddressSchema, card: cardFormSchema });

export type CheckoutNotice = { tone: 'error' | 'info'; text: string };

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
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const user = session.readSession()?.user ?? null;
  const customer = user !== null;
  const lines = useCart();
  const schema = useMemo(() => checkoutFormOf(customer), [customer]);
  const form = useForm<CheckoutFormValues, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { email: user?.email ?? '', address: EMPTY_SHIPPING_ADDRESS, card: EMPTY_CARD },
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });

  const [savedId, setSavedId] = useState<string | null>(null);
  const [shippingMethod, setShippingMethod] = useState<ShippingMethod>('standard');
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [notice, setNotice] = useState<CheckoutNotice | null>(null);
  const [busy, setBusy] = useState(false);
  const [serverTotals, setServerTotals] = useState<OrderTotals | null>(null);
  const paying = useRef(false);
  const attempt = useRef<Attempt | null>(null);
  /** The shopper chose an address (or the default was filled in): the default is not filled in again. */
  const addressChosen = useRef(false);

  const pricing = useCartPricing(lines, shippingMethod);
  const priced = pricing.data?.priced ?? null;
  const problems = pricing.data?.problems.size ?? 0;
  const addresses = useQuery(checkoutQueries.savedAddresses(customer));

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

  async function placeAndConfirm(card: z.output<typeof cardFormSchema>, shownTotal: number) {
    paying.current = true;
    setBusy(true);
    setNotice(null);
    attempt.current ??= { orderKey: newIdempotencyKey(), payKey: newIdempotencyKey() };
    try {
      const outcome = await placeAndPay(
        {
          lines,
          email: form.getValues('email').trim().toLowerCase(),
          customer,
          address: form.getValues('address'),
          shippingMethod,
          couponCode: coupon?.code ?? null,
          shownTotal,
          cardToken: testCardToken(card),
        },
        attempt.current,
      );
      attempt.current = null;
      if (outcome.kind === 'paid') {
        confirmedOrder.save(outcome.order);
        cart.clear();
        navigate(`/confirmation/${outcome.order.orderNumber}`);
        return;
      }
      if (outcome.kind === 'total-changed') {
        setServerTotals(outcome.totals);
        await queryClient.invalidateQueries({ queryKey: CART_PRICING_KEY });
        setNotice({
          tone: 'info',
          text: `Prices changed since you opened checkout: your total is now ${formatMoney(outcome.totals.total)}. Check it and press Pay again.`,
        });
        return;
      }
      setNotice({
        tone: 'error',
        text: `${outcome.message} Order ${outcome.order.orderNumber} is saved: try another card.`,
      });
    } catch (failure) {
      // No answer (network): the same attempt is retried with the same keys; any answer ends the attempt.
      if (!(failure instanceof Error && 'status' in failure && failure.status === 0)) attempt.current = null;
      setNotice({ tone: 'error', text: errorMessage(failure, 'We could not reach the store. Please try again.') });
    } finally {
      paying.current = false;
      setBusy(false);
    }
  }

  /** Pay: checks the form (focusing the first field to fix), then places and pays the order once. */
  function pay(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (paying.current || !totals) return;
    const shownTotal = totals.total;
    void form.handleSubmit(
      (values) => placeAndConfirm(values.card, shownTotal),
      (errors) => {
        const id = firstInvalidId(errors);
        if (id) document.getElementById(id)?.focus();
      },
    )(event);
  }

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
    coupon,
    changeCoupon,
    pricing,
    priced,
    problems,
    totals,
    notice,
    busy,
    pay,
  };
}

export type Checkout = ReturnType<typeof useCheckout>;
