import { useEffect } from 'react';

export const APP_NAME = 'Seamline';

/** "<Screen> · Seamline" in the browser tab (what a screen reader announces first on a new screen). */
export const documentTitle = (screen?: string) => (screen ? `${screen} · ${APP_NAME}` : APP_NAME);

export function useDocumentTitle(screen?: string) {
  useEffect(() => {
    document.title = documentTitle(screen);
  }, [screen]);
}
