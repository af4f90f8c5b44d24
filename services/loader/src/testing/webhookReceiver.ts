import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  body: string;
  event: { id: string; type: string; created: number; data: Record<string, unknown> };
  signature: string;
  status: number;
}

/**
 * An integrator's endpoint over real HTTP: records every request and answers with the statuses
 * `answers` returns for it (200 unless told otherwise).
 */
export async function startReceiver(answers: (event: Received['event'], seen: number) => number = () => 200) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const event = JSON.parse(body) as Received['event'];
      const seen = received.filter((r) => r.event.id === event.id).length;
      const status = answers(event, seen);
      received.push({ body, event, signature: String(req.headers['datasync-signature'] ?? ''), status });
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status === 200 ? 'ok' : 'try again');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
