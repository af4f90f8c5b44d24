import Joi from 'joi';
import { callerOf, type Auth } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toCredentialJson } from '../../access/access.mapper';
import { clientCredentialSchema } from '../../access/access.schemas';

export function postClientCredentialRevoke(auth: Auth) {
  return defineRoute<{ client_id: string }>({
    method: 'post',
    path: '/client_credentials/{client_id}/revoke',
    summary: 'Revoke a client credential: it stops authenticating at once (within seconds on every replica)',
    tags: ['access'],
    auth: auth.authenticate,
    params: Joi.object({ client_id: Joi.string().max(64).required() }),
    responses: { 200: clientCredentialSchema },
    handler: async ({ params }, _req, res) => toCredentialJson(await auth.clientCredentials.revoke(callerOf(res), params.client_id)),
  });
}
