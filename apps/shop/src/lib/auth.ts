import type { AuthTokens, PublicUser } from '@seamline/shared';
import { useSyncExternalStore } from 'react';
import { session } from './api';
import { SHOP_SESSION_KEYS } from './paths';

/**
 * The shopper's sign-in state for the whole storefront: a tiny store over the `shop.*` session keys (no provider, so
 * the header reads it without pulling the account pages into the first bundle). Other tabs' sign-in and sign-out, and
 * a session that could not be renewed, reach it through the session store's subscription.
 */
export const SIGNED_IN_EVENT = 'shop:signed-in';
export type SignedInDetail = { user: PublicUser; reason: 'sign-in' | 'register' };

const listeners = new Set<() => void>();
let cached: { raw: string | null; user: PublicUser | null } = { raw: null, user: null };

function readUser(): PublicUser | null {
  const raw = localStorage.getItem(SHOP_SESSION_KEYS.userData);
  if (raw === cached.raw) return cached.user;
  cached = { raw, user: session.readSession()?.user ?? null };
  return cached.user;
}

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const stop = session.subscribe(listener);
  return () => {
    listeners.delete(listener);
    stop();
  };
}

/** The signed-in customer, or null; re-renders on sign-in, sign-out and profile changes. */
export function useShopUser(): PublicUser | null {
  return useSyncExternalStore(subscribe, readUser, () => null);
}

export const shopAuth = {
  user: readUser,
  /** Keeps a new session and tells the rest of the shop (the cart merges itself into the account on this event). */
  signedIn(user: PublicUser, tokens: AuthTokens, reason: SignedInDetail['reason']) {
    session.saveSession(user, tokens);
    notify();
    window.dispatchEvent(new CustomEvent<SignedInDetail>(SIGNED_IN_EVENT, { detail: { user, reason } }));
  },
  /** The profile changed (name, phone): the header follows. */
  updated(user: PublicUser) {
    session.saveUser(user);
    notify();
  },
  signedOut() {
    session.clearSession();
    notify();
  },
};

/**
 * The hook point for whoever must act when a shopper signs in or registers (the cart merge): the listener gets the
 * user; the answer stops listening.
 */
export function onSignedIn(listener: (detail: SignedInDetail) => void): () => void {
  const handler = (event: Event) => listener((event as CustomEvent<SignedInDetail>).detail);
  window.addEventListener(SIGNED_IN_EVENT, handler);
  return () => window.removeEventListener(SIGNED_IN_EVENT, handler);
}
