import { VerifiedCache } from './verifiedCache';

describe('VerifiedCache', () => {
  let now = 1_000;
  const clock = () => now;
  const caller = (clientId: string) => ({ clientId, environmentId: 'env' });

  it('remembers a success until its time is up', () => {
    const cache = new VerifiedCache(5_000, 10, clock);
    cache.set('Basic abc', caller('cli_a'));
    expect(cache.get('Basic abc')).toEqual(caller('cli_a'));
    expect(cache.get('Basic abd')).toBeUndefined();
    now += 4_999;
    expect(cache.get('Basic abc')).toEqual(caller('cli_a'));
    now += 1;
    expect(cache.get('Basic abc')).toBeUndefined();
  });

  it('forgets every entry of a revoked client at once', () => {
    const cache = new VerifiedCache(5_000, 10, clock);
    cache.set('Basic one', caller('cli_a'));
    cache.set('Basic two', caller('cli_a'));
    cache.set('Basic three', caller('cli_b'));
    cache.forget('cli_a');
    expect(cache.get('Basic one')).toBeUndefined();
    expect(cache.get('Basic two')).toBeUndefined();
    expect(cache.get('Basic three')).toEqual(caller('cli_b'));
  });

  it('stays within its size by dropping the oldest entry', () => {
    const cache = new VerifiedCache(5_000, 2, clock);
    cache.set('h1', caller('c1'));
    cache.set('h2', caller('c2'));
    cache.set('h3', caller('c3'));
    expect(cache.get('h1')).toBeUndefined();
    expect(cache.get('h2')).toEqual(caller('c2'));
    expect(cache.get('h3')).toEqual(caller('c3'));
  });

  it('keeps nothing with a zero time to live', () => {
    const cache = new VerifiedCache(0, 10, clock);
    cache.set('h', caller('c'));
    expect(cache.get('h')).toBeUndefined();
  });
});
