import { isAllowedChange } from './opsActions';

describe("the operators' changes", () => {
  it.each([
    '/api/queues/lifecycle/retry/failed',
    '/api/queues/lifecycle/clean/completed',
    '/api/queues/backfill/promote',
    '/api/queues/lifecycle/attach-0b7c6f7e/retry',
    '/api/queues/lifecycle/attach-0b7c6f7e/clean',
    '/api/queues/lifecycle/resync-0b7c6f7e/promote',
    '/api/queues/pause',
    '/api/queues/resume',
    '/api/queues/lifecycle/pause',
    '/api/queues/lifecycle/resume',
  ])('allow PUT %s', (path) => {
    expect(isAllowedChange('PUT', path)).toBe(true);
  });

  it.each([
    ['POST', '/api/queues/lifecycle/add'],
    ['PUT', '/api/queues/lifecycle/empty'],
    ['PUT', '/api/queues/lifecycle/obliterate'],
    ['PUT', '/api/queues/lifecycle/concurrency'],
    ['PUT', '/api/queues/lifecycle/rate-limit'],
    ['PUT', '/api/queues/lifecycle/rate-limit/release'],
    ['PUT', '/api/queues/incremental/job-schedulers/poll-1/run'],
    ['PUT', '/api/queues/incremental/job-schedulers/poll-1/remove'],
    ['PATCH', '/api/queues/incremental/job-schedulers/poll-1'],
    ['PATCH', '/api/queues/lifecycle/attach-0b7c6f7e/update-data'],
    ['PATCH', '/api/queues/lifecycle/attach-0b7c6f7e/delay'],
    ['PUT', '/api/queues/lifecycle/attach-0b7c6f7e/remove-unprocessed-children'],
    ['POST', '/api/metrics/history/purge'],
    ['POST', '/api/queues/lifecycle/attach-0b7c6f7e/retry'],
  ])('refuse %s %s', (method, path) => {
    expect(isAllowedChange(method, path)).toBe(false);
  });
});
