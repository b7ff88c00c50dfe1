import { useEffect } from 'react';

/** The tab reads "<page> · Seamline" (the server sends the same title in the page's HTML for search engines). */
export function useDocumentTitle(title: string | undefined) {
  useEffect(() => {
    if (title) document.title = `${title} · Seamline`;
  }, [title]);
}
