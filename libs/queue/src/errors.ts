/** A payload that does not match its job's schema; raised before anything reaches Redis. */
export class InvalidJobPayloadError extends Error {
  constructor(
    readonly jobName: string,
    /** Joi's messages; they name fields, and payloads hold ids only, so they are safe to log. */
    readonly problems: string[],
  ) {
    super(`invalid payload for job ${jobName}: ${problems.join('; ')}`);
    this.name = 'InvalidJobPayloadError';
  }
}

/** Redis was not reachable within the producer's bound; the caller answers 503 or retries later. */
export class QueueUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'QueueUnavailableError';
  }
}

/** A catalog that breaks a rule of docs/queues.md (names, options, ids): a programming error. */
export class CatalogError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CatalogError';
  }
}
