import type { AnyRouteSpec } from '@datasync/openapi';
import { deleteSource } from './deleteSource';
import { getSource } from './getSource';
import { listSources } from './listSources';
import { patchSource } from './patchSource';
import { postSource } from './postSource';
import type { SourceRouteDeps } from './routeDeps';

export type { SourceRouteDeps };

export function sourceRoutes(deps: SourceRouteDeps): AnyRouteSpec[] {
  return [postSource(deps), listSources(deps), getSource(deps), patchSource(deps), deleteSource(deps)];
}
