import net from 'node:net';

/** True when nothing listens on host:port right now. */
export function isPortFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** A port the OS considers free now. Another process could still take it before we bind it. */
export function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen({ port: 0, host, exclusive: true }, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Hands out ports: the preferred one when it is free and not already handed out, else a free
 * one. 0 means "any free port", so tests can run beside a developer's `npm start`.
 */
export class PortPicker {
  private readonly taken = new Set<number>();

  constructor(private readonly host: string) {}

  async pick(preferred: number): Promise<number> {
    if (preferred > 0 && !this.taken.has(preferred) && (await isPortFree(preferred, this.host))) {
      return this.take(preferred);
    }
    for (;;) {
      const port = await freePort(this.host);
      if (!this.taken.has(port)) return this.take(port);
    }
  }

  private take(port: number): number {
    this.taken.add(port);
    return port;
  }
}
