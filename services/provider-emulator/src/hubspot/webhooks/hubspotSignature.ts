import { createHash, createHmac } from 'node:crypto';

/**
 * HubSpot's request signatures (request-validation guide), written out rather than taken from
 * the SDK, so tests that check them with the SDK's `Signature.isValid` check them against
 * HubSpot's scheme. v3: base64 HMAC-SHA256, keyed by the app's client secret, of
 * method + URI + body + timestamp (ms), sent with `X-HubSpot-Request-Timestamp`.
 */
export function signatureV3(clientSecret: string, method: string, uri: string, body: string, timestamp: number): string {
  return createHmac('sha256', clientSecret)
    .update(`${method}${signedUri(uri)}${body}${timestamp}`, 'utf8')
    .digest('base64');
}

/**
 * The guide has the receiver decode these percent-encodings in the URI before hashing, so HubSpot
 * signs the URI with them decoded; every other escape stays as the target URL spells it.
 */
const DECODED: Readonly<Record<string, string>> = {
  '%3A': ':',
  '%2F': '/',
  '%3F': '?',
  '%40': '@',
  '%21': '!',
  '%24': '$',
  '%27': "'",
  '%28': '(',
  '%29': ')',
  '%2A': '*',
  '%2C': ',',
  '%3B': ';',
};

export function signedUri(uri: string): string {
  return uri.replace(/%[0-9A-Fa-f]{2}/g, (escape) => DECODED[escape.toUpperCase()] ?? escape);
}

/** v1 (still sent on CRM-object webhooks with `X-HubSpot-Signature-Version: v1`): hex SHA-256 of secret + body. */
export function signatureV1(clientSecret: string, body: string): string {
  return createHash('sha256').update(`${clientSecret}${body}`, 'utf8').digest('hex');
}

export function webhookHeaders(clientSecret: string, uri: string, body: string, timestamp: number): Record<string, string> {
  return {
    'user-agent': 'HubSpot Connect 2.0 (http://dev.hubspot.com/) (namespace: webhooks-nonprod)',
    'x-hubspot-signature': signatureV1(clientSecret, body),
    'x-hubspot-signature-version': 'v1',
    'x-hubspot-signature-v3': signatureV3(clientSecret, 'POST', uri, body, timestamp),
    'x-hubspot-request-timestamp': String(timestamp),
  };
}
