import { callerOf } from '@datasync/auth';
import { defineRoute, errorBodySchema } from '@datasync/openapi';
import { toCheckResultJson } from '../../destinations/destinations.mapper';
import { checkResultSchema, destinationInput } from '../../destinations/destinations.schemas';
import type { DestinationRouteDeps } from './routeDeps';

interface Body {
  name: string;
  engine: 'postgres' | 'mysql';
  connection_string: string;
}

export function postDestinationCheck(deps: DestinationRouteDeps) {
  return defineRoute<Record<string, never>, Record<string, never>, Body>({
    method: 'post',
    path: '/destinations/check',
    summary: 'Check that the service can reach and write into a destination, without creating it',
    description:
      'Connects with a timeout, then runs the writer’s own statements (create table, staging table, insert, upsert, update, ' +
      'delete, select, drop) on a scratch table in the target schema. A check that ran answers 200: `ok: true`, or ' +
      '`ok: false` with a `code` and a `message` saying what to fix (it is a result, not a bad request). Invalid input ' +
      '(an unparsable connection string, a name already taken) is a 400.',
    tags: ['destinations'],
    auth: deps.auth,
    body: destinationInput,
    responses: {
      200: checkResultSchema,
      429: { description: 'Too many checks in this environment per minute, or at once; see Retry-After', schema: errorBodySchema },
    },
    handler: async ({ body }, _req, res) =>
      toCheckResultJson(
        await deps.destinations.check(callerOf(res), { name: body.name, engine: body.engine, connectionString: body.connection_string }),
      ),
  });
}
