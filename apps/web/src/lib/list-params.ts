import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

type ParamValue = string | number;
type ListParams = Record<string, ParamValue>;
export type SetListParams<T extends ListParams> = (changes: Partial<T>, options?: { replace?: boolean }) => void;

/** A number from the URL: a whole number ≥ 1 for `page`, any finite number otherwise; anything else → the default. */
function readNumber(raw: string | null, key: string, fallback: number): number {
  if (raw === null || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value)) return fallback;
  return key === 'page' ? (Number.isInteger(value) && value >= 1 ? value : fallback) : value;
}

/**
 * A list screen's state — search, filters, sort, page, view — kept in the URL query string (docs/domain.md §
 * Corrections), so a refresh or a shared link shows the same list and Back returns to it. `defaults` names every
 * parameter and its type; values equal to their default are left out of the URL. Changing anything but `page` goes back
 * to page 1. Changes push a history entry unless `replace` is set (typing in a search box replaces, so Back does not
 * replay each keystroke).
 */
export function useListParams<T extends ListParams>(defaults: T): [T, SetListParams<T>] {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const defaultsRef = useRef(defaults);
  // The query string as last written, ahead of the render that shows it: two changes in one tick (a page clamp and a
  // search) both apply, where the router's own setter would build each from the same stale render and drop one.
  const latest = useRef({ seen: searchParams, current: searchParams });
  if (latest.current.seen !== searchParams) latest.current = { seen: searchParams, current: searchParams };

  const params = useMemo(() => {
    const read: ListParams = {};
    for (const [key, fallback] of Object.entries(defaultsRef.current)) {
      const raw = searchParams.get(key);
      read[key] = typeof fallback === 'number' ? readNumber(raw, key, fallback) : (raw ?? fallback);
    }
    return read as T;
  }, [searchParams]);

  const setParams = useCallback<SetListParams<T>>(
    (changes, options) => {
      const current = latest.current.current;
      const next = new URLSearchParams(current);
      const resetsPage = Object.keys(changes).some((key) => key !== 'page') && !('page' in changes);
      const all: Partial<ListParams> = resetsPage ? { ...changes, page: defaultsRef.current.page } : changes;
      for (const [key, value] of Object.entries(all)) {
        if (value === undefined || value === defaultsRef.current[key] || value === '') next.delete(key);
        else next.set(key, String(value));
      }
      // The same list again (clicking the current page, re-applying a search) adds no history entry and no request.
      if (next.toString() === current.toString()) return;
      latest.current.current = next;
      const search = next.toString();
      navigate({ search: search ? `?${search}` : '' }, { replace: options?.replace ?? false });
    },
    [navigate],
  );
  return [params, setParams];
}

/**
 * When the page in the URL lies past the last page — the last row of the last page was deleted, or a shared link
 * outlived its rows — replace it with the last page (no new history entry). `totalPages` is the settled answer's
 * count only: pass undefined while loading, on error, or while an earlier answer stands in for the new one, so a
 * Back to page 8 of another search is not clamped by the current search's page count.
 */
export function useLastPageClamp(
  page: number,
  totalPages: number | undefined,
  setPage: SetListParams<{ page: number }>,
) {
  useEffect(() => {
    if (totalPages !== undefined && totalPages >= 1 && page > totalPages)
      setPage({ page: totalPages }, { replace: true });
  }, [page, totalPages, setPage]);
}

/** A URL value restricted to known choices (a view, a sort): anything else, e.g. an edited link, is the fallback. */
export function oneOf<const T extends string>(value: string, choices: readonly T[], fallback: T): T {
  return (choices as readonly string[]).includes(value) ? (value as T) : fallback;
}
