import { Fragment } from 'react';

/** Escapes RegExp syntax so user text is matched literally ('a.b' matches only 'a.b'). */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Renders `text` with every case-insensitive occurrence of `query` marked; the query is never treated as a pattern. */
export function Highlight({ text, query }: { text: string; query: string }) {
  const needle = query.trim();
  if (!needle) return <>{text}</>;
  const parts = text.split(new RegExp(`(${escapeRegExp(needle)})`, 'gi'));
  return (
    <>
      {parts.map((part, index) =>
        part.toLowerCase() === needle.toLowerCase() ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional
          <mark key={index} className="rounded-sm bg-amber-200/70 px-0.5 text-inherit">
            {part}
          </mark>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: parts are positional
          <Fragment key={index}>{part}</Fragment>
        ),
      )}
    </>
  );
}
