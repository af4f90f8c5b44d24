import { randomUUID } from 'node:crypto';
import { actorOf, writeAudit, type Caller } from '@datasync/auth';
import type { SecretBox } from '@datasync/crypto';
import { sealedPlace, type Knex } from '@datasync/db';
import { getProvider } from '@datasync/providers';
import type { Source } from './sources.repository';
import type { SourcesService } from './sources.service';
import {
  listLiveWebhookSecrets,
  rotateWebhookSecret,
  setConnectLifecycle,
  webhookDeliveries,
  type WebhookSecretInfo,
} from './webhookSecrets.repository';

/** How a source's provider reaches us: what its dashboard needs to set the endpoint up (docs/webhooks.md). */
export interface SourceWebhook {
  source: Source;
  url: string;
  /** The event types to enable: every type the catalog's resources are announced by. */
  enabledEvents: string[];
  secrets: WebhookSecretInfo[];
  lastReceivedAt: Date | null;
  /** Deliveries for accounts the source does not load: counted and dropped. */
  unroutedEvents: number;
  /** Opted in: the provider's Connect lifecycle events register, pause and resume accounts. */
  connectLifecycle: boolean;
}

export interface SourceWebhookSettings {
  /** accounts-api's public base URL, which the provider posts to. */
  publicUrl: string;
}

/** The provider's Connect lifecycle: asked for on the endpoint only when the source opted in. */
const CONNECT_LIFECYCLE_EVENTS = ['account.application.authorized', 'account.application.deauthorized'];

/** Stripe keeps a rolled secret valid for up to 24 hours; the same here by default. */
export const DEFAULT_PREVIOUS_SECRET_HOURS = 24;

/** A source's webhook endpoint: its URL and events, and its signing secrets (set, rotated, never shown again). */
export class SourceWebhooksService {
  constructor(
    private readonly knex: Knex,
    private readonly secretBox: SecretBox,
    private readonly sources: SourcesService,
    private readonly settings: SourceWebhookSettings,
  ) {}

  async get(caller: Caller, name: string): Promise<SourceWebhook> {
    const source = await this.sources.get(caller, name);
    const now = new Date();
    const deliveries = await webhookDeliveries(this.knex, source.id);
    const types = getProvider(source.provider).resources.flatMap((resource) => resource.eventTypes);
    return {
      source,
      url: `${this.settings.publicUrl.replace(/\/+$/, '')}/webhooks/${source.provider}/${source.id}`,
      enabledEvents: [...new Set(deliveries.connectLifecycle ? [...types, ...CONNECT_LIFECYCLE_EVENTS] : types)].sort(),
      secrets: await listLiveWebhookSecrets(this.knex, source.id, now),
      ...deliveries,
    };
  }

  /**
   * Stores `secret` as a current signing secret of the source; the ones in use until now keep
   * verifying for `previousHours` (0: they stop at once), so deliveries signed during the
   * provider's own rotation are not refused; null leaves them as they are (a second endpoint's).
   */
  async setSecret(caller: Caller, name: string, secret: string, previousHours: number | null): Promise<SourceWebhook> {
    const source = await this.sources.get(caller, name);
    const id = randomUUID();
    const now = new Date();
    await this.knex.transaction(async (trx) => {
      await rotateWebhookSecret(trx, {
        id,
        environmentId: caller.environmentId,
        sourceId: source.id,
        sealedSecret: this.secretBox.seal(secret, caller.environmentId, sealedPlace('sourceWebhookSecret', id)),
        now,
        previousUntil: previousHours === null ? null : new Date(now.getTime() + previousHours * 3_600_000),
      });
      await writeAudit(trx, {
        organizationId: caller.organizationId,
        environmentId: caller.environmentId,
        actor: actorOf(caller),
        action: 'source.webhook_secret_set',
        target: name,
        details: previousHours === null ? { previous_secrets_kept: true } : { previous_secrets_valid_hours: previousHours },
      });
    });
    return this.get(caller, name);
  }

  /**
   * Opts the source in or out of the Connect lifecycle: `account.application.authorized` and
   * `deauthorized` deliveries then register, pause and resume its accounts (docs/webhooks.md).
   */
  async setLifecycle(caller: Caller, name: string, enabled: boolean): Promise<SourceWebhook> {
    const source = await this.sources.get(caller, name);
    await this.knex.transaction(async (trx) => {
      if (!(await setConnectLifecycle(trx, source.id, enabled))) return;
      await writeAudit(trx, {
        organizationId: caller.organizationId,
        environmentId: caller.environmentId,
        actor: actorOf(caller),
        action: 'source.webhook_lifecycle_changed',
        target: name,
        details: { connect_lifecycle: enabled },
      });
    });
    return this.get(caller, name);
  }
}
