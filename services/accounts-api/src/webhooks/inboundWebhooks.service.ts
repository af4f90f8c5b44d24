import type { AccountsService, ProviderGrantOutcome } from '@datasync/accounts';
import type { SecretBox } from '@datasync/crypto';
import { sealedPlace, type Knex } from '@datasync/db';
import type { Logger } from '@datasync/logger';
import { findProviderModule, WebhookRefusedError, type InboundEvent } from '@datasync/providers';
import { QueueUnavailableError, type JobCatalog, type Producer } from '@datasync/queue';
import { cachedLookup } from '../edge/cachedLookup';
import type { EventClaims } from './eventClaims';
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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A provider's webhook delivery into one source (docs/webhooks.md). The delivery is a trusted
 * signal, not the data: once verified (by the provider's module) and claimed, it queues a poll of
 * the account it names, and the poll applies the provider's events through the same path as every poll.
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

  /**
   * `provider` is the path's: a name no provider has, a provider without inbound webhooks, or a
   * source of another provider all answer as an unknown source does, so the path reveals nothing.
   */
  async receive(provider: string, sourceId: string, body: Buffer, header: (name: string) => string | undefined): Promise<WebhookOutcome> {
    const { secretBox, claims, settings } = this.deps;
    const now = new Date();
    const scheme = findProviderModule(provider)?.webhooks;
    const source = scheme && UUID.test(sourceId) ? await this.source(sourceId.toLowerCase()) : undefined;
    if (!scheme || !source || source.provider !== provider) throw webhookErrors.unknownSource();
    const secrets = source.secrets.map((secret) =>
      secretBox.open(secret.sealed, source.environmentId, sealedPlace('sourceWebhookSecret', secret.id)),
    );
    const event = verified(() => scheme.verify({ body, header, secrets, toleranceSeconds: settings.toleranceSeconds }));
    const lifecycle = source.connectLifecycle ? event.grant?.authorized : undefined;
    // Its `created` orders it against the account's other lifecycle events: one without is refused before the claim.
    if (lifecycle !== undefined && event.created === null) throw webhookErrors.refused(scheme.invalidEvent());

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
  private async take(source: WebhookSource, event: InboundEvent, now: Date): Promise<WebhookOutcome> {
    const { knex, logger } = this.deps;
    // An event that names no account is the event of the account that owns the source's app.
    const accountIds = await this.route(`${source.id} ${event.providerAccountId ?? source.providerAccountId}`);
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
   * A lifecycle (grant) event of a source that opted in (Stripe's Connect): libs/accounts registers, pauses or
   * resumes the account, as the provider's own doing (a caller of kind `provider`).
   */
  private async applyLifecycle(source: WebhookSource, event: InboundEvent, authorized: boolean, now: Date): Promise<WebhookOutcome> {
    const outcome = await this.deps.accounts.applyProviderGrant(
      {
        kind: 'provider',
        environmentId: source.environmentId,
        organizationId: source.organizationId,
        sourceId: source.id,
        eventId: event.id,
      },
      { externalId: event.providerAccountId ?? '', authorized, created: event.created ?? 0 },
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

/** The module's verification, its refusals as the endpoint's 400s. */
function verified(verify: () => InboundEvent): InboundEvent {
  try {
    return verify();
  } catch (err) {
    throw err instanceof WebhookRefusedError ? webhookErrors.refused(err) : err;
  }
}
