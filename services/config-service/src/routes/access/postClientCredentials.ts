import Joi from 'joi';
import { callerOf, MAX_ACTIVE_CREDENTIALS, type Auth, type CredentialScope } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toCredentialJson } from '../../access/access.mapper';
import { createdClientCredentialSchema } from '../../access/access.schemas';

interface Body {
  scope?: CredentialScope;
  confirm_admin_scope?: boolean;
}

export function postClientCredentials(auth: Auth) {
  return defineRoute<Record<string, never>, Record<string, never>, Body>({
    method: 'post',
    path: '/client_credentials',
    summary: 'Create a client credential; the secret is shown only in this response',
    description:
      'By default the credential is for the Accounts API only. `scope: "admin"` also lets it administer this environment ' +
      '(keys, destinations, sources, syncs) and must be confirmed with `confirm_admin_scope: true`. ' +
      `An environment has at most ${MAX_ACTIVE_CREDENTIALS} active credentials of each scope. To rotate: create the new one, ` +
      'move the integration to it, then revoke the old one.',
    tags: ['access'],
    auth: auth.authenticate,
    body: Joi.object<Body>({
      scope: Joi.string().valid('accounts', 'admin').default('accounts'),
      // A separate, explicit yes: an admin credential can send every account's data to a server of its choosing.
      confirm_admin_scope: Joi.boolean().when('scope', {
        is: 'admin',
        then: Joi.valid(true).required().messages({
          'any.required':
            '"confirm_admin_scope" must be true to create an admin credential: it can manage keys, destinations, sources and syncs',
          'any.only':
            '"confirm_admin_scope" must be true to create an admin credential: it can manage keys, destinations, sources and syncs',
        }),
      }),
    }),
    responses: { 201: createdClientCredentialSchema },
    handler: async ({ body }, _req, res) => {
      const { credential, clientSecret } = await auth.clientCredentials.create(callerOf(res), body.scope ?? 'accounts');
      return { ...toCredentialJson(credential), client_secret: clientSecret };
    },
  });
}
