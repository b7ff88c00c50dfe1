import { type OrderView, RETURNABLE_ORDER_STATUSES, returnRequestForm } from '@seamline/shared';
import { Button, Label, Notice, Select, Textarea } from '@seamline/ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { z } from 'zod';
import { OrderLineImage } from '../../../components/OrderParts';
import { QueryState } from '../../../components/QueryState';
import { SectionHeading } from '../../../components/SectionHeading';
import { SubmitForm } from '../../../components/SubmitForm';
import { ACCOUNT_QUERY_KEY } from '../../../lib/query-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useShopForm } from '../../../lib/use-shop-form';
import { orderQueries, requestReturn } from '../api';

// The shared schema accepts any quantity and coerces it; this form always hands it a number.
type ReturnRequest = z.output<typeof returnRequestForm>;

/**
 * The form as the shopper fills it (a box and a quantity per line, by the line's place in the order, and the reason),
 * checked as the shared return request: the ticked lines with their quantities.
 */
const returnFormOf = (order: OrderView) =>
  z
    .object({ reason: z.string(), chosen: z.array(z.boolean()), quantities: z.array(z.string()) })
    .transform(({ reason, chosen, quantities }) => ({
      reason,
      items: order.items
        .map((item, index) => ({ itemId: item.id, quantity: Number(quantities[index] ?? item.quantity) }))
        .filter((_, index) => chosen[index]),
    }))
    .pipe(returnRequestForm as z.ZodType<ReturnRequest, ReturnRequest>);

function ReturnForm({ order }: { order: OrderView }) {
  const [, navigate] = useLocation();
  const queryClient = useQueryClient();
  const ids = useId();
  const schema = useMemo(() => returnFormOf(order), [order]);
  const form = useShopForm(schema, {
    defaultValues: {
      reason: '',
      chosen: order.items.map(() => false),
      quantities: order.items.map((item) => String(item.quantity)),
    },
    fallback: 'The return request could not be sent.',
  });

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
      onSubmit={form.submit(
        (body) => requestReturn(order.id, body),
        async () => {
          await queryClient.invalidateQueries({ queryKey: ACCOUNT_QUERY_KEY });
          navigate(`/orders/${order.id}?returned=1`, { replace: true });
        },
      )}
    >
      <fieldset aria-describedby={form.errors.items ? `${ids}-items-error` : undefined}>
        <legend className="mb-2 font-semibold">Which items are you sending back?</legend>
        {form.errors.items ? (
          <p id={`${ids}-items-error`} className="mb-2 text-sm text-sale">
            {form.errors.items}
          </p>
        ) : null}
        <ul className="divide-y divide-stone-200 border-y border-stone-200">
          {order.items.map((item, index) => (
            <li key={item.id} className="flex flex-wrap items-center gap-4 py-4">
              <input
                id={`${ids}-${item.id}`}
                type="checkbox"
                {...form.register(`chosen.${index}`)}
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
                <Select {...form.register(`quantities.${index}`)} controlSize="xl">
                  {Array.from({ length: item.quantity }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </Select>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>
      <div>
        <Label htmlFor={`${ids}-reason`} className="mb-1 block">
          Reason for the return
        </Label>
        <Textarea
          id={`${ids}-reason`}
          {...form.register('reason')}
          rows={3}
          maxLength={500}
          aria-invalid={form.errors.reason ? true : undefined}
          aria-describedby={form.errors.reason ? `${ids}-reason-error` : undefined}
          className="text-base"
        />
        {form.errors.reason ? (
          <p id={`${ids}-reason-error`} className="mt-1 text-sm text-sale">
            {form.errors.reason}
          </p>
        ) : null}
      </div>
      <Button size="xl" type="submit" loading={form.pending} className="self-start">
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
