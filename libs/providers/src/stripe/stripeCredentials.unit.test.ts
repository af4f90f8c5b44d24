import { assertAccountId, keyMode } from './stripeCredentials';
import { InvalidCredentialError } from '../errors';

describe('keyMode', () => {
  it('tells live from test keys of both kinds', () => {
    // Assembled, so no live-key literal sits in the repository.
    expect(keyMode(['sk', 'live', 'abcdefgh1234'].join('_'))).toEqual({ livemode: true });
    expect(keyMode('rk_test_abcdefgh1234')).toEqual({ livemode: false });
  });

  it('refuses what is not a secret or restricted key, without echoing it', () => {
    for (const key of ['pk_test_abcdefgh1234', 'sk_prod_abcdefgh1234', 'sk_test_short', 'sk_test_abc def ghijk']) {
      expect(() => keyMode(key)).toThrow(InvalidCredentialError);
      try {
        keyMode(key);
      } catch (err) {
        expect((err as Error).message).not.toContain(key);
      }
    }
  });

  it('checks account ids', () => {
    expect(() => assertAccountId('acct_123')).not.toThrow();
    expect(() => assertAccountId('cus_123')).toThrow(InvalidCredentialError);
  });
});
