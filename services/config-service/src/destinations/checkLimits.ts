import { AttemptLimiter } from '@datasync/auth';
import { Joi } from '@datasync/config';
import { RateLimitError } from '@datasync/errors';
import type { Logger } from '@datasync/logger';
import type { RedisConnection } from '@datasync/queue';

export const destinationCheckEnv = {
  DESTINATION_CHECKS_PER_MINUTE: Joi.number()
    .integer()
    .min(1)
    .default(20)
    .description('destination connection checks (check, create) one environment may run per minute, across replicas'),
  DESTINATION_CHECKS_CONCURRENT: Joi.number()
    .integer()
    .min(1)
    .default(2)
    .description('destination connection checks one environment may run at once per process'),
};

export interface DestinationCheckConfig {
  API_REDIS_PREFIX: string;
  DESTINATION_CHECKS_PER_MINUTE: number;
  DESTINATION_CHECKS_CONCURRENT: number;
}

/**
 * A connection check reaches any host and port the caller names, and tells whether a password
 * works: looped, it is a port scanner or a password oracle against other people's databases.
 * Each environment gets a few per minute (in Redis, shared by the replicas) and a few at once;
 * past either, a 429 before anything is dialled.
 */
export class DestinationCheckLimits {
  private readonly perMinute: AttemptLimiter;
  private readonly running = new Map<string, number>();

  constructor(
    redis: RedisConnection,
    private readonly config: DestinationCheckConfig,
    logger: Logger,
  ) {
    this.perMinute = new AttemptLimiter(
      redis,
      config.API_REDIS_PREFIX,
      {
        name: 'destcheck:environment',
        windowMs: 60_000,
        max: config.DESTINATION_CHECKS_PER_MINUTE,
        message: `Too many destination checks in this environment (limit ${config.DESTINATION_CHECKS_PER_MINUTE} per minute). Retry after the number of seconds in Retry-After.`,
      },
      logger,
    );
  }

  async run<T>(environmentId: string, check: () => Promise<T>): Promise<T> {
    const running = this.running.get(environmentId) ?? 0;
    if (running >= this.config.DESTINATION_CHECKS_CONCURRENT) {
      throw new RateLimitError(
        1,
        `Too many destination checks of this environment at once (at most ${this.config.DESTINATION_CHECKS_CONCURRENT}). Retry when one has finished.`,
        'destcheck:concurrent',
      );
    }
    this.running.set(environmentId, running + 1);
    try {
      await this.perMinute.record(environmentId);
      return await check();
    } finally {
      const left = (this.running.get(environmentId) ?? 1) - 1;
      if (left <= 0) this.running.delete(environmentId);
      else this.running.set(environmentId, left);
    }
  }
}
