import { useMemo } from 'react';
import { useRowSelection } from '../../../lib/row-selection';

export type Selection = {
  has: (id: string) => boolean;
  setMany: (ids: string[], selected: boolean) => void;
  clear: () => void;
  size: number;
  /** The chosen ids, for a bulk action. */
  ids: string[];
};

/** The chosen customers, shared by the table and grid views (kept when switching views or pages). */
export function useSelection(): Selection {
  const { selected, setMany, clear } = useRowSelection();
  return useMemo(
    () => ({ has: (id: string) => selected.has(id), setMany, clear, size: selected.size, ids: [...selected] }),
    [selected, setMany, clear],
  );
}
