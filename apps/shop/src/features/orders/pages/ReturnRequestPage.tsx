import { type OrderView, RETURNABLE_ORDER_STATUSES, returnRequestForm } from '@seamline/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { SubmitForm } from '../../../components/account/SubmitForm';
import { Button } from '../../../components/Button';
import { Notice } from '../../../components/Notice';
import { OrderLineImage } from '../../../components/OrderParts';
import { QueryState } from '../../../components/QueryState';
import { SectionHeading } from '../../../components/SectionHeading';
import { useFormSubmit } from '../../../lib/account/use-form-submit';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { orderQueries, requestReturn } from '../api';

/** The chosen lines (ticked) with their quantities, and the reason. */
function readReturnForm(form: HTMLFormElement, order: OrderView) {
  const data = new FormData(form);
  return {
    reason: String(data.get('reason') ?? ''),
    items: order.items
      .filter((item) => data.get(`return-${item.id}`) === 'on')
      .map((item) => ({ itemId: item.id, quantity: Number(data.get(`quantity-${item.id}`) ?? item.quantity) })),
  };
}

function ReturnForm({ order }: { order: OrderView }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const ids = useId();
  const form = useFormSubmit(
    returnRequestForm,
    (body) => requestReturn(order.id, body),
    'The return request could not be sent.',
  );

  if (!RETURNABLE_ORDER_STATUSES.includes(order.status) || order.refundReason)
    return (
      <Notice tone="info">
        {order.refundReason
          ? 'A return has already been requested for this order.'
          : 'Returns can be requested once the order has shipped.'}
      </Notice>
    );

  return (
    <SubmitForm
      form={form}
      className="flex flex-col gap-6"
      read={(element) => readReturnForm(element, order)}
      onSubmitted={async () => {
        await queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
        navigate(`/orders/${order.id}?returned=1`, { replace: true });
      }}
    >
      <fieldset aria-describedby={form.errors.items ? `${ids}-items-error` : undefined}>
        <legend className="mb-2 font-semibold">Which items are you sending back?</legend>
        {form.errors.items ? (
          <p id={`${ids}-items-error`} className="mb-2 text-sm text-sale">
            {form.errors.items}
          </p>
        ) : null}
        <ul className="divide-y divide-stone-200 border-y border-stone-200">
          {order.items.map((item) => (
            <li key={item.id} className="flex flex-wrap items-center gap-4 py-4">
              <input
                id={`${ids}-${item.id}`}
                type="checkbox"
                name={`return-${item.id}`}
                aria-invalid={form.errors.items ? true : undefined}
                className="size-5 accent-ink"
              />
              <OrderLineImage item={item} />
              <label htmlFor={`${ids}-${item.id}`} className="min-w-0 flex-1">
                <span className="block font-medium">{item.product.name}</span>
                <span className="block text-sm text-stone-600">
                  {item.size} · {item.color} · bought {item.quantity}
                </span>
              </label>
              <label className="flex items-center gap-2 text-sm">
                Quantity
                <select
                  name={`quantity-${item.id}`}
                  defaultValue={item.quantity}
                  className="h-11 rounded-md border border-stone-400 bg-white px-2"
                >
                  {Array.from({ length: item.quantity }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div>
        <label htmlFor={`${ids}-reason`} className="mb-1 block text-sm font-medium">
          Reason for the return
        </label>
        <textarea
          id={`${ids}-reason`}
          name="reason"
          rows={3}
          maxLength={500}
          aria-invalid={form.errors.reason ? true : undefined}
          aria-describedby={form.errors.reason ? `${ids}-reason-error` : undefined}
          className="block w-full rounded-md border border-stone-400 p-3 text-base"
        />
        {form.errors.reason ? (
          <p id={`${ids}-reason-error`} className="mt-1 text-sm text-sale">
            {form.errors.reason}
          </p>
        ) : null}
      </div>
      <Button type="submit" busy={form.pending} className="self-start">
        Send return request
      </Button>
    </SubmitForm>
  );
}

/** /account/orders/:id/return — choose the items and quantities to send back and say why. */
export function ReturnRequestPage() {
  const { id = '' } = useParams<{ id: string }>();
  const order = useQuery(orderQueries.detail(id));
  useDocumentTitle('Request a return');
  return (
    <section>
      <Link href={`/orders/${id}`} className="mb-4 inline-block text-sm underline underline-offset-4">
        ← Back to the order
      </Link>
      <SectionHeading title="Request a return" />
      <QueryState query={order} fallback="This order could not be loaded.">
        {(data) => (
          <>
            <p className="mb-6 text-sm text-stone-600">Order {data.orderNumber}</p>
            <ReturnForm order={data} />
          </>
        )}
      </QueryState>
    </section>
  );
}
