import { Link } from 'wouter';
import { cartCount, useCart } from '../../lib/cart';

/** The header's cart link with the number of items in it. */
export function CartLink() {
  const count = cartCount(useCart());
  return (
    <Link href="/cart" className="rounded-md px-2 py-1 text-sm font-medium hover:bg-stone-100">
      Cart{count > 0 ? ` (${count})` : ''}
      <span className="sr-only">, {count} items</span>
    </Link>
  );
}
