import { jobCatalog } from '@datasync/queue';
import { UNLISTED_NAME, UNLISTED_PAYLOAD, visibleName, visiblePayload } from './jobView';

const lifecycle = ['account.attach', 'collection.mounted'];
const id = '0b7c6f7e-3c1a-4c55-9d6b-0c1f6f0b7a11';

describe('the job view of the queue dashboard', () => {
  it("shows a payload that matches one of the queue's catalog jobs", () => {
    expect(visiblePayload(jobCatalog, lifecycle, { accountId: id })).toEqual({ accountId: id });
    expect(visiblePayload(jobCatalog, lifecycle, { collectionId: id })).toEqual({ collectionId: id });
  });

  it("hides any other payload: extra keys, wrong types, another queue's jobs, no payload", () => {
    expect(visiblePayload(jobCatalog, lifecycle, { accountId: id, email: 'a@example.test' })).toBe(UNLISTED_PAYLOAD);
    expect(visiblePayload(jobCatalog, lifecycle, { accountId: 42 })).toBe(UNLISTED_PAYLOAD);
    expect(visiblePayload(jobCatalog, lifecycle, { runId: id, n: 0 })).toBe(UNLISTED_PAYLOAD);
    expect(visiblePayload(jobCatalog, lifecycle, 'Jane Doe')).toBe(UNLISTED_PAYLOAD);
    expect(visiblePayload(jobCatalog, [], { accountId: id })).toBe(UNLISTED_PAYLOAD);
  });

  it("shows only the queue's catalog job names", () => {
    expect(visibleName(lifecycle, 'account.attach')).toBe('account.attach');
    expect(visibleName(lifecycle, 'segment.load')).toBe(UNLISTED_NAME);
    expect(visibleName(lifecycle, undefined)).toBe(UNLISTED_NAME);
  });
});
