import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import request from 'supertest';
import { parse } from 'yaml';
import { parseConfig } from '@datasync/config';
import { silentLogger } from '@datasync/logger';
import { repoRoot } from './config';
import { kustomizeBuild, podContainers } from './testing/kustomizeBuild';
import { isObject, manifestId, type Manifest } from './testing/manifest';
import { httpModule } from './testing/sourceModules';
import { validateManifest } from './testing/validateManifest';
import { requiredVariables } from './docs/envTable';
import { migrateSchema, serviceSchema, type ServiceName } from './docs/serviceSchemas';
import { findOnPath } from './which';

// deploy/k8s rendered offline and checked against the Kubernetes API schemas and against the
// code it runs: the services' config schemas, their ports and their probe routes.

const K8S = path.join(repoRoot, 'deploy', 'k8s');
const KUSTOMIZATIONS = [
  'base',
  'migrate',
  'overlays/example',
  'overlays/example/migrate',
  'overlays/example-hpa',
  'overlays/example-redis-cluster',
];
const DEPLOYMENTS: ServiceName[] = ['accounts-api', 'config-service', 'loader'];
/** Variables that hold credentials: set only from a Secret, never as a value in a manifest. */
const SECRET_VARIABLES = ['DATABASE_URL', 'REDIS_URL', 'SECRETS_MASTER_KEYS'];
/** What an operator puts in the Secret "datasync", for parsing the services' configuration. */
const SECRET_SAMPLES: Record<string, string> = {
  DATABASE_URL: 'postgres://datasync:secret@postgres:5432/datasync',
  REDIS_URL: 'redis://:secret@redis:6379',
  SECRETS_MASTER_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
  REDIS_PASSWORD: 'secret',
};

const rendered = new Map<string, Manifest[]>();

beforeAll(async () => {
  for (const dir of KUSTOMIZATIONS) rendered.set(dir, await kustomizeBuild(path.join(K8S, dir)));
});

const render = (dir: string) => rendered.get(dir) ?? [];
const find = (dir: string, kind: string, name: string) => {
  const manifest = render(dir).find((m) => m.kind === kind && m.metadata.name === name);
  if (!manifest) throw new Error(`${dir} renders no ${kind}/${name}`);
  return manifest;
};
const at = (value: unknown, ...keys: (string | number)[]): unknown =>
  keys.reduce<unknown>((v, k) => (Array.isArray(v) ? v[k as number] : isObject(v) ? v[k] : undefined), value);
const podSpec = (m: Manifest) => at(m, 'spec', 'template', 'spec') as Record<string, unknown>;
const container = (m: Manifest) => podContainers(m)[0] as Record<string, unknown>;

interface EnvVar {
  name: string;
  value?: string;
  valueFrom?: { secretKeyRef?: { name: string; key: string } };
}

/** The container's environment as the process sees it, with the Secret's keys filled in. */
function environmentOf(m: Manifest): Record<string, string> {
  const env = (container(m).env ?? []) as EnvVar[];
  expect(container(m).envFrom).toBeUndefined();
  return Object.fromEntries(
    env.map((v) => {
      const ref = v.valueFrom?.secretKeyRef;
      const value = ref ? SECRET_SAMPLES[ref.key] : v.value;
      if (value === undefined) throw new Error(`${manifestId(m)}: ${v.name} has neither a value nor a known secretKeyRef`);
      return [v.name, value];
    }),
  );
}

describe.each(KUSTOMIZATIONS)('%s', (dir) => {
  it('renders only objects that validate against the Kubernetes API schemas', () => {
    expect(render(dir).length).toBeGreaterThan(0);
    const problems = render(dir).flatMap((m) => {
      try {
        validateManifest(m);
        return [];
      } catch (err) {
        return [`${manifestId(m)}: ${err instanceof Error ? err.message : String(err)}`];
      }
    });
    expect(problems).toEqual([]);
  });

  it('renders as kubectl kustomize does, where kubectl is installed', async () => {
    const kubectl = findOnPath('kubectl');
    // The renderer is the test's own; kubectl (not a Debian package) only cross-checks it.
    if (!kubectl) return;
    const { stdout } = await promisify(execFile)(kubectl, ['kustomize', path.join(K8S, dir)]);
    const byId = (list: Manifest[]) => Object.fromEntries(list.map((m) => [manifestId(m), m]));
    const theirs = stdout.split(/^---$/m).map((doc) => parse(doc) as Manifest);
    expect(byId(render(dir))).toEqual(byId(theirs));
  });

  it('holds no Secret: credentials are referenced, never written down', () => {
    expect(render(dir).filter((m) => m.kind === 'Secret')).toEqual([]);
  });
});

