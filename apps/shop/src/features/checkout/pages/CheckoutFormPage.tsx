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
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { CheckoutButton, CheckoutSection, fieldErrors, Notice, TextField } from '../../../components/checkout/ui';
import { errorMessage, session } from '../../../lib/api';
import { cart, useCart } from '../../../lib/cart';
import { CART_PRICING_KEY, useCartPricing } from '../../../lib/cart-pricing';
import { formatMoney } from '../../../lib/format';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { checkoutQueries } from '../api';
import { type Attempt, placeAndPay } from '../checkout-flow';
import { confirmedOrder, newIdempotencyKey } from '../checkout-storage';
import { AddressFields, EMPTY_SHIPPING_ADDRESS } from '../components/AddressFields';
import { CardFields, EMPTY_CARD } from '../components/CardFields';
import { CheckoutSummary } from '../components/CheckoutSummary';
import { type AppliedCoupon, CouponForm } from '../components/CouponForm';
import { SavedAddressPicker } from '../components/SavedAddressPicker';
import { ShippingMethodPicker } from '../components/ShippingMethodPicker';

type Errors = Record<string, string>;

/** Checkout as a guest or signed in: contact, address, shipping, coupon, card, pay; then the confirmation. */
export default function CheckoutFormPage() {
  useDocumentTitle('Checkout');
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const user = session.readSession()?.user ?? null;
  const customer = user !== null;
  const lines = useCart();

  const [email, setEmail] = useState(user?.email ?? '');
  const [address, setAddress] = useState<AddressInput>(EMPTY_SHIPPING_ADDRESS);
  const [savedId, setSavedId] = useState<string | null>(null);
  const [shippingMethod, setShippingMethod] = useState<ShippingMethod>('standard');
  const [coupon, setCoupon] = useState<AppliedCoupon | null>(null);
  const [card, setCard] = useState<CardForm>(EMPTY_CARD);
  const [errors, setErrors] = useState<Errors>({});
  const [notice, setNotice] = useState<{ tone: 'error' | 'info'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [serverTotals, setServerTotals] = useState<OrderTotals | null>(null);
  const paying = useRef(false);
  const attempt = useRef<Attempt | null>(null);

  const pricing = useCartPricing(lines, shippingMethod);
  const priced = pricing.data?.priced ?? null;
  const problems = pricing.data?.problems.size ?? 0;
  const addresses = useQuery(checkoutQueries.savedAddresses(customer));

  // A customer starts from their default saved address.
  useEffect(() => {
    const saved = addresses.data?.find((a) => a.isDefault) ?? addresses.data?.[0];
    if (saved && savedId === null && address === EMPTY_SHIPPING_ADDRESS) {
      const { firstName, lastName, street, city, state, zipCode, country, phone } = saved;
      setSavedId(saved.id);
      setAddress({ firstName, lastName, street, city, state, zipCode, country, phone });
    }
  }, [addresses.data, savedId, address]);

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

  if (lines.length === 0)
    return (
      <div className="mx-auto max-w-xl py-12 text-center">
        <h1 className="text-2xl font-semibold tracking-tight">Checkout</h1>
        <p className="mt-2 text-stone-600">Your cart is empty.</p>
        <Link
          href="~/"
          className="mt-6 inline-flex min-h-11 items-center rounded-md bg-ink px-5 font-semibold text-white"
        >
          Continue shopping
        </Link>
      </div>
    );

  function validate(): { card: ReturnType<typeof cardFormSchema.parse> } | null {
    const found: Errors = {};
    if (!customer) {
      const checked = emailSchema.safeParse(email);
      if (!checked.success) found.email = checked.error.issues[0]!.message;
    }
    Object.assign(found, fieldErrors(orderAddressSchema.safeParse(address).error?.issues));
    const checkedCard = cardFormSchema.safeParse(card);
    Object.assign(found, fieldErrors(checkedCard.error?.issues));
    setErrors(found);
    const first = Object.keys(found)[0];
    if (first) {
      const id = first === 'email' ? 'email' : first in EMPTY_CARD ? `card-${first}` : `address-${first}`;
      document.getElementById(id)?.focus();
      return null;
    }
    return { card: checkedCard.data! };
  }

  async function pay() {
    if (paying.current || !totals) return;
    const checked = validate();
    if (!checked) return;
    paying.current = true;
    setBusy(true);
    setNotice(null);
    attempt.current ??= { orderKey: newIdempotencyKey(), payKey: newIdempotencyKey() };
    try {
      const outcome = await placeAndPay(
        {
          lines,
          email: email.trim().toLowerCase(),
          customer,
          address,
          shippingMethod,
          couponCode: coupon?.code ?? null,
          shownTotal: totals.total,
          cardToken: testCardToken(checked.card),
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

  const changeInputs =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      setServerTotals(null);
      set(value);
    };

  return (
    <div className="grid gap-8 lg:grid-cols-[1fr_24rem]">
      {/* Phones: the summary folds away above the form (its total stays in view); wide screens: a side column. */}
      <details className="rounded-lg bg-stone-50 lg:hidden">
        <summary className="flex min-h-11 cursor-pointer items-center justify-between gap-3 px-4 py-3 font-medium">
          <span>Show order summary</span>
          <span className="font-semibold">{totals ? formatMoney(totals.total) : ''}</span>
        </summary>
        <div className="px-4 pb-4">
          <CheckoutSummary lines={lines} pricing={priced} totals={totals} couponCode={coupon?.code} />
        </div>
      </details>
      <aside
        aria-labelledby="summary-heading"
        className="hidden h-fit rounded-lg bg-stone-50 p-5 lg:sticky lg:top-20 lg:order-last lg:block"
      >
        <h2 id="summary-heading" className="mb-4 text-lg font-semibold">
          Order summary
        </h2>
        <CheckoutSummary lines={lines} pricing={priced} totals={totals} couponCode={coupon?.code} />
      </aside>
      <form
        noValidate
        aria-labelledby="checkout-heading"
        className="space-y-6"
        onSubmit={(event) => {
          event.preventDefault();
          void pay();
        }}
      >
        <h1 id="checkout-heading" className="text-2xl font-semibold tracking-tight">
          Checkout
        </h1>
        {problems > 0 ? (
          <Notice tone="error">
            Some items in your cart need attention.{' '}
            <Link href="~/cart" className="underline">
              Review your cart
            </Link>
          </Notice>
        ) : null}
        {pricing.isError ? (
          <Notice tone="error">{errorMessage(pricing.error, 'We could not price your cart.')}</Notice>
        ) : null}
        <CheckoutSection title="Contact" id="contact-heading">
          {customer ? (
            <p className="text-sm">
              Signed in as <span className="font-medium">{user.email}</span>
            </p>
          ) : (
            <>
              <TextField
                id="email"
                label="E-mail"
                type="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
                error={errors.email}
              />
              <p className="mt-2 text-sm text-stone-600">
                Have an account?{' '}
                <Link href="~/account/sign-in" className="underline">
                  Sign in
                </Link>
              </p>
            </>
          )}
        </CheckoutSection>
        <CheckoutSection title="Shipping address" id="address-heading">
          {addresses.data && addresses.data.length > 0 ? (
            <SavedAddressPicker
              addresses={addresses.data}
              selected={savedId}
              onSelect={(id, saved) => {
                setSavedId(id);
                setAddress(saved ?? { ...EMPTY_SHIPPING_ADDRESS, country: address.country });
              }}
            />
          ) : null}
          {savedId === null ? <AddressFields value={address} onChange={setAddress} errors={errors} /> : null}
        </CheckoutSection>
        <CheckoutSection title="Shipping method" id="shipping-heading">
          {priced ? (
            <ShippingMethodPicker
              methods={priced.methods}
              value={shippingMethod}
              onChange={changeInputs(setShippingMethod)}
              freeShipping={coupon?.freeShipping ?? false}
            />
          ) : (
            <p className="text-sm text-stone-600">Pricing your cart…</p>
          )}
        </CheckoutSection>
        <CheckoutSection title="Discount" id="coupon-heading">
          <CouponForm
            subtotal={priced?.subtotal ?? 0}
            customer={customer}
            applied={coupon}
            onApplied={changeInputs(setCoupon)}
          />
        </CheckoutSection>
        <CheckoutSection title="Payment" id="payment-heading">
          <CardFields value={card} onChange={setCard} errors={errors} />
        </CheckoutSection>
        <div aria-live="assertive">{notice ? <Notice tone={notice.tone}>{notice.text}</Notice> : null}</div>
        <CheckoutButton type="submit" className="w-full" disabled={busy || !totals || problems > 0} aria-busy={busy}>
          {busy ? 'Processing…' : totals ? `Pay ${formatMoney(totals.total)}` : 'Pay'}
        </CheckoutButton>
      </form>
    </div>
  );
}
