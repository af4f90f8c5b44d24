import {
  AccountNotConnectedError,
  InsufficientPermissionError,
  InvalidCredentialError,
  ProviderRetriesExhaustedError,
  ProviderUnreachableError,
} from '@datasync/providers';
import { toVerificationError } from './verifySource';

describe('toVerificationError', () => {
  it('names the key for what the key can fix', () => {
    expect(
      toVerificationError('stripe', new InvalidCredentialError('the provider rejected the key (unknown, expired or revoked)'))?.toBody(),
    ).toEqual({
      type: 'invalid_request_error',
      code: 'invalid_private_key',
      param: 'private_key',
      message: 'Invalid Stripe private key: the provider rejected the key (unknown, expired or revoked).',
    });
    const permission = toVerificationError('stripe', new InsufficientPermissionError('a restricted key needs read access'));
    expect({ status: permission?.status, ...permission?.toBody() }).toMatchObject({
      status: 400,
      code: 'insufficient_permission',
      param: 'private_key',
    });
    const other = toVerificationError('stripe', new AccountNotConnectedError('acct_1'));
    expect({ status: other?.status, ...other?.toBody() }).toMatchObject({
      status: 400,
      code: 'account_not_connected',
      param: 'private_key',
    });
  });

  it('answers 503 with Retry-After when the provider could not be asked, whatever the reason', () => {
    for (const err of [
      new ProviderUnreachableError(3, new Error('ECONNREFUSED')),
      new ProviderRetriesExhaustedError(3, new Error('500')),
    ]) {
      const mapped = toVerificationError('stripe', err);
      expect(mapped?.status).toBe(503);
      expect(mapped?.headers).toEqual({ 'Retry-After': '5' });
      expect(mapped?.toBody()).toMatchObject({ type: 'api_error', code: 'provider_unreachable' });
    }
  });

  it('leaves errors that are not the provider’s to the 500 handler', () => {
    expect(toVerificationError('stripe', new Error('bug'))).toBeUndefined();
  });
});
