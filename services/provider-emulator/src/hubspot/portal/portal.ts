import { effectiveFaults, hashString, Hold, mulberry32, RequestStats, type FaultOverrides, type FaultSettings } from '../../kit';
import { AssociationStore } from '../crm/associationStore';
import type { AssociationType } from '../crm/associationTypes';
import { ObjectStore } from '../crm/objectStore';
import { objectTypes, type ObjectType } from '../crm/objectTypes';
import { standardProperties, type PropertyDefinition } from '../crm/propertyDefinitions';
import type { Owner } from './owners';
import { DailyCounter, RollingWindow } from './rateWindows';
import { OAUTH_BURST_LIMIT, tierBurstLimit, tierDailyLimit, type PortalLimits, type PortalSpec } from './portalSpec';

/** One HubSpot account (portal, hub): its records, schema, owners, limits and clock. */
export class Portal {
  readonly stores = new Map<ObjectType, ObjectStore>();
  readonly associations = new AssociationStore();
  /** Custom association labels: `from:to:label` → the type of each direction. */
  readonly labels = new Map<string, { forward: AssociationType; backward: AssociationType }>();
  readonly properties = new Map<ObjectType, Map<string, PropertyDefinition>>();
  owners: Owner[] = [];
  clockOffsetMs = 0;
  /** Set while the clock is frozen (a test holding time still): the instant it shows. */
  frozenAt: number | null = null;
  limits: PortalLimits;
  faultOverrides: FaultOverrides = {};
  readonly stats = new RequestStats();
  /** Requests wait here while an admin holds the portal (never journaled: a restart frees it). */
  readonly hold = new Hold();
  readonly daily: DailyCounter;
  readonly search = new RollingWindow(1_000);
  /** Burst windows per app (`service-key` or an OAuth app's client id). */
  private readonly bursts = new Map<string, RollingWindow>();
  readonly roll: () => number;

  constructor(
    readonly spec: PortalSpec,
    searchLagMs: number,
  ) {
    this.limits = { burstLimit: null, oauthBurstLimit: null, dailyLimit: null, searchPerSecond: 5, searchLagMs };
    this.daily = new DailyCounter(spec.timeZone);
    this.roll = mulberry32(hashString(`faults:${spec.seedText}`));
    objectTypes.forEach((type, i) => {
      // Types get distinct id ranges, as HubSpot's ids never collide across a portal's objects.
      this.stores.set(type, new ObjectStore(type, (i + 1) * 10_000_000 + 1));
      this.properties.set(type, new Map(standardProperties(type, spec.end - spec.historyDays * 86_400_000).map((p) => [p.name, p])));
    });
  }

  get id(): number {
    return this.spec.portalId;
  }

  /** The portal's clock in milliseconds: wall clock plus what the admin API advanced it by, or where it was frozen. */
  now(): number {
    return this.frozenAt ?? Date.now() + this.clockOffsetMs;
  }

  store(type: ObjectType): ObjectStore {
    const store = this.stores.get(type);
    if (!store) throw new Error(`no store for ${type}`);
    return store;
  }

  propertiesOf(type: ObjectType): Map<string, PropertyDefinition> {
    const properties = this.properties.get(type);
    if (!properties) throw new Error(`no properties for ${type}`);
    return properties;
  }

  burstLimit(oauth: boolean): number {
    if (oauth) return this.limits.oauthBurstLimit ?? OAUTH_BURST_LIMIT;
    return this.limits.burstLimit ?? tierBurstLimit(this.spec.tier);
  }

  dailyLimit(): number {
    return this.limits.dailyLimit ?? tierDailyLimit(this.spec.tier);
  }

  burstWindow(app: string): RollingWindow {
    let window = this.bursts.get(app);
    if (!window) this.bursts.set(app, (window = new RollingWindow(10_000)));
    return window;
  }

  faults(global: FaultSettings): FaultSettings {
    return effectiveFaults(global, this.faultOverrides);
  }
}
