import Joi from 'joi';
import { callerOf, type Auth } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toEnvironmentJson } from '../../access/access.mapper';
import { environmentSchema } from '../../access/access.schemas';

export function getEnvironments(auth: Auth) {
  return defineRoute({
    method: 'get',
    path: '/environments',
    summary: "The organization's environments (client credentials see only their own)",
    tags: ['access'],
    auth: auth.authenticate,
    responses: { 200: Joi.object({ data: Joi.array().items(environmentSchema).required() }) },
    handler: async (_input, _req, res) => {
      const caller = callerOf(res);
      const environments = await auth.environments.list(caller);
      return { data: environments.map((e) => toEnvironmentJson(e, caller.environmentId)) };
    },
  });
}
