import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { TableClaim } from '../../ownership/tableOwner';
import { s3Failure } from './s3Errors';
import type { S3Handle } from './s3Handle';
import { ownerKey } from './s3Layout';

const status = (err: unknown): number | undefined => (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
// 412: the condition failed (the marker exists, or changed since read); 409: a concurrent
// conditional write is in flight (S3's ConditionalRequestConflict). Either way another claimant acts.
const lostRace = (err: unknown): boolean => status(err) === 412 || status(err) === 409;

const targetOf = (handle: S3Handle) => ({ where: handle.where, bucket: handle.bucket, accessKeyId: handle.accessKeyId });

function document(claim: TableClaim): string {
  const { version: _version, ...stored } = claim;
  return `${JSON.stringify(
    {
      table: stored.table,
      environment_id: stored.environmentId,
      environment_name: stored.environmentName,
      sync_id: stored.syncId,
      sync_name: stored.syncName,
      claimed_at: stored.claimedAt,
    },
    null,
    2,
  )}\n`;
}

function parse(text: string, table: string, version: string | undefined): TableClaim {
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    // Unreadable: still someone's marker, so it holds (naming no one) rather than being overwritten.
  }
  const text_ = (key: string) => (typeof parsed[key] === 'string' ? parsed[key] : 'unknown');
  return {
    table,
    environmentId: text_('environment_id'),
    environmentName: text_('environment_name'),
    syncId: text_('sync_id'),
    syncName: text_('sync_name'),
    claimedAt: text_('claimed_at'),
    ...(version ? { version } : {}),
  };
}

export async function readS3Claim(handle: S3Handle, prefix: string, table: string): Promise<TableClaim | undefined> {
  const key = ownerKey(prefix, table);
  try {
    const response = await handle.client.send(new GetObjectCommand({ Bucket: handle.bucket, Key: key }));
    return parse((await response.Body?.transformToString('utf8')) ?? '', table, response.ETag);
  } catch (err) {
    if ((err as { name?: unknown }).name === 'NoSuchKey') return undefined;
    throw s3Failure(err, targetOf(handle), { permission: 's3:GetObject', action: `read ${key}` });
  }
}

/**
 * PUT with a condition: `If-None-Match: *` (create only) or `If-Match: <etag>` (replace only what
 * was read). S3 (since 2024), MinIO and R2 honour both; a server that ignores them makes claiming
 * a last-writer-wins race, which docs/destinations.md states.
 */
async function conditionalPut(handle: S3Handle, key: string, claim: TableClaim, condition: { IfNoneMatch: string } | { IfMatch: string }) {
  try {
    await handle.client.send(
      new PutObjectCommand({ Bucket: handle.bucket, Key: key, Body: document(claim), ContentType: 'application/json', ...condition }),
    );
    return true;
  } catch (err) {
    if (lostRace(err)) return false;
    throw s3Failure(err, targetOf(handle), { permission: 's3:PutObject', action: `write ${key}` });
  }
}

export function insertS3Claim(handle: S3Handle, prefix: string, claim: TableClaim): Promise<boolean> {
  return conditionalPut(handle, ownerKey(prefix, claim.table), claim, { IfNoneMatch: '*' });
}

export function replaceS3Claim(handle: S3Handle, prefix: string, previous: TableClaim, next: TableClaim): Promise<boolean> {
  // A marker read without an ETag cannot be replaced safely: the caller reads it again.
  if (!previous.version) return Promise.resolve(false);
  return conditionalPut(handle, ownerKey(prefix, next.table), next, { IfMatch: previous.version });
}
