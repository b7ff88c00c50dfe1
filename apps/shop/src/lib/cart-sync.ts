import { cartContracts, mergeCarts } from '@seamline/shared';
import { api, session } from './api';
import { type CartLine, cart, CART_MERGED_KEY as MERGED_KEY } from './cart';

/**
 * A signed-in customer's cart lives on the server too (GET/PUT /api/cart), so it follows them to other devices.
 * On sign-in the account's cart and this browser's cart are merged (shared `mergeCarts`: a line in both keeps the
 * larger quantity, so merging twice never doubles), then every change in this tab is saved back, whole.
 * Loaded lazily (only with a session), so it costs the first page nothing.
 */
const SAVE_DELAY_MS = 400;

let stopSaving: (() => void) | null = null;
let merging: Promise<void> | null = null;

const sameLines = (a: readonly CartLine[], b: readonly CartLine[]) => JSON.stringify(a) === JSON.stringify(b);

function saveChanges(userId: string) {
  stopSaving?.();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const unsubscribe = cart.subscribe(() => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      if (session.readSession()?.user.id !== userId) return stop();
      void api.call(cartContracts.save, { body: { items: cart.lines() } }).catch(() => {
        // Best effort: the browser's cart stays the truth until the next change or sign-in saves it.
      });
    }, SAVE_DELAY_MS);
  });
  const stop = () => {
    clearTimeout(timer);
    unsubscribe();
    stopSaving = null;
  };
  stopSaving = stop;
}

async function merge(userId: string) {
  const saved = (await api.call(cartContracts.get)).data.items;
  const local = cart.lines();
  const merged = mergeCarts(saved, local);
  if (!sameLines(merged, local)) cart.replace(merged);
  if (!sameLines(merged, saved)) await api.call(cartContracts.save, { body: { items: merged } });
  localStorage.setItem(MERGED_KEY, userId);
}

/**
 * Brings the cart and the signed-in customer's account together: merges once per sign-in, then keeps saving.
 * Without a customer session it forgets the last merge (the next sign-in merges again). Safe to call often.
 */
export async function syncCartWithAccount(): Promise<void> {
  const user = session.readSession()?.user;
  if (user?.role !== 'customer') {
    localStorage.removeItem(MERGED_KEY);
    stopSaving?.();
    return;
  }
  if (localStorage.getItem(MERGED_KEY) !== user.id) {
    merging ??= merge(user.id).finally(() => {
      merging = null;
    });
    await merging.catch(() => {
      // Not merged (offline, expired session): tried again on the next page.
    });
    if (localStorage.getItem(MERGED_KEY) !== user.id) return;
  }
  if (!stopSaving) saveChanges(user.id);
}

/** The auth module's hook point: call right after a customer signs in (and after signing out). */
export const onSignedIn = syncCartWithAccount;
