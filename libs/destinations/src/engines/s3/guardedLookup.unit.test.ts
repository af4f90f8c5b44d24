import type { LookupAddress } from 'node:dns';
import { DestinationError } from '../../errors';
import type { LookupFn } from '../../network/resolveHost';
import { guardedLookup } from './guardedLookup';

type Answer = { err: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number };

function ask(lookup: ReturnType<typeof guardedLookup>, host: string, all: boolean): Promise<Answer> {
  return new Promise((resolve) => lookup(host, { all }, (err, address, family) => resolve({ err, address, family })));
}

describe("the S3 client sockets' DNS lookup", () => {
  const dns: Record<string, string> = { 'bucket.s3.example.com': '93.184.216.34', 'internal.example.com': '10.0.0.5' };
  const calls: string[] = [];
  const lookup: LookupFn = async (host) => {
    calls.push(host);
    const address = dns[host];
    if (!address) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return [{ address, family: 4 }];
  };
  const guarded = guardedLookup(
    { host: 's3.example.com', address: { address: '93.184.216.1', family: 4 } },
    { allowPrivateNetworks: false, timeoutMs: 1_000, lookup },
  );

  beforeEach(() => {
    calls.length = 0;
  });

  it('answers the approved host with the approved address, without asking DNS again', async () => {
    expect(await ask(guarded, 's3.example.com', false)).toEqual({ err: null, address: '93.184.216.1', family: 4 });
    expect(await ask(guarded, 'S3.Example.com', true)).toEqual({
      err: null,
      address: [{ address: '93.184.216.1', family: 4 }],
      family: undefined,
    });
    expect(calls).toEqual([]);
  });

  it('sends any other name through the network guard', async () => {
    expect(await ask(guarded, 'bucket.s3.example.com', false)).toEqual({ err: null, address: '93.184.216.34', family: 4 });
    const refused = await ask(guarded, 'internal.example.com', false);
    expect(refused.err).toBeInstanceOf(DestinationError);
    expect(refused.err).toMatchObject({ code: 'private_network' });
    expect(calls).toEqual(['bucket.s3.example.com', 'internal.example.com']);
  });
});
