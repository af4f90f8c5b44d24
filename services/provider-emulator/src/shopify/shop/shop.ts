import { LeakyBucket, RequestStats, Hold, mulberry32, hashString, noFaults, type FaultSettings } from '../../kit';
import type { BulkOperationRecord } from '../bulk/bulkOperationRecord';
import type { CustomerRecord, DeletionEventRecord, OrderRecord, ProductRecord, ResourceKind } from './records';
import { ShopClock } from './shopClock';
import { BUCKET_SECONDS, SHOP_PLANS, type ShopPlanName } from './shopPlan';

export interface ShopSpec {
  /** `<name>.myshopify.com` */
  domain: string;
  name: string;
  plan: ShopPlanName;
  currency: string;
  timezone: string;
  /** The shop's static admin token (`shpat_…`): never expires, as a custom app's does not. */
  adminToken: string;
  createdAt: number;
}

/** A change to a record, for webhooks: `orders/updated`, `products/delete`, … */
export type RecordChange = { topic: string; kind: ResourceKind; id: number; payload: Record<string, unknown> };

/** Bulk-operation behaviour the admin API sets: hold them running, fail the next, … */
export interface BulkSettings {
  held: boolean;
  failNext: 'INTERNAL_SERVER_ERROR' | 'TIMEOUT' | null;
}

/** One shop: its records, clock, cost buckets (one per app), bulk operations and faults. */
export class Shop {
  readonly clock = new ShopClock();
  readonly orders = new Map<number, OrderRecord>();
  readonly customers = new Map<number, CustomerRecord>();
  readonly products = new Map<number, ProductRecord>();
  readonly deletionEvents: DeletionEventRecord[] = [];
  readonly bulkOperations: BulkOperationRecord[] = [];
  readonly bulk: BulkSettings = { held: false, failNext: null };
  readonly stats = new RequestStats();
  readonly hold = new Hold();
  faults: FaultSettings = { ...noFaults, latency_ms: { ...noFaults.latency_ms } };
  readonly roll: () => number;
  /** Shopify's THROTTLED answer is 200 in its docs; some clients report 429: the admin API picks. */
  throttledStatus: 200 | 429 = 200;
  private readonly buckets = new Map<string, LeakyBucket>();
  private lastId = 1_000_000;
  /** Set by the state: where record changes go (webhooks). */
  onChange: (change: RecordChange) => void = () => undefined;

  constructor(readonly spec: ShopSpec) {
    this.roll = mulberry32(hashString(`faults:${spec.domain}`));
  }

  now(): number {
    return this.clock.now();
  }

  /** Ids are shop-wide and increasing, like Shopify's numeric GID tails. */
  nextId(): number {
    this.lastId += 1 + (this.lastId % 7);
    return this.lastId;
  }

  /** The cost bucket of an app on this shop (Shopify limits each app+shop pair apart). */
  bucket(app: string): LeakyBucket {
    let bucket = this.buckets.get(app);
    if (!bucket) {
      const rate = SHOP_PLANS[this.spec.plan].restoreRate;
      bucket = new LeakyBucket(rate * BUCKET_SECONDS, rate, () => this.now());
      this.buckets.set(app, bucket);
    }
    return bucket;
  }

  store(kind: ResourceKind): Map<number, OrderRecord | CustomerRecord | ProductRecord> {
    return this[kind];
  }
}
