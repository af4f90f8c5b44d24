import type { S3Client } from '@aws-sdk/client-s3';
import type { BlobFormat } from './s3Settings';

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
  /** Destroys the client's sockets. */
  close(): Promise<void>;
}
