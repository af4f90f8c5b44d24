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
  depends_on?: Record<string, { condition: string }>;
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

it('runs the stores, the one-shot migration, every service and two loaders', () => {
  expect(Object.keys(services).sort()).toEqual(
    ['accounts-api', 'config-service', 'loader', 'migrate', 'postgres', 'provider-emulator', 'redis'].sort(),
  );
  expect(services.loader?.deploy?.replicas).toBe(2);
  for (const name of ['config-service', 'accounts-api', 'loader']) {
    expect(services[name]?.depends_on?.migrate).toEqual({ condition: 'service_completed_successfully' });
  }
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
