export type BasicAuthParse =
  { ok: true; clientId: string; clientSecret: string } | { ok: false; problem: 'missing' | 'not_basic' | 'malformed' };

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;
// Far above any real id:secret pair; a longer header is noise, not a credential.
const MAX_HEADER = 1024;
const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Reads `Authorization: Basic base64(CLIENT_ID:CLIENT_SECRET)` (RFC 7617). The id ends at the
 * first colon; the secret is the rest. Anything else — another scheme, bad base64, bytes that are
 * not UTF-8, no colon, an empty id or secret — is reported, never thrown.
 */
export function parseBasicAuth(header: string | undefined): BasicAuthParse {
  if (header === undefined || header.trim() === '') return { ok: false, problem: 'missing' };
  if (header.length > MAX_HEADER) return { ok: false, problem: 'malformed' };
  const match = /^\s*(\S+)\s+(\S+)\s*$/.exec(header);
  if (!match) return { ok: false, problem: /^\s*basic(\s|$)/i.test(header) ? 'malformed' : 'not_basic' };
  const [, scheme, encoded] = match as unknown as [string, string, string];
  if (scheme.toLowerCase() !== 'basic') return { ok: false, problem: 'not_basic' };
  if (!BASE64.test(encoded) || encoded.length % 4 !== 0) return { ok: false, problem: 'malformed' };
  let decoded: string;
  try {
    decoded = strictUtf8.decode(Buffer.from(encoded, 'base64'));
  } catch {
    return { ok: false, problem: 'malformed' };
  }
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return { ok: false, problem: 'malformed' };
  return { ok: true, clientId: decoded.slice(0, colon), clientSecret: decoded.slice(colon + 1) };
}
