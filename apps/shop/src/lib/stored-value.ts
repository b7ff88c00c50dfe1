/**
 * Change notification for a value the shop keeps in localStorage under one key: `notify` after this tab writes it,
 * `subscribe` (for useSyncExternalStore) also hears writes from other tabs through the storage event.
 */
export function storageListeners(key: string) {
  const listeners = new Set<() => void>();
  return {
    notify() {
      for (const listener of listeners) listener();
    },
    /** Only this tab's writes (no storage event), for callers that react to a change they did not make. */
    onLocalChange(listener: () => void) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      const onStorage = (event: StorageEvent) => event.key === key && listener();
      window.addEventListener('storage', onStorage);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', onStorage);
      };
    },
  };
}
