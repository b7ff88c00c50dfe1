import { z } from 'zod';
import { endpoint } from '../contract.js';
import { envelope } from '../envelopes.js';
import { idParams } from '../id-params.js';
import {
  LOCATION_MESSAGES,
  locationInput,
  locationListQuery,
  locationOrderInput,
  locationView,
  pickupLocationView,
  productPickupView,
} from '../locations.js';

/** A location in the list, with the stock it holds now (the sums of its levels over every size/colour). */
export const locationListItem = locationView.extend({
  /** Units on hand at the location. */
  quantity: z.number().int(),
  /** Of those, units reserved for orders. */
  reserved: z.number().int(),
});
export type LocationListItem = z.infer<typeof locationListItem>;

const params = idParams('location');
const tag = 'locations';
const one = { 200: envelope(z.object({ location: locationView })) };
const locationExample = {
  name: 'Canal Street shop',
  kind: 'shop',
  address: '12 Canal Street, Manchester M1 3HE',
  shipsOnline: false,
  pickup: true,
};

/** Stock locations (warehouses and shops): every staff member reads them, admins manage them. */
export const locationContracts = {
  pickupLocations: endpoint({
    operationId: 'listPickupLocations',
    method: 'GET',
    path: '/pickup-locations',
    summary: 'The shops an order can be picked up at',
    description:
      'Active locations that offer pickup, by fulfilment priority: what checkout offers as "Pick up in store" ' +
      '(shippingMethod `pickup` with `pickupLocationId`).',
    tag,
    access: 'public',
    responses: { 200: envelope(z.object({ locations: z.array(pickupLocationView) })) },
  }),
  productPickup: endpoint({
    operationId: 'getProductPickup',
    method: 'GET',
    path: '/products/:id/pickup',
    summary: 'Where a product can be picked up now, per size and colour',
    description:
      'Each active pickup location with the sizes/colours of the product it has available (quantity − reserved > 0); ' +
      'locations with none are left out. An unknown or inactive product answers an empty list.',
    tag,
    access: 'public',
    params: idParams('product'),
    responses: { 200: envelope(z.object({ locations: z.array(productPickupView) })) },
  }),
  list: endpoint({
    operationId: 'listLocations',
    method: 'GET',
    path: '/admin/locations',
    summary: 'The stock locations with the units each holds and has reserved',
    description:
      'Active locations first, each group by fulfilment priority (1 is tried first); inactive ones after. With ' +
      '`active=true` only the active ones: the locations staff choose from when changing stock, restocking a return, ' +
      'moving an order line or filtering the low-stock alerts; `active=false` only the inactive ones.',
    tag,
    access: 'staff',
    query: locationListQuery,
    responses: { 200: envelope(z.object({ locations: z.array(locationListItem) })) },
  }),
  create: endpoint({
    operationId: 'createLocation',
    method: 'POST',
    path: '/admin/locations',
    summary: 'Add a stock location (last in fulfilment priority)',
    description:
      `Names are unique whatever their case: 409 "${LOCATION_MESSAGES.nameTaken}". The new location holds no stock ` +
      'until stock is put there. Recorded in the activity log; records `location.created`.',
    tag,
    access: 'admin',
    body: locationInput,
    bodyExample: locationExample,
    responses: { 201: envelope(z.object({ location: locationView })) },
    errors: [409],
  }),
  reorder: endpoint({
    operationId: 'reorderLocations',
    method: 'PUT',
    path: '/admin/locations/order',
    summary: 'Set the fulfilment priority of the active locations',
    description:
      'The active locations’ ids, first priority first; they become priorities 1…n and the inactive ones follow in ' +
      `their previous order. Not exactly the active locations: 400 "${LOCATION_MESSAGES.order}". Recorded in the ` +
      'activity log; records `location.updated` for every location whose priority changed.',
    tag,
    access: 'admin',
    body: locationOrderInput,
    bodyExample: { ids: ['000000000000000000000001'] },
    responses: { 200: envelope(z.object({ locations: z.array(locationView) })) },
  }),
  update: endpoint({
    operationId: 'updateLocation',
    method: 'PUT',
    path: '/admin/locations/:id',
    summary: 'Edit a stock location',
    description:
      'Name, kind, address and whether it ships online orders or offers pickup. The stock held where online orders ' +
      'are not shipped from is not sold online, so turning `shipsOnline` off (or on) takes the location’s available ' +
      `units off (or puts them back on) the storefront at once. 409 "${LOCATION_MESSAGES.nameTaken}"; 409 ` +
      `"${LOCATION_MESSAGES.lastActive}" when no active location would ship online orders; 404 ` +
      `"${LOCATION_MESSAGES.notFound}". Recorded in the activity log; records \`location.updated\`.`,
    tag,
    access: 'admin',
    params,
    body: locationInput,
    bodyExample: locationExample,
    responses: one,
    errors: [409],
  }),
  deactivate: endpoint({
    operationId: 'deactivateLocation',
    method: 'POST',
    path: '/admin/locations/:id/deactivate',
    summary: 'Deactivate a stock location that holds no stock',
    description:
      'An inactive location takes no stock and no orders; it stays in the history (locations are never deleted). ' +
      `409 "${LOCATION_MESSAGES.notEmpty}" while it holds or has reserved any unit; 409 ` +
      `"${LOCATION_MESSAGES.lastActive}" for the last active location that ships online orders. Recorded in the ` +
      'activity log; records `location.updated`.',
    tag,
    access: 'admin',
    params,
    responses: one,
    errors: [409],
  }),
  activate: endpoint({
    operationId: 'activateLocation',
    method: 'POST',
    path: '/admin/locations/:id/activate',
    summary: 'Activate a stock location again',
    description:
      'It keeps its priority among the locations. Recorded in the activity log; records `location.updated`. 404 ' +
      `"${LOCATION_MESSAGES.notFound}".`,
    tag,
    access: 'admin',
    params,
    responses: one,
  }),
};
