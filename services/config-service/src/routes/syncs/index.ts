import type { AnyRouteSpec } from '@datasync/openapi';
import { deleteSync } from './deleteSync';
import { getSync } from './getSync';
import { listSyncs } from './listSyncs';
import { postSync } from './postSync';
import type { SyncRouteDeps } from './routeDeps';

export type { SyncRouteDeps };

export function syncRoutes(deps: SyncRouteDeps): AnyRouteSpec[] {
  return [postSync(deps), listSyncs(deps), getSync(deps), deleteSync(deps)];
}
