import { createHash } from 'node:crypto';
import type { PartKey } from '../../writers/writeRow';
import { OWNERS_TABLE } from '../../ownership/tableOwner';
import type { BlobFormat } from './s3Settings';

// The bucket layout (docs/s3.md, Layout), one function per kind of key, so that writer, mount, manifest
// and purge can never disagree:
//
//   <prefix>/<table>/_schema.json
//   <prefix>/<table>/account_id=<identifier>/part-<run>_<segment>_<sequence>_<n>.<ext>
//   <prefix>/<table>/account_id=<identifier>/part-content-<hash>_<n>.<ext>
//   <prefix>/<table>/account_id=<identifier>/_manifests/run-<run>.json
//   <prefix>/_datasync_table_owners/<table>.json      (the table's owner, docs/destinations.md)
//
// Names starting with "_" are skipped by Hive-style readers (Spark, Athena, DuckDB's
// hive_partitioning), so only part files are read as data.

const TABLE = /^[a-z_][a-z0-9_]{0,62}$/;
const RUN_ID = /^[A-Za-z0-9-]{1,64}$/;
// Kept as they are in a partition value; every other UTF-8 byte is written %XX, as Hive escapes.
const PARTITION_SAFE = /[A-Za-z0-9._-]/;

export const extensions: Record<BlobFormat, string> = { 'ndjson.gz': 'ndjson.gz', parquet: 'parquet' };

const join = (...parts: string[]): string => parts.filter((p) => p !== '').join('/');

function checkedTable(table: string): string {
  // Catalog names, but they become keys: refuse anything unusual loudly, as the DDL does.
  if (!TABLE.test(table)) throw new Error(`not a table name: ${JSON.stringify(table)}`);
  return table;
}

export function escapePartitionValue(value: string): string {
  if (value.length === 0) throw new TypeError('an empty account id');
  let out = '';
  for (const char of value) {
    if (PARTITION_SAFE.test(char)) out += char;
    else for (const byte of Buffer.from(char, 'utf8')) out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

function checkedPrefix(prefix: string): string {
  // parseS3 normalises the prefix; a caller passing its own must not produce "//" or a leading "/".
  if (prefix.startsWith('/') || prefix.endsWith('/') || prefix.includes('//'))
    throw new Error(`not a key prefix: ${JSON.stringify(prefix)}`);
  return prefix;
}

export const tableFolder = (prefix: string, table: string): string => join(checkedPrefix(prefix), checkedTable(table));
/** The table's ownership marker, beside the table folders: one object per table, written with a condition. */
export const ownerKey = (prefix: string, table: string): string => `${tableFolder(prefix, OWNERS_TABLE)}/${checkedTable(table)}.json`;
export const schemaKey = (prefix: string, table: string): string => `${tableFolder(prefix, table)}/_schema.json`;
/** With a trailing "/": as a list prefix it never matches another account whose id merely starts the same. */
export const accountFolder = (prefix: string, table: string, accountId: string): string =>
  `${tableFolder(prefix, table)}/account_id=${escapePartitionValue(accountId)}/`;

export function checkedRunId(runId: string): string {
  if (!RUN_ID.test(runId)) throw new TypeError(`not a run id (letters, digits and "-", at most 64): ${JSON.stringify(runId)}`);
  return runId;
}

export const manifestKey = (prefix: string, table: string, accountId: string, runId: string): string =>
  `${accountFolder(prefix, table, accountId)}_manifests/run-${checkedRunId(runId)}.json`;

/** The list prefix of every part of a run ("_" never occurs in run ids, so no other run matches). */
export const runPartsPrefix = (prefix: string, table: string, accountId: string, runId: string): string =>
  `${accountFolder(prefix, table, accountId)}part-${checkedRunId(runId)}_`;

const shortHash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 20);

function sequenceToken(sequence: number | string): string {
  if (typeof sequence === 'number') {
    if (!Number.isSafeInteger(sequence) || sequence < 0) throw new TypeError(`not a part sequence: ${sequence}`);
    return String(sequence).padStart(6, '0');
  }
  // Cursors are provider ids of any length and alphabet; a hash keeps the name short and safe.
  return shortHash(sequence);
}

/**
 * The name stem of a batch's parts (they add `_<n>.<ext>`): from the part key when the caller
 * gives one, else from a hash of the content, so that writing the same rows again overwrites
 * rather than duplicates.
 */
export function partStem(key: PartKey | undefined, contentHash: string): string {
  if (!key) return `part-content-${contentHash.slice(0, 32)}`;
  if (!Number.isSafeInteger(key.segment) || key.segment < 0) throw new TypeError(`not a segment number: ${key.segment}`);
  return `part-${checkedRunId(key.runId)}_${String(key.segment).padStart(5, '0')}_${sequenceToken(key.sequence)}`;
}

export const partFileName = (stem: string, index: number, format: BlobFormat): string =>
  `${stem}_${String(index).padStart(3, '0')}.${extensions[format]}`;

/** A scratch object of the connection check, beside the tables and ignored by readers ("_"). */
export const checkScratchKey = (prefix: string, token: string): string => join(prefix, `_datasync_check_${token}.json`);
