import { type OrderTrackingView, type OrderView, trackOrderForm } from '@seamline/shared';
import { Button, formatDate, OrderStatusBadge, TextField } from '@seamline/ui';
import { useState } from 'react';
import { useSearchParams } from 'wouter';
import { OrderLines, OrderTotals, TrackingNumber, TrackingTimeline } from '../../../components/OrderParts';
import { SubmitForm } from '../../../components/SubmitForm';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useShopForm } from '../../../lib/use-shop-form';
import { trackOrder } from '../api';

type Tracked = { order: OrderView; tracking: OrderTrackingView };

function TrackedOrder({ order, tracking }: Tracked) {
  return (
    <section aria-labelledby="tracked-heading" className="mt-10 grid gap-8 lg:grid-cols-[1fr_18rem]">
      <div>
        <div className="flex flex-wrap items-center gap-3">
          <h2 id="tracked-heading" className="text-xl font-semibold">
            Order {order.orderNumber}
          </h2>
          <OrderStatusBadge status={order.status} />
        </div>
        <p className="mb-4 text-sm text-stone-600">Placed on {formatDate(order.createdAt)}</p>
        <OrderLines items={order.items} />
        <div className="mt-4 sm:ml-auto sm:max-w-xs">
          <OrderTotals order={order} />
        </div>
      </div>
      <div>
        <h3 className="mb-2 text-lg font-semibold">Delivery</h3>
        {order.trackingNumber ? (
          <p className="mb-3 text-sm">
            Tracking number: <TrackingNumber order={order} />
          </p>
        ) : (
          <p className="mb-3 text-sm text-stone-600">A tracking number is added when the parcel ships.</p>
        )}
        <TrackingTimeline tracking={tracking} />
      </div>
    </section>
  );
}

/**
 * /track — a guest's order by its number and the e-mail it was placed with (?order= fills the number, e.g. from the
 * confirmation mail; the e-mail is never put in the URL). A wrong number and a wrong e-mail get the same answer.
 */
export default function TrackOrderPage() {
  useDocumentTitle('Track your order');
  const [params] = useSearchParams();
  const [found, setFound] = useState<Tracked | null>(null);
  const form = useShopForm(trackOrderForm, {
    defaultValues: { orderNumber: params.get('order') ?? '', email: '' },
    fallback: 'The order could not be looked up. Please try again.',
  });
  const lookUp = form.submit(trackOrder, setFound);
  return (
    <div className="py-6">
      <div className="max-w-md">
        <h1 className="text-3xl font-semibold tracking-tight">Track your order</h1>
        <p className="mt-2 text-stone-600">
          Enter the order number from your confirmation e-mail and the e-mail address you ordered with.
        </p>
        <SubmitForm
          form={form}
          className="mt-6 flex flex-col gap-4"
          onSubmit={(event) => {
            setFound(null);
            return lookUp(event);
          }}
        >
          <TextField
            label="Order number"
            autoComplete="off"
            error={form.errors.orderNumber}
            {...form.register('orderNumber')}
          />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            error={form.errors.email}
            {...form.register('email')}
          />
          <Button size="xl" type="submit" loading={form.pending}>
            Track order
          </Button>
        </SubmitForm>
      </div>
      {found ? <TrackedOrder {...found} /> : null}
    </div>
  );
}
