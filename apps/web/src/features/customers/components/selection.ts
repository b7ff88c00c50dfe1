import { useCallback, useMemo, useState } from 'react';

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
  const [ids, setIds] = useState<ReadonlySet<string>>(new Set());
  const setMany = useCallback((changed: string[], selected: boolean) => {
    setIds((current) => {
      const next = new Set(current);
      for (const id of changed) {
        if (selected) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);
  const clear = useCallback(() => setIds(new Set()), []);
  return useMemo(
    () => ({ has: (id: string) => ids.has(id), setMany, clear, size: ids.size, ids: [...ids] }),
    [ids, setMany, clear],
  );
}
