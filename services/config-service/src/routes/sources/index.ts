import type { AnyRouteSpec } from '@datasync/openapi';
import { deleteSource } from './deleteSource';
import { getSource } from './getSource';
import { getSourceWebhook } from './getSourceWebhook';
import { listSources } from './listSources';
import { patchSource } from './patchSource';
import { postSource } from './postSource';
import { putSourceWebhookLifecycle } from './putSourceWebhookLifecycle';
import { putSourceWebhookSecret } from './putSourceWebhookSecret';
import type { SourceRouteDeps } from './routeDeps';

export type { SourceRouteDeps };

export function sourceRoutes(deps: SourceRouteDeps): AnyRouteSpec[] {
  return [
    postSource(deps),
    listSources(deps),
    getSource(deps),
    patchSource(deps),
    deleteSource(deps),
    getSourceWebhook(deps),
    putSourceWebhookSecret(deps),
    putSourceWebhookLifecycle(deps),
  ];
}
