import { maskConnectionString } from '../../connectionString/mask';
import { parseConnectionString } from '../../connectionString/parse';
import { ConnectionStringError } from '../../errors';

const refusal = (text: string): string => {
  try {
    parseConnectionString('s3', text);
  } catch (err) {
    if (err instanceof ConnectionStringError) return err.message;
    throw err;
  }
  throw new Error(`accepted: ${text}`);
};

describe('parsing s3:// connection strings', () => {
  it('reads credentials, host, port, bucket and the three parameters', () => {
    expect(
      parseConnectionString(
        's3',
        's3://AKIAX:se%2Fcr%40et+1@minio.example.com:9000/exports?prefix=/datasync/prod/&region=eu-central-1&format=parquet',
      ),
    ).toEqual({
      engine: 's3',
      user: 'AKIAX',
      password: 'se/cr@et+1',
      host: 'minio.example.com',
      port: 9000,
      database: 'exports',
      schema: 'datasync/prod',
      sslmode: 'prefer',
      connectTimeoutSeconds: 10,
      s3: { region: 'eu-central-1', format: 'parquet', prefix: 'datasync/prod', aws: false, pathStyle: true },
    });
  });

  it('defaults to port 443, no prefix, ndjson.gz and us-east-1 off AWS', () => {
    const fields = parseConnectionString('s3', 's3://k:s@storage.example.com/b-1');
    expect([fields.port, fields.schema, fields.s3.format, fields.s3.region]).toEqual([443, '', 'ndjson.gz', 'us-east-1']);
  });

  it('takes a secret with an unencoded "@" and "/" (the credentials end at the last "@")', () => {
    expect(parseConnectionString('s3', 's3://AKIAX:ab/c@d@host.example.com:443/bucket').password).toBe('ab/c@d');
  });

  it('treats AWS endpoints as AWS: region from the host, virtual-hosted unless the bucket has dots', () => {
    const aws = parseConnectionString('s3', 's3://k:s@s3.eu-west-1.amazonaws.com:443/my-bucket');
    expect(aws.s3).toEqual({ region: 'eu-west-1', format: 'ndjson.gz', prefix: '', aws: true, pathStyle: false });
    expect(parseConnectionString('s3', 's3://k:s@s3.amazonaws.com:443/my.bucket').s3).toMatchObject({
      region: 'us-east-1',
      pathStyle: true,
    });
    expect(parseConnectionString('s3', 's3://k:s@s3.dualstack.ap-southeast-2.amazonaws.com/b12').s3.region).toBe('ap-southeast-2');
    expect(parseConnectionString('s3', 's3://k:s@s3.eu-west-1.amazonaws.com/b12?region=eu-west-3').s3.region).toBe('eu-west-3');
  });

  it.each([
    [
      's3://k:s@host.example.com:443/bucket?endpoint=evil.example.com',
      'The connection string parameter "endpoint" is not accepted; accepted parameters: prefix, region, format.',
    ],
    [
      's3://k:s@host.example.com:443/bucket?sslmode=disable',
      'The connection string parameter "sslmode" is not accepted; accepted parameters: prefix, region, format.',
    ],
    ['s3://k:s@host.example.com:443/bucket?format=csv', 'format must be one of ndjson.gz, parquet.'],
    ['s3://k:s@host.example.com:443/bucket?format=parquet&format=parquet', 'The connection string parameter "format" is given twice.'],
    [
      's3://k:s@host.example.com:443/bucket?region=EU_WEST',
      'region must be a region name such as eu-west-1 (lowercase letters, digits and hyphens).',
    ],
    [
      's3://k:s@host.example.com:443/bucket?prefix=a//b',
      'prefix must be folder names separated by "/", each of letters, digits and !_.*\'()=- (no empty, "." or ".." folders).',
    ],
    [
      's3://k:s@host.example.com:443/bucket?prefix=a/../b',
      'prefix must be folder names separated by "/", each of letters, digits and !_.*\'()=- (no empty, "." or ".." folders).',
    ],
    ['s3://k:s@host.example.com:443/bucket/folder', 'Write only the bucket after the host; a folder inside it goes in ?prefix=.'],
    [
      's3://k:s@host.example.com:443/Bucket_1',
      'The bucket name "Bucket_1" is not valid: 3 to 63 lowercase letters, digits, dots and hyphens.',
    ],
    ['s3://k:s@host.example.com:443/', 'The connection string has no bucket; end it with /<bucket>.'],
    ['s3://k@host.example.com/bucket', 'The connection string has no secret key; write <access key>:<secret>@ before the host.'],
    ['s3://host.example.com/bucket', 'The connection string has no access key; write <access key>:<secret>@ before the host.'],
    ['https://k:s@host.example.com/bucket', 'An S3 connection string starts with s3://.'],
    ['s3://k:s@host.example.com:99999/bucket', 'The port must be a number between 1 and 65535.'],
    ['s3://k:s#x@host.example.com/bucket', 'The connection string must not contain "#"; percent-encode it as %23 in the secret.'],
  ])('refuses %s', (text, message) => {
    expect(refusal(text)).toBe(message);
  });

  it('never repeats the secret in a refusal', () => {
    expect(refusal('s3://AKIAX:TopSecret99@host.example.com/bucket?nope=1')).not.toContain('TopSecret99');
  });

  it('masks the secret and shows only parameters that differ from the defaults', () => {
    const mask = (text: string) => maskConnectionString(parseConnectionString('s3', text));
    expect(mask('s3://AKIAX:TopSecret99@minio.example.com:9000/exports?prefix=a/b&format=parquet&region=us-east-1')).toBe(
      's3://AKIAX:•••@minio.example.com:9000/exports?prefix=a/b&format=parquet',
    );
    expect(mask('s3://AKIAX:s@s3.eu-west-1.amazonaws.com/b12?region=eu-west-1')).toBe('s3://AKIAX:•••@s3.eu-west-1.amazonaws.com:443/b12');
    expect(mask('s3://AKIAX:s@[2001:db8::1]:9000/b12?region=auto')).toBe('s3://AKIAX:•••@[2001:db8::1]:9000/b12?region=auto');
  });

  it('parses what it masks back to the same fields, but for the secret', () => {
    const fields = parseConnectionString('s3', 's3://AKIAX:s@minio.example.com:9000/exports?prefix=x=1/y&format=parquet&region=auto');
    const again = parseConnectionString('s3', maskConnectionString(fields).replace('•••', 's'));
    expect(again).toEqual(fields);
  });
});
