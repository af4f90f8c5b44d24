import { Joi } from '@datasync/config';
import { PROPERTY_TYPES, propertyJson, type PropertyType } from '../crm/propertyDefinitions';
import { hubspotErrors } from '../http/hubspotErrors';
import { validateAdmin } from '../portal/createPortal';
import type { HubspotState } from '../portal/hubspotState';
import { objectTypeParam, type HubspotRoute } from '../routes/hubspotRoute';
import { portalParam } from './adminParams';

interface PropertyBody {
  name: string;
  label?: string;
  type: PropertyType;
  field_type?: string;
  group_name?: string;
  description?: string;
  options?: { label: string; value: string }[];
}

const schema = Joi.object({
  name: Joi.string()
    .pattern(/^[a-z][a-z0-9_]{0,99}$/)
    .required(),
  label: Joi.string().max(200),
  type: Joi.string()
    .valid(...Object.keys(PROPERTY_TYPES))
    .required(),
  field_type: Joi.string(),
  group_name: Joi.string(),
  description: Joi.string().allow(''),
  options: Joi.array().items(Joi.object({ label: Joi.string().required(), value: Joi.string().required() })),
});

/**
 * `POST /_emulator/hubspot/portals/:portalId/properties/:objectType` `{name, type, label?,
 * field_type?, options?}`: a custom property of this portal (HubSpot's types; the field type must
 * suit the type). It is listed by the properties API and can be set, read and searched.
 */
export function postPropertyRoute(state: HubspotState): HubspotRoute {
  return {
    method: 'post',
    path: '/_emulator/hubspot/portals/:portalId/properties/:objectType',
    handler: (req, res) => {
      const portal = portalParam(state, req);
      const type = objectTypeParam(req);
      const body = validateAdmin<PropertyBody>(schema, req.body);
      const allowed: readonly string[] = PROPERTY_TYPES[body.type];
      const fieldType = body.field_type ?? allowed[0] ?? 'text';
      if (!allowed.includes(fieldType))
        throw hubspotErrors.validation(`fieldType ${fieldType} does not suit type ${body.type}: use one of ${allowed.join(', ')}`);
      const existing = portal.propertiesOf(type).get(body.name);
      if (existing?.hubspotDefined) throw hubspotErrors.validation(`${body.name} is a HubSpot-defined property of ${type}`);
      const at = portal.now();
      const property = {
        name: body.name,
        label: body.label ?? body.name,
        type: body.type,
        fieldType,
        groupName: body.group_name ?? 'custom',
        description: body.description ?? '',
        options: (body.options ?? []).map((option, i) => ({ ...option, displayOrder: i, hidden: false })),
        hubspotDefined: false,
        calculated: false,
        hasUniqueValue: false,
        createdAt: existing?.createdAt ?? at,
        updatedAt: at,
      };
      state.apply({ op: 'define_property', portalId: portal.id, type, property });
      res.status(201).json(propertyJson(property));
    },
  };
}
