import type { Express } from 'express';
import { createHttpApp, finishHttpApp, type Readiness } from '@datasync/http';
import type { Logger } from '@datasync/logger';

export interface LoaderAppDeps {
  logger: Logger;
  readiness: Readiness;
}

/** The loader's small HTTP side: health and readiness for the orchestrator. Never listens. */
export function createApp(deps: LoaderAppDeps): Express {
  const app = createHttpApp({ logger: deps.logger, readiness: deps.readiness });
  return finishHttpApp(app, deps.logger);
}
