import { z } from 'zod';
import { queryBoolean } from './api.js';

/**
 * Stock locations (docs/domain.md § Stock locations): the warehouses and shops stock is kept in. Every size/colour
 * has a level (quantity, reserved, low-stock threshold) per location; the variant's figures everyone saw before are
 * the sums of its levels. A store migrated from one stock figure has one location, DEFAULT_LOCATION_ID.
 */
export const LOCATION_KINDS = ['warehouse', 'shop'] as const;
export type LocationKind = (typeof LOCATION_KINDS)[number];

/** The location every store starts with (migration 0043 put the stock it held before locations existed there). */
export const DEFAULT_LOCATION_ID = '000000000000000000000001';

export const LOCATION_MESSAGES = {
  name: 'Location name must be 1 to 80 characters',
  nameTaken: 'A location with this name already exists',
  kind: 'Kind must be warehouse or shop',
  address: 'Address must be at most 300 characters',
  notFound: 'Location not found',
  inactive: 'This location is inactive',
  lastActive: 'At least one active location must ship online orders',
  notEmpty: 'Move or remove the stock held at this location before deactivating it',
  order: 'Give every active location exactly once',
} as const;

export const locationInput = z.object({
  name: z
    .string({ error: LOCATION_MESSAGES.name })
    .trim()
    .min(1, LOCATION_MESSAGES.name)
    .max(80, LOCATION_MESSAGES.name),
  kind: z.enum(LOCATION_KINDS, { error: LOCATION_MESSAGES.kind }),
  address: z.string({ error: LOCATION_MESSAGES.address }).trim().max(300, LOCATION_MESSAGES.address).default(''),
  shipsOnline: z.boolean().default(true),
  pickup: z.boolean().default(false),
});
export type LocationInput = z.input<typeof locationInput>;

export const locationView = z.object({
  _id: z.string(),
  name: z.string(),
  kind: z.enum(LOCATION_KINDS),
  address: z.string(),
  shipsOnline: z.boolean(),
  pickup: z.boolean(),
  /** Fulfilment priority: 1 is tried first. */
  priority: z.number().int(),
  active: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LocationView = z.infer<typeof locationView>;

/**
 * GET /admin/locations: every location, or with `active` only the active (`true`: what the stock screens, returns,
 * orders and transfers offer) or only the inactive ones (`false`).
 */
export const locationListQuery = z.object({ active: queryBoolean.optional() });

/** The allocation rule's order: the active locations' ids, first priority first. */
export const locationOrderInput = z.object({
  ids: z.array(z.string().length(24), { error: LOCATION_MESSAGES.order }).min(1, LOCATION_MESSAGES.order).max(200),
});

/** A stock movement, staff change or order line names its location; left out, the first location by priority. */
export const locationIdField = z.string().length(24, LOCATION_MESSAGES.notFound);

export const REASSIGN_MESSAGES = {
  lineNotFound: 'Order line not found',
  notReserved: 'Only lines whose units are still reserved (not shipped, cancelled or refunded) can be reassigned',
  productGone: 'The product of this line no longer exists',
  insufficient: (name: string, size: string, color: string, location: string) =>
    `Not enough ${name} (${size}/${color}) at ${location} for this line`,
} as const;

/** PUT /admin/orders/{id}/items/{itemId}/location: reserve the line's units at another location instead. */
export const reassignLineInput = z.object({ locationId: locationIdField });

/** A shop shoppers can collect an order at (GET /pickup-locations). */
export const pickupLocationView = z.object({ _id: z.string(), name: z.string(), address: z.string() });
export type PickupLocationView = z.infer<typeof pickupLocationView>;

/** A pickup shop for a cart: `available` when it has every line's units free now (what checkout offers pickup at). */
export const cartPickupLocationView = pickupLocationView.extend({ available: z.boolean() });
export type CartPickupLocationView = z.infer<typeof cartPickupLocationView>;

/** GET /products/{id}/pickup: per pickup location, the sizes/colours it has available now (none listed: none). */
export const productPickupView = pickupLocationView.extend({
  stock: z.array(z.object({ size: z.string(), color: z.string(), available: z.number().int() })),
});
export type ProductPickupView = z.infer<typeof productPickupView>;
