import Joi from 'joi';
import { callerOf, type Auth } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toCredentialJson } from '../../access/access.mapper';
import { clientCredentialSchema } from '../../access/access.schemas';

export function getClientCredentials(auth: Auth) {
  return defineRoute({
    method: 'get',
    path: '/client_credentials',
    summary: "The environment's client credentials, active first (never their secrets)",
    tags: ['access'],
    auth: auth.authenticate,
    responses: { 200: Joi.object({ data: Joi.array().items(clientCredentialSchema).required() }) },
    handler: async (_input, _req, res) => ({
      data: (await auth.clientCredentials.list(callerOf(res).environmentId)).map(toCredentialJson),
    }),
  });
}
