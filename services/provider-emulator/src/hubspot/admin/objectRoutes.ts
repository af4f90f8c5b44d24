import { Joi } from '@datasync/config';
import { associable } from '../crm/associationTypes';
import type { PropertyValues } from '../crm/crmRecord';
import { recordJson } from '../crm/recordJson';
import { objectTypeOf, type ObjectType } from '../crm/objectTypes';
import { hubspotErrors } from '../http/hubspotErrors';
import { validateAdmin } from '../portal/createPortal';
import type { HubspotState } from '../portal/hubspotState';
import type { Portal } from '../portal/portal';
import { knownProperties, numericId, objectTypeParam, param, type HubspotRoute } from '../routes/hubspotRoute';
import { portalParam } from './adminParams';

const OBJECTS = '/_emulator/hubspot/portals/:portalId/objects/:objectType';
const propertiesSchema = Joi.object({
  properties: Joi.object()
    .pattern(/^[a-z0-9_]+$/, Joi.string().allow('', null))
    .default({}),
});

function live(portal: Portal, type: ObjectType, raw: string, archived = false): number {
  const id = numericId(raw);
  const record = id === undefined ? undefined : portal.store(type).find(id);
  if (!record || record.id !== id || record.archived !== archived) throw hubspotErrors.objectNotFound(raw);
  return id;
}

const view = (portal: Portal, type: ObjectType, record: Parameters<typeof recordJson>[1]) =>
  recordJson(type, record, knownProperties(portal, type), { properties: Object.keys(record.properties) });

/** Admin writes to records: create, update (moves the modification date), restore, and a bulk touch. */
export function objectAdminRoutes(state: HubspotState): HubspotRoute[] {
  return [
    {
      method: 'post',
      path: `${OBJECTS}/touch`,
      // HubSpot's month-end batch updates: many records modified at one and the same instant.
      handler: (req, res) => {
        const portal = portalParam(state, req);
        const type = objectTypeParam(req);
        const schema = Joi.object({
          ids: Joi.array().items(Joi.number().integer()),
          count: Joi.number().integer().min(1).max(1_000_000),
        }).xor('ids', 'count');
        const body = validateAdmin<{ ids?: number[]; count?: number }>(schema, req.body);
        const ids =
          body.ids?.map((id) => live(portal, type, String(id))) ??
          [...portal.store(type).from(0, false)].slice(0, body.count).map((r) => r.id);
        const at = portal.now();
        state.apply({ op: 'touch_objects', portalId: portal.id, type, ids, at });
        res.json({ touched: ids.length, at: new Date(at).toISOString() });
      },
    },
    {
      method: 'post',
      path: OBJECTS,
      handler: (req, res) => {
        const portal = portalParam(state, req);
        const type = objectTypeParam(req);
        const { properties } = validateAdmin<{ properties: PropertyValues }>(propertiesSchema, req.body);
        const { record } = state.apply({ op: 'create_object', portalId: portal.id, type, properties, at: portal.now() });
        if (record) res.status(201).json(view(portal, type, record));
      },
    },
    {
      method: 'post',
      path: `${OBJECTS}/:objectId`,
      handler: (req, res) => {
        const portal = portalParam(state, req);
        const type = objectTypeParam(req);
        const id = live(portal, type, param(req, 'objectId'));
        const { properties } = validateAdmin<{ properties: PropertyValues }>(propertiesSchema, req.body);
        const { record } = state.apply({ op: 'update_object', portalId: portal.id, type, id, properties, at: portal.now() });
        if (record) res.json(view(portal, type, record));
      },
    },
    {
      method: 'post',
      path: `${OBJECTS}/:objectId/restore`,
      handler: (req, res) => {
        const portal = portalParam(state, req);
        const type = objectTypeParam(req);
        const id = live(portal, type, param(req, 'objectId'), true);
        const { record } = state.apply({ op: 'restore_object', portalId: portal.id, type, id, at: portal.now() });
        if (record) res.json(view(portal, type, record));
      },
    },
  ];
}

interface AssociateBody {
  from_type: string;
  from_id: number;
  to_type: string;
  to_id: number;
  label?: string;
}

/** `POST …/portals/:portalId/associations` `{from_type, from_id, to_type, to_id, label?}`: a label makes a USER_DEFINED type. */
export function postAssociationRoute(state: HubspotState): HubspotRoute {
  const schema = Joi.object({
    from_type: Joi.string().required(),
    from_id: Joi.number().integer().required(),
    to_type: Joi.string().required(),
    to_id: Joi.number().integer().required(),
    label: Joi.string().min(1).max(100),
  });
  return {
    method: 'post',
    path: '/_emulator/hubspot/portals/:portalId/associations',
    handler: (req, res) => {
      const portal = portalParam(state, req);
      const body = validateAdmin<AssociateBody>(schema, req.body);
      const from = objectTypeOf(body.from_type);
      const to = objectTypeOf(body.to_type);
      if (!from || !to) throw hubspotErrors.unknownObjectType(from ? body.to_type : body.from_type);
      if (!associable(from, to)) throw hubspotErrors.validation(`${from} cannot be associated with ${to}`);
      live(portal, from, String(body.from_id));
      live(portal, to, String(body.to_id));
      state.apply({
        op: 'associate',
        portalId: portal.id,
        from,
        fromId: body.from_id,
        to,
        toId: body.to_id,
        label: body.label ?? null,
        at: portal.now(),
      });
      res.status(201).json({ from: portal.associations.list(from, body.from_id, to).find((a) => a.toObjectId === body.to_id) });
    },
  };
}
