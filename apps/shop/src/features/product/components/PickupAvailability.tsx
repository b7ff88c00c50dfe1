import { useQuery } from '@tanstack/react-query';
import { Store } from 'lucide-react';
import { productQueries } from '../api';
import type { Choice } from './variants';

/**
 * "Available to pick up at A, B" for the chosen size × color. Read after the product has loaded and only a hint: no
 * line while it loads, when no shop has the combination, or when the read fails.
 */
export function PickupAvailability({ productId, choice }: { productId: string; choice: Choice }) {
  const pickup = useQuery(productQueries.pickup(productId));
  const shops = (pickup.data ?? []).filter((location) =>
    location.stock.some((unit) => unit.size === choice.size && unit.color === choice.color && unit.available > 0),
  );
  if (shops.length === 0) return null;
  return (
    <p className="flex items-center gap-2 text-sm text-stone-700" data-testid="pickup-availability">
      <Store aria-hidden className="size-4 shrink-0" />
      Available to pick up at {shops.map((shop) => shop.name).join(', ')}
    </p>
  );
}
