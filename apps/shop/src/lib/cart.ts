import type { OrderItemInput } from '@seamline/shared';
import { useSyncExternalStore } from 'react';
import { storageListeners } from './stored-value';

/**
 * The shopper's cart, kept in localStorage so it survives reloads (and other tabs see changes). A line is one
 * size × color of a product; what the cart shows for display is a copy from when it was added, the prices that count
 * come from the server's checkout session.
 */
export type CartLine = Pick<OrderItemInput, 'productId' | 'size' | 'color' | 'quantity'> & {
  slug: string;
  name: string;
  image: string | null;
};

const STORAGE_KEY = 'shop.cart';
/** The customer whose account cart this browser's cart was last merged with (lib/cart-sync.ts). */
export const CART_MERGED_KEY = 'shop.cart.mergedFor';
const changes = storageListeners(STORAGE_KEY);
let cached: { raw: string | null; lines: CartLine[] } = { raw: null, lines: [] };

function read(): CartLine[] {
  const raw = localStorage.getItem(STORAGE_KEY);
  if (raw === cached.raw) return cached.lines;
  let lines: CartLine[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    lines = Array.isArray(parsed) ? (parsed as CartLine[]) : [];
  } catch {
    // A damaged entry is an empty cart, not a broken page.
  }
  cached = { raw, lines };
  return lines;
}

function write(lines: CartLine[]) {
  localStorage.setItem(STORAGE_KEY, JSON.stringify(lines));
  changes.notify();
}

const sameLine = (a: CartLine, b: Pick<CartLine, 'productId' | 'size' | 'color'>) =>
  a.productId === b.productId && a.size === b.size && a.color === b.color;

export const cart = {
  lines: read,
  add(line: CartLine) {
    const lines = read();
    const existing = lines.find((l) => sameLine(l, line));
    write(
      existing
        ? lines.map((l) => (l === existing ? { ...l, quantity: l.quantity + line.quantity } : l))
        : [...lines, line],
    );
  },
  setQuantity(line: Pick<CartLine, 'productId' | 'size' | 'color'>, quantity: number) {
    write(
      quantity <= 0
        ? read().filter((l) => !sameLine(l, line))
        : read().map((l) => (sameLine(l, line) ? { ...l, quantity } : l)),
    );
  },
  remove(line: Pick<CartLine, 'productId' | 'size' | 'color'>) {
    write(read().filter((l) => !sameLine(l, line)));
  },
  clear() {
    write([]);
  },
  /** The whole cart at once (the account's cart merged in on sign-in). */
  replace(lines: CartLine[]) {
    write(lines);
  },
  /** Calls `listener` after every change made in this tab. */
  subscribe: changes.onLocalChange,
};

/** The cart's lines, re-rendering on every change (this tab or another). */
export function useCart(): CartLine[] {
  return useSyncExternalStore(changes.subscribe, read, () => []);
}

export const cartCount = (lines: CartLine[]) => lines.reduce((sum, line) => sum + line.quantity, 0);
