import { z } from 'zod';
import { limitParam } from './api.js';
import { objectIdParam } from './id-params.js';
import { locationIdField } from './locations.js';

/**
 * Stock transfers between locations: a draft lists size/colour units to move; shipping takes them out of the source
 * (`transfer_out`), receiving puts what arrived into the destination (`transfer_in`, partial receipts allowed), and
 * cancelling an in-transit transfer puts what did not arrive back at the source. Units in transit are at no location.
 */
export const TRANSFER_STATUSES = ['draft', 'in_transit', 'received', 'cancelled'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const TRANSFER_STATUS_LABELS: Record<TransferStatus, string> = {
  draft: 'Draft',
  in_transit: 'In transit',
  received: 'Received',
  cancelled: 'Cancelled',
};

/** The transfers list's page (as the other server-paged admin lists). */
export const TRANSFER_PAGE_SIZE = 20;
export const TRANSFER_MAX_LINES = 200;
const MAX_UNITS = 1_000_000;

export const TRANSFER_MESSAGES = {
  notFound: 'Transfer not found',
  sameLocation: 'The source and destination must be different locations',
  lines: 'Add at least one line',
  tooManyLines: `A transfer has at most ${TRANSFER_MAX_LINES} lines`,
  duplicateLine: 'Each size/colour may appear only once in a transfer',
  variant: 'Size and colour are required (at most 30 characters)',
  quantity: 'Quantity must be a whole number of at least 1',
  note: 'Note must be at most 500 characters',
  productNotFound: 'Product not found',
  notDraft: 'Only a draft transfer can be edited or shipped',
  notInTransit: 'Only a transfer in transit can be received',
  closed: 'This transfer is already received or cancelled',
  receiveLines: 'Give at least one line and the units received',
  duplicateReceiveLine: 'Each line may appear only once in a receipt',
  unknownLine: 'This line is not part of the transfer',
  changed: 'The transfer was changed meanwhile; reload it and try again',
} as const;

/** "Black Tee (M/Black)": how messages name a line's variant. */
export const transferLineName = (line: { productName: string; size: string; color: string }) =>
  `${line.productName} (${line.size}/${line.color})`;

const variantText = z
  .string({ error: TRANSFER_MESSAGES.variant })
  .trim()
  .min(1, TRANSFER_MESSAGES.variant)
  .max(30, TRANSFER_MESSAGES.variant);
const units = z
  .number({ error: TRANSFER_MESSAGES.quantity })
  .int(TRANSFER_MESSAGES.quantity)
  .min(1, TRANSFER_MESSAGES.quantity)
  .max(MAX_UNITS, TRANSFER_MESSAGES.quantity);

export const transferLineInput = z.object({
  productId: objectIdParam('product'),
  size: variantText,
  color: variantText,
  quantity: units,
});
export type TransferLineInput = z.input<typeof transferLineInput>;

const variantKey = (line: { productId: string; size: string; color: string }) =>
  `${line.productId}/${line.size.toLowerCase()}/${line.color.toLowerCase()}`;

/** POST /admin/transfers and PUT /admin/transfers/{id} (a draft is replaced as a whole). */
export const transferInput = z
  .object({
    fromLocationId: locationIdField,
    toLocationId: locationIdField,
    note: z.string({ error: TRANSFER_MESSAGES.note }).trim().max(500, TRANSFER_MESSAGES.note).default(''),
    lines: z
      .array(transferLineInput, { error: TRANSFER_MESSAGES.lines })
      .min(1, TRANSFER_MESSAGES.lines)
      .max(TRANSFER_MAX_LINES, TRANSFER_MESSAGES.tooManyLines),
  })
  .refine((t) => t.fromLocationId !== t.toLocationId, {
    message: TRANSFER_MESSAGES.sameLocation,
    path: ['toLocationId'],
  })
  .refine((t) => new Set(t.lines.map(variantKey)).size === t.lines.length, {
    message: TRANSFER_MESSAGES.duplicateLine,
    path: ['lines'],
  });
export type TransferInput = z.input<typeof transferInput>;

/** POST /admin/transfers/{id}/receive: the units that arrived, per line. */
export const receiveTransferInput = z
  .object({
    lines: z
      .array(z.object({ lineId: objectIdParam('transfer line'), quantity: units }), {
        error: TRANSFER_MESSAGES.receiveLines,
      })
      .min(1, TRANSFER_MESSAGES.receiveLines)
      .max(TRANSFER_MAX_LINES, TRANSFER_MESSAGES.tooManyLines),
  })
  .refine((r) => new Set(r.lines.map((line) => line.lineId)).size === r.lines.length, {
    message: TRANSFER_MESSAGES.duplicateReceiveLine,
    path: ['lines'],
  });
export type ReceiveTransferInput = z.input<typeof receiveTransferInput>;

export const transferListQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  limit: limitParam(TRANSFER_PAGE_SIZE),
  status: z.enum(TRANSFER_STATUSES, { error: 'Unknown transfer status' }).optional(),
  /** Transfers from or to this location. */
  locationId: locationIdField.optional(),
});
export type TransferListQuery = z.input<typeof transferListQuery>;

const locationRef = z.object({ id: z.string(), name: z.string() });

export const transferLineView = z.object({
  id: z.string(),
  /** The size/colour (null once the variant was deleted). */
  inventoryId: z.string().nullable(),
  productId: z.string().nullable(),
  productName: z.string(),
  size: z.string(),
  color: z.string(),
  quantity: z.number().int(),
  /** Units that reached the destination so far (0..quantity). */
  received: z.number().int(),
});
export type TransferLineView = z.infer<typeof transferLineView>;

/** A transfer in a list: its figures without its lines. */
export const transferSummaryView = z.object({
  _id: z.string(),
  id: z.string(),
  /** Human reference, e.g. TR-000123. */
  number: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  from: locationRef,
  to: locationRef,
  note: z.string(),
  lineCount: z.number().int(),
  units: z.number().int(),
  receivedUnits: z.number().int(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  shippedAt: z.string().nullable(),
  receivedAt: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TransferSummary = z.infer<typeof transferSummaryView>;

export const transferView = transferSummaryView.extend({ lines: z.array(transferLineView) });
export type TransferView = z.infer<typeof transferView>;
