/** Storage outages as a typed failure for the small services (settings, prefs); anything else is a bug and propagates. */
import { StorageUnavailableError, type LogFields, type Logger } from './ports.js';
import type { Result } from './service-types.js';

/** Runs `run`, answering `storage-unavailable` (and logging it with `fields`) when the store cannot be reached. */
export async function storageGuarded<T>(logger: Logger, fields: LogFields, run: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof StorageUnavailableError) {
      logger.warn('storage unavailable', { ...fields, err: err.message });
      return { ok: false, error: { kind: 'storage-unavailable' } };
    }
    throw err;
  }
}
