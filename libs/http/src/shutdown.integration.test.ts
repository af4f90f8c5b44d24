import { spawn } from 'node:child_process';
import path from 'node:path';

// Runs the built fixture (npm test builds before testing), as a real process receiving SIGTERM.
const fixture = path.resolve(__dirname, '../dist/testing/slowService.js');

describe('graceful shutdown', () => {
  it('completes in-flight requests, refuses new ones and exits 0 within 10 s', async () => {
    const child = spawn(process.execPath, [fixture, '1500'], { stdio: ['ignore', 'pipe', 'inherit'] });
    const port = await new Promise<number>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        const match = /PORT=(\d+)/.exec(chunk.toString());
        if (match) resolve(Number(match[1]));
      });
      child.once('exit', (code) => reject(new Error(`fixture exited early with ${code}`)));
    });
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
});
