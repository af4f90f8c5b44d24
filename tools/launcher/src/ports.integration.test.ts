import net from 'node:net';
import { PortPicker, freePort, isPortFree } from './ports';

async function occupy(): Promise<{ port: number; close: () => Promise<void> }> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return { port, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

it('sees a port in use as taken', async () => {
  const taken = await occupy();
  try {
    expect(await isPortFree(taken.port, '127.0.0.1')).toBe(false);
  } finally {
    await taken.close();
  }
  expect(await isPortFree(taken.port, '127.0.0.1')).toBe(true);
});

it('gives the preferred port when free, another when taken, and never the same twice', async () => {
  const picker = new PortPicker('127.0.0.1');
  const preferred = await freePort('127.0.0.1');
  expect(await picker.pick(preferred)).toBe(preferred);
  const again = await picker.pick(preferred);
  expect(again).not.toBe(preferred);

  const taken = await occupy();
  try {
    const instead = await picker.pick(taken.port);
    expect([taken.port, preferred, again]).not.toContain(instead);
  } finally {
    await taken.close();
  }
});

it('treats 0 as any free port', async () => {
  const picker = new PortPicker('127.0.0.1');
  const port = await picker.pick(0);
  expect(port).toBeGreaterThan(0);
  expect(await isPortFree(port, '127.0.0.1')).toBe(true);
});
