import { ApiError, InvalidRequestError } from '@datasync/errors';
import {
  getProvider,
  providerModule,
  InsufficientPermissionError,
  InvalidCredentialError,
  ProviderError,
  ProviderRetriesExhaustedError,
  type ProviderVerifier,
  type VerifiedAccount,
} from '@datasync/providers';

const PRIVATE_KEY = 'private_key';

/**
 * Turns a connector's verification failure into what the person at the form needs: a 400 naming
 * the key when the key is the problem, a 503 when the provider could not be asked (retrying
 * later may work; nothing about the key is known). Provider messages carry no credential.
 */
export function toVerificationError(provider: string, err: unknown): ApiError | undefined {
  const label = getProvider(provider).label;
  if (err instanceof InvalidCredentialError) {
    return new InvalidRequestError(`Invalid ${label} private key: ${err.message}.`, { code: 'invalid_private_key', param: PRIVATE_KEY });
  }
  if (err instanceof InsufficientPermissionError) {
    return new InvalidRequestError(`${label} accepted the private key but refused to read the account: ${err.message}.`, {
      code: 'insufficient_permission',
      param: PRIVATE_KEY,
    });
  }
  if (err instanceof ProviderRetriesExhaustedError) {
    return new ApiError(
      503,
      'api_error',
      `${label} could not be reached to verify the private key (${err.message}); nothing was created. Try again shortly.`,
      {
        code: 'provider_unreachable',
        headers: { 'Retry-After': '5' },
      },
    );
  }
  if (err instanceof ProviderError) {
    return new InvalidRequestError(`${label} refused to verify the private key: ${err.message}.`, { code: err.code, param: PRIVATE_KEY });
  }
  return undefined;
}

/** The source's own key, asked of its provider; a refusal becomes the error the form shows. */
export async function verifySourceKey(verify: ProviderVerifier, provider: string, privateKey: string): Promise<VerifiedAccount> {
  try {
    return await verify(provider, providerModule(provider).sourceForm.credential(privateKey));
  } catch (err) {
    throw toVerificationError(provider, err) ?? err;
  }
}
