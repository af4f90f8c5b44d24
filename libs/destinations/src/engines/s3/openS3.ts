import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { S3Client } from '@aws-sdk/client-s3';
import { urlHost } from '../../connectionString/urlParts';
import type { OpenTarget } from '../types';
import { guardedLookup } from './guardedLookup';
import type { S3Handle } from './s3Handle';
import { refusePlaintextOnTheInternet } from './plaintextRefusal';
import { probeScheme } from './schemeProbe';

// Parts of one upload and parts of a batch go out in parallel; beyond this they queue.
const MAX_SOCKETS = 16;
// Socket inactivity bound when the caller gives no statement timeout.
const DEFAULT_REQUEST_TIMEOUT_MS = 120_000;

/**
 * Opens an S3 destination at the approved address: probes it (TCP, and TLS unless the port says),
 * then builds an SDK client whose sockets resolve the host only to that address. Path-style
 * requests for every non-AWS endpoint; AWS gets virtual-hosted requests, its own checksums and
 * region redirects. Nothing is requested yet: credentials and bucket meet the server at the first
 * operation (the check makes one of each kind).
 */
export async function openS3(target: OpenTarget): Promise<S3Handle> {
  const { fields, address, connectTimeoutMs } = target;
  if (fields.engine !== 's3') throw new Error(`openS3: a ${fields.engine} connection string`);
  const { s3 } = fields;
  const scheme = await probeScheme(address, fields.port, fields.host, connectTimeoutMs);
  refusePlaintextOnTheInternet(scheme, fields.host, fields.port, address);
  const lookup = guardedLookup(
    { host: fields.host, address: { address, family: isIP(address) === 6 ? 6 : 4 } },
    { allowPrivateNetworks: target.allowPrivateNetworks === true, timeoutMs: connectTimeoutMs, lookup: target.lookup },
  );
  const agentOptions = { keepAlive: true, maxSockets: MAX_SOCKETS, lookup };
  // Checksums the SDK adds by default (CRC32 trailers, aws-chunked bodies) are Amazon's; several
  // S3-compatible servers store the chunk framing as data or refuse the request. Elsewhere they
  // are sent only where the operation requires one (DeleteObjects).
  const checksums = s3.aws ? 'WHEN_SUPPORTED' : 'WHEN_REQUIRED';
  const client = new S3Client({
    region: s3.region,
    endpoint: `${scheme}://${urlHost(fields.host)}:${fields.port}`,
    forcePathStyle: s3.pathStyle,
    credentials: { accessKeyId: fields.user, secretAccessKey: fields.password },
    maxAttempts: 3,
    followRegionRedirects: s3.aws,
    requestChecksumCalculation: checksums,
    responseChecksumValidation: checksums,
    requestHandler: {
      httpAgent: new http.Agent(agentOptions),
      httpsAgent: new https.Agent(agentOptions),
      connectionTimeout: connectTimeoutMs,
      requestTimeout: target.statementTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
    },
  });
  return {
    engine: 's3',
    client,
    bucket: fields.database,
    format: s3.format,
    where: `${urlHost(fields.host)}:${fields.port}`,
    accessKeyId: fields.user,
    readBounds: target.readBounds,
    async close() {
      client.destroy();
    },
  };
}
