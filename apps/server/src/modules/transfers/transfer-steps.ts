import {
  type receiveTransferInput,
  TRANSFER_MESSAGES,
  type TransferStatus,
  type TransferView,
  type transferInput,
  transferLineName,
} from '@seamline/shared';
import { and, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db/client.js';
import { queryRows } from '../../db/client.js';
import { stockLocations, stockTransferLines, stockTransfers } from '../../db/schema/index.js';
import { type AuditContext, writeActivity } from '../../lib/audit.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { recordEvent } from '../../lib/events.js';
import {
  combinationKey,
  lockedTransaction,
  type RowLocks,
  type StockCombination,
} from '../../lib/locked-transaction.js';
import { activeLocation, changeStock, lockStockRows } from '../inventory/index.js';
import { type LineRow, linesOf, loadTransfer, type TransferRow } from './transfer-reads.js';

type Draft = z.output<typeof transferInput>;
type Receipt = z.output<typeof receiveTransferInput>;

/** A line's variant as the stock function names it; null once its product was deleted. */
const combinationOf = (line: LineRow): StockCombination | null =>
  line.productId ? { productId: line.productId, size: line.size, color: line.color } : null;
const combinationsOf = (lines: readonly LineRow[]) =>
  lines.map(combinationOf).filter((c): c is StockCombination => c !== null);

/** The transfer and its lines as they stand, before any lock (to know which variants to lock). */
async function peek(db: DbOrTx, id: string): Promise<{ transfer: TransferRow; lines: LineRow[] }> {
  const [transfer] = await db.select().from(stockTransfers).where(eq(stockTransfers.id, id));
  if (!transfer) throw notFound(TRANSFER_MESSAGES.notFound);
  return { transfer, lines: await linesOf(db, id) };
}

/**
 * Lock step 5 (lib/locked-transaction.ts): the transfer row, after the variants of its lines. Its lines are read again
 * under the lock; with `locked` (a draft's lines may change until it ships), a line whose variant was not locked (the
 * draft was edited meanwhile) stops the change.
 */
async function lockTransfer(tx: Tx, locks: RowLocks, id: string, locked: readonly StockCombination[] | null) {
  const [transfer] = await locks.step(
    'order',
    () => tx.select().from(stockTransfers).where(eq(stockTransfers.id, id)).for('update'),
    [id],
  );
  if (!transfer) throw notFound(TRANSFER_MESSAGES.notFound);
  const lines = await linesOf(tx, id);
  const held = new Set(locked?.map(combinationKey));
  if (locked && combinationsOf(lines).some((c) => !held.has(combinationKey(c))))
    throw conflict(TRANSFER_MESSAGES.changed, 'TRANSFER_STATUS_CONFLICT');
  return { transfer, lines };
}

/** Moves the transfer from `from` to `to`: conditional on its current status, so a second caller gets 409. */
async function setStatus(tx: Tx, id: string, from: TransferStatus, to: TransferStatus, message: string) {
  const stamp = { in_transit: 'shipped_at', received: 'received_at', cancelled: 'cancelled_at', draft: null }[to];
  const [row] = await queryRows<{ id: string }>(
    tx,
    sql`UPDATE stock_transfers SET status = ${to}, updated_at = now()${stamp ? sql.raw(`, ${stamp} = now()`) : sql``}
      WHERE id = ${id} AND status = ${from} RETURNING id`,
  );
  if (!row) throw conflict(message, 'TRANSFER_STATUS_CONFLICT');
}

const reasonOf = (transfer: TransferRow) => `Transfer ${transfer.number}`;

/**
 * The steps of stock transfers between locations (packages/shared transfers.ts): a draft is created and edited, then
 * shipped, received (in one or more receipts) or cancelled. Each step is one transaction: the variants of the lines
 * are locked first (lock step 4), then the transfer row (step 5), then every unit moves through the one stock function
 * (`transfer_out` at the source when shipped, `transfer_in` at the destination when received, back at the source when
 * an in-transit transfer is cancelled). Reads are in transfer-reads.ts.
 */
export class TransferSteps {
  constructor(private readonly db: Db) {}

  async create(input: Draft, ctx: AuditContext): Promise<TransferView> {
    return lockedTransaction(this.db, async (tx) => {
      await lockStockRows(tx, input.lines);
      const lines = await resolveDraft(tx, input);
      const [transfer] = await tx
        .insert(stockTransfers)
        .values({
          fromLocationId: input.fromLocationId,
          toLocationId: input.toLocationId,
          note: input.note,
          createdBy: ctx.userId,
        })
        .returning();
      await tx.insert(stockTransferLines).values(lines.map((line) => ({ ...line, transferId: transfer!.id })));
      const view = (await loadTransfer(tx, transfer!.id))!;
      await writeActivity(tx, ctx, {
        action: 'create',
        resource: 'transfer',
        resourceId: view.id,
        details: activityDetails(view),
      });
      await recordEvent(tx, { type: 'transfer.created', objectId: view.id, data: view });
      return view;
    });
  }

  /** Replaces a draft's locations, note and lines. */
  async update(id: string, input: Draft, ctx: AuditContext): Promise<TransferView> {
    return lockedTransaction(this.db, async (tx, locks) => {
      const { lines: before } = await peek(tx, id);
      const wanted = [...combinationsOf(before), ...input.lines];
      await lockStockRows(tx, wanted);
      const { transfer } = await lockTransfer(tx, locks, id, wanted);
      if (transfer.status !== 'draft') throw conflict(TRANSFER_MESSAGES.notDraft, 'TRANSFER_STATUS_CONFLICT');
      const lines = await resolveDraft(tx, input);
      await tx.delete(stockTransferLines).where(eq(stockTransferLines.transferId, id));
      await tx.insert(stockTransferLines).values(lines.map((line) => ({ ...line, transferId: id })));
      await tx
        .update(stockTransfers)
        .set({ fromLocationId: input.fromLocationId, toLocationId: input.toLocationId, note: input.note })
        .where(and(eq(stockTransfers.id, id), eq(stockTransfers.status, 'draft')));
      const view = (await loadTransfer(tx, id))!;
      await writeActivity(tx, ctx, {
        action: 'update',
        resource: 'transfer',
        resourceId: id,
        details: activityDetails(view),
      });
      await recordEvent(tx, { type: 'transfer.updated', objectId: id, data: view });
      return view;
    });
  }
  /** draft → in_transit: every line's units leave the source, all or nothing. */
  async ship(id: string, ctx: AuditContext): Promise<TransferView> {
    return lockedTransaction(this.db, async (tx, locks) => {
      const seen = await peek(tx, id);
      if (seen.transfer.status !== 'draft') throw conflict(TRANSFER_MESSAGES.notDraft, 'TRANSFER_STATUS_CONFLICT');
      const wanted = combinationsOf(seen.lines);
      await lockStockRows(tx, wanted);
      const { transfer, lines } = await lockTransfer(tx, locks, id, wanted);
      await setStatus(tx, id, 'draft', 'in_transit', TRANSFER_MESSAGES.notDraft);
      const source = await locationName(tx, transfer.fromLocationId);
      for (const line of lines) {
        const combination = combinationOf(line);
        const result = combination
          ? await changeStock(tx, {
              ...combination,
              operation: 'transfer_out',
              quantity: line.quantity,
              locationId: transfer.fromLocationId,
              reason: reasonOf(transfer),
              actorId: ctx.userId,
            })
          : null;
        if (!result || (!result.ok && result.reason === 'not_found'))
          throw conflict(`${transferLineName(line)} no longer exists: remove the line`, 'VARIANT_GONE');
        if (!result.ok)
          throw conflict(`Insufficient stock for ${transferLineName(line)} at ${source}`, 'INSUFFICIENT_STOCK');
      }
      const view = (await loadTransfer(tx, id))!;
      await writeActivity(tx, ctx, {
        action: 'ship',
        resource: 'transfer',
        resourceId: id,
        details: activityDetails(view),
      });
      await recordEvent(tx, { type: 'transfer.shipped', objectId: id, data: view });
      return view;
    });
  }

  /** Units that arrived at the destination; the transfer is received once every line is. */
  async receive(id: string, input: Receipt, ctx: AuditContext): Promise<TransferView> {
    return lockedTransaction(this.db, async (tx, locks) => {
      const seen = await peek(tx, id);
      if (seen.transfer.status !== 'in_transit')
        throw conflict(TRANSFER_MESSAGES.notInTransit, 'TRANSFER_STATUS_CONFLICT');
      const byId = new Map(seen.lines.map((line) => [line.id, line]));
      for (const wanted of input.lines) {
        const line = byId.get(wanted.lineId);
        if (!line) throw badRequest(TRANSFER_MESSAGES.unknownLine, 'lines');
        if (wanted.quantity > line.quantity - line.received) throw tooMany(line);
      }
      const received = input.lines.map((wanted) => ({ line: byId.get(wanted.lineId)!, quantity: wanted.quantity }));
      const combinations = combinationsOf(received.map((r) => r.line));
      await lockStockRows(tx, combinations);
      // Shipped lines do not change: only the received ones' variants are locked.
      const { transfer } = await lockTransfer(tx, locks, id, null);
      if (transfer.status !== 'in_transit') throw conflict(TRANSFER_MESSAGES.notInTransit, 'TRANSFER_STATUS_CONFLICT');
      // An inactive destination takes no units (409); the stock function refuses it too, should it be deactivated now.
      await activeLocation(tx, transfer.toLocationId);
      for (const { line, quantity } of received) {
        // Conditional on what is still expected: a receipt that ran meanwhile is counted.
        const [counted] = await tx
          .update(stockTransferLines)
          .set({ received: sql`${stockTransferLines.received} + ${quantity}` })
          .where(
            and(
              eq(stockTransferLines.id, line.id),
              sql`${stockTransferLines.received} + ${quantity} <= ${stockTransferLines.quantity}`,
            ),
          )
          .returning({ id: stockTransferLines.id });
        if (!counted) throw tooMany((await linesOf(tx, id)).find((l) => l.id === line.id) ?? line);
        const combination = combinationOf(line);
        const result = combination
          ? await changeStock(tx, {
              ...combination,
              operation: 'transfer_in',
              quantity,
              locationId: transfer.toLocationId,
              reason: reasonOf(transfer),
              actorId: ctx.userId,
            })
          : null;
        if (!result?.ok)
          throw conflict(`${transferLineName(line)} no longer exists: cancel the transfer`, 'VARIANT_GONE');
      }
      const [open] = await tx
        .select({ n: count() })
        .from(stockTransferLines)
        .where(
          and(
            eq(stockTransferLines.transferId, id),
            sql`${stockTransferLines.received} < ${stockTransferLines.quantity}`,
          ),
        );
      if (Number(open?.n ?? 0) === 0) await setStatus(tx, id, 'in_transit', 'received', TRANSFER_MESSAGES.notInTransit);
      else await tx.update(stockTransfers).set({ updatedAt: new Date() }).where(eq(stockTransfers.id, id));
      const view = (await loadTransfer(tx, id))!;
      const receipt = received.map(({ line, quantity }) => ({ lineId: line.id, quantity }));
      await writeActivity(tx, ctx, {
        action: 'receive',
        resource: 'transfer',
        resourceId: id,
        details: {
          ...activityDetails(view),
          received: received.map(({ line, quantity }) => `${transferLineName(line)}: ${quantity}`),
        },
      });
      await recordEvent(tx, { type: 'transfer.received', objectId: id, data: { ...view, receipt } });
      return view;
    });
  }

  /** A draft moves no stock; an in-transit transfer puts what did not arrive back at the source. */
  async cancel(id: string, ctx: AuditContext): Promise<TransferView> {
    return lockedTransaction(this.db, async (tx, locks) => {
      const seen = await peek(tx, id);
      const previous = seen.transfer.status;
      if (previous !== 'draft' && previous !== 'in_transit')
        throw conflict(TRANSFER_MESSAGES.closed, 'TRANSFER_STATUS_CONFLICT');
      // A draft's lines move no stock; a shipped transfer's lines do not change.
      if (previous === 'in_transit') await lockStockRows(tx, combinationsOf(seen.lines));
      const { transfer, lines } = await lockTransfer(tx, locks, id, null);
      if (transfer.status !== previous)
        throw conflict(
          transfer.status === 'received' || transfer.status === 'cancelled'
            ? TRANSFER_MESSAGES.closed
            : TRANSFER_MESSAGES.changed,
          'TRANSFER_STATUS_CONFLICT',
        );
      await setStatus(tx, id, previous, 'cancelled', TRANSFER_MESSAGES.closed);
      const returned: string[] = [];
      if (previous === 'in_transit')
        for (const line of lines) {
          const combination = combinationOf(line);
          const units = line.quantity - line.received;
          if (!combination || units === 0) continue;
          // A variant deleted meanwhile took its units with it: nothing to put back.
          const result = await changeStock(tx, {
            ...combination,
            operation: 'transfer_in',
            quantity: units,
            locationId: transfer.fromLocationId,
            reason: `${reasonOf(transfer)} cancelled`,
            actorId: ctx.userId,
          });
          if (result.ok) returned.push(`${transferLineName(line)}: ${units}`);
        }
      const view = (await loadTransfer(tx, id))!;
      await writeActivity(tx, ctx, {
        action: 'cancel',
        resource: 'transfer',
        resourceId: id,
        details: { ...activityDetails(view), previousStatus: previous, returned },
      });
      await recordEvent(tx, { type: 'transfer.cancelled', objectId: id, data: { ...view, previousStatus: previous } });
      return view;
    });
  }
}
function tooMany(line: LineRow) {
  return badRequest(
    `Only ${line.quantity - line.received} units of ${transferLineName(line)} are still expected`,
    'lines',
  );
}

async function locationName(db: DbOrTx, id: string): Promise<string> {
  const [row] = await db.select({ name: stockLocations.name }).from(stockLocations).where(eq(stockLocations.id, id));
  return row?.name ?? id;
}

function activityDetails(view: TransferView) {
  return {
    number: view.number,
    from: view.from.name,
    to: view.to.name,
    status: view.status,
    lines: view.lines.map((line) => `${transferLineName(line)}: ${line.quantity}`),
  };
}

/**
 * Checks a draft's locations (both exist and are active) and resolves its lines to their variants (the variant's own
 * spelling of size and colour, the product's name): an unknown product or size/colour is 404, nothing written.
 */
async function resolveDraft(db: DbOrTx, input: Draft) {
  await activeLocation(db, input.fromLocationId, { field: 'fromLocationId' });
  await activeLocation(db, input.toLocationId, { field: 'toLocationId' });
  const keys = sql.join(
    input.lines.map((l) => sql`(${l.productId}::char(24), lower(${l.size}), lower(${l.color}))`),
    sql`, `,
  );
  const found = await queryRows<{
    key: string;
    inventory_id: string | null;
    product_name: string;
    size: string;
    color: string;
  }>(
    db,
    sql`SELECT w.product_id || '/' || w.size || '/' || w.color AS key, i.id AS inventory_id, p.name AS product_name,
        i.size, i.color
      FROM (VALUES ${keys}) AS w (product_id, size, color)
      JOIN products p ON p.id = w.product_id
      LEFT JOIN inventory i ON i.product_id = w.product_id AND lower(i.size) = w.size AND lower(i.color) = w.color`,
  );
  const byKey = new Map(found.map((row) => [row.key, row]));
  return input.lines.map((line) => {
    const row = byKey.get(combinationKey(line));
    if (!row) throw notFound(TRANSFER_MESSAGES.productNotFound);
    if (!row.inventory_id) throw notFound(`Variant ${line.size}/${line.color} not found for ${row.product_name}`);
    return {
      inventoryId: row.inventory_id,
      productId: line.productId,
      productName: row.product_name,
      size: row.size,
      color: row.color,
      quantity: line.quantity,
    };
  });
}
