import { wishlistContracts } from '@seamline/shared';
import { failure, isCallTo, ok, stubApi } from '@seamline/ui/testing';
import { afterEach, describe, expect, it } from 'vitest';
import { signInCustomer } from '../testing/render-shop';
import { session } from './api';
import { guestWishlist } from './wishlist';
import { mergeGuestWishlist } from './wishlist-sync';

const a = '64b7f0c2a1b2c3d4e5f6071a';
const b = '64b7f0c2a1b2c3d4e5f6071b';

describe("a guest's wishlist at sign-in", () => {
  afterEach(() => session.clearSession());

  it('is handed to the account in one call and then cleared in this browser', async () => {
    guestWishlist.add(a);
    guestWishlist.add(b);
    const sent = stubApi(() => ok({ added: 2 }));
    await mergeGuestWishlist(); // a guest: nothing is sent
    expect(sent).toEqual([]);

    signInCustomer();
    await mergeGuestWishlist();
    expect(sent).toHaveLength(1);
    expect(isCallTo(sent[0]!, wishlistContracts.merge)).toBe(true);
    expect(sent[0]!.body).toEqual({ productIds: [b, a] });
    expect(guestWishlist.ids()).toEqual([]);

    await mergeGuestWishlist(); // nothing left to hand over
    expect(sent).toHaveLength(1);
  });

  it('stays in this browser when the merge fails, for the next try', async () => {
    guestWishlist.add(a);
    signInCustomer();
    stubApi(() => failure(500, 'Internal server error'));
    await mergeGuestWishlist();
    expect(guestWishlist.ids()).toEqual([a]);
  });
});
