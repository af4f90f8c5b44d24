import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

// AWS Signature Version 4 as S3 checks it, written from the specification rather than taken from
// the SDK, so that the tests' server does not share the client's bugs. The body is not hashed
// (like s3rver, the payload hash header is trusted as sent).

const ALGORITHM = 'AWS4-HMAC-SHA256';

export interface SignedRequest {
  method: string;
  /** The request target as sent: encoded path and query. */
  url: string;
  headers: IncomingHttpHeaders;
}

export interface ParsedAuthorization {
  accessKeyId: string;
  date: string;
  region: string;
  service: string;
  signedHeaders: string[];
  signature: string;
}

/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (text: string): string =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const hmac = (key: Buffer | string, text: string): Buffer => createHmac('sha256', key).update(text).digest();

export function parseAuthorization(header: string | undefined): ParsedAuthorization | undefined {
  if (!header?.startsWith(`${ALGORITHM} `)) return undefined;
  const parts = new Map(
    header
      .slice(ALGORITHM.length + 1)
      .split(',')
      .map((p) => p.trim().split('=') as [string, string]),
  );
  const [accessKeyId, date, region, service] = (parts.get('Credential') ?? '').split('/');
  const signedHeaders = parts.get('SignedHeaders')?.split(';');
  const signature = parts.get('Signature');
  if (!accessKeyId || !date || !region || !service || !signedHeaders || !signature) return undefined;
  return { accessKeyId, date, region, service, signedHeaders, signature };
}

function canonicalQuery(query: string): string {
  return query
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const eq = pair.indexOf('=');
      const key = decodeURIComponent(eq < 0 ? pair : pair.slice(0, eq));
      const value = decodeURIComponent(eq < 0 ? '' : pair.slice(eq + 1));
      return [encode(key), encode(value)] as const;
    })
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  const text = Array.isArray(value) ? value.join(',') : (value ?? '');
  return text.trim().replace(/\s+/g, ' ');
}

/** The signature the request should carry if it was signed with `secret`. */
export function expectedSignature(request: SignedRequest, auth: ParsedAuthorization, secret: string): string {
  const question = request.url.indexOf('?');
  const path = question < 0 ? request.url : request.url.slice(0, question);
  const query = question < 0 ? '' : request.url.slice(question + 1);
  const canonicalRequest = [
    request.method.toUpperCase(),
    path,
    canonicalQuery(query),
    ...auth.signedHeaders.map((name) => `${name}:${headerValue(request.headers, name)}`),
    '',
    auth.signedHeaders.join(';'),
    headerValue(request.headers, 'x-amz-content-sha256'),
  ].join('\n');
  const amzDate = headerValue(request.headers, 'x-amz-date');
  const scope = `${auth.date}/${auth.region}/${auth.service}/aws4_request`;
  const stringToSign = [ALGORITHM, amzDate, scope, sha256(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, auth.date), auth.region), auth.service), 'aws4_request');
  return hmac(key, stringToSign).toString('hex');
}

export function signatureMatches(request: SignedRequest, auth: ParsedAuthorization, secret: string): boolean {
  const expected = Buffer.from(expectedSignature(request, auth, secret));
  const given = Buffer.from(auth.signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
