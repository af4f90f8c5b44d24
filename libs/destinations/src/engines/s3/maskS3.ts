import type { S3ConnectionFields } from './s3Handle';
import { urlHost } from '../../connectionString/urlParts';
import { isAwsHost, regionOfAwsHost } from './awsEndpoint';
import { DEFAULT_BLOB_FORMAT, DEFAULT_S3_REGION } from './s3Settings';

/** `s3://AKIA…:•••@host:443/bucket?prefix=…`: the secret replaced, parameters only where not the default. */
export function maskS3ConnectionString(fields: S3ConnectionFields): string {
  const params: string[] = [];
  // Prefix characters are all URL-safe (parseS3 admits no others), so it is shown as written.
  if (fields.s3.prefix) params.push(`prefix=${fields.s3.prefix}`);
  const defaultRegion = (isAwsHost(fields.host) ? regionOfAwsHost(fields.host) : undefined) ?? DEFAULT_S3_REGION;
  if (fields.s3.region !== defaultRegion) params.push(`region=${fields.s3.region}`);
  if (fields.s3.format !== DEFAULT_BLOB_FORMAT) params.push(`format=${fields.s3.format}`);
  const query = params.length > 0 ? `?${params.join('&')}` : '';
  return `s3://${encodeURIComponent(fields.user)}:•••@${urlHost(fields.host)}:${fields.port}/${fields.database}${query}`;
}
