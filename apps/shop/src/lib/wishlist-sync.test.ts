import { wishlistContracts } from '@seamline/shared';
import { failure, isCallTo, ok, stubApi } from '@seamline/ui/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signInCustomer } from '../testing/render-shop';
import { session } from './api';
import { guestWishlist } from './wishlist';
import { MERGE_RETRY_DELAY_MS, mergeGuestWishlist } from './wishlist-sync';

const a = '64b7f0c2a1b2c3d4e5f6071a';
const b = '64b7f0c2a1b2c3d4e5f6071b';

describe("a guest's wishlist at sign-in", () => {
  afterEach(() => {
    session.clearSession();
    vi.useRealTimers();
  });

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

  it.each([
    { answer: 500, message: 'Internal server error', sends: 2 },
    { answer: 400, message: 'Product IDs are invalid.', sends: 1 },
  ])('stays in this browser after a $answer, tried again by itself only after a server error', async (when) => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    guestWishlist.add(a);
    signInCustomer();
    const sent = stubApi(() => failure(when.answer, when.message));
    await mergeGuestWishlist();
    await vi.advanceTimersByTimeAsync(MERGE_RETRY_DELAY_MS * 10);
    expect(sent).toHaveLength(when.sends);
    expect(guestWishlist.ids()).toEqual([a]);
    guestWishlist.remove(a);
  });

  it('is sent again by itself, once, when its answer was lost', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    guestWishlist.add(a);
    signInCustomer();
    let answered = false;
    const sent = stubApi(() => (answered ? ok({ added: 1 }) : Promise.reject(new TypeError('Failed to fetch'))));
    await mergeGuestWishlist();
    expect(sent).toHaveLength(1);
    expect(guestWishlist.ids()).toEqual([a]);

    await vi.advanceTimersByTimeAsync(MERGE_RETRY_DELAY_MS); // lost again: no third try by itself
    expect(sent).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(MERGE_RETRY_DELAY_MS * 10);
    expect(sent).toHaveLength(2);

    answered = true;
    await mergeGuestWishlist(); // the next page's try
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toHaveLength(3);
    expect(guestWishlist.ids()).toEqual([]);
  });
});
