import Joi from 'joi';
import { defineCatalog, defineJob } from '../defineCatalog';

export interface SegmentLoadPayload {
  runId: string;
  n: number;
}

export interface AccountAttachPayload {
  accountId: string;
}

/** A small catalog exercising the mechanism, with millisecond backoff to keep tests fast. */
export const testCatalog = defineCatalog({
  queues: ['lifecycle', 'backfill'],
  defaults: { attempts: 3, backoff: { type: 'exponential', delay: 10 } },
  jobs: {
    'account.attach': defineJob({
      queue: 'lifecycle',
      schema: Joi.object<AccountAttachPayload, true>({ accountId: Joi.string().uuid().required() }),
      jobId: (p) => `attach-${p.accountId}`,
    }),
    'segment.load': defineJob({
      queue: 'backfill',
      schema: Joi.object<SegmentLoadPayload, true>({
        runId: Joi.string().uuid().required(),
        n: Joi.number().integer().min(0).required(),
      }),
      jobId: (p) => `segment-${p.runId}-${p.n}`,
      options: { attempts: 2, removeOnComplete: { count: 5 }, removeOnFail: { count: 50 } },
    }),
  },
});

export type TestCatalog = typeof testCatalog;
