import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toSyncJson } from '../../syncs/syncs.mapper';
import { syncInput, syncSchema } from '../../syncs/syncs.schemas';
import type { SyncRouteDeps } from './routeDeps';

interface Body {
  name: string;
  source: string;
  destination: string;
}

export function postSync(deps: SyncRouteDeps) {
  return defineRoute<Record<string, never>, Record<string, never>, Body>({
    method: 'post',
    path: '/syncs',
    summary: 'Create a sync connecting one source to one destination',
    description:
      'Source and destination are given by name; an unknown one is a 400 `resource_missing`. A source reaches a destination ' +
      'through one sync only, so a second sync for the same pair is a 400 `resource_already_exists`.',
    tags: ['syncs'],
    auth: deps.auth,
    body: syncInput,
    responses: { 201: syncSchema },
    handler: async ({ body }, _req, res) =>
      toSyncJson(await deps.syncs.create(callerOf(res), { name: body.name, sourceName: body.source, destinationName: body.destination })),
  });
}
