import type { AssociationType } from './associationTypes';
import type { ObjectType } from './objectTypes';

export interface Associated {
  toObjectId: number;
  associationTypes: AssociationType[];
}

const key = (type: ObjectType, id: number) => `${type}:${id}`;

/**
 * A portal's associations. HubSpot's associations are undirected: each is kept in both
 * directions, each direction with its own type ids (a contact→company 279 is a company→contact 280).
 */
export class AssociationStore {
  /** `type:id` → target type → target id → types (by typeId). */
  private readonly edges = new Map<string, Map<ObjectType, Map<number, Map<number, AssociationType>>>>();

  add(from: ObjectType, fromId: number, to: ObjectType, toId: number, forward: AssociationType, backward: AssociationType): void {
    this.put(from, fromId, to, toId, forward);
    this.put(to, toId, from, fromId, backward);
  }

  /** Associations from one record to records of `to`, in target id order. */
  list(from: ObjectType, fromId: number, to: ObjectType): Associated[] {
    const targets = this.edges.get(key(from, fromId))?.get(to);
    if (!targets) return [];
    return [...targets.entries()]
      .sort(([a], [b]) => a - b)
      .map(([toObjectId, types]) => ({ toObjectId, associationTypes: [...types.values()] }));
  }

  /** Every association of a record, for when it goes (GDPR delete) or moves (merge). */
  removeAll(type: ObjectType, id: number): { to: ObjectType; toId: number; types: AssociationType[] }[] {
    const mine = this.edges.get(key(type, id));
    if (!mine) return [];
    const removed: { to: ObjectType; toId: number; types: AssociationType[] }[] = [];
    for (const [to, targets] of mine) {
      for (const [toId, types] of targets) {
        removed.push({ to, toId, types: [...types.values()] });
        this.edges.get(key(to, toId))?.get(type)?.delete(id);
      }
    }
    this.edges.delete(key(type, id));
    return removed;
  }

  private put(from: ObjectType, fromId: number, to: ObjectType, toId: number, type: AssociationType): void {
    let byType = this.edges.get(key(from, fromId));
    if (!byType) this.edges.set(key(from, fromId), (byType = new Map()));
    let targets = byType.get(to);
    if (!targets) byType.set(to, (targets = new Map()));
    let types = targets.get(toId);
    if (!types) targets.set(toId, (types = new Map()));
    types.set(type.typeId, type);
  }
}
