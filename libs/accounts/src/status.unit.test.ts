import { deriveStatus, type LoaderState } from './status';

const loader = (status: LoaderState['status']): LoaderState => ({ status, reason: null, lastSyncedAt: null, collections: [] });

describe('deriveStatus', () => {
  it('reads deleting and paused from the account row, before anything the loader says', () => {
    expect(deriveStatus({ active: true, deletingAt: new Date() }, loader('live'))).toBe('deleting');
    expect(deriveStatus({ active: false, deletingAt: new Date() }, undefined)).toBe('deleting');
    expect(deriveStatus({ active: false, deletingAt: null }, loader('error'))).toBe('paused');
  });

  it("takes an active account's status from the loader, pending until it has written one", () => {
    expect(deriveStatus({ active: true, deletingAt: null }, undefined)).toBe('pending');
    for (const status of ['idle', 'loading', 'live', 'error'] as const)
      expect(deriveStatus({ active: true, deletingAt: null }, loader(status))).toBe(status);
  });
});
