import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startEmulator, type TestEmulator } from './emulator';
import { waitFor } from './waitFor';

// From /proc rather than kill(pid, 0): an orphan that exited stays a zombie where nothing reaps it.
function isRunning(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

describe('startEmulator', () => {
  let emulator: TestEmulator | undefined;

  afterEach(async () => {
    await emulator?.stop();
    emulator = undefined;
  });

  it('serves a small account by default, counts its requests, and is gone after stop', async () => {
    emulator = await startEmulator();
    const account = await emulator.createAccount({ business_name: 'Helper Co' });
    const view = await emulator.admin<{ business_name: string; objects: Record<string, number> }>('GET', `/accounts/${account.id}`);
    expect(view.business_name).toBe('Helper Co');
    expect(view.objects).toMatchObject({ charges: 5 });

    const response = await fetch(`${emulator.baseUrl}/v1/charges?limit=1`, { headers: { authorization: `Bearer ${account.secret_key}` } });
    expect(response.status).toBe(200);
    expect(await emulator.requestsServed(account.id)).toBe(1);

    const { pid } = emulator;
    await emulator.stop();
    expect(isRunning(pid)).toBe(false);
  });

  it('fails at once with the emulator output when the emulator cannot start', async () => {
    const started = Date.now();
    await expect(startEmulator({ env: { EMULATOR_RATE_LIMIT: 'lots' } })).rejects.toThrow(/exited \(code 1.*EMULATOR_RATE_LIMIT/s);
    // Well under the 30 s readiness timeout: the exit is noticed, not waited out.
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('does not outlive a test process that dies without stopping it', async () => {
    const parent = spawn(
      process.execPath,
      [
        '-r',
        path.resolve(__dirname, '../register.js'),
        '-e',
        `require(${JSON.stringify(path.join(__dirname, 'emulator.ts'))}).startEmulator().then((e) => console.log(e.pid))`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    let stdout = '';
    parent.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    const emulatorPid = await waitFor(() => Number(stdout.trim()), {
      description: 'the parent to print the emulator pid',
      timeoutMs: 30_000,
    });
    expect(isRunning(emulatorPid)).toBe(true);

    parent.kill('SIGKILL');
    await waitFor(() => !isRunning(emulatorPid), { description: 'the orphaned emulator to stop itself', timeoutMs: 10_000 });
  });
});
