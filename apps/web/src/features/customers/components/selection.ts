import { useMemo } from 'react';
import { type RowSelection, useRowSelection } from '../../../lib/row-selection';

export type Selection = {
  has: (id: string) => boolean;
  setMany: (ids: string[], selected: boolean) => void;
  clear: () => void;
  size: number;
  /** The chosen ids, for a bulk action. */
  ids: string[];
  /** The list's row selection, for the bulk bar ("select all matching"). */
  rows: RowSelection;
};

/** The chosen customers, shared by the table and grid views (kept when switching views or pages). */
export function useSelection(): Selection {
  const rows = useRowSelection();
  const { selected, allMatching, setMany, clear } = rows;
  return useMemo(
    () => ({
      has: (id: string) => allMatching || selected.has(id),
      setMany,
      clear,
      size: selected.size,
      ids: [...selected],
      rows,
    }),
    [selected, allMatching, setMany, clear, rows],
  );
}