describe.each(DEPLOYMENTS)('the %s Deployment', (name) => {
  const overlay = 'overlays/example';
  const deployment = () => find(overlay, 'Deployment', name);

  it('runs its own process from the same image as the migration', () => {
    expect(container(deployment()).args).toEqual([name]);
    expect(container(deployment()).image).toBe(container(find('overlays/example/migrate', 'Job', 'migrate')).image);
    expect(container(deployment()).image).toBe('registry.example.com/datasync:1.0.0');
  });

  it('sets only variables its config schema knows, every required one, credentials from the Secret', () => {
    const environment = environmentOf(deployment());
    const schema = serviceSchema(name);
    expect(Object.keys(environment).filter((key) => !(key in schema))).toEqual([]);
    expect(requiredVariables(schema).filter((key) => !(key in environment))).toEqual([]);
    expect(() => parseConfig(schema, environment)).not.toThrow();
    const env = container(deployment()).env as EnvVar[];
    for (const secret of SECRET_VARIABLES.filter((s) => s in schema)) {
      expect(env.find((v) => v.name === secret)).toEqual({ name: secret, valueFrom: { secretKeyRef: { name: 'datasync', key: secret } } });
    }
  });

  it('probes /health and /ready on the port the service listens on, routes its app serves', async () => {
    const { PORT, METRICS_PORT } = parseConfig(serviceSchema(name), environmentOf(deployment())) as { PORT: number; METRICS_PORT?: number };
    const c = container(deployment());
    // The APIs serve /metrics on a port of its own (the loader, never public, on its only one).
    const metrics = METRICS_PORT === undefined ? [] : [{ name: 'metrics', containerPort: METRICS_PORT }];
    expect(c.ports).toEqual([{ name: 'http', containerPort: PORT }, ...metrics]);
    expect(name === 'loader' || METRICS_PORT !== undefined).toBe(true);
    expect(at(c, 'livenessProbe', 'httpGet')).toEqual({ path: '/health', port: 'http' });
    expect(at(c, 'startupProbe', 'httpGet')).toEqual({ path: '/health', port: 'http' });
    expect(at(c, 'readinessProbe', 'httpGet')).toEqual({ path: '/ready', port: 'http' });
    // Every service builds its app on libs/http's createHttpApp, which serves both routes.
    const appSource = await import('node:fs/promises').then((fs) =>
      fs.readFile(path.join(repoRoot, 'services', name, 'src', 'app.ts'), 'utf8'),
    );
    expect(appSource).toContain('createHttpApp(');
    const { createHttpApp, Readiness } = httpModule();
    const app = createHttpApp({ logger: silentLogger(), readiness: new Readiness({ postgres: async () => undefined }) });
    await request(app).get('/health').expect(200);
    await request(app).get('/ready').expect(200);
  });

  it('runs as a non-root user on a read-only root filesystem without capabilities, with resources bounded', () => {
    expectHardened(deployment());
  });

  it('has a Service on its port and a PodDisruptionBudget', () => {
    const labels = at(podSpecParent(deployment()), 'metadata', 'labels') as Record<string, string>;
    const service = find(overlay, 'Service', name);
    expect(Object.entries(at(service, 'spec', 'selector') as object).every(([k, v]) => labels[k] === v)).toBe(true);
    expect(at(service, 'spec', 'ports', 0, 'targetPort')).toBe('http');
    const pdb = find(overlay, 'PodDisruptionBudget', name);
    expect(Object.entries(at(pdb, 'spec', 'selector', 'matchLabels') as object).every(([k, v]) => labels[k] === v)).toBe(true);
  });
});

const podSpecParent = (m: Manifest) => at(m, 'spec', 'template');

