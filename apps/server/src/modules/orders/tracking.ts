import type { OrderTrackingView, OrderView, ReturnRequestView } from '@seamline/shared';

type TimelineStep = OrderTrackingView['timeline'][number];

/** A return's steps on the order's timeline: its request, then its decision. */
function returnSteps(request: ReturnRequestView): TimelineStep[] {
  const units = request.items.reduce((sum, item) => sum + item.quantity, 0);
  const steps: TimelineStep[] = [
    {
      event: 'return_requested',
      at: request.requestedAt,
      detail: `${units} ${units === 1 ? 'unit' : 'units'}: ${request.reason}`,
    },
  ];
  if (request.status === 'approved' && request.decidedAt)
    steps.push({ event: 'return_approved', at: request.decidedAt, detail: `Refunded $${request.refundAmount ?? 0}` });
  if (request.status === 'declined' && request.decidedAt)
    steps.push({ event: 'return_declined', at: request.decidedAt, detail: request.declineReason ?? '' });
  return steps;
}

/** Where the parcel is: tracking fields plus a timeline of the order's dated steps and its returns, oldest first. */
export function trackingView(order: OrderView, returns: readonly ReturnRequestView[] = []): OrderTrackingView {
  const steps: [TimelineStep['event'], string | null][] = [
    ['placed', order.createdAt],
    ['paid', order.paidAt],
    ['shipped', order.shippedAt],
    ['delivered', order.deliveredAt],
    ['cancelled', order.cancelledAt],
  ];
  const timeline = [
    ...steps.filter(([, at]) => at !== null).map(([event, at]) => ({ event, at: at! })),
    ...returns.flatMap(returnSteps),
  ];
  return {
    orderNumber: order.orderNumber,
    status: order.status,
    paymentStatus: order.paymentStatus,
    shippingMethod: order.shippingMethod,
    trackingNumber: order.trackingNumber,
    trackingUrl: order.trackingUrl,
    estimatedDelivery: order.estimatedDelivery,
    // A stable sort: steps of the same instant keep their natural order.
    timeline: timeline.sort((a, b) => Date.parse(a.at) - Date.parse(b.at)),
  };
}
