import type { S3Client } from '@aws-sdk/client-s3';
import type { ReadBounds } from '../../bounds/readBounds';
import type { ConnectionFieldsBase } from '../../connectionString/fields';
import type { DestinationEngine } from '../types';
import type { BlobFormat, S3Settings } from './s3Settings';

/**
 * An open S3 destination: a client bound to the address the network guard approved. It holds the
 * credentials inside the client only; nothing on it is secret when logged except the client.
 */
export interface S3Handle {
  readonly engine: 's3';
  readonly client: S3Client;
  readonly bucket: string;
  readonly format: BlobFormat;
  /** `host:port` as the user wrote it, for messages. */
  readonly where: string;
  /** The access key id (not secret; AWS shows it in consoles and logs), for messages. */
  readonly accessKeyId: string;
  /** What one read of the bucket's content may take in (DEFAULT_READ_BOUNDS when absent). */
  readonly readBounds?: ReadBounds;
  /** Destroys the client's sockets. */
  close(): Promise<void>;
}

/**
 * A parsed `s3://` connection string, in the same fields: `user` is the access key id, `password`
 * the secret access key (never log it), `database` the bucket and `schema` the key prefix (where
 * tables go). `sslmode` stays `prefer`: TLS whenever the endpoint speaks it.
 */
export interface S3ConnectionFields extends ConnectionFieldsBase {
  engine: 's3';
  s3: S3Settings;
}

/**
 * Blob storage (s3): the same parsing, network guard and connect as the databases, its own
 * layout (folders of part files instead of tables; see engines/s3).
 */
export interface BlobEngine extends DestinationEngine<S3Handle, S3ConnectionFields> {
  kind: 'blob';
  name: 's3';
  formats: readonly BlobFormat[];
}

declare module '../engineNames' {
  interface EngineTypes {
    s3: { kind: 'blob'; handle: S3Handle; fields: S3ConnectionFields; definition: BlobEngine };
  }
}
