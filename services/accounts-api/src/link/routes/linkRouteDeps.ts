import type { Request } from 'express';
import type { Logger } from '@datasync/logger';
import type { LinkSettings } from '../linkEnv';
import type { LinkPageService } from '../linkPage.service';

export interface LinkRouteDeps {
  page: LinkPageService;
  settings: LinkSettings;
  logger: Logger;
}

/** The cookie that ties an OAuth state to the browser that started the connection. */
export const STATE_COOKIE = 'datasync_link_state';
export const CALLBACK_PATH = '/link/oauth/callback';

/** Where browsers reach this service: LINK_PUBLIC_URL, else the origin this request came in on (development). */
export function publicOrigin(req: Request, settings: LinkSettings): string {
  return settings.publicUrl ?? `${req.protocol}://${req.get('host') ?? 'localhost'}`;
}

/** The form fields of a urlencoded POST; a body of any other type reads as no fields. */
export function formFields(req: Request): Record<string, unknown> {
  const body: unknown = req.body;
  return body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}
