import type { Request, RequestHandler } from 'express';
import { objectTypeOf, type ObjectType } from '../crm/objectTypes';
import { hubspotErrors } from '../http/hubspotErrors';
import type { Portal } from '../portal/portal';

/** One HubSpot endpoint: method, its paths (v3 and a dated alias, for some), one thin handler. */
export interface HubspotRoute {
  method: 'get' | 'post' | 'delete';
  path: string;
  handler: RequestHandler;
}

export function param(req: Request, name: string): string {
  const value = req.params[name];
  return typeof value === 'string' ? value : '';
}

/** The `{objectType}` of a path: contacts, contact, 0-1 … (400 for anything else, as HubSpot answers). */
export function objectTypeParam(req: Request, name = 'objectType'): ObjectType {
  const raw = param(req, name);
  const type = objectTypeOf(raw);
  if (!type) throw hubspotErrors.unknownObjectType(raw);
  return type;
}

/** A record id of a path or body: HubSpot ids are numeric. */
export function numericId(raw: unknown): number | undefined {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
  return /^\d{1,15}$/.test(text) ? Number(text) : undefined;
}

export function knownProperties(portal: Portal, type: ObjectType): ReadonlySet<string> {
  return new Set(portal.propertiesOf(type).keys());
}

/** `archived=true` of a query (HubSpot's default: false). */
export function archivedParam(value: unknown): boolean {
  if (value === undefined) return false;
  if (value === 'true' || value === 'false') return value === 'true';
  throw hubspotErrors.validation(`archived must be true or false, got ${JSON.stringify(value)}`);
}
