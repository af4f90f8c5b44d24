import { InsufficientPermissionError, ProviderRequestError, ProviderRetriesExhaustedError } from '../errors';
import type { Requester } from './requester';
import { listTestClocksOrSkip } from './testClockListing';

// Which failures of the test clock listing only skip the clocks (a refusal of the listing itself)
// and which still fail the read. Both refusals are also proved against the emulator over HTTP in
// testClockListing.integration.test.ts (a restricted key's 403; `routes_absent` for the 404).

const failing = (err: Error): Requester => ({ get: () => Promise.reject(err) });

it('skips the clocks with a warning when the listing is refused (403) or absent (404)', async () => {
  for (const err of [
    new InsufficientPermissionError('the key may not read this'),
    new ProviderRequestError('Unrecognized request URL (GET: /v1/test_helpers/test_clocks).', 'invalid_request', 404),
  ]) {
    const listed = await listTestClocksOrSkip(failing(err));
    expect(listed).toEqual({ ids: [], warning: { code: 'test_clocks_unreadable', message: expect.any(String) as unknown } });
  }
});

it('fails the read on anything else', async () => {
  const other = [new ProviderRetriesExhaustedError(3, new Error('503')), new ProviderRequestError('bad', 'parameter_invalid', 400)];
  for (const err of other) await expect(listTestClocksOrSkip(failing(err))).rejects.toBe(err);
});
