import { type OrderAddressInput, type OrderView, PAYMENT_METHOD_LABELS } from '@seamline/shared';
import {
  Badge,
  Button,
  capitalize,
  Dialog,
  DialogContent,
  formatDate,
  formatDateTime,
  formatMoney,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@seamline/ui';
import { Banknote, ExternalLink, Package, Printer } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { customerName, itemCount } from '../order-display';
import { packingSlipsPath } from '../packing-slips-api';
import { LineLocation } from './LineLocation';
import { DetailRow, DetailTile, PaymentBadge, StatusBadge } from './OrderBits';
import { PaymentsTab } from './PaymentsTab';
import { RecordPaymentDialog, recordsPayments } from './RecordPaymentDialog';
import { ReturnsTab, ReturnTimelineItems } from './ReturnsTab';

/** A bank transfer's reference and deadline (the rows are left out for other orders). */
function TransferRows({ order }: { order: OrderView }) {
  if (!order.paymentReference) return null;
  return (
    <>
      <DetailRow label="Bank Reference" value={<span className="font-mono">{order.paymentReference}</span>} />
      <DetailRow label="Payment Due" value={formatDateTime(order.paymentDueAt, '—')} />
    </>
  );
}

function Address({ title, address }: { title: string; address: OrderAddressInput }) {
  return (
    <section>
      <h4 className="mb-2 text-sm font-semibold text-slate-900">{title}</h4>
      <dl className="divide-y divide-slate-100">
        <DetailRow label="Name" value={`${address.firstName} ${address.lastName}`} />
        <DetailRow label="Street" value={address.street} />
        <DetailRow label="City" value={address.city} />
        <DetailRow label="State" value={address.state} />
        <DetailRow label="ZIP Code" value={address.zipCode} />
        <DetailRow label="Country" value={address.country} />
        <DetailRow label="Phone" value={address.phone} />
      </dl>
    </section>
  );
}

function Pricing({ order }: { order: OrderView }) {
  return (
    <dl className="divide-y divide-slate-100">
      <DetailRow label="Subtotal" value={formatMoney(order.subtotal)} />
      <DetailRow label="Tax" value={formatMoney(order.tax)} />
      <DetailRow label="Shipping" value={formatMoney(order.shipping)} />
      {order.discount > 0 ? <DetailRow label="Discount" value={`-${formatMoney(order.discount)}`} /> : null}
      <DetailRow label="Total" value={formatMoney(order.total)} />
    </dl>
  );
}

/** The order detail viewer: header, summary tiles and the tabs Overview, Details, Payments (the
 * payment timeline and refunds), Items, Tracking, Analytics, Returns. */
export function OrderDetailsDialog({
  order,
  onOpenChange,
  onOrderChange,
}: {
  order: OrderView | null;
  onOpenChange: (open: boolean) => void;
  /** A return decided in the Returns tab, or a refund in the Payments tab, hands back the order as it now stands. */
  onOrderChange: (order: OrderView) => void;
}) {
  const [recording, setRecording] = useState(false);
  return (
    <Dialog open={order !== null} onOpenChange={onOpenChange}>
      {order ? (
        <DialogContent
          size="xl"
          title={order.orderNumber}
          description={`${customerName(order)}${order.isGuest ? ' (Guest)' : ''} · ${order.email ?? 'Guest Order'}`}
        >
          <div className="mb-5 grid grid-cols-2 gap-3 sm:grid-cols-4">
            <DetailTile label="Total" value={formatMoney(order.total)} />
            <DetailTile label="Items" value={itemCount(order)} />
            <DetailTile label="Status" value={<StatusBadge order={order} />} />
            <DetailTile label="Payment" value={<PaymentBadge order={order} />} />
          </div>
          <div className="mb-4 flex justify-end gap-2">
            {recordsPayments(order) ? (
              <Button size="sm" onClick={() => setRecording(true)}>
                <Banknote /> Record payment
              </Button>
            ) : null}
            <Button asChild size="sm" variant="outline">
              <Link to={packingSlipsPath([order.id])}>
                <Printer /> Print packing slip
              </Link>
            </Button>
          </div>
          <Tabs defaultValue="overview">
            <TabsList aria-label="Order details">
              <TabsTrigger value="overview">Overview</TabsTrigger>
              <TabsTrigger value="details">Details</TabsTrigger>
              <TabsTrigger value="payments">Payments</TabsTrigger>
              <TabsTrigger value="items">Items</TabsTrigger>
              <TabsTrigger value="tracking">Tracking</TabsTrigger>
              <TabsTrigger value="analytics">Analytics</TabsTrigger>
              <TabsTrigger value="returns">Returns</TabsTrigger>
            </TabsList>
            <TabsContent value="overview" className="pt-4">
              <div className="grid gap-6 md:grid-cols-2">
                <dl className="divide-y divide-slate-100">
                  <DetailRow label="Order Number" value={<span className="font-mono">{order.orderNumber}</span>} />
                  <DetailRow label="Customer" value={customerName(order)} />
                  <DetailRow label="Order Date" value={formatDateTime(order.createdAt)} />
                  <DetailRow label="Payment Method" value={PAYMENT_METHOD_LABELS[order.paymentMethod]} />
                  <TransferRows order={order} />
                  <DetailRow label="Total Items" value={itemCount(order)} />
                  <DetailRow
                    label="Status"
                    value={
                      <span className="flex justify-end gap-1">
                        <StatusBadge order={order} />
                        <PaymentBadge order={order} />
                      </span>
                    }
                  />
                  {order.trackingNumber ? (
                    <DetailRow label="Tracking" value={<Badge variant="info">{order.trackingNumber}</Badge>} />
                  ) : null}
                </dl>
                <div>
                  <h4 className="mb-2 text-sm font-semibold text-slate-900">Summary</h4>
                  <Pricing order={order} />
                  {order.notes ? (
                    <div className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
                      <p className="font-medium">Order Notes</p>
                      <p>{order.notes}</p>
                    </div>
                  ) : null}
                </div>
              </div>
            </TabsContent>
            <TabsContent value="details" className="pt-4">
              <div className="grid gap-6 md:grid-cols-2">
                <section>
                  <h4 className="mb-2 text-sm font-semibold text-slate-900">Pricing Breakdown</h4>
                  <Pricing order={order} />
                </section>
                <section>
                  <h4 className="mb-2 text-sm font-semibold text-slate-900">Payment Information</h4>
                  <dl className="divide-y divide-slate-100">
                    <DetailRow label="Method" value={PAYMENT_METHOD_LABELS[order.paymentMethod]} />
                    <DetailRow label="Status" value={<PaymentBadge order={order} />} />
                    <DetailRow label="Paid At" value={formatDateTime(order.paidAt, 'Not paid')} />
                    <TransferRows order={order} />
                  </dl>
                </section>
                <Address title="Shipping Address" address={order.shippingAddress} />
                <Address title="Billing Address" address={order.billingAddress} />
              </div>
            </TabsContent>
            <TabsContent value="payments" className="pt-4">
              <PaymentsTab order={order} onOrderChange={onOrderChange} />
            </TabsContent>
            <TabsContent value="items" className="pt-4">
              <ul className="divide-y divide-slate-100">
                {order.items.map((item) => (
                  <li key={item.id} className="flex items-center gap-4 py-3">
                    {item.product.images[0] ? (
                      <img
                        src={item.product.images[0].original}
                        alt={item.product.images[0].alt}
                        className="size-14 rounded-md border border-slate-100 object-cover"
                      />
                    ) : (
                      <div className="flex size-14 items-center justify-center rounded-md bg-slate-100 text-slate-400">
                        <Package className="size-6" />
                      </div>
                    )}
                    <div className="min-w-0 flex-1">
                      <p className="font-medium text-slate-900">{item.product.name}</p>
                      <p className="text-xs text-slate-500">SKU: {item.product.slug}</p>
                      <p className="text-xs text-slate-500">
                        Size: {item.size} · Color: {item.color}
                      </p>
                      <LineLocation order={order} item={item} onOrderChange={onOrderChange} />
                    </div>
                    <div className="text-right text-sm">
                      <p className="text-slate-600">
                        {formatMoney(item.price)} × {item.quantity}
                      </p>
                      <p className="font-semibold text-slate-900">{formatMoney(item.total)}</p>
                    </div>
                  </li>
                ))}
              </ul>
            </TabsContent>
            <TabsContent value="tracking" className="pt-4">
              <dl className="divide-y divide-slate-100">
                <DetailRow label="Tracking Number" value={order.trackingNumber ?? 'Not available'} />
                {order.trackingUrl ? (
                  <DetailRow
                    label="Carrier"
                    value={
                      <a
                        href={order.trackingUrl}
                        target="_blank"
                        rel="noreferrer noopener"
                        className="inline-flex items-center gap-1 text-indigo-600 hover:underline"
                      >
                        Track Package <ExternalLink className="size-3.5" />
                      </a>
                    }
                  />
                ) : null}
                <DetailRow label="Estimated Delivery" value={formatDate(order.estimatedDelivery, 'Not available')} />
                <DetailRow label="Current Status" value={<StatusBadge order={order} />} />
              </dl>
            </TabsContent>
            <TabsContent value="analytics" className="pt-4">
              <div className="grid gap-6 md:grid-cols-2">
                <dl className="divide-y divide-slate-100">
                  <DetailRow label="Total Items" value={itemCount(order)} />
                  <DetailRow
                    label="Unique Products"
                    value={new Set(order.items.map((i) => i.productId ?? i.product.name)).size}
                  />
                  <DetailRow label="Subtotal" value={formatMoney(order.subtotal)} />
                  <DetailRow label="Total" value={formatMoney(order.total)} />
                </dl>
                <section>
                  <h4 className="mb-2 text-sm font-semibold text-slate-900">Timeline</h4>
                  <ol className="flex flex-col gap-3 border-l-2 border-indigo-100 pl-4 text-sm">
                    <li>
                      <p className="font-medium text-slate-900">Created</p>
                      <p className="text-slate-500">{formatDateTime(order.createdAt)}</p>
                    </li>
                    <li>
                      <p className="font-medium text-slate-900">Last Updated</p>
                      <p className="text-slate-500">{formatDateTime(order.updatedAt)}</p>
                    </li>
                    <li>
                      <p className="font-medium text-slate-900">Estimated Delivery</p>
                      <p className="text-slate-500">{formatDate(order.estimatedDelivery, 'Not available')}</p>
                    </li>
                    <ReturnTimelineItems orderId={order.id} />
                  </ol>
                  <p className="mt-3 text-xs text-slate-400">Status: {capitalize(order.status)}</p>
                </section>
              </div>
            </TabsContent>
            <TabsContent value="returns" className="pt-4">
              <ReturnsTab order={order} onOrderChange={onOrderChange} />
            </TabsContent>
          </Tabs>
          <RecordPaymentDialog
            order={recording ? order : null}
            onOpenChange={setRecording}
            onRecorded={onOrderChange}
          />
        </DialogContent>
      ) : null}
    </Dialog>
  );
}
