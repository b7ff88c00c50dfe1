import { SHIPPING_METHOD_INFO } from '@seamline/shared';
import { useQuery } from '@tanstack/react-query';
import { pickupLocationsQuery, pickupPlaceOf } from '../lib/pickup';

/**
 * Where a pickup order is collected: "Pick up at <shop>, <address>", the shop looked up among the pickup shops. A shop
 * that no longer offers pickup (or a failed read) leaves the method's name.
 */
export function PickupPlace({ locationId }: { locationId: string | null }) {
  const shops = useQuery(pickupLocationsQuery());
  const shop = shops.data?.find((location) => location._id === locationId);
  return (
    <p className="text-sm" data-testid="pickup-place">
      {shop ? `Pick up at ${pickupPlaceOf(shop)}` : SHIPPING_METHOD_INFO.pickup.name}
    </p>
  );
}
