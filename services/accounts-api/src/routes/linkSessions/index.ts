import type { AnyRouteSpec } from '@datasync/openapi';
import { getLinkSession } from './getLinkSession';
import { listLinkSessions } from './listLinkSessions';
import { postLinkSession } from './postLinkSession';
import { postLinkSessionRevoke } from './postLinkSessionRevoke';
import type { LinkSessionRouteDeps } from './routeDeps';

export type { LinkSessionRouteDeps } from './routeDeps';

export function linkSessionRoutes(deps: LinkSessionRouteDeps): AnyRouteSpec[] {
  return [postLinkSession(deps), listLinkSessions(deps), getLinkSession(deps), postLinkSessionRevoke(deps)];
}
