import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { AccountLink } from '../components/header/AccountLink';
import { CartLink } from '../components/header/CartLink';
import { SearchBox } from '../components/header/SearchBox';
import { WishlistLink } from '../components/header/WishlistLink';

/** Every storefront page: a skip link, the header with the store's name, the page, the footer. */
export function ShopLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      <header className="sticky top-0 z-40 border-b border-stone-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex min-h-14 max-w-7xl flex-wrap items-center gap-x-4 gap-y-2 px-4 py-2">
          <Link href="/" className="text-lg font-semibold tracking-tight">
            Seamline
          </Link>
          <SearchBox />
          <nav aria-label="Account, wishlist and cart" className="ml-auto flex items-center gap-1">
            <AccountLink />
            <WishlistLink />
            <CartLink />
          </nav>
        </div>
      </header>
      <main id="main" className="mx-auto w-full max-w-7xl flex-1 px-4 py-6">
        {children}
      </main>
      <footer className="border-t border-stone-200 py-8 text-center text-sm text-stone-600">
        © Seamline · clothing for every day
      </footer>
    </div>
  );
}
