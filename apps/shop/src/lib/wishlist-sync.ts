import { wishlistContracts } from '@seamline/shared';
import { api, isTransientFailure, session } from './api';
import { queryClient } from './query-client';
import { WISHLIST_KEY } from './use-wishlist';
import { guestWishlist } from './wishlist';

/** How long a merge that got no answer (or a server error) waits before trying again by itself, once. */
export const MERGE_RETRY_DELAY_MS = 3_000;

let merging: Promise<void> | null = null;
let retry: ReturnType<typeof setTimeout> | null = null;

/**
 * Hands a guest's list to the account once a customer is signed in (POST /api/wishlist/merge), then clears it here:
 * from then on the account's list is the one. Safe to call often (every page change does). A merge that got no
 * answer or a server error is tried again once by itself after MERGE_RETRY_DELAY_MS (the merge adds only what is
 * missing, so a second send is harmless); any failure keeps the list here for the next page's try.
 */
export async function mergeGuestWishlist(): Promise<void> {
  await merge(true);
}

async function merge(retryLater: boolean): Promise<void> {
  if (session.readSession()?.user.role !== 'customer') return;
  const productIds = guestWishlist.ids();
  if (productIds.length === 0) return;
  merging ??= api
    .call(wishlistContracts.merge, { body: { productIds } })
    .then(() => {
      for (const id of productIds) guestWishlist.remove(id);
      void queryClient.invalidateQueries({ queryKey: WISHLIST_KEY });
    })
    .finally(() => {
      merging = null;
    });
  await merging.catch((failure: unknown) => {
    if (!retryLater || retry || !isTransientFailure(failure)) return;
    retry = setTimeout(() => {
      retry = null;
      void merge(false);
    }, MERGE_RETRY_DELAY_MS);
  });
}
