import type { Express } from 'express';
import { createHttpApp, finishHttpApp, type Readiness } from '@datasync/http';
import type { Logger } from '@datasync/logger';

export interface AccountsApiDeps {
  logger: Logger;
  readiness: Readiness;
  bodyLimit: string;
}

/** The public Accounts API (spec §4). Builds the app; never listens. */
export function createApp(deps: AccountsApiDeps): Express {
  const app = createHttpApp({ logger: deps.logger, readiness: deps.readiness, bodyLimit: deps.bodyLimit });
  return finishHttpApp(app, deps.logger);
}
