import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/**
 * What one machine's `npm start` must remember between runs: data encrypted with the master
 * key and the Postgres cluster's password outlive a restart, and the Postgres port should too,
 * because connection strings stored in the demo point at it.
 */
export interface LocalState {
  postgresPassword: string;
  postgresPort?: number;
  secretsMasterKeys: string;
  demoDestinationPassword: string;
  /** The demo user's dashboard password, printed in the banner and demo.json. */
  demoLoginPassword: string;
}

const FILE = 'local.json';

const secret = () => randomBytes(18).toString('base64url');

export async function loadLocalState(dataDir: string): Promise<LocalState> {
  const stored = await readJson(path.join(dataDir, FILE));
  const state: LocalState = {
    postgresPassword: typeof stored.postgresPassword === 'string' ? stored.postgresPassword : secret(),
    postgresPort: typeof stored.postgresPort === 'number' ? stored.postgresPort : undefined,
    secretsMasterKeys: typeof stored.secretsMasterKeys === 'string' ? stored.secretsMasterKeys : `k1:${randomBytes(32).toString('base64')}`,
    demoDestinationPassword: typeof stored.demoDestinationPassword === 'string' ? stored.demoDestinationPassword : secret(),
    demoLoginPassword: typeof stored.demoLoginPassword === 'string' ? stored.demoLoginPassword : secret(),
  };
  await saveLocalState(dataDir, state);
  return state;
}

export async function saveLocalState(dataDir: string, state: LocalState): Promise<void> {
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(path.join(dataDir, FILE), `${JSON.stringify(state, null, 2)}\n`, { mode: 0o600 });
}

async function readJson(file: string): Promise<Record<string, unknown>> {
  try {
    return JSON.parse(await fs.readFile(file, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw err;
  }
}
