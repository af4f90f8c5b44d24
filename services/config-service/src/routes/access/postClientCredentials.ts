import { callerOf, MAX_ACTIVE_CREDENTIALS, type Auth } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toCredentialJson } from '../../access/access.mapper';
import { createdClientCredentialSchema } from '../../access/access.schemas';

export function postClientCredentials(auth: Auth) {
  return defineRoute({
    method: 'post',
    path: '/client_credentials',
    summary: 'Create a client credential for the Accounts API; the secret is shown only in this response',
    description:
      `An environment has at most ${MAX_ACTIVE_CREDENTIALS} active credentials. To rotate: create the new one, ` +
      'move the integration to it, then revoke the old one.',
    tags: ['access'],
    auth: auth.authenticate,
    responses: { 201: createdClientCredentialSchema },
    handler: async (_input, _req, res) => {
      const { credential, clientSecret } = await auth.clientCredentials.create(callerOf(res));
      return { ...toCredentialJson(credential), client_secret: clientSecret };
    },
  });
}
