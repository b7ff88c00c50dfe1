import type { OrderView } from '@seamline/shared';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { orderItems, orders, users } from '../../db/schema/index.js';
import { iso } from '../../lib/serialize.js';

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;
type CustomerRow = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'email'>;

export function toOrderView(order: OrderRow, items: readonly ItemRow[], customer: CustomerRow | null): OrderView {
  return {
    _id: order.id,
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: order.paymentStatus,
    paymentMethod: order.paymentMethod,
    shippingMethod: order.shippingMethod as OrderView['shippingMethod'],
    pickupLocationId: order.pickupLocationId,
    stockState: order.stockState,
    items: items.map((item) => ({
      _id: item.id,
      id: item.id,
      productId: item.productId,
      product: {
        _id: item.productId,
        id: item.productId,
        name: item.productName,
        slug: item.productSlug,
        sku: item.productSku,
        images: item.image ? [{ original: item.image, alt: item.productName }] : [],
      },
      size: item.size,
      color: item.color,
      variantId: `${item.size}-${item.color}`,
      variantSku: item.variantSku,
      price: item.price,
      quantity: item.quantity,
      total: item.total,
      locationId: item.locationId,
    })),
    itemCount: items.reduce((sum, item) => sum + item.quantity, 0),
    subtotal: order.subtotal,
    discount: order.discount,
    shipping: order.shipping,
    tax: order.tax,
    total: order.total,
    couponCode: order.couponCode,
    customer: customer
      ? {
          _id: customer.id,
          id: customer.id,
          firstName: customer.firstName,
          lastName: customer.lastName,
          email: customer.email,
        }
      : null,
    guestEmail: order.guestEmail,
    isGuest: order.customerId === null,
    email: customer?.email ?? order.guestEmail,
    shippingAddress: order.shippingAddress,
    billingAddress: order.billingAddress,
    notes: order.notes,
    adminNotes: order.adminNotes,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    estimatedDelivery: iso(order.estimatedDelivery),
    paidAt: iso(order.paidAt),
    shippedAt: iso(order.shippedAt),
    deliveredAt: iso(order.deliveredAt),
    cancelledAt: iso(order.cancelledAt),
    cancelReason: order.cancelReason,
    refundReason: order.refundReason,
    paymentReference: order.paymentReference,
    paymentDueAt: iso(order.paymentDueAt),
    disputedAt: iso(order.disputedAt),
    createdAt: order.createdAt.toISOString(),
    updatedAt: order.updatedAt.toISOString(),
  };
}

/** Orders with their lines and customers, in the order given (two queries, not one per order). */
export async function loadOrderViews(db: DbOrTx, rows: readonly OrderRow[]): Promise<OrderView[]> {
  if (!rows.length) return [];
  const ids = rows.map((row) => row.id);
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, ids))
    .orderBy(asc(orderItems.productName), asc(orderItems.size), asc(orderItems.color));
  const customerIds = [...new Set(rows.map((row) => row.customerId).filter((id): id is string => id !== null))];
  const customers = customerIds.length
    ? await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
        .from(users)
        .where(inArray(users.id, customerIds))
    : [];
  return rows.map((row) =>
    toOrderView(
      row,
      items.filter((item) => item.orderId === row.id),
      customers.find((c) => c.id === row.customerId) ?? null,
    ),
  );
}

export async function loadOrderView(db: DbOrTx, id: string): Promise<OrderView | null> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row ? ((await loadOrderViews(db, [row]))[0] ?? null) : null;
}
