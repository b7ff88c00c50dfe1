import type { ComponentType, ReactNode } from 'react';
import { buttonVariants } from './button';

export type PagerLinkProps = { href: string; className: string; rel: string; children: ReactNode };

export type PagerLinksProps = {
  page: number;
  pages: number;
  /** False when the server only knows there are more pages than counted: "Page 2 of 5+". */
  exact?: boolean;
  hrefFor: (page: number) => string;
  /** The app router's link (so following it does not reload the page); a plain <a> by default. */
  link?: ComponentType<PagerLinkProps>;
  className?: string;
};

const PlainLink = ({ children, ...props }: PagerLinkProps) => <a {...props}>{children}</a>;

/**
 * Previous / next as real links (shareable, open in a new tab) with "Page 2 of 5" between them, for pages whose
 * page number lives in the address; rendered only when there is more than one page.
 */
export function PagerLinks({ page, pages, exact = true, hrefFor, link: Link = PlainLink, className }: PagerLinksProps) {
  if (pages <= 1) return null;
  const linkClass = buttonVariants({ variant: 'outline', size: 'lg' });
  return (
    <nav aria-label="Pages" className={className ?? 'flex items-center justify-center gap-4'}>
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} className={linkClass} rel="prev">
          Previous
        </Link>
      ) : null}
      <p className="text-sm text-muted-foreground" aria-current="page">
        Page {page} of {exact ? pages : `${pages}+`}
      </p>
      {page < pages ? (
        <Link href={hrefFor(page + 1)} className={linkClass} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
