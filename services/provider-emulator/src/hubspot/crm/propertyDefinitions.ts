import type { ObjectType } from './objectTypes';

/** HubSpot's property types and the field types each may show as (properties API guide). */
export const PROPERTY_TYPES = {
  bool: ['booleancheckbox', 'calculation_equation'],
  enumeration: ['booleancheckbox', 'checkbox', 'radio', 'select', 'calculation_equation'],
  date: ['date'],
  datetime: ['date'],
  string: ['file', 'text', 'textarea', 'calculation_equation', 'html', 'phonenumber'],
  number: ['number', 'calculation_equation'],
  phone_number: ['phonenumber'],
  object_coordinates: ['text'],
  json: ['text'],
} as const;

export type PropertyType = keyof typeof PROPERTY_TYPES;

export interface PropertyOption {
  label: string;
  value: string;
  displayOrder: number;
  hidden: boolean;
}

export interface PropertyDefinition {
  name: string;
  label: string;
  type: PropertyType;
  fieldType: string;
  groupName: string;
  description: string;
  options: PropertyOption[];
  hubspotDefined: boolean;
  calculated: boolean;
  hasUniqueValue: boolean;
  createdAt: number;
  updatedAt: number;
}

type Spec = readonly [name: string, type: PropertyType, fieldType: string, label: string];

const COMMON: Spec[] = [
  ['hs_object_id', 'number', 'number', 'Record ID'],
  ['createdate', 'datetime', 'date', 'Create Date'],
  ['hubspot_owner_id', 'enumeration', 'select', 'Owner'],
  ['hs_merged_object_ids', 'enumeration', 'checkbox', 'Merged Record IDs'],
];

const BY_TYPE: Record<ObjectType, Spec[]> = {
  contacts: [
    ['email', 'string', 'text', 'Email'],
    ['firstname', 'string', 'text', 'First Name'],
    ['lastname', 'string', 'text', 'Last Name'],
    ['phone', 'string', 'phonenumber', 'Phone Number'],
    ['lifecyclestage', 'enumeration', 'radio', 'Lifecycle Stage'],
    ['lastmodifieddate', 'datetime', 'date', 'Last Modified Date'],
  ],
  companies: [
    ['name', 'string', 'text', 'Company name'],
    ['domain', 'string', 'text', 'Company Domain Name'],
    ['industry', 'enumeration', 'select', 'Industry'],
    ['numberofemployees', 'number', 'number', 'Number of Employees'],
    ['hs_lastmodifieddate', 'datetime', 'date', 'Last Modified Date'],
  ],
  deals: [
    ['dealname', 'string', 'text', 'Deal Name'],
    ['amount', 'number', 'number', 'Amount'],
    ['dealstage', 'enumeration', 'radio', 'Deal Stage'],
    ['pipeline', 'enumeration', 'select', 'Pipeline'],
    ['closedate', 'datetime', 'date', 'Close Date'],
    ['hs_lastmodifieddate', 'datetime', 'date', 'Last Modified Date'],
  ],
  tickets: [
    ['subject', 'string', 'text', 'Ticket name'],
    ['content', 'string', 'textarea', 'Ticket description'],
    ['hs_pipeline', 'enumeration', 'select', 'Pipeline'],
    ['hs_pipeline_stage', 'enumeration', 'select', 'Ticket status'],
    ['hs_ticket_priority', 'enumeration', 'select', 'Priority'],
    ['hs_ticket_category', 'enumeration', 'checkbox', 'Category'],
    ['hs_lastmodifieddate', 'datetime', 'date', 'Last Modified Date'],
  ],
  products: [
    ['name', 'string', 'text', 'Name'],
    ['description', 'string', 'textarea', 'Description'],
    ['price', 'number', 'number', 'Unit price'],
    ['hs_sku', 'string', 'text', 'SKU'],
    ['hs_lastmodifieddate', 'datetime', 'date', 'Last Modified Date'],
  ],
  line_items: [
    ['name', 'string', 'text', 'Name'],
    ['hs_product_id', 'number', 'number', 'Product ID'],
    ['quantity', 'number', 'number', 'Quantity'],
    ['price', 'number', 'number', 'Unit price'],
    ['amount', 'number', 'number', 'Net price'],
    ['hs_lastmodifieddate', 'datetime', 'date', 'Last Modified Date'],
  ],
};

/** The HubSpot-defined properties of a type (a representative subset of the real ones). */
export function standardProperties(type: ObjectType, at: number): PropertyDefinition[] {
  return [...COMMON, ...BY_TYPE[type]].map(([name, propertyType, fieldType, label]) => ({
    name,
    label,
    type: propertyType,
    fieldType,
    groupName: `${type === 'contacts' ? 'contact' : type.replace(/s$/, '')}information`,
    description: '',
    options: [],
    hubspotDefined: true,
    calculated: false,
    hasUniqueValue: name === 'hs_object_id',
    createdAt: at,
    updatedAt: at,
  }));
}

/** A property as `GET /crm/v3/properties/{objectType}` answers it. */
export function propertyJson(property: PropertyDefinition): Record<string, unknown> {
  return {
    updatedAt: new Date(property.updatedAt).toISOString(),
    createdAt: new Date(property.createdAt).toISOString(),
    name: property.name,
    label: property.label,
    type: property.type,
    fieldType: property.fieldType,
    description: property.description,
    groupName: property.groupName,
    options: property.options,
    displayOrder: -1,
    calculated: property.calculated,
    externalOptions: false,
    hasUniqueValue: property.hasUniqueValue,
    hidden: false,
    hubspotDefined: property.hubspotDefined,
    modificationMetadata: {
      archivable: !property.hubspotDefined,
      readOnlyDefinition: property.hubspotDefined,
      readOnlyOptions: false,
      readOnlyValue: false,
    },
    formField: !property.hubspotDefined,
    archived: false,
  };
}
