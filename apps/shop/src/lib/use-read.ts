import { useEffect, useState } from 'react';

const FRESH_MS = 60_000;
const answers = new Map<string, { at: number; promise: Promise<unknown> }>();

/**
 * A read for the pages in the first bundle (Home), without the query library: that library (~12 KB gzip) loads with
 * the other pages. Answers are shared by key and reused for a minute, as the query client does for the rest.
 */
export function useRead<T>(key: string, read: () => Promise<T>): { data: T | undefined; isPending: boolean } {
  const [data, setData] = useState<T | undefined>(undefined);
  const [isPending, setPending] = useState(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key names the read; a new function each render is the same read
  useEffect(() => {
    let current = true;
    const kept = answers.get(key);
    const entry = kept && Date.now() - kept.at < FRESH_MS ? kept : { at: Date.now(), promise: read() };
    answers.set(key, entry);
    (entry.promise as Promise<T>)
      .then(
        (value) => {
          if (current) setData(value);
        },
        () => answers.delete(key),
      )
      .finally(() => {
        if (current) setPending(false);
      });
    return () => {
      current = false;
    };
  }, [key]);
  return { data, isPending };
}
