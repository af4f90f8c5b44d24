import type { BlobEngine } from './s3Handle';
import { maskS3ConnectionString } from './maskS3';
import { openS3 } from './openS3';
import { parseS3ConnectionString } from './parseS3';
import { checkS3Destination } from './s3Check';
import { s3ColumnDefinitions } from './s3Columns';
import { classifyS3Error } from './s3Errors';
import { markS3Deleted } from './s3MarkDeleted';
import { purgeS3Account } from './s3Purge';
import { ensureS3Table } from './s3Schema';
import { blobFormats, DEFAULT_S3_PORT } from './s3Settings';
import { insertS3Claim, readS3Claim, replaceS3Claim } from './s3Owners';
import { readS3LiveInWindow, readS3StoredStates } from './s3StoredStates';
import { writeRunManifest } from './writer/runManifest';
import { createS3Writer } from './writer/s3Writer';

export const s3Engine: BlobEngine = {
  name: 's3',
  kind: 'blob',
  label: 'S3-compatible storage',
  schemes: ['s3'],
  defaultPort: DEFAULT_S3_PORT,
  schemaIsDatabase: false,
  formats: blobFormats,
  parse: parseS3ConnectionString,
  mask: maskS3ConnectionString,
  open: openS3,
  classifyError: classifyS3Error,
  check: checkS3Destination,
  ensureTable: ensureS3Table,
  columns: s3ColumnDefinitions,
  createWriter: createS3Writer,
  markDeleted: (handle, { schema, spec, objects }) => markS3Deleted(handle, schema, spec, objects),
  purgeAccount: purgeS3Account,
  // Part files keep every state and a reader takes the newest: there is no stored version to
  // compare a change with, and writing an older state again changes nothing a reader sees.
  readStoredVersions: () => Promise.resolve(new Map<string, number>()),
  // Immutable parts cannot be updated in place; a resync's full read is what readers see as newest.
  markUnseenDeleted: () => Promise.resolve(0),
  // Verification compares with the newest state of each object in the parts, read back once per handle.
  readStoredStates: readS3StoredStates,
  readLiveInWindow: readS3LiveInWindow,
  // A table is a folder that exists as soon as something is written into it; purge lists what is there.
  tableExists: () => Promise.resolve(true),
  readTableClaim: readS3Claim,
  insertTableClaim: insertS3Claim,
  replaceTableClaim: replaceS3Claim,
  // The run's manifest tells a reader the run is whole (docs/s3.md, Layout).
  finishRun: async (handle, options) => void (await writeRunManifest(handle, options)),
};
