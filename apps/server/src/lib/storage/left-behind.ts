/** Where a backend reports files it could not delete (the app's logger; the console for the CLIs). */
export type StorageLog = { warn(details: object, message: string): void };

export const consoleStorageLog: StorageLog = { warn: (details, message) => console.warn(message, details) };

/**
 * Deletes keys whose removal must not fail the request: cleanup after a failure (the client must hear about the
 * first error) or files of a change already committed. What cannot be deleted is logged with its keys.
 */
export async function removeOrLog(remove: () => Promise<void>, keys: readonly string[], log: StorageLog) {
  try {
    await remove();
  } catch (error) {
    log.warn({ err: error, keys }, 'stored files could not be deleted and were left behind');
  }
}
