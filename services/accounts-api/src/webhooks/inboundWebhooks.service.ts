import type { AccountsService, ProviderGrantOutcome } from '@datasync/accounts';
import type { SecretBox } from '@datasync/crypto';
import { sealedPlace, type Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import { QueueUnavailableError, type JobCatalog, type Producer } from '@datasync/queue';
import { cachedLookup } from '../edge/cachedLookup';
import type { EventClaims } from './eventClaims';
import { verifyStripeEvent, type VerifiedEvent } from './stripeSignature';
import { webhookErrors } from './webhookErrors';
import {
  accountsForProviderAccount,
  countUnrouted,
  findWebhookSource,
  recordReceipt,
  type WebhookSource,
} from './webhookSources.repository';

export interface InboundWebhookSettings {
  /** Oldest signature timestamp accepted, in seconds (Stripe's SDK default: 300). */
  toleranceSeconds: number;
  /** Deliveries received in the same window share one `account.poke`, run when the window ends. */
  pokeWindowMs: number;
  /** How long a source's secrets and routing are remembered per process (a new secret applies within it). */
  cacheMs: number;
}

export type WebhookOutcome =
  { kind: 'queued'; accounts: number } | { kind: 'replay' } | { kind: 'unrouted' } | { kind: 'lifecycle'; outcome: ProviderGrantOutcome };

/** Stripe's Connect lifecycle: an account connected to, or disconnected from, the platform's app. */
const CONNECT_LIFECYCLE: ReadonlyMap<string, boolean> = new Map([
  ['account.application.authorized', true],
  ['account.application.deauthorized', false],
]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A provider's webhook delivery into one source (docs/webhooks.md). The delivery is a trusted
 * signal, not the data: once verified and claimed, it queues a poll of the account it names,
 * and the poll applies the provider's events through the same path as every poll.
 */
export class InboundWebhooks {
  // Deliveries come in bursts for the same few sources: their lookups are remembered briefly.
  private readonly source: (sourceId: string) => Promise<WebhookSource | undefined>;
  private readonly route: (key: string) => Promise<string[]>;

  constructor(
    private readonly deps: {
      knex: Knex;
      secretBox: SecretBox;
      claims: EventClaims;
      producer: Producer<JobCatalog>;
      /** Applies the Connect lifecycle events of the sources that opted in. */
      accounts: AccountsService;
      logger: Logger;
      settings: InboundWebhookSettings;
    },
  ) {
    const { knex, settings } = deps;
    this.source = cachedLookup((sourceId) => findWebhookSource(knex, sourceId, new Date()), settings.cacheMs);
    this.route = cachedLookup((key) => {
      const [sourceId = '', providerAccountId = ''] = key.split(' ');
      return accountsForProviderAccount(knex, sourceId, providerAccountId);
    }, settings.cacheMs);
  }

  async receive(sourceId: string, body: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    const { secretBox, claims, settings } = this.deps;
    const now = new Date();
    const source = UUID.test(sourceId) ? await this.source(sourceId.toLowerCase()) : undefined;
    if (!source || source.provider !== 'stripe') throw webhookErrors.unknownSource();
    const secrets = source.secrets.map((secret) =>
      secretBox.open(secret.sealed, source.environmentId, sealedPlace('sourceWebhookSecret', secret.id)),
    );
    const event = verifyStripeEvent(body, signature, secrets, settings.toleranceSeconds);
    const lifecycle = source.connectLifecycle && event.account !== null ? CONNECT_LIFECYCLE.get(event.type) : undefined;
    // Its `created` orders it against the account's other lifecycle events: one without is refused before the claim.
    if (lifecycle !== undefined && event.created === null) throw webhookErrors.notAnEvent();

    const claimed = await claims.claim(source.id, event.id).catch((err: unknown) => {
      throw err instanceof QueueUnavailableError ? webhookErrors.queueUnavailable() : err;
    });
    if (!claimed) return { kind: 'replay' };
    try {
      if (lifecycle !== undefined) return await this.applyLifecycle(source, event, lifecycle, now);
      return await this.take(source, event, now);
    } catch (err) {
      // Whatever failed after the claim, the provider's retry must be taken, not seen as a replay.
      await claims.release(source.id, event.id).catch(() => undefined);
      if (err instanceof QueueUnavailableError) throw webhookErrors.queueUnavailable();
      throw err;
    }
  }

  /** Routes a claimed event: a poll of each account it names, or a count of the dropped ones. */
  private async take(source: WebhookSource, event: VerifiedEvent, now: Date): Promise<WebhookOutcome> {
    const { knex, logger } = this.deps;
    // A Connect event names its connected account; any other is the event of the app's own account.
    const accountIds = await this.route(`${source.id} ${event.account ?? source.providerAccountId}`);
    if (accountIds.length === 0) {
      await countUnrouted(knex, source.id);
      this.recordReceipt(source.id, [], now);
      logger.info('webhook for an account the source does not load; dropped', { sourceId: source.id, eventId: event.id, type: event.type });
      return { kind: 'unrouted' };
    }
    for (const accountId of accountIds) await this.poke(accountId, now.getTime());
    this.recordReceipt(source.id, accountIds, now);
    return { kind: 'queued', accounts: accountIds.length };
  }

  /**
   * A Connect lifecycle event of a source that opted in: libs/accounts registers, pauses or
   * resumes the account, as the provider's own doing (a caller of kind `provider`).
   */
  private async applyLifecycle(source: WebhookSource, event: VerifiedEvent, authorized: boolean, now: Date): Promise<WebhookOutcome> {
    const outcome = await this.deps.accounts.applyProviderGrant(
      {
        kind: 'provider',
        environmentId: source.environmentId,
        organizationId: source.organizationId,
        sourceId: source.id,
        eventId: event.id,
      },
      { externalId: event.account ?? '', authorized, created: event.created ?? 0 },
    );
    this.recordReceipt(source.id, [], now);
    this.deps.logger.info('connect lifecycle event applied', {
      sourceId: source.id,
      eventId: event.id,
      type: event.type,
      outcome: outcome.kind,
      accounts: outcome.accounts,
      ...(outcome.kind === 'refused' ? { code: outcome.code } : {}),
    });
    return { kind: 'lifecycle', outcome };
  }

  // After the answer: receipt times feed the loader's poll interval (a health signal, not the
  // data), so the provider need not wait for them; a lost one only delays stretching the poll.
  private recordReceipt(sourceId: string, accountIds: readonly string[], at: Date): void {
    recordReceipt(this.deps.knex, sourceId, accountIds, at).catch((err: unknown) =>
      this.deps.logger.warn('webhook receipt not recorded', { sourceId, error: err instanceof Error ? err.message : String(err) }),
    );
  }

  // The job of a window starts when the window ends: by then every delivery of the window has
  // been received, so the poll reads all the events they announced.
  private async poke(accountId: string, nowMs: number): Promise<void> {
    const window = this.deps.settings.pokeWindowMs;
    const wave = Math.floor(nowMs / window);
    await this.deps.producer.enqueue('account.poke', { accountId, wave }, { delay: (wave + 1) * window - nowMs });
  }
}
