import http from 'node:http';

// Plain keep-alive HTTP: run (a) measures the emulator, not an SDK.
export const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One GET answered with its raw body: run (a) reads ids without parsing whole pages. */
export function getText(baseUrl: string, path: string, bearer: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}${path}`, { agent: keepAlive, headers: { authorization: `Bearer ${bearer}` } }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

export function requestJson<T>(
  baseUrl: string,
  method: 'GET' | 'POST',
  path: string,
  options: { bearer?: string; body?: unknown } = {},
): Promise<{ status: number; body: T }> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${baseUrl}${path}`,
      {
        method,
        agent: keepAlive,
        headers: {
          ...(options.bearer ? { authorization: `Bearer ${options.bearer}` } : {}),
          ...(payload ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as T });
          } catch (err) {
            reject(err);
          }
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

export interface EmulatorAccount {
  id: string;
  secret_key: string;
}

export async function createEmulatorAccount(baseUrl: string, body: Record<string, unknown>): Promise<EmulatorAccount> {
  const { status, body: account } = await requestJson<EmulatorAccount>(baseUrl, 'POST', '/_emulator/accounts', { body });
  if (status !== 200 && status !== 201) throw new Error(`creating an emulator account answered ${status}`);
  return account;
}
