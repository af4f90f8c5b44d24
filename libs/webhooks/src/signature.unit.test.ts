import { createHmac } from 'node:crypto';
import { generateSigningSecret, signatureHeader, verifySignature } from './signature';

describe('webhook signatures', () => {
  const secret = 'whsec_test';
  const body = '{"id":"evt_1"}';

  it('is t=<timestamp>,v1=<HMAC-SHA256 of "<timestamp>.<body>"> keyed by the whole secret', () => {
    const expected = createHmac('sha256', secret).update(`1700000000.${body}`).digest('hex');
    expect(signatureHeader(secret, 1_700_000_000, body)).toBe(`t=1700000000,v1=${expected}`);
  });

  it('verifies its own signature and refuses another body, secret or an old timestamp', () => {
    const header = signatureHeader(secret, 1_700_000_000, body);
    expect(verifySignature(secret, header, body, { nowS: 1_700_000_010 })).toBe(true);
    expect(verifySignature(secret, header, '{"id":"evt_2"}', { nowS: 1_700_000_010 })).toBe(false);
    expect(verifySignature('whsec_other', header, body, { nowS: 1_700_000_010 })).toBe(false);
    expect(verifySignature(secret, header, body, { nowS: 1_700_001_000 })).toBe(false);
    expect(verifySignature(secret, 'garbage', body)).toBe(false);
  });

  it('generates distinct whsec_ secrets', () => {
    const a = generateSigningSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(generateSigningSecret()).not.toBe(a);
  });
});
