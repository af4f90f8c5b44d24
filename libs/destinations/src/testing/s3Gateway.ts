import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ConditionalPuts } from './conditionalPut';
import { parseAuthorization, signatureMatches } from './sigV4';

/** The S3 permissions the gateway enforces, by the request's kind. */
export type S3Permission = 's3:GetObject' | 's3:PutObject' | 's3:DeleteObject' | 's3:ListBucket';

export interface GatewayKey {
  secret: string;
  /** What the key may do; every other request is AccessDenied. */
  allow: ReadonlySet<S3Permission>;
}

/** A request that changes the bucket (PutObject or DeleteObject in IAM's terms), as it reached the gateway. */
export interface BucketChange {
  method: string;
  /** The object's key or the bucket's path, decoded, without the query. */
  path: string;
}

export interface S3Gateway {
  port: number;
  /** Requests that reached the gateway, whatever became of them. */
  readonly requests: number;
  /** Every accepted request that writes or deletes, in arrival order: what a test proves no write happened by. */
  readonly changes: readonly BucketChange[];
  addKey(accessKeyId: string, key: GatewayKey): void;
  close(): Promise<void>;
}

function permissionOf(method: string, url: string): S3Permission | undefined {
  const [path = '', query = ''] = url.split('?');
  const params = new URLSearchParams(query);
  const isObject = path.split('/').filter(Boolean).length > 1;
  if (!isObject) {
    if (method === 'GET' || method === 'HEAD') return 's3:ListBucket';
    if (method === 'POST' && params.has('delete')) return 's3:DeleteObject';
    return undefined;
  }
  if (method === 'GET' || method === 'HEAD') return 's3:GetObject';
  // Multipart uploads (create, parts, complete, abort) are all PutObject in IAM.
  if (method === 'PUT' || method === 'POST' || (method === 'DELETE' && params.has('uploadId'))) return 's3:PutObject';
  if (method === 'DELETE') return 's3:DeleteObject';
  return undefined;
}

function refuse(res: http.ServerResponse, status: number, code: string, message: string): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message><RequestId>gateway</RequestId></Error>`,
  );
}

/**
 * What s3rver leaves out and the tests need, in front of it: Signature Version 4 checked against
 * each key's secret (SignatureDoesNotMatch, InvalidAccessKeyId) and a per-key allow list
 * (AccessDenied). Requests that pass go on to s3rver unchanged but for the signature, which s3rver
 * would only check for its own fixed key.
 */
export async function startS3Gateway(upstreamPort: number): Promise<S3Gateway> {
  const keys = new Map<string, GatewayKey>();
  let requests = 0;
  const changes: BucketChange[] = [];
  const conditional = new ConditionalPuts(upstreamPort);
  const server = http.createServer((req, res) => {
    requests += 1;
    const method = req.method ?? 'GET';
    const url = req.url ?? '/';
    const auth = parseAuthorization(req.headers.authorization);
    if (!auth) return refuse(res, 403, 'AccessDenied', 'Anonymous access is not allowed');
    const key = keys.get(auth.accessKeyId);
    if (!key) return refuse(res, 403, 'InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    if (!signatureMatches({ method, url, headers: req.headers }, auth, key.secret)) {
      return refuse(res, 403, 'SignatureDoesNotMatch', 'The request signature we calculated does not match the signature you provided.');
    }
    const permission = permissionOf(method, url);
    if (!permission || !key.allow.has(permission)) return refuse(res, 403, 'AccessDenied', 'Access Denied');
    if (permission === 's3:PutObject' || permission === 's3:DeleteObject') {
      changes.push({ method, path: decodeURIComponent(url.split('?')[0] ?? url) });
    }

    const { authorization: _signature, expect: _expect, ...headers } = req.headers;
    const forward = () =>
      new Promise<void>((resolve) => {
        const upstream = http.request({ host: '127.0.0.1', port: upstreamPort, method, path: url, headers }, (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
          answer.on('end', () => resolve());
        });
        upstream.on('error', () => {
          res.destroy();
          resolve();
        });
        req.pipe(upstream);
      });
    const condition = ConditionalPuts.conditionOf(method, url, req.headers);
    if (!condition) return void forward();
    const path = url.split('?')[0] ?? url;
    void conditional
      .run(path, condition, forward, () => {
        req.resume();
        refuse(res, 412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
      })
      .catch(() => res.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    get requests() {
      return requests;
    },
    changes,
    addKey: (accessKeyId, key) => void keys.set(accessKeyId, key),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
