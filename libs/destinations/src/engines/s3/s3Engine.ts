import type { BlobEngine } from '../types';
import { openS3 } from './openS3';
import { classifyS3Error } from './s3Errors';
import { blobFormats, DEFAULT_S3_PORT } from './s3Settings';

export const s3Engine: BlobEngine = {
  name: 's3',
  kind: 'blob',
  label: 'S3-compatible storage',
  schemes: ['s3'],
  defaultPort: DEFAULT_S3_PORT,
  formats: blobFormats,
  open: openS3,
  classifyError: classifyS3Error,
};
