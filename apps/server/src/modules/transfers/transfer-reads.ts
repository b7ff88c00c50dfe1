import {
  pagination,
  TRANSFER_MESSAGES,
  type TransferSummary,
  type TransferView,
  type transferListQuery,
} from '@seamline/shared';
import { and, asc, count, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client.js';
import { stockLocations, stockTransferLines, stockTransfers, users } from '../../db/schema/index.js';
import { notFound } from '../../lib/errors.js';

export type TransferRow = typeof stockTransfers.$inferSelect;
export type LineRow = typeof stockTransferLines.$inferSelect;

const fromLocation = alias(stockLocations, 'from_location');
const toLocation = alias(stockLocations, 'to_location');

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** The columns of a transfer's summary: its locations' names, its creator's name and its line figures. */
const summaryColumns = {
  transfer: stockTransfers,
  fromName: fromLocation.name,
  toName: toLocation.name,
  creatorName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
  lineCount: sql<number>`(SELECT count(*)::int FROM stock_transfer_lines l WHERE l.transfer_id = ${stockTransfers.id})`,
  units: sql<number>`(SELECT coalesce(sum(l.quantity), 0)::int FROM stock_transfer_lines l WHERE l.transfer_id = ${stockTransfers.id})`,
  receivedUnits: sql<number>`(SELECT coalesce(sum(l.received), 0)::int FROM stock_transfer_lines l WHERE l.transfer_id = ${stockTransfers.id})`,
};

type SummaryRow = {
  transfer: TransferRow;
  fromName: string;
  toName: string;
  creatorName: string | null;
  lineCount: number;
  units: number;
  receivedUnits: number;
};

function summaryView(row: SummaryRow): TransferSummary {
  const t = row.transfer;
  return {
    _id: t.id,
    id: t.id,
    number: t.number,
    status: t.status,
    from: { id: t.fromLocationId, name: row.fromName },
    to: { id: t.toLocationId, name: row.toName },
    note: t.note,
    lineCount: Number(row.lineCount),
    units: Number(row.units),
    receivedUnits: Number(row.receivedUnits),
    createdBy: t.createdBy,
    createdByName: row.creatorName,
    shippedAt: iso(t.shippedAt),
    receivedAt: iso(t.receivedAt),
    cancelledAt: iso(t.cancelledAt),
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

function summaries(db: DbOrTx, where: SQL | undefined) {
  return db
    .select(summaryColumns)
    .from(stockTransfers)
    .innerJoin(fromLocation, eq(fromLocation.id, stockTransfers.fromLocationId))
    .innerJoin(toLocation, eq(toLocation.id, stockTransfers.toLocationId))
    .leftJoin(users, eq(users.id, stockTransfers.createdBy))
    .where(where);
}

/** A transfer's lines, by product name, size and colour. */
export async function linesOf(db: DbOrTx, transferId: string): Promise<LineRow[]> {
  return db
    .select()
    .from(stockTransferLines)
    .where(eq(stockTransferLines.transferId, transferId))
    .orderBy(asc(stockTransferLines.productName), asc(stockTransferLines.size), asc(stockTransferLines.color));
}

/** A transfer with its lines as the API shows it; null when there is none. */
export async function loadTransfer(db: DbOrTx, id: string): Promise<TransferView | null> {
  const [row] = await summaries(db, eq(stockTransfers.id, id));
  if (!row) return null;
  const lines = await linesOf(db, id);
  return {
    ...summaryView(row),
    lines: lines.map((line) => ({
      id: line.id,
      inventoryId: line.inventoryId,
      productId: line.productId,
      productName: line.productName,
      size: line.size,
      color: line.color,
      quantity: line.quantity,
      received: line.received,
    })),
  };
}

/** A transfer with its lines; 404 when there is none. */
export async function getTransfer(db: DbOrTx, id: string): Promise<TransferView> {
  const view = await loadTransfer(db, id);
  if (!view) throw notFound(TRANSFER_MESSAGES.notFound);
  return view;
}

/** A page of transfers, newest first, filtered by status and by a location (from or to it). */
export async function listTransfers(db: DbOrTx, query: z.output<typeof transferListQuery>) {
  const where = and(
    query.status ? eq(stockTransfers.status, query.status) : undefined,
    query.locationId
      ? or(eq(stockTransfers.fromLocationId, query.locationId), eq(stockTransfers.toLocationId, query.locationId))
      : undefined,
  );
  const [rows, [total]] = await Promise.all([
    summaries(db, where)
      .orderBy(desc(stockTransfers.createdAt), desc(stockTransfers.id))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ n: count() }).from(stockTransfers).where(where),
  ]);
  return {
    transfers: rows.map(summaryView),
    pagination: pagination(query.page, query.limit, Number(total?.n ?? 0)),
  };
}
