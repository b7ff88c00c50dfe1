import { CUSTOMER_CANCELLABLE_STATUSES, type OrderView, RETURNABLE_ORDER_STATUSES } from '@seamline/shared';
import { Button, ConfirmDialog, formatDate, Notice, OrderStatusBadge } from '@seamline/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'wouter';
import {
  AddressLines,
  OrderLines,
  OrderTotals,
  TrackingNumber,
  TrackingTimeline,
} from '../../../components/OrderParts';
import { PickupPlace } from '../../../components/PickupPlace';
import { QueryState } from '../../../components/QueryState';
import { SectionHeading } from '../../../components/SectionHeading';
import { errorMessage } from '../../../lib/api';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { cancelOrder, orderQueries } from '../api';

/** Cancelling while the order is still pending or confirmed (the server frees the stock and the coupon use). */
function CancelOrder({ order }: { order: OrderView }) {
  const [open, setOpen] = useState(false);
  const queryClient = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => cancelOrder(order.id),
    onSuccess: () => {
      setOpen(false);
      void queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
    },
  });
  return (
    <>
      <Button size="xl" type="button" variant="outline" onClick={() => setOpen(true)}>
        Cancel order
      </Button>
      <Notice tone="error">
        {cancel.isError ? errorMessage(cancel.error, 'The order could not be cancelled.') : ''}
      </Notice>
      <ConfirmDialog
        cancelLabel="Keep it"
        open={open}
        title={`Cancel order ${order.orderNumber}?`}
        confirmLabel="Cancel order"
        pending={cancel.isPending}
        onConfirm={() => cancel.mutate()}
        onOpenChange={setOpen}
      >
        The order will not be sent and any payment is refunded to your card.
      </ConfirmDialog>
    </>
  );
}

/** A delivered order's products, each with a link to review it (the size bought comes along). */
function ReviewLinks({ order }: { order: OrderView }) {
  const lines = order.items.filter(
    (item, i, all) => item.productId && all.findIndex((other) => other.productId === item.productId) === i,
  );
  if (lines.length === 0) return null;
  return (
    <div className="mt-6">
      <h2 className="mb-2 text-lg font-semibold">Review your items</h2>
      <ul className="flex flex-col gap-2">
        {lines.map((item) => (
          <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span>{item.product.name}</span>
            <Button asChild variant="outline" size="sm">
              <Link href={`/reviews/new?${new URLSearchParams({ product: item.productId!, size: item.size })}`}>
                Write a review<span className="sr-only"> of {item.product.name}</span>
              </Link>
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}

function OrderDetail({ order }: { order: OrderView }) {
  const [params] = useSearchParams();
  const tracking = useQuery(orderQueries.tracking(order.id));
  const returnable = RETURNABLE_ORDER_STATUSES.includes(order.status) && !order.refundReason;
  return (
    <>
      <SectionHeading title={`Order ${order.orderNumber}`} action={<OrderStatusBadge status={order.status} />} />
      {params.get('returned') ? (
        <div className="mb-6">
          <Notice tone="success">Your return request was sent. We will e-mail you when it is approved.</Notice>
        </div>
      ) : null}
      <p className="text-sm text-stone-600">Placed on {formatDate(order.createdAt)}</p>
      {order.refundReason ? (
        <p className="mt-2 text-sm">
          Return requested: <span className="text-stone-600">{order.refundReason}</span>
        </p>
      ) : null}
      {order.cancelledAt ? <p className="mt-2 text-sm">Cancelled on {formatDate(order.cancelledAt)}</p> : null}
      <div className="mt-4 flex flex-wrap gap-3">
        {CUSTOMER_CANCELLABLE_STATUSES.includes(order.status) ? <CancelOrder order={order} /> : null}
        {returnable ? (
          <Button asChild variant="outline" size="xl">
            <Link href={`/orders/${order.id}/return`}>Request a return</Link>
          </Button>
        ) : null}
      </div>
      <div className="mt-8 grid gap-8 lg:grid-cols-[1fr_18rem]">
        <div>
          <h2 className="mb-2 text-lg font-semibold">Items</h2>
          <OrderLines items={order.items} />
          <div className="mt-4 sm:ml-auto sm:max-w-xs">
            <OrderTotals order={order} />
          </div>
          {order.status === 'delivered' ? <ReviewLinks order={order} /> : null}
        </div>
        <div className="flex flex-col gap-6">
          <div>
            <h2 className="mb-2 text-lg font-semibold">Delivery</h2>
            {order.shippingMethod === 'pickup' ? (
              <div className="mb-3">
                <PickupPlace locationId={order.pickupLocationId} />
              </div>
            ) : null}
            {order.trackingNumber ? (
              <p className="mb-3 text-sm">
                Tracking number: <TrackingNumber order={order} />
              </p>
            ) : null}
            {tracking.data ? <TrackingTimeline tracking={tracking.data} /> : null}
          </div>
          <div>
            <h2 className="mb-2 text-lg font-semibold">
              {order.shippingMethod === 'pickup' ? 'Contact address' : 'Shipping address'}
            </h2>
            <AddressLines address={order.shippingAddress} />
          </div>
        </div>
      </div>
    </>
  );
}

/** /account/orders/:id — one order: lines, totals, delivery, and cancel or return while allowed. */
export function OrderDetailPage() {
  const { id = '' } = useParams<{ id: string }>();
  const order = useQuery(orderQueries.detail(id));
  useDocumentTitle(order.data ? `Order ${order.data.orderNumber}` : 'Order');
  return (
    <section>
      <Link href="/orders" className="mb-4 inline-block text-sm underline underline-offset-4">
        ← All orders
      </Link>
      <QueryState query={order} fallback="This order could not be loaded.">
        {(data) => <OrderDetail order={data} />}
      </QueryState>
    </section>
  );
}
