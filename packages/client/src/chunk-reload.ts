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

/**
 * Records a reload about to happen, unless one happened within the window. Without a usable sessionStorage
 * (blocked by the browser) there is no guard, so no automatic reload either.
 */
function mayReload(host: ChunkReloadHost): boolean {
  try {
    const storage = host.storage();
    const lastReload = Number(storage.getItem(CHUNK_RELOAD_KEY));
    if (lastReload && host.now() - lastReload < CHUNK_RELOAD_WINDOW_MS) return false;
    storage.setItem(CHUNK_RELOAD_KEY, String(host.now()));
    return true;
  } catch {
    return false;
  }
}

/**
 * Loads a lazily loaded part of an app (`() => import('./Page')`). When its code does not arrive (a busy server, a
 * dropped connection, a release that replaced the file) the page is reloaded once: the browser keeps a failed
 * import for the life of the page, and a reload also brings the current build's file names. The time of that reload
 * is kept in sessionStorage: if code fails again within CHUNK_RELOAD_WINDOW_MS the error is thrown for the app's
 * error screen (with its own 'Try again') instead, so a file that keeps failing can never make the page loop.
 */
export async function loadChunk<T>(load: () => Promise<T>, host: ChunkReloadHost = browserHost): Promise<T> {
  try {
    return await load();
  } catch (error) {
    if (!mayReload(host)) throw error;
    host.reload();
    // The page is going away: stay pending so nothing renders the error in the meantime.
    return new Promise<T>(() => undefined);
  }
}
