import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { toAccountStateJson } from '../../accounts/accounts.mapper';
import { accountPathParams, accountStateSchema, errorResponse } from '../../accounts/accounts.schemas';
import type { AccountRouteDeps } from './routeDeps';
import { accountStateExample } from '../../accounts/accounts.examples';

interface Params {
  source_type: string;
  identifier: string;
}

interface Body {
  active: boolean;
}

/** Spec §4.3 (beta): switch loading of an account off and on. */
export function putAccount(deps: AccountRouteDeps) {
  return defineRoute<Params, Record<string, never>, Body>({
    method: 'put',
    path: '/accounts/{source_type}/{identifier}',
    summary: 'Toggle an account (beta)',
    description:
      '`active: false` stops loading (rows already loaded stay); `active: true` resumes from where it stopped. Needs early ' +
      'access for the environment (403 `feature_not_enabled` otherwise). A pause answers once no write of the loader can ' +
      'land any more: a write begun before it is waited for, and one still running past the bound answers 503 ' +
      '`writes_in_flight` (the pause stands; repeat it to wait again).',
    tags: ['accounts'],
    auth: deps.auth.beta,
    params: accountPathParams,
    body: Joi.object<Body>({ active: Joi.boolean().strict().required().description('true: load the account; false: stop loading it') }),
    responses: {
      200: Joi.object({ account: accountStateSchema.required() }),
      404: errorResponse('No such account in this environment'),
      503: errorResponse('Paused, but a write begun before is still being committed (`writes_in_flight`); repeat the call to wait for it'),
    },
    examples: { body: { active: false }, responses: { 200: { account: { ...accountStateExample, active: false } } } },
    handler: async ({ params, body }, _req, res) => ({
      account: toAccountStateJson(
        await deps.accounts.setActive(callerOf(res), { sourceType: params.source_type, identifier: params.identifier }, body.active),
      ),
    }),
  });
}
