import { randomBytes } from 'node:crypto';
import { toBase62 } from '../core/base62';

/** Event types Stripe sends to the related application (the platform) only, never to the account's own endpoints. */
const APPLICATION_ONLY: ReadonlySet<string> = new Set(['account.application.authorized', 'account.application.deauthorized']);

/** Stripe's webhook endpoint object, kept with the account that created it. */
export interface WebhookEndpoint {
  id: string;
  /** The account whose key created the endpoint. */
  owner: string;
  url: string;
  /** `whsec_…`: shown once, in the create answer, as Stripe does. */
  secret: string;
  enabledEvents: string[];
  /** true: the platform's endpoint for events of its connected accounts (they carry `account`). */
  connect: boolean;
  description: string | null;
  created: number;
}

function randomToken(length: number): string {
  const bytes = randomBytes(length * 4);
  let out = '';
  for (let i = 0; out.length < length; i += 4) out += toBase62(bytes.readUInt32BE(i) % 916_132_832, 5);
  return out.slice(0, length);
}

/**
 * Every webhook endpoint of the running emulator. Secrets are random, not seeded: a secret that
 * a seed could recompute would be no secret, and Stripe's are random too. With
 * `EMULATOR_STATE_DIR` the state journal keeps them (secrets included, or a restart would break
 * every receiver's verification) across restarts.
 */
export class WebhookEndpoints {
  private readonly endpoints = new Map<string, WebhookEndpoint>();

  create(input: Omit<WebhookEndpoint, 'id' | 'secret'>): WebhookEndpoint {
    const endpoint: WebhookEndpoint = { ...input, id: `we_1${randomToken(23)}`, secret: `whsec_${randomToken(32)}` };
    this.endpoints.set(endpoint.id, endpoint);
    return endpoint;
  }

  /** Puts back an endpoint kept across a restart, with its id and secret. */
  restore(endpoint: WebhookEndpoint): void {
    this.endpoints.set(endpoint.id, endpoint);
  }

  /** Removes an endpoint whatever its owner (a restart replays a deletion). */
  forget(id: string): void {
    this.endpoints.delete(id);
  }

  all(): WebhookEndpoint[] {
    return [...this.endpoints.values()];
  }

  ownedBy(accountId: string): WebhookEndpoint[] {
    return [...this.endpoints.values()].filter((endpoint) => endpoint.owner === accountId);
  }

  find(accountId: string, id: string): WebhookEndpoint | undefined {
    const endpoint = this.endpoints.get(id);
    return endpoint?.owner === accountId ? endpoint : undefined;
  }

  delete(accountId: string, id: string): boolean {
    if (!this.find(accountId, id)) return false;
    return this.endpoints.delete(id);
  }

  /**
   * Endpoints an event of `accountId` goes to: the account's own (not `connect`; not for the
   * Connect lifecycle) and, for a connected account, its platform's `connect` endpoints; each
   * filtered by `enabled_events`.
   */
  recipients(accountId: string, platformId: string | undefined, type: string): WebhookEndpoint[] {
    const own = !APPLICATION_ONLY.has(type);
    return [...this.endpoints.values()].filter(
      (endpoint) =>
        ((own && endpoint.owner === accountId && !endpoint.connect) ||
          (platformId !== undefined && endpoint.owner === platformId && endpoint.connect)) &&
        listens(endpoint, type),
    );
  }
}

/** `*` or the exact type, as Stripe matches `enabled_events`. */
function listens(endpoint: WebhookEndpoint, type: string): boolean {
  return endpoint.enabledEvents.includes('*') || endpoint.enabledEvents.includes(type);
}
