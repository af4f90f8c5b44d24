/**
 * The CRM objects the emulator serves, with HubSpot's object type ids (used by associations v4
 * and webhooks) and the property each one's modification date lives in: contacts keep
 * `lastmodifieddate`, every other object `hs_lastmodifieddate` (HubSpot's search guide).
 */
export const OBJECT_TYPES = {
  contacts: { typeId: '0-1', singular: 'contact', modifiedProperty: 'lastmodifieddate' },
  companies: { typeId: '0-2', singular: 'company', modifiedProperty: 'hs_lastmodifieddate' },
  deals: { typeId: '0-3', singular: 'deal', modifiedProperty: 'hs_lastmodifieddate' },
  tickets: { typeId: '0-5', singular: 'ticket', modifiedProperty: 'hs_lastmodifieddate' },
  products: { typeId: '0-7', singular: 'product', modifiedProperty: 'hs_lastmodifieddate' },
  line_items: { typeId: '0-8', singular: 'line_item', modifiedProperty: 'hs_lastmodifieddate' },
} as const;

export type ObjectType = keyof typeof OBJECT_TYPES;

export const objectTypes = Object.keys(OBJECT_TYPES) as ObjectType[];

/**
 * HubSpot accepts a type by its plural name, its singular name or its type id
 * (`contacts`, `contact`, `0-1`); anything else is not an object type.
 */
export function objectTypeOf(name: string): ObjectType | undefined {
  const lower = name.toLowerCase();
  for (const type of objectTypes) {
    const info = OBJECT_TYPES[type];
    if (lower === type || lower === info.singular || lower === info.typeId) return type;
  }
  return undefined;
}

/** Properties a record answers with when the request names none (HubSpot's defaults per object). */
export const DEFAULT_PROPERTIES: Readonly<Record<ObjectType, readonly string[]>> = {
  contacts: ['createdate', 'email', 'firstname', 'hs_object_id', 'lastmodifieddate', 'lastname'],
  companies: ['createdate', 'domain', 'hs_lastmodifieddate', 'hs_object_id', 'name'],
  deals: ['amount', 'closedate', 'createdate', 'dealname', 'dealstage', 'hs_lastmodifieddate', 'hs_object_id', 'pipeline'],
  tickets: [
    'content',
    'createdate',
    'hs_lastmodifieddate',
    'hs_object_id',
    'hs_pipeline',
    'hs_pipeline_stage',
    'hs_ticket_category',
    'hs_ticket_priority',
    'subject',
  ],
  products: ['createdate', 'description', 'hs_lastmodifieddate', 'hs_object_id', 'name', 'price'],
  line_items: ['amount', 'createdate', 'hs_lastmodifieddate', 'hs_object_id', 'hs_product_id', 'name', 'price', 'quantity'],
};
