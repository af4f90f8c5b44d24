import type { Response } from 'express';
import type { Portal } from '../portal/portal';

/** Who a HubSpot API request acts as: the portal and the app its credential belongs to. */
export interface HubspotContext {
  portal: Portal;
  /** `service-key` for a private app / service key, else the OAuth app's client id. */
  app: string;
  oauth: boolean;
}

const CONTEXT = Symbol('hubspotRequestContext');

export function setHubspotContext(res: Response, context: HubspotContext): void {
  Reflect.set(res.locals, CONTEXT, context);
}

export function hubspotContext(res: Response): HubspotContext {
  const context = Reflect.get(res.locals, CONTEXT) as HubspotContext | undefined;
  if (!context) throw new Error('HubSpot request context missing: is hubspotAuthenticate mounted?');
  return context;
}
