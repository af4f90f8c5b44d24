import type { ObjectType } from './objectTypes';

export interface AssociationType {
  category: 'HUBSPOT_DEFINED' | 'USER_DEFINED';
  typeId: number;
  /** Null for HubSpot's unlabeled type; "Primary" for the primary company; a custom label's text. */
  label: string | null;
}

type Pair = `${ObjectType}:${ObjectType}`;

// HubSpot's own association type ids ("Associations v4", "association type id values"): one per
// direction, the unlabeled type every association has, and the primary-company types.
const UNLABELED: Partial<Record<Pair, number>> = {
  'contacts:companies': 279,
  'companies:contacts': 280,
  'deals:contacts': 3,
  'contacts:deals': 4,
  'contacts:tickets': 15,
  'tickets:contacts': 16,
  'deals:line_items': 19,
  'line_items:deals': 20,
  'deals:tickets': 27,
  'tickets:deals': 28,
  'deals:companies': 341,
  'companies:deals': 342,
  'tickets:companies': 339,
  'companies:tickets': 340,
};

const PRIMARY: Partial<Record<Pair, number>> = {
  'contacts:companies': 1,
  'companies:contacts': 2,
  'deals:companies': 5,
  'companies:deals': 6,
  'companies:tickets': 25,
  'tickets:companies': 26,
};

/** Whether HubSpot associates these two types at all (the emulator's pairs are HubSpot-defined). */
export function associable(from: ObjectType, to: ObjectType): boolean {
  return UNLABELED[`${from}:${to}`] !== undefined;
}

export function unlabeledType(from: ObjectType, to: ObjectType): AssociationType | undefined {
  const typeId = UNLABELED[`${from}:${to}`];
  return typeId === undefined ? undefined : { category: 'HUBSPOT_DEFINED', typeId, label: null };
}

export function primaryType(from: ObjectType, to: ObjectType): AssociationType | undefined {
  const typeId = PRIMARY[`${from}:${to}`];
  return typeId === undefined ? undefined : { category: 'HUBSPOT_DEFINED', typeId, label: 'Primary' };
}

/** The HubSpot-defined labels of a pair, as `GET /crm/v4/associations/{from}/{to}/labels` lists them. */
export function definedTypes(from: ObjectType, to: ObjectType): AssociationType[] {
  return [unlabeledType(from, to), primaryType(from, to)].filter((t): t is AssociationType => t !== undefined);
}
