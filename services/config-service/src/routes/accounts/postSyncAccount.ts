import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { syncName } from '../../syncs/syncs.schemas';
import { toSyncAccountJson } from './syncAccounts.mapper';
import { identifierParam, syncAccountSchema } from './syncAccounts.schemas';
import type { AccountRouteDeps } from './routeDeps';

interface Body {
  credential: string;
  identifier?: string;
}

export function postSyncAccount(deps: AccountRouteDeps) {
  return defineRoute<{ name: string }, Record<string, never>, Body>({
    method: 'post',
    path: '/syncs/{name}/accounts',
    summary: "Register an account under the sync's source; the provider verifies the credential first",
    description:
      'The same registration as POST /accounts of the Accounts API (the source is the sync’s): loading starts within two ' +
      'minutes. Registering an account that exists with the same provider account replaces its credential ' +
      '(`already_existed: true`). The credential is stored encrypted and never returned.',
    tags: ['accounts'],
    auth: deps.auth,
    params: Joi.object({ name: syncName.required() }),
    body: Joi.object<Body>({
      credential: Joi.string()
        .trim()
        .max(255)
        .required()
        .description(
          'the account’s secret key (sk_…) or restricted key (rk_…), or the acct_… id of an account connected to the source’s app',
        ),
      identifier: identifierParam.description('custom identifier; the provider account id when left out'),
    }),
    responses: {
      200: Joi.object({ account: syncAccountSchema.required(), already_existed: Joi.boolean().required() }),
      404: { description: 'No sync of that name in this environment' },
      503: { description: 'The provider could not be reached to verify the credential' },
    },
    handler: async ({ params, body }, _req, res) => {
      const { registration, view } = await deps.accounts.register(callerOf(res), params.name, body);
      return { account: toSyncAccountJson(view), already_existed: registration.alreadyExisted };
    },
  });
}
