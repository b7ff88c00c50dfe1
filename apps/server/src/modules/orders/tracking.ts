import type { OrderTrackingView, OrderView } from '@seamline/shared';

/** Where the parcel is: tracking fields plus a timeline of the order's dated steps. */
export function trackingView(order: OrderView): OrderTrackingView {
  const steps: [OrderTrackingView['timeline'][number]['event'], string | null][] = [
    ['placed', order.createdAt],
    ['paid', order.paidAt],
    ['shipped', order.shippedAt],
    ['delivered', order.deliveredAt],
    ['cancelled', order.cancelledAt],
  ];
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: order.paymentStatus,
    shippingMethod: order.shippingMethod,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    estimatedDelivery: order.estimatedDelivery,
    timeline: steps.filter(([, at]) => at !== null).map(([event, at]) => ({ event, at: at! })),
  };
}
