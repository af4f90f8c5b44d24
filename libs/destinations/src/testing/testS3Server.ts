import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { connect } from '../connect';
import type { S3Handle } from '../engines/s3/s3Handle';
import { parseS3ConnectionString } from '../engines/s3/parseS3';
import type { BlobFormat } from '../engines/s3/s3Settings';
import { startS3Gateway, type S3Gateway, type S3Permission } from './s3Gateway';

const everything: ReadonlySet<S3Permission> = new Set(['s3:GetObject', 's3:PutObject', 's3:DeleteObject', 's3:ListBucket']);

export interface TestS3Options {
  /** Put the signature-checking gateway in front (default); without it, s3rver answers directly (benchmarks). */
  gateway?: boolean;
}

export interface ConnectionStringOptions {
  bucket?: string;
  prefix?: string;
  format?: BlobFormat;
  accessKeyId?: string;
  secret?: string;
  port?: number;
}

/** A real S3-compatible server on loopback, in a temporary folder, for tests and benchmarks. */
export interface TestS3 {
  host: string;
  /** Where clients connect: the gateway, or s3rver itself without one. */
  port: number;
  /** A bucket created at start. */
  bucket: string;
  accessKeyId: string;
  secret: string;
  /** Present unless started with `gateway: false`. */
  gateway?: S3Gateway;
  url(options?: ConnectionStringOptions): string;
  /** A new key pair allowed only `allow` (gateway only). */
  addKey(allow: readonly S3Permission[]): { accessKeyId: string; secret: string };
  createBucket(name: string): Promise<void>;
  /** An S3 handle through the library's own connect (guard allowing loopback). */
  open(options?: ConnectionStringOptions): Promise<S3Handle>;
  close(): Promise<void>;
}

interface S3rverProcess {
  port: number;
  stop(): Promise<void>;
}

/**
 * s3rver (a devDependency) in a child process. Its own process, because s3rver makes its listing
 * continuation tokens with DES, which Node 20's OpenSSL 3 offers only with the legacy provider:
 * without the flag every paginated listing fails with an InternalError.
 */
async function startS3rver(directory: string, bucket: string): Promise<S3rverProcess> {
  const bin = require.resolve('s3rver/bin/s3rver.js');
  const args = ['--openssl-legacy-provider', bin, '-d', directory, '-a', '127.0.0.1', '-p', '0', '-s', '--configure-bucket', bucket];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`s3rver did not start in 15 s: ${output}`)), 15_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on [^:\s]+:(\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(Number(match[1]));
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`s3rver exited with ${String(code)}: ${output}`));
    });
  });
  // Keep the pipes drained; the output is not needed past the port.
  child.stdout.removeAllListeners('data').resume();
  child.stderr.removeAllListeners('data').resume();
  return {
    port,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Starts s3rver on 127.0.0.1 with a fresh directory and one bucket, behind the SigV4 gateway
 * unless told otherwise.
 */
export async function startTestS3Server(options: TestS3Options = {}): Promise<TestS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'datasync-s3-'));
  const bucket = `test-${randomBytes(4).toString('hex')}`;
  const server = await startS3rver(directory, bucket);
  const directPort = server.port;
  const gateway = options.gateway === false ? undefined : await startS3Gateway(directPort);
  // s3rver alone knows one fixed key (and checks only that it exists); the gateway checks its own.
  const accessKeyId = gateway ? `AKIATEST${randomBytes(6).toString('hex').toUpperCase()}` : 'S3RVER';
  // Characters a secret may hold that a URL does not take as they are.
  const secret = gateway ? `${randomBytes(12).toString('base64')}/+x` : 'S3RVER';
  gateway?.addKey(accessKeyId, { secret, allow: everything });
  const host = '127.0.0.1';
  const port = gateway?.port ?? directPort;

  const url = (o: ConnectionStringOptions = {}): string => {
    const params = [o.prefix !== undefined ? `prefix=${o.prefix}` : '', o.format ? `format=${o.format}` : ''].filter(Boolean).join('&');
    const credentials = `${encodeURIComponent(o.accessKeyId ?? accessKeyId)}:${encodeURIComponent(o.secret ?? secret)}`;
    return `s3://${credentials}@${host}:${o.port ?? port}/${o.bucket ?? bucket}${params ? `?${params}` : ''}`;
  };
  return {
    host,
    port,
    bucket,
    accessKeyId,
    secret,
    gateway,
    url,
    addKey(allow) {
      if (!gateway) throw new Error('addKey needs the gateway');
      const key = { accessKeyId: `AKIALIMITED${randomBytes(5).toString('hex').toUpperCase()}`, secret: randomBytes(16).toString('base64') };
      gateway.addKey(key.accessKeyId, { secret: key.secret, allow: new Set(allow) });
      return key;
    },
    async createBucket(name) {
      const admin = new S3Client({
        region: 'us-east-1',
        endpoint: `http://${host}:${directPort}`,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      try {
        await admin.send(new CreateBucketCommand({ Bucket: name }));
      } finally {
        admin.destroy();
      }
    },
    open: (o) => connect(parseS3ConnectionString(url(o)), { allowPrivateNetworks: true }),
    async close() {
      await gateway?.close();
      await server.stop();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
