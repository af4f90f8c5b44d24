import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * `.data/demo.json`, for scripts and people. Sections are snake_case like the public JSON; later
 * issues add theirs (login, client credentials, source, a key to attach, a curl line) as new keys.
 */
export interface DemoInfo {
  generated_at: string;
  services: {
    provider_emulator: string;
    config_service: string;
    accounts_api: string;
    loaders: string[];
  };
  /** Prometheus metrics of the APIs (their own ports) and the loaders. */
  metrics?: string[];
  control_plane: { database_url: string; redis_url: string };
  destination?: { engine: 'postgres'; database: string; connection_string: string };
  [section: string]: unknown;
}

export const DEMO_FILE = 'demo.json';

export async function writeDemoFile(dataDir: string, demo: DemoInfo): Promise<string> {
  const file = path.join(dataDir, DEMO_FILE);
  // Written whole under another name, then renamed: a script polling for the file never reads half.
  const partial = `${file}.${process.pid}.tmp`;
  await fs.writeFile(partial, `${JSON.stringify(demo, null, 2)}\n`, { mode: 0o600 });
  await fs.rename(partial, file);
  return file;
}

export async function removeDemoFile(dataDir: string): Promise<void> {
  await fs.rm(path.join(dataDir, DEMO_FILE), { force: true });
}

const row = (label: string, value: string) => `  ${label.padEnd(19)}${value}`;

/** The banner printed once everything is up. */
export function describeDemo(demo: DemoInfo, file: string): string {
  const lines = [
    '',
    'datasync is running. Ctrl-C stops everything.',
    '',
    row('accounts-api', demo.services.accounts_api),
    row('config-service', demo.services.config_service),
    row('provider-emulator', demo.services.provider_emulator),
    ...demo.services.loaders.map((url, i) => row(`loader-${i + 1}`, url)),
  ];
  if (demo.metrics) lines.push('', ...demo.metrics.map((url, i) => row(i === 0 ? 'metrics' : '', url)));
  if (demo.destination) lines.push('', row('demo destination', demo.destination.connection_string));
  const dashboard = demo.dashboard as { url: string; email: string; password: string } | undefined;
  if (dashboard) lines.push(row('dashboard login', `${dashboard.email} / ${dashboard.password} at ${dashboard.url}`));
  if (typeof demo.curl === 'string') lines.push('', 'Attach the demo provider account (loading starts at once):', `  ${demo.curl}`);
  const links = demo.links as { sync_accounts: string; api_docs: string } | undefined;
  if (links) {
    lines.push('', row('watch it load', `${links.sync_accounts}  (the demo sync's Accounts tab)`), row('API docs', links.api_docs));
  }
  lines.push('', `Details for scripts: ${file}`, '');
  return lines.join('\n');
}
