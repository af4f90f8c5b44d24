import type http from 'node:http';
import type { Express } from 'express';
import type { Logger } from '@datasync/logger';
import type { Readiness } from './readiness';
import { boundPort, installShutdown, listen } from './serve';

export interface StartServiceOptions {
  app: Express;
  port: number;
  host: string;
  logger: Logger;
  readiness: Readiness;
  /** Closed in order after the last in-flight request: workers first, then pools. */
  closers: (() => Promise<unknown>)[];
}

/** The tail of every service's main: listen, announce, and stop gracefully on SIGTERM/SIGINT. */
export async function startService(options: StartServiceOptions): Promise<http.Server> {
  const { app, port, host, logger, readiness, closers } = options;
  const server = await listen(app, port, host);
  installShutdown({ logger, readiness, servers: [server], closers });
  logger.info('listening', { url: `http://${host === '0.0.0.0' ? '127.0.0.1' : host}:${boundPort(server)}` });
  return server;
}
