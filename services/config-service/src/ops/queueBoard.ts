import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import type { Express } from 'express';
import { jobNamesByQueue } from './catalogQueues';
import { restrictJobView } from './jobView';

/**
 * One bull-board over the queues: counts by state, jobs (payload, attempts, errors, timings),
 * and, unless read-only, retry, promote and clean. bull-board's read-only mode is per board, so
 * each role gets a board of its own over the same queues.
 */
export function queueBoard(queues: readonly Queue[], options: { basePath: string; readOnly: boolean }): Express {
  const jobNames = jobNamesByQueue();
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(options.basePath);
  createBullBoard({
    queues: queues.map((queue) => {
      const names = jobNames.get(queue.name) ?? [];
      const adapter = new BullMQAdapter(queue, { readOnlyMode: options.readOnly, description: names.join(', ') });
      restrictJobView(adapter, names);
      return adapter;
    }),
    serverAdapter,
    options: {
      uiConfig: {
        boardTitle: 'datasync queues',
        hideDocsLink: true,
        miscLinks: [{ text: 'Dashboard', url: '/dashboard/' }],
        ...(options.readOnly ? { environment: { label: 'read-only', color: '#5b6b7f', textColor: '#ffffff' } } : {}),
      },
    },
  });
  const board = serverAdapter.getRouter() as Express;
  board.disable('x-powered-by');
  return board;
}
