import type { Pagination as PageInfo } from '@seamline/shared';
import { Link } from 'wouter';
import { buttonSecondary } from '../../../components/browse/styles';

/** Previous / next as real links (shareable, open in a new tab), with where the shopper is. */
export function Pagination({ info, hrefFor }: { info: PageInfo; hrefFor: (page: number) => string }) {
  if (info.pages <= 1) return null;
  const { page, pages } = info;
  const linkClass = buttonSecondary;
  return (
    <nav aria-label="Pages" className="mt-10 flex items-center justify-center gap-4">
      {page > 1 ? (
        <Link href={hrefFor(page - 1)} className={linkClass} rel="prev">
          Previous
        </Link>
      ) : null}
      <p className="text-sm text-stone-600" aria-current="page">
        Page {page} of {info.exact ? pages : `${pages}+`}
      </p>
      {page < pages ? (
        <Link href={hrefFor(page + 1)} className={linkClass} rel="next">
          Next
        </Link>
      ) : null}
    </nav>
  );
}
