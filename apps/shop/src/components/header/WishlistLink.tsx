import { Link } from 'wouter';

/** The header's way to the wishlist (a guest's list in this browser, or the account's). */
export function WishlistLink() {
  return (
    <Link
      href="/account/wishlist"
      className="flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium hover:bg-stone-100"
    >
      <svg
        aria-hidden
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
      >
        <path d="M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z" />
      </svg>
      <span className="sr-only sm:not-sr-only">Wishlist</span>
    </Link>
  );
}
