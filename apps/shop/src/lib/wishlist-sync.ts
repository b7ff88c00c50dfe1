import { wishlistContracts } from '@seamline/shared';
import { api, session } from './api';
import { queryClient } from './query-client';
import { WISHLIST_KEY } from './use-wishlist';
import { guestWishlist } from './wishlist';

let merging: Promise<void> | null = null;

/**
 * Hands a guest's list to the account once a customer is signed in (POST /api/wishlist/merge), then clears it here:
 * from then on the account's list is the one. Safe to call often; a failed merge keeps the list for the next try.
 */
export async function mergeGuestWishlist(): Promise<void> {
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
  await merging.catch(() => {
    // Not merged (offline, expired session): tried again on the next page.
  });
}
