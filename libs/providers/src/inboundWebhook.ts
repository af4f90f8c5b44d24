/**
 * What a verified webhook delivery tells the engine. The delivery is a poke, never the data: the
 * engine only needs to know which provider account to poll (or, for a grant, which account the
 * provider connected or disconnected), and the event id to take each delivery once.
 */
export interface InboundEvent {
  /** The provider's event id: a delivery of the same id again is a replay. */
  id: string;
  type: string;
  /** The provider account the event happened on; null: the account that owns the source's app. */
  providerAccountId: string | null;
  /** Unix seconds; null when the event has none (only grants need it, to order them). */
  created: number | null;
  /** Set when the event connects (`authorized`) or disconnects an account from the source's app. */
  grant?: { authorized: boolean };
}

export interface InboundDelivery {
  /** The exact bytes received: signatures cover them, so they are never re-serialised. */
  body: Buffer;
  /** A request header by (case-insensitive) name. */
  header(name: string): string | undefined;
  /** The source's signing secrets still valid, newest first (several while one is rotated out). */
  secrets: readonly string[];
  /** Oldest signature timestamp accepted, in seconds. */
  toleranceSeconds: number;
}

/** A provider's inbound webhooks: its signature scheme and how an event reads. */
export interface InboundWebhookScheme {
  /** Verifies the delivery and reads the event; throws WebhookRefusedError for every refusal. */
  verify(delivery: InboundDelivery): InboundEvent;
  /** The refusal of a verified body the engine cannot use (a grant without `created`). */
  invalidEvent(): WebhookRefusedError;
}

/** The request line as the provider sent it, for schemes that sign it (HubSpot v3). */
export interface InboundRequest {
  method: string;
  /**
   * The full URL the provider posted to (scheme, host, path, query), as the provider's settings
   * name it: behind a proxy, the public origin, not the one this process listens on.
   */
  uri: string;
}

/**
 * A provider that sends several events in one signed request (HubSpot's batches of up to 100),
 * and signs the request line with them. Every event of the batch names its account.
 */
export interface InboundBatchScheme {
  /** Verifies the delivery and reads its events; throws WebhookRefusedError for every refusal. */
  verifyBatch(delivery: InboundDelivery & { request: InboundRequest }): InboundEvent[];
}

/**
 * A delivery refused before anything was done: a 400 whose code and message the provider shows
 * in its dashboard. Messages name what is wrong, never a secret or any of our data.
 */
export class WebhookRefusedError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly param?: string,
  ) {
    super(message);
    this.name = 'WebhookRefusedError';
  }
}

/** The refusals that read the same for every provider. */
export const webhookRefusals = {
  noSecret: () =>
    new WebhookRefusedError(
      'webhook_secret_missing',
      'The source has no webhook signing secret yet: set one with PUT /sources/{name}/webhook_secret.',
    ),
  invalidJson: () => new WebhookRefusedError('invalid_json', 'The request body is not valid JSON.'),
};
