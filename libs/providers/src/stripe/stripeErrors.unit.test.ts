import Stripe from 'stripe';
import { AccountNotConnectedError, InsufficientPermissionError, InvalidCredentialError, ProviderRequestError } from '../errors';
import { classifyStripeError } from './stripeErrors';

// Real SDK error objects, as the SDK builds them from a response (type, status, headers).
function sdkError(statusCode: number, extra: Record<string, unknown> = {}, headers: Record<string, string> = {}) {
  return Stripe.errors.StripeError.generate({ message: 'boom', statusCode, headers, ...extra } as never);
}

describe('classifyStripeError', () => {
  it('retries 429 with Retry-After, 5xx and connection errors', () => {
    expect(classifyStripeError(sdkError(429, { type: 'rate_limit_error' }, { 'retry-after': '3' }))).toMatchObject({
      retry: true,
      reason: 'rate_limited',
      retryAfterMs: 3000,
    });
    expect(classifyStripeError(sdkError(503, { type: 'api_error' }))).toMatchObject({ retry: true, reason: 'server_error' });
    expect(classifyStripeError(new Stripe.errors.StripeConnectionError({ message: 'ECONNRESET' } as never))).toMatchObject({
      retry: true,
      reason: 'network',
    });
  });

  it('honours Stripe-Should-Retry in both directions', () => {
    expect(classifyStripeError(sdkError(500, { type: 'api_error' }, { 'stripe-should-retry': 'false' })).retry).toBe(false);
    expect(classifyStripeError(sdkError(409, { type: 'invalid_request_error' }, { 'stripe-should-retry': 'true' })).retry).toBe(true);
  });

  it('types what retrying cannot fix', () => {
    const fail = (err: unknown, ctx = {}) => {
      const f = classifyStripeError(err, ctx);
      if (f.retry) throw new Error('expected a permanent failure');
      return f.error;
    };
    expect(fail(sdkError(401, { type: 'invalid_request_error' }))).toBeInstanceOf(InvalidCredentialError);
    expect(
      fail(sdkError(403, { type: 'invalid_request_error', code: 'account_invalid' }), { connectedAccountId: 'acct_1' }),
    ).toBeInstanceOf(AccountNotConnectedError);
    expect(fail(sdkError(403, { type: 'permission_error' }))).toBeInstanceOf(InsufficientPermissionError);
    const notFound = fail(sdkError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id' }));
    expect(notFound).toBeInstanceOf(ProviderRequestError);
    expect(notFound).toMatchObject({ status: 404, code: 'resource_missing', param: 'id', permanent: true });
  });

  it('keeps keys out of messages', () => {
    const f = classifyStripeError(sdkError(400, { type: 'invalid_request_error', message: 'bad key sk_test_abcdefghijklmnop1234' }));
    expect(f.retry ? '' : f.error.message).not.toContain('abcdefghijklmnop');
  });
});
