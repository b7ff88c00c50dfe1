import type { EventType } from '@seamline/shared';
import type { DbOrTx } from '../src/db/client.js';
import { type NewEvent, recordEvents } from '../src/lib/events.js';

/**
 * Records an event whose data is a small marker (a number, a step) instead of its type's full view: for tests of
 * delivery, which never read the data beyond telling events apart. Emission tests record real changes instead.
 */
export async function recordMarkerEvent(
  tx: DbOrTx,
  event: { type: EventType; objectId: string; data: Record<string, unknown> },
): Promise<void> {
  await recordEvents(tx, [event as unknown as NewEvent]);
}
