import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebounce } from './use-debounce';

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
 * A list screen's state — search, filters, sort, page, view — kept in the URL query string (DESIGN §7), so a refresh
 * or a shared link shows the same list and Back returns to it. `defaults` names every parameter and its type; values
 * equal to their default are left out of the URL. Changing anything but `page` goes back to page 1. Changes push a
 * history entry unless `replace` is set (typing in a search box replaces, so Back does not replay each keystroke).
 */
export function useListParams<T extends ListParams>(defaults: T): [T, SetListParams<T>] {
  const [searchParams, setSearchParams] = useSearchParams();
  const defaultsRef = useRef(defaults);
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
      setSearchParams(
        (current) => {
          const next = new URLSearchParams(current);
          const resetsPage = Object.keys(changes).some((key) => key !== 'page') && !('page' in changes);
          const all: Partial<ListParams> = resetsPage ? { ...changes, page: defaultsRef.current.page } : changes;
          for (const [key, value] of Object.entries(all)) {
            if (value === undefined || value === defaultsRef.current[key] || value === '') next.delete(key);
            else next.set(key, String(value));
          }
          return next;
        },
        { replace: options?.replace ?? false },
      );
    },
    [setSearchParams],
  );
  return [params, setParams];
}

/**
 * The text of a search box whose committed value lives in the URL: what is typed shows at once and reaches the URL
 * (and so the server) `delayMs` after the last keystroke, replacing the history entry; Back or a shared link puts
 * the URL's value back in the box.
 */
export function useUrlSearchText(committed: string, commit: (text: string) => void, delayMs: number) {
  const [text, setText] = useState(committed);
  const debounced = useDebounce(text, delayMs);
  const lastCommitted = useRef(committed);
  useEffect(() => {
    // The URL changed from elsewhere (Back, a link): show its value.
    if (committed !== lastCommitted.current) {
      lastCommitted.current = committed;
      setText(committed);
    }
  }, [committed]);
  useEffect(() => {
    if (debounced !== lastCommitted.current) {
      lastCommitted.current = debounced;
      commit(debounced);
    }
  }, [debounced, commit]);
  return [text, setText] as const;
}
