// A minimal service for the graceful-shutdown test: GET /slow answers after SLOW_MS. With
// `hanging-closer` as second argument, one of its closers never finishes and a timer keeps the
// process alive, like a queue worker waiting for a Redis that is gone.
import { createLogger } from '@datasync/logger';
import { createHttpApp, finishHttpApp, mountRoutes, Readiness, startService } from '../index';

const logger = createLogger({ service: 'slow-service', level: 'warn' });
const readiness = new Readiness();
const app = createHttpApp({ logger, readiness });
const slowMs = Number(process.argv[2] ?? 1500);
mountRoutes(app, [
  {
    method: 'get',
    path: '/slow',
    handlers: [
      async (_req, res) => {
        await new Promise((resolve) => setTimeout(resolve, slowMs));
        res.json({ done: true });
      },
    ],
  },
]);
finishHttpApp(app, logger);
const hanging = process.argv[3] === 'hanging-closer';
if (hanging) setInterval(() => undefined, 1000);
const closers = hanging ? [() => new Promise<never>(() => undefined)] : [];
void startService({ app, port: 0, host: '127.0.0.1', logger, readiness, closers }).then((server) => {
  const address = server.address();
  if (address && typeof address === 'object') process.stdout.write(`PORT=${address.port}\n`);
});
