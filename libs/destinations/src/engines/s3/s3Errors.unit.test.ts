import { DestinationError } from '../../errors';
import { classifyS3Error, s3Failure } from './s3Errors';

// Errors shaped as the SDK throws them: the S3 error code as the name, the status in $metadata.
const s3Error = (name: string, status: number, message = `${name} message`) =>
  Object.assign(new Error(message), { name, $metadata: { httpStatusCode: status } });
const target = { where: 'minio.example.com:9000', bucket: 'exports', accessKeyId: 'AKIAX' };

describe('classifying S3 errors', () => {
  it.each([
    ['NoSuchBucket', 404, 'bucket_missing'],
    ['InvalidAccessKeyId', 403, 'authentication'],
    ['SignatureDoesNotMatch', 403, 'authentication'],
    ['AccessDenied', 403, 'privilege'],
    ['Forbidden', 403, 'privilege'],
    ['AuthorizationHeaderMalformed', 400, 'connection_string_invalid'],
    ['SlowDown', 503, 'unavailable'],
    ['InternalError', 500, 'unavailable'],
    ['SomethingNew', 502, 'unavailable'],
    ['SomethingNew', 400, 'statement_failed'],
  ])('%s (%i) is %s', (name, status, code) => {
    expect(classifyS3Error(s3Error(name, status))?.code).toBe(code);
  });

  it('recognises socket and TLS failures, also when the SDK kept only their text', () => {
    expect(classifyS3Error(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toEqual({ code: 'refused' });
    expect(classifyS3Error(new Error('AWS SDK error wrapper for Error: self-signed certificate'))).toEqual({
      code: 'tls',
      detail: 'self-signed certificate',
    });
    expect(classifyS3Error(new Error('AWS SDK error wrapper for Error: socket hang up'))).toEqual({
      code: 'connection_failed',
      detail: 'socket hang up',
    });
  });

  it('leaves errors it does not know alone: programming errors stay themselves', () => {
    const bug = new TypeError('x is undefined');
    expect(classifyS3Error(bug)).toBeUndefined();
    expect(s3Failure(bug, target)).toBe(bug);
  });

  it('names the permission and the bucket when access is denied, and never the secret', () => {
    const failure = s3Failure(s3Error('AccessDenied', 403), target, {
      permission: 's3:DeleteObject',
      action: 'delete objects under the prefix',
    });
    expect(failure).toBeInstanceOf(DestinationError);
    expect((failure as DestinationError).message).toBe(
      'Access denied: the access key "AKIAX" may not delete objects under the prefix in the bucket "exports" (it needs s3:DeleteObject). ' +
        'Grant it s3:PutObject, s3:GetObject, s3:ListBucket and s3:DeleteObject on the prefix; see the documentation for a policy.',
    );
    expect((failure as DestinationError).permanent).toBe(true);
  });

  it('tells a passing outage from a permanent refusal', () => {
    expect((s3Failure(s3Error('SlowDown', 503), target) as DestinationError).permanent).toBe(false);
    expect((s3Failure(s3Error('NoSuchBucket', 404), target) as DestinationError).permanent).toBe(true);
  });
});
