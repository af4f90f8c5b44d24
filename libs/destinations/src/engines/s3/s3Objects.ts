import type { Readable } from 'node:stream';
import { DeleteObjectCommand, DeleteObjectsCommand, HeadObjectCommand, ListObjectsV2Command, type _Object } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { contentTooLarge } from '../../bounds/readBounds';
import { boundsOf, readObjectBytes } from './s3BoundedRead';
import type { S3Handle } from './s3Handle';

// Multipart above this size; each part is held in memory while it uploads.
const UPLOAD_PART_BYTES = 8 * 1024 * 1024;
const UPLOAD_QUEUE = 4;
const SINGLE_DELETE_CONCURRENCY = 8;

export interface StoredObject {
  key: string;
  size: number;
  etag?: string;
  lastModified?: string;
}

/**
 * Stores one object and resolves once S3 has it durably (the PUT, or the multipart completion,
 * returned): the loader moves its cursor only after this.
 */
export async function putObject(
  handle: S3Handle,
  key: string,
  body: Buffer | string | Readable,
  contentType: string,
  metadata?: Record<string, string>,
): Promise<void> {
  const upload = new Upload({
    client: handle.client,
    params: { Bucket: handle.bucket, Key: key, Body: body, ContentType: contentType, Metadata: metadata },
    partSize: UPLOAD_PART_BYTES,
    queueSize: UPLOAD_QUEUE,
  });
  await upload.done();
}

/** The object's body as text (at most maxObjectBytes), or undefined when it does not exist. */
export async function getText(handle: S3Handle, key: string): Promise<string | undefined> {
  try {
    return (await readObjectBytes(handle, key)).toString('utf8');
  } catch (err) {
    if ((err as { name?: unknown }).name === 'NoSuchKey') return undefined;
    throw err;
  }
}

export async function objectExists(handle: S3Handle, key: string): Promise<boolean> {
  try {
    await handle.client.send(new HeadObjectCommand({ Bucket: handle.bucket, Key: key }));
    return true;
  } catch (err) {
    // A HEAD has no body, so no S3 error code: only the status says "not found".
    if ((err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) return false;
    throw err;
  }
}

/** Every object under `prefix`, page by page (at most `pageSize` each, S3 caps it at 1,000). */
export async function* listPages(handle: S3Handle, prefix: string, pageSize = 1000): AsyncGenerator<StoredObject[]> {
  let token: string | undefined;
  do {
    const page = await handle.client.send(
      new ListObjectsV2Command({ Bucket: handle.bucket, Prefix: prefix, ContinuationToken: token, MaxKeys: Math.min(pageSize, 1000) }),
    );
    const objects = (page.Contents ?? []).filter((o): o is _Object & { Key: string } => typeof o.Key === 'string');
    if (objects.length > 0) {
      yield objects.map((o) => ({ key: o.Key, size: o.Size ?? 0, etag: o.ETag, lastModified: o.LastModified?.toISOString() }));
    }
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/**
 * Every object under `prefix`, at most maxListedObjects of them: a folder is its tenant's to fill,
 * and a listing kept whole must not grow without end. The purge deletes page by page instead.
 */
export async function listAll(handle: S3Handle, prefix: string): Promise<StoredObject[]> {
  const limit = boundsOf(handle).maxListedObjects;
  const all: StoredObject[] = [];
  for await (const page of listPages(handle, prefix, Math.min(1000, limit + 1))) {
    all.push(...page);
    if (all.length > limit) {
      throw contentTooLarge('maxListedObjects', limit, `The folder ${prefix}`, `more than ${limit.toLocaleString('en-US')} objects`);
    }
  }
  return all;
}

// Servers that reject DeleteObjects (no Content-MD5 in newer SDKs, or not implemented) get single
// DELETEs from then on; remembered per client.
const noBulkDelete = new WeakSet<object>();
const bulkDeleteRefusals = new Set([
  'NotImplemented',
  'MissingContentMD5',
  'InvalidRequest',
  'MethodNotAllowed',
  'XAmzContentSHA256Mismatch',
]);

async function deleteOneByOne(handle: S3Handle, keys: readonly string[]): Promise<void> {
  for (let i = 0; i < keys.length; i += SINGLE_DELETE_CONCURRENCY) {
    await Promise.all(
      keys
        .slice(i, i + SINGLE_DELETE_CONCURRENCY)
        .map((Key) => handle.client.send(new DeleteObjectCommand({ Bucket: handle.bucket, Key }))),
    );
  }
}

/** Deletes the keys (at most 1,000); deleting a missing key is not an error, as in S3 itself. */
export async function deleteKeys(handle: S3Handle, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  if (keys.length > 1000) throw new RangeError('deleteKeys: at most 1,000 keys at once');
  if (!noBulkDelete.has(handle.client)) {
    try {
      const result = await handle.client.send(
        new DeleteObjectsCommand({ Bucket: handle.bucket, Delete: { Objects: keys.map((Key) => ({ Key })), Quiet: true } }),
      );
      const refused = result.Errors?.[0];
      if (!refused) return;
      throw Object.assign(new Error(refused.Message ?? 'delete refused'), { name: refused.Code ?? 'AccessDenied', Code: refused.Code });
    } catch (err) {
      if (!bulkDeleteRefusals.has(String((err as { name?: unknown }).name))) throw err;
      noBulkDelete.add(handle.client);
    }
  }
  await deleteOneByOne(handle, keys);
}
