import net from 'node:net';

/** A TCP pass-through that can be switched off (the target looks unreachable) and on again. */
export interface SwitchableProxy {
  port: number;
  /** Drops every open connection and resets new ones until `up`. */
  down(): void;
  up(): void;
  close(): Promise<void>;
}

export async function startSwitchableProxy(host: string, port: number): Promise<SwitchableProxy> {
  const sockets = new Set<net.Socket>();
  let isUp = true;
  const server = net.createServer((client) => {
    if (!isUp) {
      client.destroy();
      return;
    }
    const upstream = net.connect(port, host);
    for (const [socket, peer] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(socket);
      // As a network link does: one side gone (ended, reset, or its process killed) ends the
      // other. pipe() alone ends the peer only on a clean end, not on a reset, so a killed
      // loader's Postgres session would stay open, holding its transaction's locks.
      socket.on('close', () => {
        sockets.delete(socket);
        peer.destroy();
      });
      socket.on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    down() {
      isUp = false;
      for (const socket of sockets) socket.destroy();
    },
    up() {
      isUp = true;
    },
    async close() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of sockets) socket.destroy();
      await closed;
    },
  };
}