function expectHardened(workload: Manifest): void {
  const pod = podSpec(workload);
  expect(pod.automountServiceAccountToken).toBe(false);
  expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
  expect(at(pod, 'securityContext', 'runAsUser')).toBeGreaterThan(0);
  const c = container(workload);
  expect(c.securityContext).toEqual({ allowPrivilegeEscalation: false, readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
  for (const bound of ['requests', 'limits']) {
    expect(Object.keys(at(c, 'resources', bound) as object).sort()).toEqual(['cpu', 'memory']);
  }
  expect(c.volumeMounts).toEqual([{ name: 'tmp', mountPath: '/tmp' }]);
  expect(pod.volumes).toEqual([{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }]);
}

describe('the Redis Cluster overlay', () => {
  const overlay = 'overlays/example-redis-cluster';

  it('points every service at the same cluster nodes, with a configuration each accepts', () => {
    const nodes = DEPLOYMENTS.map((name) => {
      const environment = environmentOf(find(overlay, 'Deployment', name));
      const config = parseConfig(serviceSchema(name), environment) as { REDIS_CLUSTER_NODES: string; QUEUE_PREFIX: string };
      expect(config.QUEUE_PREFIX).toBe('{datasync}');
      return config.REDIS_CLUSTER_NODES;
    });
    expect(nodes[0]).toMatch(/^[^,]+:6379(,[^,]+:6379)+$/);
    expect(new Set(nodes).size).toBe(1);
  });

  it('keeps the rest of each Deployment as the example has it', () => {
    for (const name of DEPLOYMENTS) {
      const env = (container(find(overlay, 'Deployment', name)).env as EnvVar[]).filter((v) => v.name !== 'REDIS_CLUSTER_NODES');
      expect(env).toEqual(container(find('overlays/example-hpa', 'Deployment', name)).env);
    }
  });
});

describe('the migration', () => {
  const job = () => find('overlays/example/migrate', 'Job', 'migrate');

  it('is a Job of the migrate command with only the variables it knows', () => {
    expect(container(job()).args).toEqual(['migrate']);
    expect(at(job(), 'metadata', 'namespace')).toBe('datasync');
    const environment = environmentOf(job());
    expect(Object.keys(environment).filter((key) => !(key in migrateSchema()))).toEqual([]);
    expect(() => parseConfig(migrateSchema(), environment)).not.toThrow();
    expectHardened(job());
  });

  it('is not part of the services rollout, so applying them never hits an immutable Job', () => {
    for (const dir of ['base', 'overlays/example', 'overlays/example-hpa', 'overlays/example-redis-cluster']) {
      expect(render(dir).filter((m) => m.kind === 'Job')).toEqual([]);
    }
  });
});

describe('the Ingress', () => {
  it('leads to the two HTTP services only, by a Service port that exists', () => {
    const rules = at(find('overlays/example', 'Ingress', 'datasync'), 'spec', 'rules') as unknown[];
    const backends = rules.flatMap((rule) => (at(rule, 'http', 'paths') as unknown[]).map((p) => at(p, 'backend', 'service')));
    expect(backends).toEqual([
      { name: 'accounts-api', port: { name: 'http' } },
      { name: 'config-service', port: { name: 'http' } },
    ]);
  });

  it('serves accounts-api on the origin its Link URLs are built on, over TLS', () => {
    const ingress = find('overlays/example', 'Ingress', 'datasync');
    const host = at(ingress, 'spec', 'rules', 0, 'host') as string;
    expect(environmentOf(find('overlays/example', 'Deployment', 'accounts-api')).LINK_PUBLIC_URL).toBe(`https://${host}`);
    expect(at(ingress, 'spec', 'tls', 0, 'hosts')).toContain(host);
  });
});

describe('the NetworkPolicies', () => {
  const policies = () => render('overlays/example').filter((m) => m.kind === 'NetworkPolicy');

  it('deny everything by default to every datasync pod', () => {
    const deny = policies().find((p) => p.metadata.name === 'datasync-default-deny');
    expect(deny?.spec).toEqual({
      podSelector: { matchLabels: { 'app.kubernetes.io/part-of': 'datasync' } },
      policyTypes: ['Ingress', 'Egress'],
    });
    for (const workload of [...DEPLOYMENTS.map((d) => find('overlays/example', 'Deployment', d)), find('migrate', 'Job', 'migrate')]) {
      expect(at(podSpecParent(workload), 'metadata', 'labels', 'app.kubernetes.io/part-of')).toBe('datasync');
    }
  });

  it('open Postgres and Redis to every process, public addresses to the loader and config-service, the provider to accounts-api', () => {
    const egress = (name: string) =>
      at(
        policies().find((p) => p.metadata.name === name),
        'spec',
        'egress',
      ) as unknown[];
    expect(at(egress('datasync-dns-and-control-plane'), 1, 'ports')).toEqual([
      { protocol: 'TCP', port: 5432 },
      { protocol: 'TCP', port: 6379 },
    ]);
    expect(at(egress('datasync-provider-and-destinations'), 0, 'ports')).toBeUndefined();
    expect(at(egress('datasync-provider-and-destinations'), 0, 'to', 0, 'ipBlock', 'except')).toContain('169.254.0.0/16');
    expect(at(egress('datasync-accounts-api-provider'), 0, 'ports')).toEqual([{ protocol: 'TCP', port: 443 }]);
  });
});
