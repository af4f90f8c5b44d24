/**
 * HubSpot's resources as data: each table, where its rows are listed, and the standard properties
 * that get typed columns. Every other property (custom ones included) lands in the `properties`
 * JSON column; the account's own definitions are read per account (`hubspot_properties`).
 * Property names and types are HubSpot's (properties API: bool, enumeration, date, datetime,
 * string, number, phone_number, object_coordinates, json).
 */

/** HubSpot's property types (`type` of a property definition). */
export type HubspotPropertyType =
  'bool' | 'enumeration' | 'date' | 'datetime' | 'string' | 'number' | 'phone_number' | 'object_coordinates' | 'json';

/** The typed value a column holds once coerced (see hubspotValues.ts). */
export type HubspotColumnType = 'text' | 'number' | 'boolean' | 'timestamp' | 'date' | 'json';

export interface HubspotColumn {
  name: string;
  type: HubspotColumnType;
}

export type CrmObjectType = 'contacts' | 'companies' | 'deals' | 'tickets' | 'products' | 'line_items';

export interface CrmObjectResource {
  kind: 'crm_object';
  table: string;
  objectType: CrmObjectType;
  /** `GET` lists records in id order; `POST {listPath}/search` and `/batch/read` hang off it. */
  listPath: string;
  /** The property search filters and sorts changes by (search guide: it differs by object). */
  modifiedProperty: 'lastmodifieddate' | 'hs_lastmodifieddate';
  /** Standard properties with their own column, by HubSpot type. */
  standardProperties: Readonly<Record<string, HubspotPropertyType>>;
}

const COMMON: Record<string, HubspotPropertyType> = {
  hs_object_id: 'number',
  createdate: 'datetime',
  hubspot_owner_id: 'enumeration',
  hs_merged_object_ids: 'enumeration',
};

function crmObject(
  objectType: CrmObjectType,
  modifiedProperty: CrmObjectResource['modifiedProperty'],
  own: Record<string, HubspotPropertyType>,
): CrmObjectResource {
  return {
    kind: 'crm_object',
    table: `hubspot_${objectType}`,
    objectType,
    listPath: `/crm/v3/objects/${objectType}`,
    modifiedProperty,
    standardProperties: { ...COMMON, [modifiedProperty]: 'datetime', ...own },
  };
}

export const CRM_OBJECTS: Readonly<Record<CrmObjectType, CrmObjectResource>> = {
  contacts: crmObject('contacts', 'lastmodifieddate', {
    email: 'string',
    firstname: 'string',
    lastname: 'string',
    phone: 'phone_number',
    company: 'string',
    jobtitle: 'string',
    lifecyclestage: 'enumeration',
  }),
  companies: crmObject('companies', 'hs_lastmodifieddate', {
    name: 'string',
    domain: 'string',
    industry: 'enumeration',
    numberofemployees: 'number',
    annualrevenue: 'number',
    city: 'string',
    country: 'string',
  }),
  deals: crmObject('deals', 'hs_lastmodifieddate', {
    dealname: 'string',
    amount: 'number',
    dealstage: 'enumeration',
    pipeline: 'enumeration',
    closedate: 'datetime',
  }),
  tickets: crmObject('tickets', 'hs_lastmodifieddate', {
    subject: 'string',
    content: 'string',
    hs_pipeline: 'enumeration',
    hs_pipeline_stage: 'enumeration',
    hs_ticket_priority: 'enumeration',
    hs_ticket_category: 'enumeration',
  }),
  products: crmObject('products', 'hs_lastmodifieddate', {
    name: 'string',
    description: 'string',
    price: 'number',
    hs_sku: 'string',
  }),
  line_items: crmObject('line_items', 'hs_lastmodifieddate', {
    name: 'string',
    hs_product_id: 'number',
    quantity: 'number',
    price: 'number',
    amount: 'number',
  }),
};

export const crmObjectTypes = Object.keys(CRM_OBJECTS) as CrmObjectType[];

