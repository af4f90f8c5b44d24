import { callerOf } from '@datasync/auth';
import { defineRoute, errorBodySchema } from '@datasync/openapi';
import { toDestinationJson } from '../../destinations/destinations.mapper';
import { destinationInput, destinationSchema } from '../../destinations/destinations.schemas';
import type { DestinationRouteDeps } from './routeDeps';

interface Body {
  name: string;
  engine: 'postgres' | 'mysql';
  connection_string: string;
}

export function postDestination(deps: DestinationRouteDeps) {
  return defineRoute<Record<string, never>, Record<string, never>, Body>({
    method: 'post',
    path: '/destinations',
    summary: 'Create a destination; the connection check runs again first and a failed check creates nothing',
    description:
      'A failed check answers 400 with the check’s `code` and `message`. The connection string is stored encrypted and ' +
      'never returned; responses carry `connection_string_masked`.',
    tags: ['destinations'],
    auth: deps.auth,
    body: destinationInput,
    responses: {
      201: destinationSchema,
      429: {
        description: 'Too many destination checks in this environment per minute, or at once; see Retry-After',
        schema: errorBodySchema,
      },
    },
    handler: async ({ body }, _req, res) =>
      toDestinationJson(
        await deps.destinations.create(callerOf(res), { name: body.name, engine: body.engine, connectionString: body.connection_string }),
      ),
  });
}
