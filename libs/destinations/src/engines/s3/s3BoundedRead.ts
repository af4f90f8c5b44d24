import type { Readable } from 'node:stream';
import { gunzip, gunzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { contentTooLarge, DEFAULT_READ_BOUNDS, type ReadBounds } from '../../bounds/readBounds';
import type { S3Handle } from './s3Handle';

const gunzipAsync = promisify(gunzip);

export const boundsOf = (handle: S3Handle): ReadBounds => handle.readBounds ?? DEFAULT_READ_BOUNDS;

const bytes = (n: number) => `${n.toLocaleString('en-US')} bytes`;

/**
 * The object's bytes, refusing one larger than maxObjectBytes: by its Content-Length before any
 * of the body is read, and by counting while it streams (a server may send no length, or lie).
 */
export async function readObjectBytes(handle: S3Handle, key: string): Promise<Buffer> {
  const limit = boundsOf(handle).maxObjectBytes;
  const response = await handle.client.send(new GetObjectCommand({ Bucket: handle.bucket, Key: key }));
  const body = response.Body as Readable | undefined;
  if (!body) throw new Error(`no body for ${key}`);
  const tooLarge = (found: string) => {
    body.destroy();
    return contentTooLarge('maxObjectBytes', limit, `The object ${key}`, found);
  };
  if (response.ContentLength !== undefined && response.ContentLength > limit) throw tooLarge(bytes(response.ContentLength));
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of body) {
    total += (chunk as Buffer).length;
    if (total > limit) throw tooLarge(`more than ${bytes(limit)}`);
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, total);
}

const isOutputCap = (err: unknown) => (err as { code?: unknown }).code === 'ERR_BUFFER_TOO_LARGE' || err instanceof RangeError;

/** The gunzipped bytes of `key`, stopped by zlib as soon as they pass maxDecodedBytes (a decompression bomb). */
export async function gunzipBounded(handle: S3Handle, key: string, compressed: Uint8Array): Promise<Buffer> {
  const limit = boundsOf(handle).maxDecodedBytes;
  try {
    return await gunzipAsync(compressed, { maxOutputLength: limit });
  } catch (err) {
    if (isOutputCap(err)) throw contentTooLarge('maxDecodedBytes', limit, `The object ${key}`, `more than ${bytes(limit)} decompressed`);
    throw err;
  }
}

/**
 * A synchronous gunzip for a reader that decompresses piece by piece (Parquet pages), sharing one
 * budget of maxDecodedBytes across every piece of the object.
 */
export function pageGunzip(handle: S3Handle, key: string): (input: Uint8Array) => Uint8Array {
  const limit = boundsOf(handle).maxDecodedBytes;
  let left = limit;
  return (input) => {
    let output: Buffer;
    try {
      output = gunzipSync(input, { maxOutputLength: Math.max(1, left) });
    } catch (err) {
      if (isOutputCap(err)) throw contentTooLarge('maxDecodedBytes', limit, `The object ${key}`, `more than ${bytes(limit)} decompressed`);
      throw err;
    }
    left -= output.length;
    if (left < 0) throw contentTooLarge('maxDecodedBytes', limit, `The object ${key}`, `more than ${bytes(limit)} decompressed`);
    return new Uint8Array(output);
  };
}
