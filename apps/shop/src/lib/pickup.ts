import { locationContracts, type PickupLocationView } from '@seamline/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api';

/**
 * The shops an order can be picked up at, by fulfilment priority. Checkout offers them and an order's pages name the
 * one a pickup order goes to, so the read lives here rather than in one feature's api.ts.
 */
export const pickupLocationsQuery = () =>
  queryOptions({
    queryKey: ['pickup-locations'] as const,
    queryFn: async ({ signal }) => (await api.call(locationContracts.pickupLocations, { signal })).data.locations,
  });

/** "Canal Street shop, 12 Canal Street, Manchester" */
export const pickupPlaceOf = (location: PickupLocationView) => `${location.name}, ${location.address}`;
