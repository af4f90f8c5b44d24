import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Express } from 'express';
import type { Logger } from '@datasync/logger';
import type { Readiness } from './readiness';

export async function listen(app: Express, port: number, host = '0.0.0.0'): Promise<http.Server> {
  const server = http.createServer(app);
  // Below a load balancer's idle timeout would cut requests mid-flight; above it, fine.
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return server;
}

export function boundPort(server: http.Server): number {
  return (server.address() as AddressInfo).port;
}

export interface ShutdownOptions {
  logger: Logger;
  readiness: Readiness;
  servers: http.Server[];
  /** Closed in order once no request is in flight: workers, then pools. */
  closers: (() => Promise<unknown>)[];
  /**
   * Hard bound: 1.5 s before it, remaining connections are cut; at it, a stop still waiting (a
   * closer whose dependency is gone: a queue worker cannot close while Redis is unreachable)
   * is given up and the process exits 1.
   */
  timeoutMs?: number;
  exit?: (code: number) => void;
}

/**
 * Graceful stop on SIGTERM/SIGINT: unready → stop accepting and let in-flight requests finish →
 * close workers and pools → exit 0, all within `timeoutMs`.
 */
export function installShutdown(options: ShutdownOptions): () => Promise<void> {
  const { logger, readiness, servers, closers, timeoutMs = 10_000, exit = (code) => process.exit(code) } = options;
  let stopping: Promise<void> | undefined;

  const stop = (): Promise<void> => {
    stopping ??= (async () => {
      logger.info('shutting down');
      readiness.startDraining();
      const hardStop = setTimeout(
        () => {
          logger.warn('shutdown timed out; cutting remaining connections');
          for (const server of servers) server.closeAllConnections();
        },
        Math.max(0, timeoutMs - 1500),
      );
      hardStop.unref();
      const giveUp = setTimeout(() => {
        logger.error('shutdown did not finish within its bound; exiting without it');
        exit(1);
      }, timeoutMs);
      giveUp.unref();
      await Promise.all(servers.map((server) => closeServer(server)));
      for (const close of closers) {
        try {
          await close();
        } catch (err) {
          logger.warn('error while closing a dependency', { err });
        }
      }
      clearTimeout(hardStop);
      clearTimeout(giveUp);
      logger.info('stopped');
    })();
    return stopping;
  };

  const onSignal = (signal: NodeJS.Signals) => {
    logger.info('signal received', { signal });
    void stop().then(() => exit(0));
  };
  process.once('SIGTERM', onSignal);
  process.once('SIGINT', onSignal);
  return stop;
}

function closeServer(server: http.Server): Promise<void> {
  return new Promise((resolve) => {
    if (!server.listening) return resolve();
    // close() stops accepting and closes the keep-alive sockets idle right now; a socket whose
    // request is still in flight becomes idle only after its response, so keep sweeping.
    const sweep = setInterval(() => server.closeIdleConnections(), 50);
    server.close(() => {
      clearInterval(sweep);
      resolve();
    });
    server.closeIdleConnections();
  });
}
