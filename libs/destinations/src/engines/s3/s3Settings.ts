/** How part files are encoded; chosen per destination with `?format=`. */
export type BlobFormat = 'ndjson.gz' | 'parquet';

export const blobFormats: readonly BlobFormat[] = ['ndjson.gz', 'parquet'];
export const DEFAULT_BLOB_FORMAT: BlobFormat = 'ndjson.gz';
export const DEFAULT_S3_PORT = 443;
// What the AWS SDKs assume when nothing says otherwise; S3-compatible servers mostly ignore it.
export const DEFAULT_S3_REGION = 'us-east-1';

/** What an `s3://` connection string says beyond credentials, host, port and bucket. */
export interface S3Settings {
  region: string;
  format: BlobFormat;
  /** Key prefix without leading or trailing "/", '' for the bucket's root; also the fields' `schema`. */
  prefix: string;
  /** An Amazon S3 endpoint (`*.amazonaws.com`): virtual-hosted requests, region redirects followed. */
  aws: boolean;
  /** Path-style requests (`host/bucket/key`): every non-AWS endpoint, and AWS buckets with dots. */
  pathStyle: boolean;
}
