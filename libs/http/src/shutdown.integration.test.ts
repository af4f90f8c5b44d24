import { spawn } from 'node:child_process';
import path from 'node:path';

// Runs the built fixture (npm test builds before testing), as a real process receiving SIGTERM.
const fixture = path.resolve(__dirname, '../dist/testing/slowService.js');

function startFixture(args: string[]) {
  const child = spawn(process.execPath, [fixture, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const port = new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /PORT=(\d+)/.exec(chunk.toString());
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', (code) => reject(new Error(`fixture exited early with ${code}`)));
  });
  return { child, port };
}

describe('graceful shutdown', () => {
  it('completes in-flight requests, refuses new ones and exits 0 within 10 s', async () => {
    const { child, port: started } = startFixture(['1500']);
    const port = await started;
    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, at: Date.now() })),
    );

    const inFlight = fetch(`http://127.0.0.1:${port}/slow`).then(async (res) => ({ status: res.status, body: await res.json() }));
    await new Promise((resolve) => setTimeout(resolve, 200)); // let the request reach the handler
    const signalledAt = Date.now();
    child.kill('SIGTERM');

    await expect(inFlight).resolves.toEqual({ status: 200, body: { done: true } });
    const { code, at } = await exited;
    expect(code).toBe(0);
    expect(at - signalledAt).toBeLessThan(10_000);
    await expect(fetch(`http://127.0.0.1:${port}/health`)).rejects.toThrow();
  });

  it('exits 1 at its bound when a dependency never finishes closing', async () => {
    const { child, port } = startFixture(['10', 'hanging-closer']);
    await port;
    let logged = '';
    child.stdout.on('data', (chunk: Buffer) => (logged += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const signalledAt = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(1);
    expect(Date.now() - signalledAt).toBeLessThan(12_000);
    expect(logged).toContain('shutdown did not finish within its bound');
  });
});
