import type { CatalogResource } from '@datasync/providers';
import { IdCodec, accountTag } from '../core/ids';
import type { AccountProfile, GenContext } from '../generators/context';
import type { ResourceName } from '../generators/resourceNames';
import { effectiveFaults, type FaultOverrides, type FaultSettings } from '../kit/faults/faultSettings';
import { Hold } from '../kit/faults/hold';
import { RequestStats } from '../kit/faults/requestStats';
import { mulberry32 } from '../kit/random';
import type { Restrictable } from './restrictable';
import { TokenBucket } from '../faults/tokenBucket';
import type { EventLog } from './eventLog';
import type { ResourceStore } from './resourceStore';
import { TestClocks } from './testClocks';
import type { AbsentRoute } from './absentRoutes';

export interface AccountKeys {
  secret: string;
  restricted: string;
  publishable: string;
  /** The OAuth `client_id` (`ca_…`) of the account's Connect application. */
  clientId: string;
}

/** One emulated provider account: its keys, generated resources, overlay, events and faults. */
export class EmulatorAccount {
  /** The platform (app) account this account is connected to through Connect, if any. */
  connectedTo: string | undefined;
  /** Seconds added to the wall clock for this account (admin "advance clock"). */
  clockOffset = 0;
  faultOverrides: FaultOverrides = {};
  /** Permissions the restricted key lacks: its requests there are refused with 403. */
  restrictedKeyWithout: ReadonlySet<Restrictable> = new Set();
  /** Routes this account's server lacks: answered 404 as an unknown URL (http/routePresent.ts). */
  routesAbsent: ReadonlySet<AbsentRoute> = new Set();
  readonly stats = new RequestStats();
  /** Requests held unanswered on the admin API's word (the kit's Hold). */
  readonly hold = new Hold();
  private bucket: TokenBucket | undefined;
  private clocks: TestClocks | undefined;
  private readonly random: () => number;

  constructor(
    readonly profile: AccountProfile,
    /** Null when the account object has no `created`. */
    readonly created: number | null,
    readonly keys: AccountKeys,
    readonly stores: ReadonlyMap<ResourceName, ResourceStore>,
    readonly events: EventLog,
    readonly seedText: string,
    connectedTo: string | undefined,
  ) {
    this.connectedTo = connectedTo;
    this.random = mulberry32(profile.seed);
  }

  get id(): string {
    return this.profile.id;
  }

  /** The account's clock in Unix seconds: wall clock plus any advance. */
  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  /** The account's test clocks (created through the admin API). */
  get testClocks(): TestClocks {
    return (this.clocks ??= new TestClocks(new IdCodec('clock', accountTag(this.profile.seed))));
  }

  store(resource: ResourceName): ResourceStore | undefined {
    return this.stores.get(resource);
  }

  storeByResource(resource: CatalogResource): ResourceStore | undefined {
    for (const store of this.stores.values()) if (store.resource === resource) return store;
    return undefined;
  }

  faults(global: FaultSettings): FaultSettings {
    return effectiveFaults(global, this.faultOverrides);
  }

  /** A token from this account's bucket at `rate` req/s; the bucket is rebuilt when the rate changes. */
  takeToken(rate: number): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    if (this.bucket?.ratePerSecond !== rate) this.bucket = new TokenBucket(rate);
    return this.bucket.take();
  }

  /** Fault dice: seeded per account so a run with the same seed injects the same faults. */
  roll(): number {
    return this.random();
  }
}

/** Builds the generator context of one (account, resource) pair from the account's stores. */
export function generatorContext(
  profile: AccountProfile,
  own: { seed: number; createdAt: (i: number) => number; id: (i: number) => string },
  stores: () => ReadonlyMap<ResourceName, ResourceStore>,
  seeds: ReadonlyMap<ResourceName, number>,
  now: () => number,
): GenContext {
  return {
    now,
    seed: own.seed,
    account: profile,
    createdAt: own.createdAt,
    id: own.id,
    count: (resource) => stores().get(resource)?.generatedCount ?? 0,
    idOf: (resource, index) => {
      const store = stores().get(resource);
      return store ? store.codec.encode(index) : `${resource}_${index}`;
    },
    createdOf: (resource, index) => stores().get(resource)?.timeline.createdAt(index) ?? own.createdAt(index),
    seedOf: (resource) => seeds.get(resource) ?? own.seed,
  };
}
