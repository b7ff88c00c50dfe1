import { wishlistContracts } from '@seamline/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorMessage } from './api';
import { useShopUser } from './auth';
import { ACCOUNT_QUERY_KEY } from './query-client';
import { guestWishlist, useGuestWishlist } from './wishlist';

/** Every read of the customer's wishlist starts with this key (sign-out forgets them with the account's). */
export const WISHLIST_KEY = [...ACCOUNT_QUERY_KEY, 'wishlist'] as const;
const IDS_KEY = [...WISHLIST_KEY, 'ids'] as const;

type Ids = readonly string[];

/**
 * Which of the shown products are wished for: a guest's from this browser, a customer's with ONE call per grid (the
 * page's ids: GET /api/wishlist/ids), never one per card.
 */
export function useWished(productIds: Ids): ReadonlySet<string> {
  const customer = useShopUser()?.role === 'customer';
  const guest = useGuestWishlist();
  const key = [...productIds].sort().join(',');
  const account = useQuery({
    queryKey: [...IDS_KEY, key] as const,
    queryFn: async ({ signal }) =>
      (await api.call(wishlistContracts.wished, { query: { productIds: key }, signal })).data.productIds,
    enabled: customer && key.length > 0,
  });
  if (!customer) return new Set(guest);
  return new Set(account.data ?? []);
}

/**
 * Adds or removes a product: in this browser for a guest, through the API for a customer. The hearts change at once
 * (every grid's answer is updated) and change back, with the server's message, when the call fails.
 */
export function useWishlistToggle() {
  const customer = useShopUser()?.role === 'customer';
  const client = useQueryClient();
  const [error, setError] = useState('');

  const mark = (productId: string, on: boolean) =>
    client.setQueriesData<string[]>({ queryKey: IDS_KEY }, (ids) => {
      if (!ids) return ids;
      const rest = ids.filter((id) => id !== productId);
      return on ? [...rest, productId] : rest;
    });

  const toggle = async (productId: string, on: boolean) => {
    setError('');
    if (!customer) {
      if (on) guestWishlist.add(productId);
      else guestWishlist.remove(productId);
      return;
    }
    mark(productId, on);
    try {
      if (on) await api.call(wishlistContracts.add, { body: { productId } });
      else await api.call(wishlistContracts.remove, { params: { productId } });
    } catch (failure) {
      mark(productId, !on);
      setError(errorMessage(failure, 'Your wishlist could not be changed. Please try again.'));
    }
    // The account list and every grid's answer are read again (only the ids of a page on screen are refetched).
    void client.invalidateQueries({ queryKey: WISHLIST_KEY });
  };
  return { toggle, error };
}
