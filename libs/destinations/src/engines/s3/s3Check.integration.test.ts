import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { checkDestination } from '../../check/checkDestination';
import { startTestS3Server, type TestS3 } from '../../testing/testS3Server';

const allow = { allowPrivateNetworks: true };

describe('the S3 connection check', () => {
  let s3: TestS3;

  beforeAll(async () => {
    s3 = await startTestS3Server();
  });
  afterAll(async () => {
    await s3?.close();
  });

  async function keysUnder(prefix: string): Promise<string[]> {
    const handle = await s3.open();
    try {
      const page = await handle.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
      return (page.Contents ?? []).map((o) => o.Key ?? '');
    } finally {
      await handle.close();
    }
  }

  it('passes with full access and leaves no scratch object behind', async () => {
    expect(await checkDestination('s3', s3.url({ prefix: 'exports/check' }), allow)).toEqual({ ok: true });
    expect(await keysUnder('exports/')).toEqual([]);
  });

  it('names a missing bucket', async () => {
    expect(await checkDestination('s3', s3.url({ bucket: 'no-such-bucket' }), allow)).toEqual({
      ok: false,
      code: 'bucket_missing',
      message: `The bucket "no-such-bucket" does not exist at 127.0.0.1:${s3.port}. Create it, or correct the bucket in the connection string.`,
    });
  });

  it('names a signature mismatch when the secret is wrong', async () => {
    const result = await checkDestination('s3', s3.url({ secret: 'not-the-secret' }), allow);
    expect(result).toEqual({ ok: false, code: 'authentication', message: expect.stringContaining('(signature mismatch)') });
    expect(result.ok ? '' : result.message).toContain(`access key "${s3.accessKeyId}"`);
    expect(result.ok ? '' : result.message).not.toContain('not-the-secret');
  });

  it('names an access key the server does not know', async () => {
    expect(await checkDestination('s3', s3.url({ accessKeyId: 'AKIAUNKNOWN' }), allow)).toEqual({
      ok: false,
      code: 'authentication',
      message: `127.0.0.1:${s3.port} does not know the access key "AKIAUNKNOWN". Check the access key in the connection string.`,
    });
  });

  it('names the permission an access-denied step needed', async () => {
    const readOnly = s3.addKey(['s3:GetObject', 's3:ListBucket']);
    const result = await checkDestination('s3', s3.url({ ...readOnly, prefix: 'ro' }), allow);
    expect(result).toEqual({ ok: false, code: 'privilege', message: expect.stringContaining('Access denied') });
    expect(result.ok ? '' : result.message).toContain('may not write objects under the prefix in the bucket');
    expect(result.ok ? '' : result.message).toContain('(it needs s3:PutObject)');
  });

  it('reports a scratch object it could not delete, by key', async () => {
    const noDelete = s3.addKey(['s3:GetObject', 's3:ListBucket', 's3:PutObject']);
    const result = await checkDestination('s3', s3.url({ ...noDelete, prefix: 'nodelete' }), allow);
    expect(result).toEqual({ ok: false, code: 'privilege', message: expect.stringContaining('(it needs s3:DeleteObject)') });
    const [left] = await keysUnder('nodelete/');
    expect(left).toMatch(/^nodelete\/_datasync_check_[0-9a-f]{12}\.json$/);
    expect(result.ok ? '' : result.message).toContain(`could not remove its object "${left}"`);
  });

  it('names an endpoint where nothing listens', async () => {
    const { freePort } = await import('@datasync/testing');
    const port = await freePort();
    expect(await checkDestination('s3', s3.url({ port }), allow)).toEqual({
      ok: false,
      code: 'refused',
      message: `Nothing accepts connections at 127.0.0.1:${port} (connection refused). Check the host and port.`,
    });
  });

  it('refuses a private address unless private networks are allowed, before any request', async () => {
    const before = s3.gateway?.requests;
    expect(await checkDestination('s3', s3.url(), { allowPrivateNetworks: false })).toEqual({
      ok: false,
      code: 'private_network',
      message: 'The host "127.0.0.1" is a loopback address; destinations must be reachable on the public internet.',
    });
    expect(s3.gateway?.requests).toBe(before);
  });

  it('refuses a parameter it does not know, naming it', async () => {
    expect(await checkDestination('s3', `${s3.url()}?endpoint=evil.example.com`, allow)).toEqual({
      ok: false,
      code: 'connection_string_invalid',
      message: 'The connection string parameter "endpoint" is not accepted; accepted parameters: prefix, region, format.',
    });
  });
});
