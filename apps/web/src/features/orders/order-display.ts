import type { OrderItemView, OrderView } from '@seamline/shared';

/** The customer's name, or the shipping name for a guest order. */
export function customerName(order: OrderView): string {
  const person = order.customer ?? order.shippingAddress;
  return `${person.firstName} ${person.lastName}`.trim();
}

export const itemCount = (order: OrderView) => order.items.reduce((sum, item) => sum + item.quantity, 0);

export const variantLabel = (item: Pick<OrderItemView, 'size' | 'color'>) => `${item.size}/${item.color}`;

/** The first `shown` size/color labels and how many more there are ('+N more'). */
export function variantSummary(order: OrderView, shown = 2): { labels: { id: string; label: string }[]; more: number } {
  const labels = order.items.map((item) => ({ id: item.id, label: variantLabel(item) }));
  return { labels: labels.slice(0, shown), more: Math.max(0, labels.length - shown) };
}

export const isClosed = (order: OrderView) => order.status === 'cancelled' || order.status === 'refunded';
