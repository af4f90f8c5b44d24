import { randomBytes } from 'node:crypto';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import type { S3ConnectionFields } from './s3Handle';
import { DestinationError } from '../../errors';
import type { CheckResult } from '../operations';
import { s3Failure, type S3Operation } from './s3Errors';
import type { S3Handle } from './s3Handle';
import { checkScratchKey } from './s3Layout';

interface Step extends S3Operation {
  run(): Promise<void>;
}

/** The check found a request succeed without doing what it should. */
class UnexpectedResultError extends Error {}

function steps(handle: S3Handle, key: string, body: string): Step[] {
  const { client, bucket } = handle;
  return [
    {
      permission: 's3:PutObject',
      action: 'write objects under the prefix',
      run: async () =>
        void (await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: body, ContentType: 'application/json' }))),
    },
    {
      permission: 's3:GetObject',
      action: 'read objects under the prefix',
      run: async () => {
        const response = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
        const read = await response.Body?.transformToString('utf8');
        if (read !== body) throw new UnexpectedResultError('the object read back was not the object written');
      },
    },
    {
      permission: 's3:ListBucket',
      action: 'list objects under the prefix',
      run: async () => {
        const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: key, MaxKeys: 10 }));
        if (!(page.Contents ?? []).some((o) => o.Key === key))
          throw new UnexpectedResultError('the listing did not show the object written');
      },
    },
    {
      permission: 's3:DeleteObject',
      action: 'delete objects under the prefix',
      run: async () => void (await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))),
    },
  ];
}

const failed = (code: DestinationError['code'], message: string): CheckResult => ({ ok: false, code, message });

/**
 * The connection check of an S3 destination on an open handle: the writer's own kinds of request
 * on a scratch object under the prefix (put, get, list, delete). Each failure comes back named
 * (bucket missing, access denied with the permission, signature mismatch…); nothing thrown except
 * programming errors.
 */
export async function checkS3Destination(handle: S3Handle, fields: S3ConnectionFields): Promise<CheckResult> {
  const key = checkScratchKey(fields.schema, randomBytes(6).toString('hex'));
  const body = JSON.stringify({ written_by: 'datasync connection check', at: new Date().toISOString() });
  const target = { where: handle.where, bucket: handle.bucket, accessKeyId: handle.accessKeyId };
  const all = steps(handle, key, body);
  let done = 0;
  try {
    for (const step of all) {
      try {
        await step.run();
        done += 1;
      } catch (err) {
        if (err instanceof UnexpectedResultError) {
          return failed('statement_failed', `${handle.where} accepted the requests but ${err.message}; it may not be S3-compatible.`);
        }
        const failure = s3Failure(err, target, step);
        if (!(failure instanceof DestinationError)) throw err;
        const leftBehind =
          done > 0 && step.permission === 's3:DeleteObject' ? ` The check could not remove its object "${key}"; delete it by hand.` : '';
        return failed(failure.code, failure.message + leftBehind);
      }
    }
    return { ok: true };
  } finally {
    if (done > 0 && done < all.length) {
      // The scratch object must not outlive a failed check.
      await handle.client.send(new DeleteObjectCommand({ Bucket: handle.bucket, Key: key })).catch(() => undefined);
    }
  }
}
