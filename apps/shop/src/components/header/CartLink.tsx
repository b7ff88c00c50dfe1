import { useEffect } from 'react';
import { Link, useLocation } from 'wouter';
import { session } from '../../lib/api';
import { CART_MERGED_KEY, cartCount, useCart } from '../../lib/cart';

/**
 * The header's cart link with the number of items in it; it also keeps a customer's cart in their account and hands
 * a guest's wishlist to the account at sign-in.
 */
export function CartLink() {
  const count = cartCount(useCart());
  const [location] = useLocation();
  // Every page change checks the session, so a sign-in anywhere (or a session restored) merges the cart and wishlist.
  useEffect(() => {
    void location;
    if (session.readSession()) {
      void import('../../lib/cart-sync').then(({ syncCartWithAccount }) => syncCartWithAccount());
      void import('../../lib/wishlist-sync').then(({ mergeGuestWishlist }) => mergeGuestWishlist());
    } else localStorage.removeItem(CART_MERGED_KEY);
  }, [location]);
  return (
    <Link href="/cart" className="rounded-md px-2 py-1 text-sm font-medium hover:bg-stone-100">
      Cart{count > 0 ? ` (${count})` : ''}
      <span className="sr-only">, {count} items</span>
    </Link>
  );
}
