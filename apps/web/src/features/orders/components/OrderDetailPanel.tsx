import { type OrderView, PAYMENT_METHOD_LABELS } from '@seamline/shared';
import { Avatar, Button, Card, CardContent, formatDateTime, formatMoney } from '@seamline/ui';
import { Eye, Pencil, Settings2, Trash2 } from 'lucide-react';
import { customerName, itemCount } from '../order-display';
import { LineLocation } from './LineLocation';
import { DetailRow, DetailTile, type OrderActionHandlers, PaymentBadge, StatusBadge } from './OrderBits';

/** The sidebar view's right side: everything about one order, with its actions. */
export function OrderDetailPanel({ order, handlers }: { order: OrderView; handlers: OrderActionHandlers }) {
  const address = order.shippingAddress;
  return (
    <Card>
      <CardContent className="flex flex-col gap-6 p-6">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex items-center gap-3">
            <Avatar seed={order.email ?? order.id} name={customerName(order)} size={44} />
            <div>
              <h2 className="font-mono text-lg font-semibold text-slate-900">{order.orderNumber}</h2>
              <p className="text-sm text-slate-700">
                {customerName(order)}
                {order.isGuest ? <span className="ml-1 text-xs text-slate-400">(Guest)</span> : null}
              </p>
              <p className="text-xs text-slate-500">{order.customer?.email ?? 'Guest Order'}</p>
            </div>
          </div>
          <div className="flex flex-wrap gap-2">
            <StatusBadge order={order} />
            <PaymentBadge order={order} />
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button size="sm" variant="outline" onClick={() => handlers.onEdit(order)}>
            <Pencil /> Edit
          </Button>
          <Button size="sm" variant="outline" onClick={() => handlers.onManageStatus(order)}>
            <Settings2 /> Manage Status
          </Button>
          <Button size="sm" variant="outline" onClick={() => handlers.onViewDetails(order)}>
            <Eye /> View Details
          </Button>
          <Button size="sm" variant="destructive" onClick={() => handlers.onDelete(order)}>
            <Trash2 /> Delete
          </Button>
        </div>
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          <DetailTile label="Items" value={itemCount(order)} />
          <DetailTile label="Subtotal" value={formatMoney(order.subtotal)} />
          <DetailTile label="Tax" value={formatMoney(order.tax)} />
          <DetailTile label="Total" value={formatMoney(order.total)} />
        </div>
        <div className="grid gap-6 md:grid-cols-2">
          <section>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Order Summary</h3>
            <dl className="divide-y divide-slate-100">
              <DetailRow label="Order Date" value={formatDateTime(order.createdAt)} />
              <DetailRow label="Total" value={formatMoney(order.total)} />
              <DetailRow label="Items" value={itemCount(order)} />
              <DetailRow label="Subtotal" value={formatMoney(order.subtotal)} />
              <DetailRow label="Shipping" value={formatMoney(order.shipping)} />
              <DetailRow label="Payment Method" value={PAYMENT_METHOD_LABELS[order.paymentMethod]} />
              <DetailRow label="Discount" value={formatMoney(order.discount)} />
              <DetailRow label="Tax" value={formatMoney(order.tax)} />
            </dl>
          </section>
          <section>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Items</h3>
            <ul className="divide-y divide-slate-100">
              {order.items.map((item) => (
                <li key={item.id} className="flex justify-between gap-3 py-2 text-sm">
                  <div className="min-w-0">
                    <p className="font-medium text-slate-900">{item.product.name}</p>
                    <p className="text-xs text-slate-500">
                      Size: {item.size} · Color: {item.color}
                      {item.variantSku ? (
                        <>
                          {' '}
                          · SKU: <span className="font-mono">{item.variantSku}</span>
                        </>
                      ) : null}
                    </p>
                    <LineLocation order={order} item={item} />
                  </div>
                  <span className="shrink-0 text-slate-700">
                    {item.quantity} x {formatMoney(item.price)}
                  </span>
                </li>
              ))}
            </ul>
          </section>
          <section>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Customer Information</h3>
            <dl className="divide-y divide-slate-100">
              <DetailRow label="Name" value={customerName(order)} />
              <DetailRow label="Email" value={order.email ?? 'Guest Order'} />
              <DetailRow label="Phone" value={address.phone} />
              <DetailRow
                label="Status"
                value={
                  <span className="flex gap-1">
                    <StatusBadge order={order} />
                    <PaymentBadge order={order} />
                  </span>
                }
              />
            </dl>
          </section>
          <section>
            <h3 className="mb-2 text-sm font-semibold text-slate-900">Shipping Address</h3>
            <address className="text-sm leading-6 text-slate-700 not-italic">
              {address.firstName} {address.lastName}
              <br />
              {address.street}
              <br />
              {address.city}, {address.state} {address.zipCode}
              <br />
              {address.country}
            </address>
          </section>
        </div>
      </CardContent>
    </Card>
  );
}
