import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'yaml';
import { parseConfig } from '@datasync/config';
import { repoRoot } from './config';
import { requiredVariables } from './docs/envTable';
import { SERVICES, migrateSchema, serviceSchema } from './docs/serviceSchemas';

// Docker cannot run here, so the compose file is checked against the code it starts: the
// services' config schemas, their ports, and the image's entrypoint.

interface ComposeService {
  image?: string;
  command?: string[];
  environment?: Record<string, string | number | boolean>;
  ports?: string[];
  deploy?: { replicas?: number };
  depends_on?: Record<string, { condition: string }> | string[];
  profiles?: string[];
  volumes?: string[];
}

let services: Record<string, ComposeService>;

beforeAll(async () => {
  const text = await fs.readFile(path.join(repoRoot, 'docker-compose.yml'), 'utf8');
  services = (parse(text, { merge: true }) as { services: Record<string, ComposeService> }).services;
});

/** Values a user must give (`${VAR:?message}` in the file), as a user would give them. */
const USER_SUPPLIED: Record<string, string> = {
  SECRETS_MASTER_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
};

/** Compose's interpolation as it resolves with only the user-supplied values set in the shell. */
const interpolate = (value: string | number | boolean) =>
  String(value)
    .replace(/\$\{([A-Z0-9_]+):-([^}]*)\}/g, (_m, _name: string, fallback: string) => fallback)
    .replace(/\$\{([A-Z0-9_]+):\?[^}]*\}/g, (_m, name: string) => {
      const supplied = USER_SUPPLIED[name];
      if (supplied === undefined) throw new Error(`no sample value for the required \${${name}} in docker-compose.yml`);
      return supplied;
    });

const environmentOf = (name: string) =>
  Object.fromEntries(Object.entries(services[name]?.environment ?? {}).map(([k, v]) => [k, interpolate(v)]));

const processes = [...SERVICES.map((name) => ({ name, schema: () => serviceSchema(name) })), { name: 'migrate', schema: migrateSchema }];

it('runs the stores, the one-shot migration, every service and two loaders; Prometheus and Grafana on demand', () => {
  expect(Object.keys(services).sort()).toEqual(
    ['accounts-api', 'config-service', 'grafana', 'loader', 'migrate', 'postgres', 'prometheus', 'provider-emulator', 'redis'].sort(),
  );
  expect(services.loader?.deploy?.replicas).toBe(2);
  for (const name of ['config-service', 'accounts-api', 'loader']) {
    expect((services[name]?.depends_on as Record<string, unknown>).migrate).toEqual({ condition: 'service_completed_successfully' });
  }
  const profiled = Object.entries(services).filter(([, s]) => s.profiles !== undefined);
  expect(Object.fromEntries(profiled.map(([name, s]) => [name, s.profiles]))).toEqual({
    prometheus: ['observability'],
    grafana: ['observability'],
  });
});

