import { beforeEach, describe, expect, it } from 'vitest';
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  type ChunkReloadHost,
  loadChunk,
  mayReloadForMissingCode,
  reloadForMissingCode,
} from './chunk-reload';

const missing = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/Page-1.js'));
const settled = (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'resolved',
      () => 'rejected',
    ),
    new Promise((r) => setTimeout(() => r('pending'), 20)),
  ]);

/** The browser's session storage (jsdom), a reload that only counts, and a clock the test moves. */
function host() {
  const state = { reloads: 0, now: 1_000_000 };
  const browser: ChunkReloadHost = {
    storage: () => sessionStorage,
    reload: () => {
      state.reloads += 1;
    },
    now: () => state.now,
  };
  return { browser, state };
}

describe('loading a lazily loaded part of an app', () => {
  beforeEach(() => sessionStorage.clear());

  it('hands over the module when its code arrives', async () => {
    const { browser, state } = host();
    await expect(loadChunk(() => Promise.resolve({ default: 'Page' }), browser)).resolves.toEqual({ default: 'Page' });
    expect(state.reloads).toBe(0);
  });

  it('reloads the page once when the code does not arrive, and stays pending meanwhile', async () => {
    const { browser, state } = host();
    expect(await settled(loadChunk(missing, browser))).toBe('pending');
    expect(state.reloads).toBe(1);
    expect(sessionStorage.getItem(CHUNK_RELOAD_KEY)).toBe(String(state.now));
  });

  it('shows the error instead when the code fails again soon after that reload (no loop)', async () => {
    const { browser, state } = host();
    void loadChunk(missing, browser);
    await Promise.resolve();
    state.now += CHUNK_RELOAD_WINDOW_MS - 1;
    await expect(loadChunk(missing, browser)).rejects.toThrow('Failed to fetch dynamically imported module');
    expect(state.reloads).toBe(1);
    // Later failures (another release, another bad minute) get their one reload again.
    state.now += 1;
    expect(await settled(loadChunk(missing, browser))).toBe('pending');
    expect(state.reloads).toBe(2);
  });

  it('never reloads by itself without a storage to guard against loops', async () => {
    const { browser, state } = host();
    const blocked: ChunkReloadHost = {
      ...browser,
      storage: () => {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    };
    await expect(loadChunk(missing, blocked)).rejects.toThrow('Failed to fetch');
    expect(state.reloads).toBe(0);
  });

  it('lets an error screen ask for the one reload itself (the back office, whose router fails before the address changes)', () => {
    const { browser, state } = host();
    expect(mayReloadForMissingCode(browser)).toBe(true);
    expect(reloadForMissingCode(browser)).toBe(true);
    expect(state.reloads).toBe(1);
    expect(mayReloadForMissingCode(browser)).toBe(false);
    expect(reloadForMissingCode(browser)).toBe(false);
    expect(state.reloads).toBe(1);
  });
});
