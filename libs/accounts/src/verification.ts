import { ApiError, InvalidRequestError } from '@datasync/errors';
import {
  AccountNotConnectedError,
  InsufficientPermissionError,
  InvalidCredentialError,
  ProviderError,
  ProviderRetriesExhaustedError,
  getProvider,
  providerModule,
} from '@datasync/providers';
import type { CredentialInput, CredentialParams } from './credentials';
import type { SourceRef } from './sources.reader';

/**
 * Turns a connector's refusal into what the integrator needs to fix it. Every refusal is a 400
 * naming the credential (spec §7: creation failures are 400). A provider that could not be asked
 * is the exception: a 503 with Retry-After, because nothing is wrong with the request and the same
 * call may succeed shortly. Connector messages never contain a credential.
 */
export function toVerificationError(
  source: SourceRef,
  credential: CredentialInput,
  err: unknown,
  params: CredentialParams,
): ApiError | undefined {
  const label = getProvider(source.provider).label;
  const param = params.credential;
  if (err instanceof AccountNotConnectedError) {
    return new InvalidRequestError(
      `${label} account ${err.accountId} is not connected to the app of source ${source.name} (never connected, access revoked, or no such account). ` +
        'Have the account owner connect it to your app (for example through the Link page), then retry.',
      { code: 'account_not_connected', param },
    );
  }
  if (err instanceof InvalidCredentialError) {
    const { what, fix } = providerModule(source.provider).credentials.refusal(credential);
    return new InvalidRequestError(`${label} rejected the ${what}: ${err.message}. ${fix}`, { code: 'invalid_credential', param });
  }
  if (err instanceof InsufficientPermissionError) {
    return new InvalidRequestError(
      `${label} accepted the key but refused to read the account: ${err.message}. Give the key read access to the account.`,
      {
        code: 'insufficient_permission',
        param,
      },
    );
  }
  if (err instanceof ProviderRetriesExhaustedError) {
    return new ApiError(
      503,
      'api_error',
      `${label} could not be reached to verify the credential (${err.message}); nothing was registered. Retry shortly.`,
      {
        code: 'provider_unreachable',
        headers: { 'Retry-After': '5' },
      },
    );
  }
  if (err instanceof ProviderError) {
    return new InvalidRequestError(`${label} refused to verify the credential: ${err.message}.`, { code: err.code, param });
  }
  return undefined;
}
