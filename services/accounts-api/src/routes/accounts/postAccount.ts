import Joi from 'joi';
import type { CredentialInput } from '@datasync/accounts';
import { callerOf } from '@datasync/auth';
import { defineRoute } from '@datasync/openapi';
import { providerModule } from '@datasync/providers';
import { toRegistrationJson } from '../../accounts/accounts.mapper';
import { credential, identifier, registrationSchema, sourceName, sourceType, errorResponse } from '../../accounts/accounts.schemas';
import { idempotent } from '../../edge/idempotent';
import type { AccountRouteDeps } from './routeDeps';
import { registrationExample } from '../../accounts/accounts.examples';

interface Body {
  sourceType: string;
  credential: string | { accountId: string };
  app?: string;
  identifier?: string;
}

const body = Joi.object<Body>({
  sourceType: sourceType.required(),
  credential: credential.required(),
  app: sourceName.description('name of the source (its app); required when the environment has several sources of sourceType'),
  identifier,
});

/** What the validated `credential` stands for, as the provider of `sourceType` reads it. */
function toCredential(sourceType: string, value: Body['credential']): CredentialInput {
  return providerModule(sourceType).credentials.spec.credential(value);
}

/** Spec §4.1. */
export function postAccount(deps: AccountRouteDeps) {
  return idempotent(
    deps.idempotency,
    defineRoute<Record<string, never>, Record<string, never>, Body>({
      method: 'post',
      path: '/accounts',
      summary: 'Register a third-party account',
      description:
        'The credential is verified with the provider before anything is stored. Every refusal is a 400 `invalid_request_error` ' +
        'whose `code` says why: `invalid_credential`, `account_not_connected`, `insufficient_permission`, `unknown_app`, ' +
        '`app_required`, `no_source`, `identifier_taken`, `livemode_mismatch`, `parameter_invalid`. A provider that cannot be ' +
        'reached is a 503 `provider_unreachable` (nothing was stored; retry). Registering the same account again (same ' +
        'identifier, source and external_id) answers `already_existed: true` and replaces its stored credential.',
      tags: ['accounts'],
      auth: deps.auth.client,
      body,
      responses: { 200: registrationSchema, 503: errorResponse('The provider or the database could not be reached; nothing was stored') },
      examples: {
        body: { sourceType: 'stripe', credential: 'rk_test_51PqR2sT3uV4wX5yZexample', identifier: 'acme-eu' },
        responses: { 200: registrationExample },
      },
      handler: async ({ body: input }, _req, res) =>
        toRegistrationJson(
          await deps.accounts.register(callerOf(res), {
            sourceType: input.sourceType,
            credential: toCredential(input.sourceType, input.credential),
            app: input.app,
            identifier: input.identifier,
          }),
        ),
    }),
  );
}
