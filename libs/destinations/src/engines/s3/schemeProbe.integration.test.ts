import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '@datasync/testing';
import { checkDestination } from '../../check/checkDestination';
import { probeScheme } from './schemeProbe';

const run = promisify(execFile);

async function listening(server: http.Server): Promise<number> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as AddressInfo).port;
}

async function close(server: http.Server): Promise<void> {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}

describe('choosing HTTP or HTTPS for an S3 endpoint', () => {
  let dir: string;
  let plain: http.Server;
  let secure: https.Server;
  let plainPort: number;
  let securePort: number;

  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'datasync-tls-'));
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
    // A self-signed certificate made for this run: the server speaks TLS, but no one trusts it.
    await run('openssl', [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:P-256',
      '-nodes',
      '-keyout',
      key,
      '-out',
      cert,
      '-days',
      '1',
      '-subj',
      '/CN=localhost',
    ]);
    const answer = (_req: http.IncomingMessage, res: http.ServerResponse) => res.end('ok');
    plain = http.createServer(answer);
    secure = https.createServer({ key: await fs.readFile(key), cert: await fs.readFile(cert) }, answer);
    plainPort = await listening(plain);
    securePort = await listening(secure);
  });
  afterAll(async () => {
    await close(plain);
    await close(secure);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('uses HTTPS where the server completes a TLS handshake, plain HTTP where it answers as HTTP', async () => {
    expect(await probeScheme('127.0.0.1', securePort, 'localhost', 5_000)).toBe('https');
    expect(await probeScheme('127.0.0.1', plainPort, 'localhost', 5_000)).toBe('http');
  });

  it('fails with the socket error where nothing listens', async () => {
    const port = await freePort();
    await expect(probeScheme('127.0.0.1', port, 'localhost', 5_000)).rejects.toMatchObject({ code: 'ECONNREFUSED' });
  });

  it('verifies the certificate of a TLS endpoint: an untrusted one fails the check as tls', async () => {
    const result = await checkDestination('s3', `s3://AKIAX:secret@localhost:${securePort}/bucket`, { allowPrivateNetworks: true });
    expect(result).toEqual({
      ok: false,
      code: 'tls',
      message: expect.stringMatching(
        /^The TLS connection to localhost:\d+ failed \(.+\); the endpoint needs a certificate valid for its host name\.$/,
      ),
    });
  });
});
