import type { OrderItemView, OrderTrackingView, OrderView } from '@seamline/shared';
import { formatDate, formatMoney } from '@seamline/ui';

/** The tracking number, as a link to the carrier when the order has one. */
export function TrackingNumber({ order }: { order: Pick<OrderView, 'trackingNumber' | 'trackingUrl'> }) {
  if (!order.trackingNumber) return null;
  return order.trackingUrl ? (
    <a href={order.trackingUrl} target="_blank" rel="noreferrer" className="underline underline-offset-4">
      {order.trackingNumber}
      <span className="sr-only"> (opens the carrier's tracking page)</span>
    </a>
  ) : (
    <span>{order.trackingNumber}</span>
  );
}

/** The order's lines as bought: picture, name, size and color, quantity and line total. */
export function OrderLines({ items }: { items: OrderItemView[] }) {
  return (
    <ul className="divide-y divide-stone-200 border-y border-stone-200">
      {items.map((item) => (
        <li key={item.id} className="flex gap-4 py-4">
          <OrderLineImage item={item} />
          <div className="min-w-0 flex-1">
            <p className="font-medium">{item.product.name}</p>
            <p className="text-sm text-stone-600">
              {item.size} · {item.color} · Qty {item.quantity}
            </p>
            <p className="text-sm text-stone-600">{formatMoney(item.price)} each</p>
          </div>
          <p className="font-medium">{formatMoney(item.total)}</p>
        </li>
      ))}
    </ul>
  );
}

export function OrderLineImage({ item }: { item: OrderItemView }) {
  const image = item.product.images[0];
  return image ? (
    <img
      src={image.original}
      alt=""
      width={64}
      height={80}
      className="h-20 w-16 shrink-0 rounded bg-stone-100 object-cover"
    />
  ) : (
    <div aria-hidden className="h-20 w-16 shrink-0 rounded bg-stone-100" />
  );
}

/**
 * Subtotal, discount, shipping, tax and total to the cent, as the server computed them (docs/domain.md § Domain rules).
 */
export function OrderTotals({ order }: { order: OrderView }) {
  const rows: [string, number][] = [
    ['Subtotal', order.subtotal],
    ...(order.discount > 0
      ? [[`Discount${order.couponCode ? ` (${order.couponCode})` : ''}`, -order.discount] as [string, number]]
      : []),
    ['Shipping', order.shipping],
    ['Tax', order.tax],
  ];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-y-1 text-sm">
      {rows.map(([label, amount]) => (
        <div key={label} className="contents">
          <dt className="text-stone-600">{label}</dt>
          <dd className="text-right">{formatMoney(amount)}</dd>
        </div>
      ))}
      <dt className="mt-2 border-t border-stone-200 pt-2 font-semibold">Total</dt>
      <dd className="mt-2 border-t border-stone-200 pt-2 text-right font-semibold">{formatMoney(order.total)}</dd>
    </dl>
  );
}

const TIMELINE_LABELS: Record<OrderTrackingView['timeline'][number]['event'], string> = {
  placed: 'Order placed',
  paid: 'Payment received',
  shipped: 'Shipped',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
  return_requested: 'Return requested',
  return_approved: 'Return approved',
  return_declined: 'Return declined',
};

/** Where the parcel is: its dated steps, newest last. */
export function TrackingTimeline({ tracking }: { tracking: OrderTrackingView }) {
  return (
    <ol className="flex flex-col gap-3 border-l-2 border-stone-200 pl-4">
      {tracking.timeline.map((step) => (
        <li key={`${step.event}-${step.at}`}>
          <p className="font-medium">{TIMELINE_LABELS[step.event]}</p>
          <p className="text-sm text-stone-600">{formatDate(step.at)}</p>
        </li>
      ))}
      {tracking.estimatedDelivery && !tracking.timeline.some((s) => s.event === 'delivered') ? (
        <li>
          <p className="font-medium">Estimated delivery</p>
          <p className="text-sm text-stone-600">{formatDate(tracking.estimatedDelivery)}</p>
        </li>
      ) : null}
    </ol>
  );
}

/** The postal address, one line each. */
export function AddressLines({ address }: { address: OrderView['shippingAddress'] }) {
  return (
    <address className="text-sm not-italic leading-6">
      {address.firstName} {address.lastName}
      <br />
      {address.street}
      <br />
      {address.city}, {address.state} {address.zipCode}
      <br />
      {address.country}
      <br />
      {address.phone}
    </address>
  );
}
