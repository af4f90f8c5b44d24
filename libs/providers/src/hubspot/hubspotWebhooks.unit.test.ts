import { WebhookRefusedError } from '../inboundWebhook';
import { hubspotSignatureV3, hubspotSignedUri, hubspotWebhooks, pokedPortals } from './hubspotWebhooks';

const clientSecret = 'yyyyyyyy-yyyy-yyyy-yyyy-yyyyyyyyyyyy';
const body =
  '[{"eventId":1,"subscriptionId":12345,"portalId":62515,"occurredAt":1564113600000,"subscriptionType":"contact.creation",' +
  '"attemptNumber":0,"objectId":123,"changeSource":"CRM","changeFlag":"NEW","appId":54321}]';
const timestamp = 1_764_300_000_000;

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return err instanceof WebhookRefusedError ? { code: err.code, param: err.param } : err;
  }
  throw new Error('not refused');
};

describe("HubSpot's v3 request signature", () => {
  it('is base64 HMAC-SHA256 of method + URI + body + timestamp, keyed by the client secret', () => {
    // Computed independently: printf 'POST<uri><body><ts>' | openssl dgst -sha256 -hmac <secret> -binary | base64
    expect(
      hubspotSignatureV3({
        clientSecret,
        method: 'POST',
        uri: 'https://www.example.com/webhook_uri?a=b:c',
        body,
        timestamp: String(timestamp),
      }),
    ).toBe('bqG2D2zR7VI6D+fEhJjw06DMdH0YI72FlYVHvk0urQk=');
  });

  it('signs the URI with the listed percent-encodings decoded, and only those', () => {
    expect(hubspotSignedUri('https://x.test/hook?a=b%3Ac%2Fd%3Fe%40f%21g%24h%27i%28j%29k%2Al%2Cm%3Bn')).toBe(
      "https://x.test/hook?a=b:c/d?e@f!g$h'i(j)k*l,m;n",
    );
    expect(hubspotSignedUri('https://x.test/hook?a=%3a%20b%26c%3D')).toBe('https://x.test/hook?a=:%20b%26c%3D');
    // The encoded form of the URI verifies against a signature over its decoded form.
    const encoded = 'https://www.example.com/webhook_uri?a=b%3Ac';
    expect(hubspotSignatureV3({ clientSecret, method: 'post', uri: encoded, body, timestamp: String(timestamp) })).toBe(
      'bqG2D2zR7VI6D+fEhJjw06DMdH0YI72FlYVHvk0urQk=',
    );
  });
});

describe("HubSpot's webhook batches", () => {
  const uri = 'https://sync.example.com/webhooks/hubspot/src_1?x=%3A';
  const scheme = (nowMs: number) => hubspotWebhooks({ now: () => nowMs });
  const delivery = (overrides: { secret?: string; ts?: number; text?: string; headers?: Record<string, string | undefined> } = {}) => {
    const text = overrides.text ?? body;
    const ts = String(overrides.ts ?? timestamp);
    const headers: Record<string, string | undefined> = {
      'x-hubspot-signature-v3': hubspotSignatureV3({
        clientSecret: overrides.secret ?? clientSecret,
        method: 'POST',
        uri,
        body: text,
        timestamp: ts,
      }),
      'x-hubspot-request-timestamp': ts,
      ...overrides.headers,
    };
    return {
      body: Buffer.from(text),
      header: (name: string) => headers[name.toLowerCase()],
      secrets: ['older-secret', clientSecret],
      toleranceSeconds: 300,
      request: { method: 'POST', uri },
    };
  };

  it('verifies a batch and reads one poke per event, naming its portal', () => {
    const events = scheme(timestamp + 1000).verifyBatch(delivery());
    expect(events).toEqual([{ id: '62515-1-1564113600000', type: 'contact.creation', providerAccountId: '62515', created: 1_564_113_600 }]);
    expect(pokedPortals(events)).toEqual(['62515']);
  });

  it('takes the timestamp up to 5 minutes old, and refuses it a moment later or as far ahead', () => {
    expect(() => scheme(timestamp + 300_000).verifyBatch(delivery())).not.toThrow();
    expect(refusal(() => scheme(timestamp + 300_001).verifyBatch(delivery()))).toEqual({
      code: 'signature_expired',
      param: 'X-HubSpot-Request-Timestamp',
    });
    expect(refusal(() => scheme(timestamp - 300_001).verifyBatch(delivery()))).toMatchObject({ code: 'signature_expired' });
  });

  it('refuses a foreign secret, a changed body or URI, and missing headers', () => {
    const at = scheme(timestamp);
    expect(refusal(() => at.verifyBatch(delivery({ secret: 'someone-else' })))).toEqual({
      code: 'signature_invalid',
      param: 'X-HubSpot-Signature-v3',
    });
    const tampered = { ...delivery(), body: Buffer.from(body.replace('62515', '62516')) };
    expect(refusal(() => at.verifyBatch(tampered))).toMatchObject({ code: 'signature_invalid' });
    const elsewhere = { ...delivery(), request: { method: 'POST', uri: 'https://sync.example.com/webhooks/hubspot/src_2?x=%3A' } };
    expect(refusal(() => at.verifyBatch(elsewhere))).toMatchObject({ code: 'signature_invalid' });
    expect(refusal(() => at.verifyBatch(delivery({ headers: { 'x-hubspot-signature-v3': undefined } })))).toEqual({
      code: 'signature_missing',
      param: 'X-HubSpot-Signature-v3',
    });
    expect(refusal(() => at.verifyBatch(delivery({ headers: { 'x-hubspot-request-timestamp': 'yesterday' } })))).toMatchObject({
      code: 'timestamp_invalid',
    });
    expect(refusal(() => at.verifyBatch({ ...delivery(), secrets: [] }))).toMatchObject({ code: 'webhook_secret_missing' });
  });

  it('refuses a signed body that is not a batch of events', () => {
    const at = scheme(timestamp);
    expect(refusal(() => at.verifyBatch(delivery({ text: '{"eventId":1}' })))).toMatchObject({ code: 'event_invalid' });
    expect(refusal(() => at.verifyBatch(delivery({ text: '[{"eventId":1,"portalId":"x"}]' })))).toMatchObject({ code: 'event_invalid' });
    expect(refusal(() => at.verifyBatch(delivery({ text: '[' })))).toMatchObject({ code: 'invalid_json' });
  });
});
