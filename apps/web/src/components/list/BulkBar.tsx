import { Button } from '@seamline/ui';
import type { ReactNode } from 'react';
import type { RowSelection } from '../../lib/row-selection';

/**
 * Shown while rows are ticked: how many, the offer to act on all rows matching the filter instead, and the list's bulk
 * actions.
 */
export function BulkBar({
  selection,
  total,
  noun,
  children,
}: {
  selection: RowSelection;
  /** Rows matching the current filter (null while unknown). */
  total: number | null;
  noun: string;
  children: ReactNode;
}) {
  const count = selection.allMatching ? total : selection.selected.size;
  if (!selection.allMatching && selection.selected.size === 0) return null;
  return (
    <section
      aria-label="Bulk actions"
      className="mb-3 flex flex-wrap items-center gap-3 rounded-lg border border-indigo-200 bg-indigo-50 px-4 py-2 text-sm"
    >
      <span className="font-medium text-indigo-900" aria-live="polite">
        {selection.allMatching ? `All ${count ?? ''} matching ${noun} selected` : `${count} ${noun} selected`}
      </span>
      {!selection.allMatching && total !== null && total > selection.selected.size ? (
        <Button size="sm" variant="outline" onClick={selection.selectAllMatching}>
          Select all {total} matching
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={selection.clear}>
        Clear
      </Button>
      <div className="ml-auto flex flex-wrap items-center gap-2">{children}</div>
    </section>
  );
}

/** What a bulk request names: the ticked ids, or the list's filter for "all matching". */
export function selectionBody<F>(selection: RowSelection, filter: F): { ids: string[] } | { filter: F } {
  return selection.allMatching ? { filter } : { ids: [...selection.selected] };
}
