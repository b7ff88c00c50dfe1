import { cartContracts, type PublicUser } from '@seamline/shared';
import { isCallTo, ok, stubApi } from '@seamline/ui/testing';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { session } from './api';
import { type CartLine, cart } from './cart';
import { syncCartWithAccount } from './cart-sync';

const line = (productId: string, quantity: number): CartLine => ({
  productId,
  size: 'M',
  color: 'Black',
  quantity,
  slug: productId,
  name: productId,
  image: null,
});

function signIn(id: string, role: PublicUser['role'] = 'customer') {
  const user = { id, email: `${id}@example.com`, firstName: 'Ada', lastName: 'L', role } as PublicUser;
  session.saveSession(user, { accessToken: 'token', refreshToken: 'refresh' });
}

describe('the cart and the customer account', () => {
  // Signing out stops the saving started for the last customer (the module keeps it between tests, as in a tab).
  afterEach(async () => {
    session.clearSession();
    await syncCartWithAccount();
    vi.useRealTimers();
  });

  it('merges the account cart and this browser cart on sign-in, keeping the larger quantity, and saves it back', async () => {
    signIn('u1');
    cart.replace([line('a', 1), line('b', 2)]);
    const sent = stubApi((request) =>
      ok(isCallTo(request, cartContracts.get) ? { items: [line('a', 3), line('c', 1)] } : { items: [] }),
    );
    await syncCartWithAccount();
    expect(cart.lines().map((l) => [l.productId, l.quantity])).toEqual([
      ['a', 3],
      ['c', 1],
      ['b', 2],
    ]);
    const saved = sent.find((request) => isCallTo(request, cartContracts.save));
    expect(saved?.body).toEqual({ items: cart.lines() });
  });

  it('merges once per sign-in, then saves each change (debounced) to the account', async () => {
    vi.useFakeTimers();
    signIn('u2');
    const sent = stubApi(() => ok({ items: [] }));
    await syncCartWithAccount();
    await syncCartWithAccount();
    expect(sent.filter((request) => isCallTo(request, cartContracts.get))).toHaveLength(1);
    cart.add(line('d', 1));
    cart.add(line('d', 1));
    await vi.advanceTimersByTimeAsync(1_000);
    const saves = sent.filter((request) => isCallTo(request, cartContracts.save));
    expect(saves).toHaveLength(1);
    expect(saves[0]?.body).toEqual({ items: [line('d', 2)] });
  });

  it('does nothing with the account for a guest or a staff session, and forgets the last merge', async () => {
    const sent = stubApi(() => ok({ items: [] }));
    localStorage.setItem('shop.cart.mergedFor', 'someone');
    await syncCartWithAccount();
    expect(localStorage.getItem('shop.cart.mergedFor')).toBeNull();
    signIn('staff', 'admin');
    await syncCartWithAccount();
    expect(sent).toHaveLength(0);
  });
});
