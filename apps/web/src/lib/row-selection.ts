import { useCallback, useState } from 'react';

/**
 * Ticked rows of a list, kept across its pages, and whether "all N matching the filter" was chosen instead. A bulk
 * action sends either the ids or the list's filter.
 */
export function useRowSelection() {
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [allMatching, setAllMatching] = useState(false);
  const toggle = useCallback((id: string, on: boolean) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }, []);
  const setMany = useCallback((ids: readonly string[], on: boolean) => {
    setAllMatching(false);
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => {
    setAllMatching(false);
    setSelected(new Set());
  }, []);
  return { selected, allMatching, toggle, setMany, clear, selectAllMatching: () => setAllMatching(true) };
}
export type RowSelection = ReturnType<typeof useRowSelection>;

/** The list parameters that are filters: every non-empty one except view, page and sort. */
export function filterOf(params: Record<string, string | number>, keys: readonly string[]): Record<string, string> {
  const filter: Record<string, string> = {};
  for (const key of keys) {
    const value = params[key];
    if (value !== undefined && value !== '') filter[key] = String(value);
  }
  return filter;
}
