import type { BankTransferInstructionsView } from '@seamline/shared';
import { Button, formatMoney } from '@seamline/ui';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'wouter';
import { LineImage } from '../../../components/checkout/LineImage';
import { TotalsList } from '../../../components/checkout/TotalsList';
import { PickupPlace } from '../../../components/PickupPlace';
import { shopHref } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { confirmedOrder } from '../checkout-storage';
import { usePaymentConfirmation } from '../use-payment-confirmation';

/** "Wednesday, 9 December 2026" */
const longDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** Where to send the money, the reference to write on the transfer, and the deadline, shown first and large. */
function BankTransferDetails({ bank }: { bank: BankTransferInstructionsView }) {
  const rows: [string, string][] = [
    ['Account name', bank.accountName],
    ['IBAN', bank.iban],
    ...(bank.bic ? [['BIC', bank.bic] as [string, string]] : []),
    ...(bank.bankName ? [['Bank', bank.bankName] as [string, string]] : []),
    ['Amount', formatMoney(bank.amount)],
  ];
  return (
    <section
      aria-labelledby="transfer-heading"
      className="rounded-lg border-2 border-ink p-5"
      data-testid="bank-transfer-details"
    >
      <h2 id="transfer-heading" className="text-lg font-semibold">
        Pay by bank transfer
      </h2>
      <p className="mt-1 text-sm text-stone-600">Write the reference exactly as shown so we can match your payment.</p>
      <p className="mt-4 text-sm text-stone-600">Reference</p>
      <p className="font-mono text-3xl font-semibold tracking-wider" data-testid="payment-reference">
        {bank.reference}
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-stone-600">{label}</dt>
            <dd className="font-medium">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-4 font-medium" data-testid="payment-deadline">
        Pay by {longDate(bank.dueAt)}. If the transfer has not arrived by then, the order is cancelled.
      </p>
    </section>
  );
}

/** A card payment Stripe took, until the store has it; a PayPal payment PayPal is reviewing. */
function PaymentProgressNote({ state }: { state: 'confirming' | 'slow' | 'pending' }) {
  const text = {
    confirming: 'Your payment was accepted and we are confirming it with your bank. This usually takes a few seconds.',
    slow: 'Your payment is still being confirmed. We e-mail you as soon as it is; you can also track your order.',
    pending:
      'Your PayPal payment is pending while PayPal reviews it. We e-mail you as soon as it is complete; you do not need to pay again.',
  }[state];
  return (
    <p className="rounded-lg border border-stone-200 p-5 font-medium" role="status" data-testid="payment-progress">
      {text}
    </p>
  );
}

/**
 * After checkout: the order number, how to pay when it is not paid yet (bank details and reference for a transfer, a
 * note for cash on delivery), a card payment still being confirmed (the page checks the order until it is paid) or a
 * PayPal payment pending, what was bought, where it goes (or the shop it is picked up at), the totals, and how to track it.
 */
export default function ConfirmationPage() {
  const { orderNumber = '' } = useParams<{ orderNumber: string }>();
  useDocumentTitle(`Order ${orderNumber} confirmed`);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const order = confirmedOrder.read(orderNumber);
  const confirmation = usePaymentConfirmation(order);
  const email = order?.email ?? order?.guestEmail ?? null;
  const bank = order?.bankTransfer ?? null;
  const progress =
    order?.payment === 'pending'
      ? 'pending'
      : confirmation === 'confirming' || confirmation === 'slow'
        ? confirmation
        : null;
  const placedOnly = bank !== null || progress !== null;

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <div>
        <p className="text-sm text-stone-600">Thank you for your order</p>
        <h1 ref={heading} tabIndex={-1} className="text-2xl font-semibold tracking-tight outline-none">
          Order <span data-testid="order-number">{orderNumber}</span> is {placedOnly ? 'placed' : 'confirmed'}
        </h1>
        <p className="mt-2 text-stone-600">
          {email ? `Your receipt and shipping updates go to ${email}. ` : ''}Keep your order number to track it.
        </p>
      </div>
      {progress ? <PaymentProgressNote state={progress} /> : null}
      {bank ? <BankTransferDetails bank={bank} /> : null}
      {order?.paymentMethod === 'cash' ? (
        <p className="rounded-lg border border-stone-200 p-5 font-medium" data-testid="cash-on-delivery">
          You pay {formatMoney(order.total)} in cash on delivery, when the courier hands you the parcel.
        </p>
      ) : null}
      {order ? (
        <>
          <section aria-labelledby="items-heading" className="rounded-lg border border-stone-200 p-5">
            <h2 id="items-heading" className="mb-3 text-lg font-semibold">
              Items
            </h2>
            <ul className="space-y-3">
              {order.items.map((item) => (
                <li key={item.id} className="flex items-center gap-3 text-sm">
                  <LineImage src={item.product.images[0]?.original} alt="" />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">{item.product.name}</p>
                    <p className="text-stone-600">
                      {item.size} / {item.color} · Qty {item.quantity} · {formatMoney(item.price)} each
                    </p>
                  </div>
                  <p className="font-medium">{formatMoney(item.total)}</p>
                </li>
              ))}
            </ul>
            <div className="mt-4 border-t border-stone-200 pt-4">
              <TotalsList totals={order} couponCode={order.couponCode} />
            </div>
          </section>
          <section aria-labelledby="ship-heading" className="rounded-lg border border-stone-200 p-5 text-sm">
            {order.shippingMethod === 'pickup' ? (
              <>
                <h2 id="ship-heading" className="mb-2 text-lg font-semibold">
                  Pickup
                </h2>
                <PickupPlace locationId={order.pickupLocationId} />
              </>
            ) : (
              <>
                <h2 id="ship-heading" className="mb-2 text-lg font-semibold">
                  Shipping to
                </h2>
                <p>
                  {order.shippingAddress.firstName} {order.shippingAddress.lastName}
                  <br />
                  {order.shippingAddress.street}, {order.shippingAddress.city}, {order.shippingAddress.state}{' '}
                  {order.shippingAddress.zipCode}, {order.shippingAddress.country}
                </p>
              </>
            )}
          </section>
        </>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button asChild variant="outline" size="xl" className="text-base">
          <Link
            href={shopHref(
              `/track?order=${encodeURIComponent(orderNumber)}${email ? `&email=${encodeURIComponent(email)}` : ''}`,
            )}
          >
            Track your order
          </Link>
        </Button>
        <Button asChild size="xl" className="text-base">
          <Link href={shopHref('/')}>Continue shopping</Link>
        </Button>
      </div>
    </div>
  );
}
