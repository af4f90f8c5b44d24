import type { S3ConnectionFields } from './s3Handle';
import { DEFAULT_CONNECT_TIMEOUT_SECONDS, DEFAULT_SSL_MODE } from '../../connectionString/fields';
import { decode, fail, MAX_CONNECTION_STRING_LENGTH, parseHost, parsePort, splitHostPort } from '../../connectionString/urlParts';
import { isAwsHost, regionOfAwsHost } from './awsEndpoint';
import { blobFormats, DEFAULT_BLOB_FORMAT, DEFAULT_S3_PORT, DEFAULT_S3_REGION, type BlobFormat } from './s3Settings';

// S3's bucket naming rules (3–63 characters, lowercase letters, digits, dots and hyphens, starting
// and ending with a letter or digit); every S3-compatible server accepts these.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const REGION = /^[a-z0-9](?:[a-z0-9-]{0,30}[a-z0-9])?$/;
// S3's "safe" key characters plus "=" (Hive-style folders such as env=prod); each segment non-empty.
const PREFIX_SEGMENT = /^[A-Za-z0-9!_.*'()=-]+$/;
const MAX_PREFIX_LENGTH = 512;

/** The only parameters an s3:// connection string takes. */
export const s3Parameters = ['prefix', 'region', 'format'] as const;

interface S3Parameters {
  prefix: string;
  region?: string;
  format: BlobFormat;
}

function parsePrefix(value: string): string {
  const prefix = value.replace(/^\/+|\/+$/g, '');
  if (prefix === '') return '';
  if (prefix.length > MAX_PREFIX_LENGTH) fail(`prefix must be at most ${MAX_PREFIX_LENGTH} characters.`);
  const segments = prefix.split('/');
  if (!segments.every((s) => PREFIX_SEGMENT.test(s) && s !== '.' && s !== '..')) {
    fail('prefix must be folder names separated by "/", each of letters, digits and !_.*\'()=- (no empty, "." or ".." folders).');
  }
  return prefix;
}

function parseParameters(query: string): S3Parameters {
  const seen = new Set<string>();
  const result: S3Parameters = { prefix: '', format: DEFAULT_BLOB_FORMAT };
  for (const pair of query.split('&').filter(Boolean)) {
    const eq = pair.indexOf('=');
    const name = decode(eq < 0 ? pair : pair.slice(0, eq), 'parameter name');
    const value = decode(eq < 0 ? '' : pair.slice(eq + 1), `value of "${name}"`);
    // A fixed list, as for the databases: an endpoint or credentials source given as a parameter
    // could send the data, or the keys, somewhere the check never looked.
    if (!(s3Parameters as readonly string[]).includes(name)) {
      fail(`The connection string parameter "${name}" is not accepted; accepted parameters: ${s3Parameters.join(', ')}.`);
    }
    if (seen.has(name)) fail(`The connection string parameter "${name}" is given twice.`);
    seen.add(name);
    if (name === 'prefix') result.prefix = parsePrefix(value);
    else if (name === 'region') {
      if (!REGION.test(value)) fail('region must be a region name such as eu-west-1 (lowercase letters, digits and hyphens).');
      result.region = value;
    } else {
      if (!(blobFormats as readonly string[]).includes(value)) fail(`format must be one of ${blobFormats.join(', ')}.`);
      result.format = value as BlobFormat;
    }
  }
  return result;
}

/**
 * Parses `s3://<access key>:<secret>@<host>:<port>/<bucket>[?prefix=…&region=…&format=…]`. The
 * port defaults to 443; the region to the one an AWS host names, else us-east-1; the format to
 * ndjson.gz. Throws ConnectionStringError, whose message never contains the secret.
 */
export function parseS3ConnectionString(text: string): S3ConnectionFields {
  if (text.length > MAX_CONNECTION_STRING_LENGTH) fail(`The connection string is longer than ${MAX_CONNECTION_STRING_LENGTH} characters.`);
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  if (/[\s\x00-\x1f\x7f]/.test(text)) fail('The connection string contains spaces or control characters.');
  const schemeEnd = text.indexOf('://');
  if (schemeEnd < 0 || text.slice(0, schemeEnd).toLowerCase() !== 's3') fail('An S3 connection string starts with s3://.');
  const rest = text.slice(schemeEnd + 3);
  if (rest.includes('#')) fail('The connection string must not contain "#"; percent-encode it as %23 in the secret.');

  // Secret keys may hold "/" and even "@", so the credentials end at the last "@".
  const at = rest.lastIndexOf('@');
  if (at < 0) fail('The connection string has no access key; write <access key>:<secret>@ before the host.');
  const userInfo = rest.slice(0, at);
  const colon = userInfo.indexOf(':');
  const accessKey = decode(colon < 0 ? userInfo : userInfo.slice(0, colon), 'access key');
  const secret = colon < 0 ? '' : decode(userInfo.slice(colon + 1), 'secret');
  if (!accessKey) fail('The connection string has no access key; write <access key>:<secret>@ before the host.');
  if (!secret) fail('The connection string has no secret key; write <access key>:<secret>@ before the host.');

  const afterAt = rest.slice(at + 1);
  const slash = afterAt.indexOf('/');
  if (slash < 0) fail('The connection string has no bucket; end it with /<bucket>.');
  const [hostText, portText] = splitHostPort(afterAt.slice(0, slash));
  const host = parseHost(hostText);
  const port = parsePort(portText, DEFAULT_S3_PORT);

  const pathAndQuery = afterAt.slice(slash + 1);
  const question = pathAndQuery.indexOf('?');
  const bucket = decode(question < 0 ? pathAndQuery : pathAndQuery.slice(0, question), 'bucket');
  if (!bucket) fail('The connection string has no bucket; end it with /<bucket>.');
  if (bucket.includes('/')) fail('Write only the bucket after the host; a folder inside it goes in ?prefix=.');
  if (!BUCKET.test(bucket) || bucket.includes('..')) {
    fail(`The bucket name "${bucket}" is not valid: 3 to 63 lowercase letters, digits, dots and hyphens.`);
  }
  const params = parseParameters(question < 0 ? '' : pathAndQuery.slice(question + 1));

  const aws = isAwsHost(host);
  const region = params.region ?? (aws ? regionOfAwsHost(host) : undefined) ?? DEFAULT_S3_REGION;
  return {
    engine: 's3',
    user: accessKey,
    password: secret,
    host,
    port,
    database: bucket,
    schema: params.prefix,
    sslmode: DEFAULT_SSL_MODE,
    connectTimeoutSeconds: DEFAULT_CONNECT_TIMEOUT_SECONDS,
    // A bucket name with dots does not match AWS's wildcard certificate as a host name.
    s3: { region, format: params.format, prefix: params.prefix, aws, pathStyle: !aws || bucket.includes('.') },
  };
}
