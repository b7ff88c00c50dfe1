import { Button, formatDate, formatMoney, Notice, OrderStatusBadge } from '@seamline/ui';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';
import { OrderLineImage, TrackingNumber } from '../../../components/OrderParts';
import { QueryState } from '../../../components/QueryState';
import { SectionHeading } from '../../../components/SectionHeading';
import { shopHref } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { orderQueries } from '../api';

/** /account/orders — the customer's orders, newest first, 10 a page (?page= in the URL). */
export function OrdersPage() {
  useDocumentTitle('Your orders');
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const orders = useQuery(orderQueries.list(page));

  return (
    <section>
      <SectionHeading title="Your orders" />
      {params.get('welcome') ? (
        <div className="mb-6">
          <Notice tone="success">Welcome! Your account is ready.</Notice>
        </div>
      ) : null}
      <QueryState query={orders} fallback="Your orders could not be loaded.">
        {({ orders: list, pagination }) =>
          list.length === 0 ? (
            <div className="rounded-md border border-dashed border-stone-300 p-8 text-center">
              <p className="font-medium">No orders yet</p>
              <p className="mt-1 text-sm text-stone-600">When you place an order, it shows up here.</p>
              <Button asChild className="mt-4">
                <Link href={shopHref('/')}>Start shopping</Link>
              </Button>
            </div>
          ) : (
            <>
              <ul className="flex flex-col gap-3">
                {list.map((order) => (
                  <li key={order.id} className="rounded-md border border-stone-200 p-4">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <Link href={`/orders/${order.id}`} className="font-semibold underline underline-offset-4">
                        Order {order.orderNumber}
                      </Link>
                      <OrderStatusBadge status={order.status} />
                    </div>
                    <p className="mt-1 text-sm text-stone-600">
                      {formatDate(order.createdAt)} · {order.itemCount} {order.itemCount === 1 ? 'item' : 'items'} ·{' '}
                      {formatMoney(order.total)}
                    </p>
                    <div className="mt-3 flex gap-2" aria-hidden>
                      {order.items.slice(0, 4).map((item) => (
                        <OrderLineImage key={item.id} item={item} />
                      ))}
                    </div>
                    {order.trackingNumber ? (
                      <p className="mt-1 text-sm">
                        Tracking: <TrackingNumber order={order} />
                      </p>
                    ) : null}
                  </li>
                ))}
              </ul>
              {pagination.pages > 1 ? (
                <nav aria-label="Order pages" className="mt-6 flex items-center justify-between text-sm">
                  <Button
                    type="button"
                    variant="outline"
                    disabled={page <= 1}
                    onClick={() => setParams({ page: String(page - 1) })}
                  >
                    Newer
                  </Button>
                  <span>
                    Page {page} of {pagination.pages}
                  </span>
                  <Button
                    type="button"
                    variant="outline"
                    disabled={page >= pagination.pages}
                    onClick={() => setParams({ page: String(page + 1) })}
                  >
                    Older
                  </Button>
                </nav>
              ) : null}
            </>
          )
        }
      </QueryState>
    </section>
  );
}
