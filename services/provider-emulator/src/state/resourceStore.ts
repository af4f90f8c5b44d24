import type { CatalogResource } from '@datasync/providers';
import type { IdCodec } from '../core/ids';
import { mergePatch, toJsonObject, type JsonObject } from '../kit/json';
import type { Timeline } from '../core/timeline';
import type { GenContext } from '../generators/context';
import type { ResourceKind } from '../generators/registry';
import type { ResourceName } from '../generators/resourceNames';

/**
 * One resource of one account: `generated` objects computed on demand from their index, then a
 * small in-memory overlay of what the admin API changed. Indexes are ordered by `created`:
 * generated objects first, objects created through the admin API after them (they are newer).
 */
export class ResourceStore {
  private readonly extras: JsonObject[] = [];
  private readonly updated = new Map<number, JsonObject>();
  private readonly deleted = new Set<number>();

  constructor(
    readonly name: ResourceName,
    readonly resource: CatalogResource,
    readonly codec: IdCodec,
    readonly timeline: Timeline,
    private readonly kind: ResourceKind,
    private readonly context: GenContext,
  ) {}

  get generatedCount(): number {
    return this.timeline.count;
  }

  /** Every index ever used, deleted ones included. */
  get size(): number {
    return this.timeline.count + this.extras.length;
  }

  createdAt(index: number): number {
    if (index < this.timeline.count) return this.timeline.createdAt(index);
    const extra = this.extras[index - this.timeline.count];
    const created = extra?.created;
    return typeof created === 'number' ? created : this.timeline.end;
  }

  isDeleted(index: number): boolean {
    return this.deleted.has(index);
  }

  /** The object's current state, deleted ones included (callers check isDeleted). */
  objectAt(index: number): object {
    return this.overlayObject(index) ?? this.kind.generate(this.context, index);
  }

  /** The JSON text of the object at `index` (deleted ones included): the list hot path. */
  jsonAt(index: number): string {
    const changed = this.overlayObject(index);
    return changed ? JSON.stringify(changed) : this.kind.json(this.context, index);
  }

  private overlayObject(index: number): JsonObject | undefined {
    return this.updated.get(index) ?? (index >= this.timeline.count ? this.extras[index - this.timeline.count] : undefined);
  }

  /**
   * Every item of the embedded list `field` of the object at `index`, or undefined when the
   * resource has no such list. Admin updates never touch embedded lists, so these are generated.
   */
  childrenAt(index: number, field: string): readonly object[] | undefined {
    return this.kind.children?.[field]?.(this.context, index);
  }

  /** The index an id of this resource points at, whether or not that object was deleted. */
  indexOf(id: string): number | undefined {
    const index = this.codec.decode(id);
    return index !== undefined && index < this.size ? index : undefined;
  }

  /** Indexes the overlay changed, in ascending order: a `customer=` walk must not miss them. */
  overlayIndexes(): number[] {
    const indexes = new Set<number>(this.updated.keys());
    for (let i = 0; i < this.extras.length; i++) indexes.add(this.timeline.count + i);
    return [...indexes].sort((a, b) => a - b);
  }

  /** Appends a new object: a generated one for the next index, with `patch` over it. */
  create(patch: JsonObject, created: number): JsonObject {
    const index = this.size;
    const last = index > 0 ? this.createdAt(index - 1) : created;
    // Never older than the newest object: "newest first" must stay "highest index first".
    const at = Math.max(created, last);
    const base = toJsonObject(this.kind.generate(this.context, index));
    const object = { ...mergePatch(base, patch), id: this.codec.encode(index), object: this.resource.object, created: at };
    this.extras.push(object);
    return object;
  }

  /** Replaces the object at `index` by `patch` over its current state; returns both states. */
  update(index: number, patch: JsonObject, now: number): { before: JsonObject; after: JsonObject } {
    const before = toJsonObject(this.objectAt(index));
    const after = mergePatch(before, patch);
    if ('updated' in before) after.updated = now;
    this.store(index, after);
    return { before, after };
  }

  markDeleted(index: number): void {
    this.deleted.add(index);
  }

  /** Every object the overlay holds (created or changed through the admin API), by index. */
  *overlayObjects(): Generator<[number, JsonObject]> {
    yield* this.updated;
    for (let i = 0; i < this.extras.length; i++) {
      const extra = this.extras[i];
      if (extra) yield [this.timeline.count + i, extra];
    }
  }

  deletedIndexes(): ReadonlySet<number> {
    return this.deleted;
  }

  /** Puts back an overlay object kept across a restart, at the index it had. */
  restoreObject(index: number, object: JsonObject): void {
    this.store(index, object);
  }

  private store(index: number, object: JsonObject): void {
    if (index >= this.timeline.count) this.extras[index - this.timeline.count] = object;
    else this.updated.set(index, object);
  }
}
