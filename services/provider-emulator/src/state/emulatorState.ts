import type { CatalogResource } from '@datasync/providers';
import { MAX_GENERATED } from '../core/timeline';
import { WebhookDelivery } from '../webhooks/webhookDelivery';
import { WebhookEndpoints } from '../webhooks/webhookEndpoints';
import type { FaultOverrides, FaultSettings } from '../kit/faults/faultSettings';
import { generatedResources, type ResourceName } from '../generators/resourceNames';
import type { EmulatorAccount } from './account';
import { accountIdFor, buildAccount, type AccountSpec } from './accountFactory';

export interface EmulatorSettings {
  seed: string;
  /** Objects per resource when an account is created without `objects`; `*` applies to all. */
  defaultObjects: Readonly<Record<string, number>>;
  historyDays: number;
  eventRetentionDays: number;
  faults: FaultSettings;
  catalog: readonly CatalogResource[];
  apiVersion: string;
}

export interface NewAccount {
  seed?: string;
  objects?: Partial<Record<ResourceName, number>>;
  country?: string;
  businessName?: string;
  end?: number;
  historyDays?: number;
  connectedTo?: string;
  /** The account's `created`; null leaves it out. Default: a day before its oldest object. */
  created?: number | null;
  faults?: FaultOverrides;
}

export type KeyKind = 'secret' | 'restricted';

export class AccountExistsError extends Error {}

/** Every account of the running emulator, and the indexes that find one by key or client id. */
export class EmulatorState {
  globalFaults: FaultSettings;
  private readonly accounts = new Map<string, EmulatorAccount>();
  private readonly keys = new Map<string, { account: EmulatorAccount; kind: KeyKind }>();
  private readonly clients = new Map<string, EmulatorAccount>();
  /** What each account was built from: enough to build it again after a restart. */
  private readonly specs = new Map<string, AccountSpec>();
  /** How many accounts were created without a seed; never goes back, so neither do their ids. */
  sequence = 0;
  readonly webhookEndpoints = new WebhookEndpoints();
  readonly webhookDelivery: WebhookDelivery;

  constructor(readonly settings: EmulatorSettings) {
    this.globalFaults = settings.faults;
    this.webhookDelivery = new WebhookDelivery(settings.seed);
  }

  get catalog(): readonly CatalogResource[] {
    return this.settings.catalog;
  }

  /**
   * Creates an account. Without a seed the n-th account gets `<EMULATOR_SEED>:<n>`: an in-memory
   * emulator gives the same ids and keys to accounts created in the same order (tests rely on
   * it); one that keeps its state on disk carries `sequence` over, so an id is never reused.
   */
  createAccount(input: NewAccount): EmulatorAccount {
    let seedText = input.seed;
    if (seedText === undefined) {
      do seedText = `${this.settings.seed}:${++this.sequence}`;
      while (this.accounts.has(accountIdFor(seedText)));
    }
    if (this.accounts.has(accountIdFor(seedText))) throw new AccountExistsError(`an account with seed "${seedText}" already exists`);
    const account = this.restoreAccount({
      seedText,
      objects: input.objects ?? this.defaultObjects(),
      country: input.country ?? 'US',
      businessName: input.businessName,
      end: input.end ?? Math.floor(Date.now() / 1000),
      historyDays: input.historyDays ?? this.settings.historyDays,
      connectedTo: input.connectedTo,
      created: input.created,
    });
    account.faultOverrides = { ...input.faults };
    return account;
  }

  /** Builds and registers an account from its spec, as created before (a restart replays these). */
  restoreAccount(spec: AccountSpec): EmulatorAccount {
    const account = buildAccount(spec, this.settings.catalog, this.settings.apiVersion);
    this.specs.set(account.id, spec);
    this.accounts.set(account.id, account);
    this.keys.set(account.keys.secret, { account, kind: 'secret' });
    this.keys.set(account.keys.restricted, { account, kind: 'restricted' });
    this.clients.set(account.keys.clientId, account);
    account.events.onAppend = (event) =>
      this.webhookDelivery.deliver(event, this.webhookEndpoints.recipients(account.id, account.connectedTo, event.type));
    return account;
  }

  /** Every account with the spec it was built from, in creation order. */
  allAccounts(): { account: EmulatorAccount; spec: AccountSpec }[] {
    return [...this.accounts.values()].map((account) => ({ account, spec: this.specs.get(account.id) as AccountSpec }));
  }

  account(id: string): EmulatorAccount | undefined {
    return this.accounts.get(id);
  }

  byApiKey(key: string): { account: EmulatorAccount; kind: KeyKind } | undefined {
    return this.keys.get(key);
  }

  byClientId(clientId: string): EmulatorAccount | undefined {
    return this.clients.get(clientId);
  }

  connectedAccounts(platformId: string): EmulatorAccount[] {
    return [...this.accounts.values()].filter((account) => account.connectedTo === platformId);
  }

  private defaultObjects(): Partial<Record<ResourceName, number>> {
    const counts: Partial<Record<ResourceName, number>> = {};
    const all = this.settings.defaultObjects['*'];
    for (const name of generatedResources) {
      const count = this.settings.defaultObjects[name] ?? all ?? 0;
      counts[name] = Math.min(count, MAX_GENERATED);
    }
    return counts;
  }
}
