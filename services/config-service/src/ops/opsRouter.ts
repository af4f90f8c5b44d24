import express, { type Express, type RequestHandler } from 'express';
import type { Auth } from '@datasync/auth';
import { ServiceUnavailableError } from '@datasync/errors';
import { waitForReady, type RedisConnection } from '@datasync/queue';
import type { OpsDashboard } from './opsDashboard';
import { opsGate } from './opsGate';
import { opsHeaders } from './opsHeaders';
import { noRemoteFonts } from './noRemoteFonts';
import type { OpsRole } from './opsRoles';
import { queueBoard } from './queueBoard';

export const OPS_BASE = '/ops/queues';

// Express apps, not routers: bull-board's adapter is an app, and an app mounted with app.use
// gets its request back unchanged when it passes the request on.
function subApp(): Express {
  const app = express();
  app.disable('x-powered-by');
  return app;
}

function onlyFor(role: OpsRole, board: Express): Express {
  const app = subApp();
  app.use((_req, res, next) => (res.locals.opsRole === role ? next() : next('router')));
  app.use(board);
  return app;
}

// A BullMQ call waits without limit for a connection that has never been ready: answer at once.
function redisReady(connection: RedisConnection): RequestHandler {
  return async (_req, _res, next) => {
    if (!(await waitForReady(connection, 1_000)))
      throw new ServiceUnavailableError('The queues cannot be reached right now (Redis). Retry shortly.');
    next();
  };
}

/** The queue dashboard, to mount at OPS_BASE: operators get the full board, viewers a read-only one, everyone else the app's 404. */
export function opsRouter(auth: Auth, ops: OpsDashboard): Express {
  const app = subApp();
  app.use(opsGate(auth, ops.roles));
  app.use(opsHeaders());
  app.use(noRemoteFonts());
  app.use(redisReady(ops.connection));
  app.use(onlyFor('operator', queueBoard(ops.queues, { basePath: OPS_BASE, readOnly: false })));
  app.use(onlyFor('viewer', queueBoard(ops.queues, { basePath: OPS_BASE, readOnly: true })));
  return app;
}
