import { WISHLIST_MERGE_MAX } from '@seamline/shared';
import { useSyncExternalStore } from 'react';
import { storageListeners } from './stored-value';

/**
 * A guest's wishlist: product ids in localStorage (newest first), like the guest cart, so it survives reloads and other
 * tabs see changes. At sign-in it is merged into the account (lib/wishlist-sync.ts) and cleared here. It keeps at most
 * as many ids as one merge takes.
 */
const STORAGE_KEY = 'shop.wishlist';
const changes = storageListeners(STORAGE_KEY);
let cached: { raw: string | null; ids: string[] } = { raw: null, ids: [] };

function read(): string[] {
  const raw = localStorage.getItem(STORAGE_KEY);
  if (raw === cached.raw) return cached.ids;
  let ids: string[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    ids = Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    // A damaged entry is an empty list, not a broken page.
  }
  cached = { raw, ids };
  return ids;
}

function write(ids: string[]) {
  if (ids.length) localStorage.setItem(STORAGE_KEY, JSON.stringify(ids));
  else localStorage.removeItem(STORAGE_KEY);
  changes.notify();
}

export const guestWishlist = {
  ids: read,
  add(productId: string) {
    write([productId, ...read().filter((id) => id !== productId)].slice(0, WISHLIST_MERGE_MAX));
  },
  remove(productId: string) {
    write(read().filter((id) => id !== productId));
  },
  clear() {
    write([]);
  },
};

/** The guest list's ids, re-rendering on every change (this tab or another). */
export function useGuestWishlist(): string[] {
  return useSyncExternalStore(changes.subscribe, read, () => []);
}
