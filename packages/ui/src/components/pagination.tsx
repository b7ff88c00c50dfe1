import { ChevronLeft, ChevronRight } from 'lucide-react';
import { cn } from '../cn';
import { Button } from './button';

/** Page numbers to show: all when few, else first, last and the neighbours of the current page with gaps. */
export function pageWindow(page: number, totalPages: number): (number | 'gap')[] {
  if (totalPages <= 7) return Array.from({ length: totalPages }, (_, i) => i + 1);
  const pages = new Set([1, totalPages, page - 1, page, page + 1]);
  const sorted = [...pages].filter((p) => p >= 1 && p <= totalPages).sort((a, b) => a - b);
  const result: (number | 'gap')[] = [];
  for (const p of sorted) {
    const last = result.at(-1);
    if (typeof last === 'number' && p - last > 1) result.push(p - last === 2 ? last + 1 : 'gap');
    result.push(p);
  }
  return result;
}

export type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  className?: string;
};

/** Prev, numbered pages, Next — rendered only when there is more than one page. */
export function Pagination({ page, totalPages, onPageChange, className }: PaginationProps) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label="Pagination" className={cn('flex items-center justify-center gap-1', className)}>
      <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onPageChange(page - 1)}>
        <ChevronLeft aria-hidden /> Prev
      </Button>
      {pageWindow(page, totalPages).map((p, index) =>
        p === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
          <span key={`gap-${index}`} className="px-1.5 text-sm text-subtle-foreground">
            …
          </span>
        ) : (
          <Button
            key={p}
            variant={p === page ? 'primary' : 'ghost'}
            size="sm"
            className="min-w-8 px-2"
            aria-current={p === page ? 'page' : undefined}
            onClick={() => onPageChange(p)}
          >
            {p}
          </Button>
        ),
      )}
      <Button variant="outline" size="sm" disabled={page >= totalPages} onClick={() => onPageChange(page + 1)}>
        Next <ChevronRight aria-hidden />
      </Button>
    </nav>
  );
}
