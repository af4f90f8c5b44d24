import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ClientCredentialsService, ClientSecretHasher, type Caller } from '@datasync/auth';
import { parseMasterKeys } from '@datasync/crypto';
import { freePort, waitFor } from '@datasync/testing';
import { startServiceProcess, type ServiceProcess } from './support/loaderServices';
import { createLoaderWorld, type LoaderWorld } from './support/loaderWorld';

// Tracing across processes: accounts-api and a loader export spans by OTLP/HTTP (JSON) to a
// receiver this test runs; one POST /accounts gives one trace in which the API's request span is
// the parent of the attach job's span, and the write of the account's first rows descends from
// that job. The accounts-api also serves its metrics on its own port only.

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  service: string;
}

let world: LoaderWorld;
let authorization: string;
let receiver: http.Server;
const bodies: string[] = [];
const spans: OtlpSpan[] = [];

/** An OTLP/HTTP receiver: keeps every span of every POST /v1/traces (JSON) with its service's name. */
function startReceiver(): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      if (req.method === 'POST' && req.url === '/v1/traces') {
        bodies.push(text);
        const payload = JSON.parse(text) as {
          resourceSpans: {
            resource: { attributes: { key: string; value: { stringValue?: string } }[] };
            scopeSpans: { spans: Omit<OtlpSpan, 'service'>[] }[];
          }[];
        };
        for (const resourceSpans of payload.resourceSpans) {
          const service = resourceSpans.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
          for (const scope of resourceSpans.scopeSpans) for (const span of scope.spans) spans.push({ ...span, service });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  receiver = await startReceiver();
  world = await createLoaderWorld();
  const credentials = new ClientCredentialsService(world.controlPlane.knex, new ClientSecretHasher(parseMasterKeys(world.masterKeys)));
  const owner: Caller = {
    kind: 'session',
    environmentId: world.environmentId,
    organizationId: world.organizationId,
    userId: randomUUID(),
    sessionId: randomUUID(),
  };
  const { credential, clientSecret } = await credentials.create(owner);
  authorization = `Basic ${Buffer.from(`${credential.clientId}:${clientSecret}`).toString('base64')}`;
});

afterAll(async () => {
  await world?.close();
  await new Promise((resolve) => receiver?.close(resolve));
});

/** The span's ancestors in its trace, nearest first. */
function ancestors(span: OtlpSpan): OtlpSpan[] {
  const chain: OtlpSpan[] = [];
  let current: OtlpSpan | undefined = span;
  while (current?.parentSpanId) {
    const parentId: string = current.parentSpanId;
    current = spans.find((s) => s.traceId === span.traceId && s.spanId === parentId);
    if (current) chain.push(current);
  }
  return chain;
}

it('links POST /accounts, the attach job and the write of the first rows in one trace', async () => {
  const endpoint = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  const metricsPort = await freePort();
  const api: ServiceProcess = await startServiceProcess(
    'accounts-api',
    world.env({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint, METRICS_PORT: String(metricsPort), METRICS_HOST: '127.0.0.1' }),
  );
  await world.startLoader({ OTEL_EXPORTER_OTLP_ENDPOINT: endpoint });
  const provider = await world.emulator.createAccount({ objects: { charges: 3 } });
  try {
    const response = await fetch(`${api.url}/accounts`, {
      method: 'POST',
      headers: { authorization, 'content-type': 'application/json' },
      body: JSON.stringify({ sourceType: 'stripe', credential: provider.secret_key, identifier: 'traced' }),
    });
    expect(response.status).toBe(200);
    await waitFor(async () => (await world.countRows('traced')) === 3, { description: 'the first rows', timeoutMs: 60_000 });

    const linked = await waitFor(
      () => {
        const write = spans.find((s) => s.service === 'loader' && s.name === 'destination.write');
        if (!write) return undefined;
        const chain = ancestors(write);
        const job = chain.find((s) => s.name === 'job account.attach');
        const request = chain.find((s) => s.service === 'accounts-api' && s.name === 'POST /accounts');
        return job && request ? { write, job, request } : undefined;
      },
      { description: 'the spans of the API, the job and the write, linked', timeoutMs: 30_000 },
    );
    expect(linked.job.service).toBe('loader');
    expect(linked.job.parentSpanId).toBe(linked.request.spanId);
    expect(new Set([linked.write.traceId, linked.job.traceId, linked.request.traceId]).size).toBe(1);
    // The spans carry no credential: the key sent in the body is nowhere in what was exported.
    expect(bodies.join('\n')).not.toContain(provider.secret_key);

    // Its metrics: on the metrics port, labelled by route template; not on the public port.
    expect((await fetch(`${api.url}/metrics`)).status).toBe(404);
    const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
    expect(metrics).toContain('datasync_http_requests_total{method="POST",route="/accounts",status="200"} 1');
    expect(metrics).toContain('datasync_accounts_api_process_resident_memory_bytes');
  } finally {
    await api.stop();
  }
});
