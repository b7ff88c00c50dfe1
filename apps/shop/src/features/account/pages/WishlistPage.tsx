import { WISHLIST_PAGE_SIZE, type WishlistItemView } from '@seamline/shared';
import { Button, Notice, type PagerLinkProps, PagerLinks } from '@seamline/ui';
import { useQuery } from '@tanstack/react-query';
import { Link, useSearchParams } from 'wouter';
import { QueryState } from '../../../components/QueryState';
import { SectionHeading } from '../../../components/SectionHeading';
import { TextLink } from '../../../components/TextLink';
import { shopHref } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useWishlistToggle } from '../../../lib/use-wishlist';
import { guestWishlist, useGuestWishlist } from '../../../lib/wishlist';
import { WishlistItemCard } from '../components/WishlistItemCard';
import { asWishlistItem, wishlistQueries } from '../wishlist-api';

const PagerLink = ({ children, ...props }: PagerLinkProps) => <Link {...props}>{children}</Link>;

function usePage() {
  const [params] = useSearchParams();
  return Math.max(1, Number(params.get('page')) || 1);
}

function EmptyWishlist() {
  return (
    <div className="rounded-md border border-dashed border-stone-300 p-8 text-center">
      <p className="font-medium">Your wishlist is empty</p>
      <p className="mt-1 text-sm text-stone-600">Tap the heart on a product to keep it here.</p>
      <Button asChild className="mt-4">
        <Link href={shopHref('/')}>Start shopping</Link>
      </Button>
    </div>
  );
}

function ItemList({ items, onRemove }: { items: WishlistItemView[]; onRemove: (productId: string) => void }) {
  return (
    <ul className="flex flex-col gap-3">
      {items.map((item) => (
        <WishlistItemCard key={item.productId} item={item} onRemove={() => onRemove(item.productId)} />
      ))}
    </ul>
  );
}

/** /account/wishlist for a signed-in customer: the account's list, 20 a page (?page= in the URL), newest first. */
export function WishlistPage() {
  useDocumentTitle('Your wishlist');
  const page = usePage();
  const list = useQuery(wishlistQueries.page(page));
  const { toggle, error } = useWishlistToggle();
  return (
    <section>
      <SectionHeading title="Your wishlist" />
      {error ? <Notice tone="error">{error}</Notice> : null}
      <QueryState query={list} fallback="Your wishlist could not be loaded.">
        {({ items, pagination }) =>
          items.length === 0 ? (
            <EmptyWishlist />
          ) : (
            <>
              <ItemList items={items} onRemove={(productId) => void toggle(productId, false)} />
              <PagerLinks
                className="mt-6 flex items-center justify-center gap-4"
                page={page}
                pages={pagination.pages}
                hrefFor={(p) => `/wishlist?page=${p}`}
                link={PagerLink}
              />
            </>
          )
        }
      </QueryState>
    </section>
  );
}

/**
 * /account/wishlist for a guest: the list kept in this browser, newest first, each page read with ONE storefront list
 * call (no product view is counted); a product no longer sold says so and can be removed. With a prompt to sign in so
 * the list is kept in an account.
 */
export function GuestWishlistPage() {
  useDocumentTitle('Your wishlist');
  const page = usePage();
  const ids = useGuestWishlist();
  const shown = ids.slice((page - 1) * WISHLIST_PAGE_SIZE, page * WISHLIST_PAGE_SIZE);
  const read = useQuery(wishlistQueries.guestPage(shown));
  const pages = Math.ceil(ids.length / WISHLIST_PAGE_SIZE);
  const next = encodeURIComponent('/wishlist');
  const pager = (
    <PagerLinks
      className="mt-6 flex items-center justify-center gap-4"
      page={page}
      pages={pages}
      hrefFor={(p) => `/wishlist?page=${p}`}
      link={PagerLink}
    />
  );
  return (
    <section className="mx-auto max-w-3xl">
      <SectionHeading title="Your wishlist" />
      <p className="mb-6 rounded-md border border-stone-200 bg-stone-50 px-4 py-3 text-sm">
        This list is kept in this browser only. <TextLink href={`/sign-in?next=${next}`}>Sign in</TextLink> or{' '}
        <TextLink href="/register">create an account</TextLink> to keep it and see it on every device.
      </p>
      {ids.length === 0 ? (
        <EmptyWishlist />
      ) : shown.length === 0 ? (
        pager
      ) : (
        <QueryState query={read} fallback="Your wishlist could not be loaded.">
          {({ asked, products }) => (
            <>
              <ul className="flex flex-col gap-3">
                {shown.map((id) => {
                  const product = products.get(id);
                  if (!product && !asked.has(id)) return null;
                  if (!product) return <GoneItem key={id} onRemove={() => guestWishlist.remove(id)} />;
                  return (
                    <WishlistItemCard
                      key={id}
                      item={asWishlistItem(product)}
                      colorStock={product.colorStock}
                      onRemove={() => guestWishlist.remove(id)}
                    />
                  );
                })}
              </ul>
              {pager}
            </>
          )}
        </QueryState>
      )}
    </section>
  );
}

/** A wished product that is no longer sold (deleted or taken off sale): kept until the shopper removes it. */
function GoneItem({ onRemove }: { onRemove: () => void }) {
  return (
    <li className="flex items-center justify-between rounded-md border border-stone-200 p-4">
      <p className="text-sm text-stone-600">A product that is no longer sold</p>
      <Button type="button" variant="inline" size="sm" onClick={onRemove}>
        Remove
      </Button>
    </li>
  );
}