/**
 * Association pairs read, each in one direction (HubSpot keeps both; the reverse row carries the
 * same records, and a label of one direction is its own type id, read from this side).
 */
export const ASSOCIATION_PAIRS: readonly (readonly [CrmObjectType, CrmObjectType])[] = [
  ['contacts', 'companies'],
  ['deals', 'contacts'],
  ['deals', 'companies'],
  ['deals', 'line_items'],
  ['tickets', 'contacts'],
  ['tickets', 'companies'],
  ['tickets', 'deals'],
];

/** Columns every HubSpot table has besides the engine's own (account_id, _synced_at, …). */
export const COMMON_COLUMNS: readonly HubspotColumn[] = [
  { name: 'id', type: 'text' },
  { name: 'data', type: 'json' },
  { name: '_source_ts', type: 'timestamp' },
  { name: '_deleted', type: 'boolean' },
];

const OBJECT_COLUMNS: readonly HubspotColumn[] = [
  { name: 'created_at', type: 'timestamp' },
  { name: 'updated_at', type: 'timestamp' },
  { name: 'archived', type: 'boolean' },
  { name: 'archived_at', type: 'timestamp' },
  { name: 'properties', type: 'json' },
];

/** The column type a HubSpot property type is stored as. */
export function columnTypeOf(type: HubspotPropertyType): HubspotColumnType {
  switch (type) {
    case 'bool':
      return 'boolean';
    case 'number':
      return 'number';
    case 'datetime':
      return 'timestamp';
    case 'date':
      return 'date';
    case 'json':
      return 'json';
    default:
      return 'text';
  }
}

export interface HubspotTable {
  name: string;
  columns: readonly HubspotColumn[];
}

function objectTable(resource: CrmObjectResource): HubspotTable {
  const standard = Object.entries(resource.standardProperties).map(([name, type]) => ({ name, type: columnTypeOf(type) }));
  return { name: resource.table, columns: [...COMMON_COLUMNS, ...OBJECT_COLUMNS, ...standard] };
}

/** Every table of the connector with its fixed columns. */
export const HUBSPOT_TABLES: readonly HubspotTable[] = [
  ...crmObjectTypes.map((type) => objectTable(CRM_OBJECTS[type])),
  {
    name: 'hubspot_owners',
    columns: [
      ...COMMON_COLUMNS,
      { name: 'email', type: 'text' },
      { name: 'first_name', type: 'text' },
      { name: 'last_name', type: 'text' },
      { name: 'user_id', type: 'number' },
      { name: 'created_at', type: 'timestamp' },
      { name: 'updated_at', type: 'timestamp' },
      { name: 'archived', type: 'boolean' },
    ],
  },
  {
    name: 'hubspot_associations',
    columns: [
      ...COMMON_COLUMNS,
      { name: 'from_type', type: 'text' },
      { name: 'from_id', type: 'text' },
      { name: 'to_type', type: 'text' },
      { name: 'to_id', type: 'text' },
      { name: 'type_ids', type: 'json' },
      { name: 'labels', type: 'json' },
    ],
  },
  {
    name: 'hubspot_properties',
    columns: [
      ...COMMON_COLUMNS,
      { name: 'object_type', type: 'text' },
      { name: 'name', type: 'text' },
      { name: 'label', type: 'text' },
      { name: 'type', type: 'text' },
      { name: 'field_type', type: 'text' },
      { name: 'group_name', type: 'text' },
      { name: 'hubspot_defined', type: 'boolean' },
      { name: 'calculated', type: 'boolean' },
      { name: 'options', type: 'json' },
      { name: 'created_at', type: 'timestamp' },
      { name: 'updated_at', type: 'timestamp' },
      { name: 'archived', type: 'boolean' },
    ],
  },
];

export const OWNERS_PATH = '/crm/v3/owners';
export const propertiesPath = (objectType: CrmObjectType): string => `/crm/v3/properties/${objectType}`;
export const associationsBatchPath = (from: CrmObjectType, to: CrmObjectType): string => `/crm/v4/associations/${from}/${to}/batch/read`;
