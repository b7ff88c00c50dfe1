/** sessionStorage key holding the time of the last reload made for code that did not arrive. */
export const CHUNK_RELOAD_KEY = 'seamline:chunk-reload';
/** At most one automatic reload in this long: a failure soon after one is shown instead (no reload loop). */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

/** What loadChunk needs from the browser (the apps use window's; a test may pass its own). */
export type ChunkReloadHost = {
  storage: () => Pick<Storage, 'getItem' | 'setItem'>;
  reload: () => void;
  now: () => number;
};

const browserHost: ChunkReloadHost = {
  storage: () => window.sessionStorage,
  reload: () => window.location.reload(),
  now: () => Date.now(),
};

/** Whether a reload for missing code may happen now: none within the window, and a usable sessionStorage to say so. */
export function mayReloadForMissingCode(host: ChunkReloadHost = browserHost): boolean {
  try {
    const lastReload = Number(host.storage().getItem(CHUNK_RELOAD_KEY));
    return !(lastReload && host.now() - lastReload < CHUNK_RELOAD_WINDOW_MS);
  } catch {
    return false;
  }
}

/**
 * Reloads the page because code did not arrive (the browser keeps a failed `import()` for the life of the page, and a
 * reload also brings a new release's file names), unless mayReloadForMissingCode says no. The time is kept in
 * sessionStorage: a failure within CHUNK_RELOAD_WINDOW_MS of it is left to the app's error screen (with its own
 * 'Try again'), so a file that keeps failing can never make the page loop. Answers whether it reloads.
 */
export function reloadForMissingCode(host: ChunkReloadHost = browserHost): boolean {
  if (!mayReloadForMissingCode(host)) return false;
  try {
    host.storage().setItem(CHUNK_RELOAD_KEY, String(host.now()));
  } catch {
    return false;
  }
  host.reload();
  return true;
}

/**
 * Loads a lazily loaded part of an app (`() => import('./Page')`) for a router that shows the new address before the
 * code arrives (the storefront's): when the code does not arrive, the page is reloaded once (reloadForMissingCode) and
 * this stays pending meanwhile; if it may not reload, the error is thrown for the app's error screen.
 */
export async function loadChunk<T>(load: () => Promise<T>, host: ChunkReloadHost = browserHost): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!reloadForMissingCode(host)) throw error;
    // The page is going away: stay pending so nothing renders the error in the meantime.
    return new Promise<T>(() => undefined);
  }
}
