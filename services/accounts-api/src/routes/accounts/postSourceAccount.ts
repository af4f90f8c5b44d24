import Joi from 'joi';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { providerModules } from '@datasync/providers';
import { toRegistrationJson } from '../../accounts/accounts.mapper';
import { accountId, identifier, registrationSchema, sourceName, errorResponse } from '../../accounts/accounts.schemas';
import { idempotent } from '../../edge/idempotent';
import type { AccountRouteDeps } from './routeDeps';
import { registrationExample } from '../../accounts/accounts.examples';

interface Params {
  sourceName: string;
}

interface Body {
  credentials: { type: string; accountId: string };
  identifier?: string;
}

const APP_KINDS = providerModules.flatMap((m) => (m.credentials.app ? [m.credentials.app.type] : []));

const body = Joi.object<Body>({
  credentials: Joi.object({
    type: Joi.string()
      .valid(...APP_KINDS)
      .required()
      .messages({ 'any.only': `{#label} must be one of: ${APP_KINDS.join(', ')}` })
      .description('credential kind: the provider-app kind, `<provider>-app`'),
    accountId: accountId.required(),
  }).required(),
  identifier,
});

/** Spec §4.2: an account connected to the app of the source named in the path. */
export function postSourceAccount(deps: AccountRouteDeps) {
  return idempotent(
    deps.idempotency,
    defineRoute<Params, Record<string, never>, Body>({
      method: 'post',
      path: '/sources/{sourceName}/accounts',
      summary: "Register an account connected to a source's app",
      description:
        'Same rules and response as POST /accounts. An unknown sourceName is a 400 `unknown_source`; a credentials.type ' +
        "that is not the source's kind a 400 `credential_type_mismatch`.",
      tags: ['accounts'],
      auth: deps.auth.client,
      params: Joi.object<Params>({ sourceName: sourceName.required().description('name of an existing source') }),
      body,
      responses: { 200: registrationSchema, 503: errorResponse('The provider or the database could not be reached; nothing was stored') },
      examples: {
        body: { credentials: { type: 'stripe-app', accountId: 'acct_1PqR2sT3uV4wX5yZ' }, identifier: 'acme-eu' },
        responses: { 200: registrationExample },
      },
      handler: async ({ params, body: input }, _req, res) =>
        toRegistrationJson(
          await deps.accounts.registerForSource(callerOf(res), {
            sourceName: params.sourceName,
            credentialType: input.credentials.type,
            accountId: input.credentials.accountId,
            identifier: input.identifier,
          }),
        ),
    }),
  );
}
