import type { Logger } from '@datasync/logger';

// Shared by every limit of the process: one outage is one warning, however many limits skip.
let lastWarnedAt = 0;

/**
 * Runs a limit's Redis call; when Redis fails, the limit is skipped (undefined). Rate limits
 * protect the service: Redis being down must take away the protection, not the service.
 */
export async function failOpen<T>(logger: Logger, fn: () => Promise<T>): Promise<T | undefined> {
  try {
    return await fn();
  } catch (err) {
    // Once per outage window, not once per request: an outage must not flood the log.
    if (Date.now() - lastWarnedAt > 10_000) {
      lastWarnedAt = Date.now();
      logger.warn('rate limit check skipped: redis unavailable', { error: err instanceof Error ? err.message : String(err) });
    }
    return undefined;
  }
}
