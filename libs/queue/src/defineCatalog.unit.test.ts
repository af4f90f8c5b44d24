import Joi from 'joi';
import { defaultJobOptions, defineCatalog, defineJob } from './defineCatalog';
import { CatalogError, InvalidJobPayloadError } from './errors';
import { jobCatalog } from './jobCatalog';
import { deriveJobId, validatePayload } from './jobPayload';
import { testCatalog } from './testing/testCatalog';

const runId = '5b0c8f6e-2f0e-4c4a-9a52-3f1f3c2b9d10';
const idOnly = Joi.object<{ id: string }, true>({ id: Joi.string().required() });

describe('defineCatalog', () => {
  it('holds the permanent queues of docs/queues.md in production', () => {
    expect(jobCatalog.queues).toEqual(['lifecycle', 'backfill', 'incremental', 'maintenance', 'webhooks']);
  });

  it('merges library defaults, catalog defaults and job options', () => {
    expect(testCatalog.jobOptions['account.attach']).toEqual({
      attempts: 3,
      backoff: { type: 'exponential', delay: 10 },
      removeOnComplete: defaultJobOptions.removeOnComplete,
      removeOnFail: defaultJobOptions.removeOnFail,
    });
    expect(testCatalog.jobOptions['segment.load']).toEqual({
      attempts: 2,
      backoff: { type: 'exponential', delay: 10 },
      removeOnComplete: { count: 5 },
      removeOnFail: { count: 50 },
    });
  });

  it('keeps more failed jobs than completed ones by default', () => {
    expect(defaultJobOptions.removeOnFail.count).toBeGreaterThan(defaultJobOptions.removeOnComplete.count);
  });

  it.each([
    ['a job name that is not domain.verb', { reconcile: defineJob({ queue: 'q', schema: idOnly, jobId: (p) => p.id }) }, /domain\.verb/],
    [
      'a job in an unknown queue',
      { 'a.b': defineJob({ queue: 'other' as 'q', schema: idOnly, jobId: (p) => p.id }) },
      /unknown queue other/,
    ],
    [
      'removeOnFail not above removeOnComplete',
      {
        'a.b': defineJob({
          queue: 'q',
          schema: idOnly,
          jobId: (p) => p.id,
          options: { removeOnFail: { count: 10 }, removeOnComplete: { count: 10 } },
        }),
      },
      /removeOnFail must keep more/,
    ],
    ['zero attempts', { 'a.b': defineJob({ queue: 'q', schema: idOnly, jobId: (p) => p.id, options: { attempts: 0 } }) }, /attempts/],
  ])('refuses %s', (_what, jobs, message) => {
    expect(() => defineCatalog({ queues: ['q'], jobs })).toThrow(message);
    expect(() => defineCatalog({ queues: ['q'], jobs })).toThrow(CatalogError);
  });

  it('refuses a queue name BullMQ would split', () => {
    expect(() => defineCatalog({ queues: ['a:b'], jobs: {} })).toThrow(CatalogError);
  });
});

describe('payloads and job ids', () => {
  it('derives the same id from the same payload', () => {
    expect(deriveJobId(testCatalog, 'segment.load', { runId, n: 3 })).toBe(`segment-${runId}-3`);
  });

  it('refuses ids with a colon or that look like integers', () => {
    const catalog = defineCatalog({
      queues: ['q'],
      jobs: { 'a.b': defineJob({ queue: 'q', schema: idOnly, jobId: (p) => p.id }) },
    });
    expect(() => deriveJobId(catalog, 'a.b', { id: 'x:y' })).toThrow(CatalogError);
    expect(() => deriveJobId(catalog, 'a.b', { id: '42' })).toThrow(CatalogError);
    expect(() => deriveJobId(catalog, 'a.b', { id: '' })).toThrow(CatalogError);
  });

  it('lists every problem of an invalid payload and refuses unknown keys', () => {
    let caught: unknown;
    try {
      validatePayload(testCatalog, 'segment.load', { runId: 'nope', n: -1, secret: 'sk_test_x' });
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(InvalidJobPayloadError);
    const error = caught as InvalidJobPayloadError;
    expect(error.jobName).toBe('segment.load');
    expect(error.problems).toEqual(['"runId" must be a valid GUID', '"n" must be greater than or equal to 0', '"secret" is not allowed']);
  });

  it('does not convert: a numeric string is not a number', () => {
    expect(() => validatePayload(testCatalog, 'segment.load', { runId, n: '1' })).toThrow(InvalidJobPayloadError);
    expect(validatePayload(testCatalog, 'segment.load', { runId, n: 1 })).toEqual({ runId, n: 1 });
  });
});
