import Joi from 'joi';
import { callerOf, type Auth } from '@datasync/auth';
import type { EnvironmentName } from '@datasync/db';
import { defineRoute } from '@datasync/openapi';
import { toEnvironmentJson } from '../../access/access.mapper';
import { environmentName, environmentSchema } from '../../access/access.schemas';

export function putEnvironmentEarlyAccess(auth: Auth) {
  return defineRoute<{ name: EnvironmentName }, Record<string, never>, { enabled: boolean }>({
    method: 'put',
    path: '/environments/{name}/early_access',
    summary: 'Switch the beta account calls (toggle, delete) of an environment on or off',
    tags: ['access'],
    auth: auth.authenticate,
    params: Joi.object({ name: environmentName.required() }),
    body: Joi.object({ enabled: Joi.boolean().required() }),
    responses: { 200: environmentSchema },
    handler: async ({ params, body }, _req, res) => {
      const caller = callerOf(res);
      const environment = await auth.environments.setEarlyAccess(caller, params.name, body.enabled);
      return toEnvironmentJson(environment, caller.environmentId);
    },
  });
}
