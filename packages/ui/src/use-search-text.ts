import { useCallback, useEffect, useRef, useState } from 'react';
import { useDebounce } from './use-debounce';

/**
 * The text of a search box whose committed value lives in the URL: what is typed shows at once and reaches the URL
 * (and so the server) `delayMs` after the last keystroke; Back or a shared link puts the URL's value back in the box.
 * Returns the text, its setter, and `commitNow` for a clear button that applies at once.
 */
export function useUrlSearchText(committed: string, commit: (text: string) => void, delayMs: number) {
  const [text, setText] = useState(committed);
  const debounced = useDebounce(text, delayMs);
  const lastCommitted = useRef(committed);
  const commitRef = useRef(commit);
  commitRef.current = commit;
  useEffect(() => {
    // The URL changed from elsewhere (Back, a link, Show All): show its value.
    if (committed !== lastCommitted.current) {
      lastCommitted.current = committed;
      setText(committed);
    }
  }, [committed]);
  useEffect(() => {
    // Only a new debounced value commits. Re-running on other changes (a new `commit`, the Back above) would send the
    // still-debounced old text and undo the Back.
    if (debounced !== lastCommitted.current) {
      lastCommitted.current = debounced;
      commitRef.current(debounced);
    }
  }, [debounced]);
  const commitNow = useCallback((value: string) => {
    setText(value);
    lastCommitted.current = value;
    commitRef.current(value);
  }, []);
  return [text, setText, commitNow] as const;
}
