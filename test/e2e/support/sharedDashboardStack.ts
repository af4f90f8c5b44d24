import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startDashboardStack, type DashboardStack } from './dashboardStack';

// One dashboard stack (emulator, config-service, loader) for every dashboard test file of an e2e
// run, started once by the e2e project's globalSetup (tools/jest/e2eSetup.js) instead of once per
// file. The files can share it because none of them stops, restarts or reconfigures a process:
// each signs up a tenant of its own in the browser and creates its own provider accounts, so what
// one file does is invisible to the others. A file run outside that setup starts a stack of its own.

const ENV = 'E2E_SHARED_DASHBOARD_STACK';

/** The test files that use the shared stack: the setup starts it only when one of them may run. */
export const SHARED_DASHBOARD_FILES = [
  'dashboard.e2e.test.ts',
  'dashboardAccess.e2e.test.ts',
  'dashboardErrors.e2e.test.ts',
  'dashboardS3.e2e.test.ts',
  'dashboardSignedOut.e2e.test.ts',
  'dashboardWebhooks.e2e.test.ts',
];

interface SharedStackAddress {
  emulatorUrl: string;
  configServiceUrl: string;
  loaderLog: string;
}

/**
 * Starts the shared stack and publishes its addresses in this process's environment, which jest's
 * workers inherit. Returns what stops it.
 */
export async function startSharedDashboardStack(): Promise<() => Promise<void>> {
  const logDir = await mkdtemp(path.join(os.tmpdir(), 'datasync-e2e-dashboard-'));
  const loaderLog = path.join(logDir, 'loader.log');
  // Every file signs up from 127.0.0.1 through this one config-service: the per-address sign-up
  // limit (20 an hour) would count all of them together.
  const stack = await startDashboardStack({ extraEnv: { SIGNUPS_PER_ADDRESS_PER_HOUR: '1000' }, loaderLog });
  const address: SharedStackAddress = { emulatorUrl: stack.emulator.url, configServiceUrl: stack.configService.url, loaderLog };
  process.env[ENV] = JSON.stringify(address);
  return async () => {
    delete process.env[ENV];
    await stack.stop();
    await rm(logDir, { recursive: true, force: true });
  };
}

/** The run's shared stack when the e2e setup started one; otherwise a stack of this file's own. */
export async function dashboardStack(): Promise<DashboardStack> {
  const published = process.env[ENV];
  if (!published) return startDashboardStack();
  const address = JSON.parse(published) as SharedStackAddress;
  return {
    emulator: { url: address.emulatorUrl },
    configService: { url: address.configServiceUrl },
    loader: { output: () => readFileSync(address.loaderLog, 'utf8').slice(-8000) },
    async createProviderAccount(objects = { charges: 40 }) {
      const response = await fetch(`${address.emulatorUrl}/_emulator/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ objects }),
      });
      if (!response.ok) throw new Error(`POST /_emulator/accounts answered ${response.status}: ${await response.text()}`);
      return (await response.json()) as { id: string; secret_key: string; client_id: string };
    },
    // The setup that started it stops it, after the last file.
    stop: async () => undefined,
  };
}