describe('the observability profile', () => {
  /** A compose volume `./host/path:/container/path:ro` as [host path, container path]. */
  const mounts = (name: string) =>
    (services[name]?.volumes ?? []).filter((v) => v.startsWith('./')).map((v) => v.split(':') as [string, string, string?]);

  it('mounts files that exist, the scrape configuration where Prometheus is told to read it', () => {
    for (const name of ['prometheus', 'grafana']) {
      for (const [host] of mounts(name)) expect(existsSync(path.join(repoRoot, host))).toBe(true);
    }
    const config = (services.prometheus?.command ?? []).find((a) => a.startsWith('--config.file='))?.split('=')[1];
    expect(mounts('prometheus')).toContainEqual(['./deploy/observability/prometheus-compose.yml', config, 'ro']);
    // The rule file is named relative to the configuration, so it must sit beside it.
    expect(mounts('prometheus')).toContainEqual([
      './deploy/observability/alerts.yml',
      path.join(path.dirname(config ?? ''), 'alerts.yml'),
      'ro',
    ]);
  });

  it("scrapes the loaders and both APIs at the ports they serve /metrics on, never the APIs' public ones", async () => {
    const scrape = parse(await fs.readFile(path.join(repoRoot, 'deploy', 'observability', 'prometheus-compose.yml'), 'utf8')) as {
      scrape_configs: { job_name: string; dns_sd_configs: { names: string[]; port: number }[] }[];
    };
    const targets = Object.fromEntries(scrape.scrape_configs.map((c) => [c.job_name, c.dns_sd_configs[0]]));
    const configOf = (name: string) =>
      parseConfig(serviceSchema(name as 'loader'), environmentOf(name)) as { PORT: number; METRICS_PORT?: number };
    expect(targets).toEqual({
      'datasync-loader': { names: ['loader'], port: configOf('loader').PORT, type: 'A', refresh_interval: '30s' },
      'datasync-accounts-api': { names: ['accounts-api'], port: configOf('accounts-api').METRICS_PORT, type: 'A', refresh_interval: '30s' },
      'datasync-config-service': {
        names: ['config-service'],
        port: configOf('config-service').METRICS_PORT,
        type: 'A',
        refresh_interval: '30s',
      },
    });
    for (const api of ['accounts-api', 'config-service']) {
      expect(configOf(api).METRICS_PORT).not.toBe(configOf(api).PORT);
      // No host port for the metrics listener: only the compose network reaches it.
      expect((services[api]?.ports ?? []).map((p) => Number(p.split(':').at(-1)))).not.toContain(configOf(api).METRICS_PORT);
    }
  });

  it('provisions Grafana with the dashboard file and the compose Prometheus', async () => {
    const provisioning = mounts('grafana').find(([host]) => host.endsWith('/provisioning'));
    expect(provisioning?.[1]).toBe('/etc/grafana/provisioning');
    const providers = parse(
      await fs.readFile(path.join(repoRoot, 'deploy', 'observability', 'grafana', 'provisioning', 'dashboards', 'datasync.yml'), 'utf8'),
    ) as { providers: { options: { path: string } }[] };
    const dashboard = mounts('grafana').find(([host]) => host.endsWith('grafana-dashboard.json'));
    expect(path.dirname(dashboard?.[1] ?? '')).toBe(providers.providers[0]?.options.path);
    const datasources = parse(
      await fs.readFile(path.join(repoRoot, 'deploy', 'observability', 'grafana', 'provisioning', 'datasources', 'prometheus.yml'), 'utf8'),
    ) as { datasources: { url: string }[] };
    expect(datasources.datasources[0]?.url).toBe('http://prometheus:9090');
    expect(services.prometheus?.ports).toEqual(['9090:9090']);
  });
});

it('keeps Redis durable and never evicting jobs', () => {
  const command = (services.redis?.command ?? []).join(' ');
  expect(command).toContain('--appendonly yes');
  expect(command).toContain('--maxmemory-policy noeviction');
});

describe.each(processes)('$name', ({ name, schema }) => {
  it('sets only variables its config schema knows, and every required one', () => {
    const environment = environmentOf(name);
    const known = Object.keys(schema());
    expect(Object.keys(environment).filter((key) => !known.includes(key))).toEqual([]);
    expect(requiredVariables(schema()).filter((key) => !(key in environment))).toEqual([]);
    // Values too: the service would exit 1 at start on any of these.
    expect(() => parseConfig(schema(), environment)).not.toThrow();
  });

  it('publishes exactly the port the service listens on', () => {
    const ports = services[name]?.ports ?? [];
    if (ports.length === 0) return;
    const config = parseConfig(schema(), environmentOf(name)) as { PORT?: number };
    expect(ports.map((p) => Number(p.split(':').at(-1)))).toEqual([config.PORT]);
  });

  it('is started by the image entrypoint from a program that exists', async () => {
    const command = services[name]?.command;
    expect(command).toEqual([name]);
    const program = await entrypointProgram(name);
    const source = program.replace(/\/dist\/(.*)\.js$/, '/src/$1.ts');
    expect(existsSync(path.join(repoRoot, source))).toBe(true);
  });
});

it('rejects an unknown process name in the entrypoint', async () => {
  await expect(entrypointProgram('nonsense')).rejects.toMatchObject({ code: 64 });
});

/** What deploy/entrypoint.sh would run for `service`, with `node` replaced by an echo. */
async function entrypointProgram(service: string): Promise<string> {
  const bin = await fs.mkdtemp(path.join(os.tmpdir(), 'entrypoint-'));
  try {
    await fs.writeFile(path.join(bin, 'node'), '#!/bin/sh\necho "$@"\n', { mode: 0o755 });
    const { stdout } = await promisify(execFile)('sh', [path.join(repoRoot, 'deploy', 'entrypoint.sh'), service], {
      cwd: repoRoot,
      env: { PATH: `${bin}:/usr/bin:/bin` },
    });
    return stdout.trim();
  } finally {
    await fs.rm(bin, { recursive: true, force: true });
  }
}
