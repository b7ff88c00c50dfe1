import { Button, Input } from '@seamline/ui';
import type { FormEvent } from 'react';
import { useLocation, useSearch } from 'wouter';
import { SHOP_BASE } from '../../lib/paths';

/**
 * The header's product search (its own row on phones, so it is wide enough to type in). A plain GET form to /shop/search (works before the app has loaded too); with the app
 * running, a submit is a client-side navigation. On the search page it shows the words searched for.
 */
export function SearchBox() {
  const [location, navigate] = useLocation();
  const search = useSearch();
  const current = location === '/search' ? (new URLSearchParams(search).get('q') ?? '') : '';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    navigate(q ? `/search?${new URLSearchParams({ q })}` : '/search');
  };
  return (
    <search className="order-last w-full sm:order-none sm:w-auto sm:min-w-0 sm:flex-1">
      <form action={`${SHOP_BASE}/search`} onSubmit={submit} className="relative" key={current}>
        <label htmlFor="site-search" className="sr-only">
          Search products
        </label>
        <Input
          id="site-search"
          name="q"
          type="search"
          placeholder="Search"
          defaultValue={current}
          className="h-auto py-1.5 pr-9"
        />
        <Button
          type="submit"
          variant="ghost"
          size="icon"
          className="absolute inset-y-0 right-0 h-auto w-9 text-muted-foreground hover:bg-transparent"
          aria-label="Search"
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 20 20"
            className="size-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <circle cx="8.5" cy="8.5" r="5.5" />
            <path d="m13 13 4 4" strokeLinecap="round" />
          </svg>
        </Button>
      </form>
    </search>
  );
}
