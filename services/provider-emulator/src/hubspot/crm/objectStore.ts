import { searchViewOf, isoTime, type CrmRecord, type PropertyValues } from './crmRecord';
import { OBJECT_TYPES, type ObjectType } from './objectTypes';

/** A record was asked for by an id this store never had, or no longer has. */
export class RecordMissingError extends Error {}

/**
 * The records of one object type in one portal, in id order (HubSpot lists by id). Ids only
 * grow, so the order array stays sorted by appending; a GDPR-deleted record leaves the map and is
 * skipped. Every change records when the search index will see it (`lagMs` later).
 */
export class ObjectStore {
  private readonly records = new Map<number, CrmRecord>();
  private readonly order: number[] = [];

  constructor(
    readonly type: ObjectType,
    private nextId: number,
  ) {}

  get modifiedProperty(): string {
    return OBJECT_TYPES[this.type].modifiedProperty;
  }

  get size(): number {
    return this.records.size;
  }

  create(properties: PropertyValues, at: number, lagMs: number, id?: number): CrmRecord {
    const recordId = id ?? this.nextId;
    if (this.records.has(recordId) || (this.order.length > 0 && recordId <= (this.order[this.order.length - 1] ?? 0))) {
      throw new Error(`record ids only grow: ${recordId} is taken or too small`);
    }
    this.nextId = recordId + 1;
    const record: CrmRecord = {
      id: recordId,
      properties: { ...properties, hs_object_id: String(recordId), createdate: isoTime(at), [this.modifiedProperty]: isoTime(at) },
      createdAt: at,
      updatedAt: at,
      archived: false,
      archivedAt: null,
      mergedInto: null,
      indexed: undefined,
      indexedAt: at + lagMs,
    };
    this.records.set(recordId, record);
    this.order.push(recordId);
    return record;
  }

  /** Sets properties (null clears one) and moves the modification date to `at`. */
  update(id: number, patch: PropertyValues, at: number, lagMs: number): CrmRecord {
    const record = this.live(id);
    this.change(record, at, lagMs, () => {
      Object.assign(record.properties, patch);
      this.stamp(record, at);
    });
    return record;
  }

  /** Archives: the modification date does not move (HubSpot's archive leaves it alone). */
  archive(id: number, at: number, lagMs: number): CrmRecord {
    const record = this.live(id);
    this.change(record, at, lagMs, () => {
      record.archived = true;
      record.archivedAt = at;
    });
    return record;
  }

  restore(id: number, at: number, lagMs: number): CrmRecord {
    const record = this.existing(id);
    if (!record.archived) return record;
    this.change(record, at, lagMs, () => {
      record.archived = false;
      record.archivedAt = null;
    });
    return record;
  }

  /** `mergedId` folds into `primaryId`: it disappears, the primary lists it in `hs_merged_object_ids`. */
  merge(primaryId: number, mergedId: number, at: number, lagMs: number): CrmRecord {
    const primary = this.live(primaryId);
    const merged = this.live(mergedId);
    this.change(merged, at, lagMs, () => {
      merged.mergedInto = primaryId;
    });
    this.change(primary, at, lagMs, () => {
      const before = primary.properties.hs_merged_object_ids;
      primary.properties.hs_merged_object_ids = before ? `${before};${mergedId}` : String(mergedId);
      this.stamp(primary, at);
    });
    return primary;
  }

  /** Permanent: the record is gone from every list, read and search. */
  purge(id: number): CrmRecord {
    const record = this.existing(id);
    this.records.delete(id);
    return record;
  }

  /** A record by id; a merged-away id answers with the record it was merged into. */
  find(id: number): CrmRecord | undefined {
    let record = this.records.get(id);
    for (let hops = 0; record?.mergedInto != null && hops < 100; hops++) record = this.records.get(record.mergedInto);
    return record;
  }

  /** Live (or, with `archived`, archived) records with ids >= `fromId`, in id order. */
  *from(fromId: number, archived: boolean): Generator<CrmRecord> {
    for (let i = lowerBound(this.order, fromId); i < this.order.length; i++) {
      const record = this.records.get(this.order[i] ?? -1);
      if (record && record.mergedInto === null && record.archived === archived) yield record;
    }
  }

  all(): IterableIterator<CrmRecord> {
    return this.records.values();
  }

  private change(record: CrmRecord, at: number, lagMs: number, apply: () => void): void {
    // The index caught up with the previous change: it now holds the state before this one.
    if (at >= record.indexedAt) record.indexed = searchViewOf(record);
    apply();
    record.indexedAt = at + lagMs;
  }

  private stamp(record: CrmRecord, at: number): void {
    record.updatedAt = at;
    record.properties[this.modifiedProperty] = isoTime(at);
  }

  private existing(id: number): CrmRecord {
    const record = this.records.get(id);
    if (!record) throw new RecordMissingError(`no ${this.type} ${id}`);
    return record;
  }

  private live(id: number): CrmRecord {
    const record = this.existing(id);
    if (record.mergedInto !== null || record.archived) throw new RecordMissingError(`${this.type} ${id} is archived or merged`);
    return record;
  }
}

function lowerBound(sorted: readonly number[], value: number): number {
  let low = 0;
  let high = sorted.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if ((sorted[mid] ?? 0) < value) low = mid + 1;
    else high = mid;
  }
  return low;
}
