import { cachedLookup } from './cachedLookup';

describe('cachedLookup', () => {
  it('answers from memory within the time, asks again after it, and never remembers a failure', async () => {
    let calls = 0;
    let fail = false;
    let clock = 1_000;
    const lookup = cachedLookup(
      async (key: string) => {
        calls += 1;
        if (fail) throw new Error('down');
        return `${key}:${calls}`;
      },
      40,
      { now: () => clock },
    );
    expect(await lookup('a')).toBe('a:1');
    expect(await lookup('a')).toBe('a:1');
    expect(await lookup('b')).toBe('b:2');
    clock += 39;
    expect(await lookup('a')).toBe('a:1');
    clock += 1;
    fail = true;
    await expect(lookup('a')).rejects.toThrow('down');
    fail = false;
    expect(await lookup('a')).toBe('a:4');
  });

  it('is the lookup itself when the time is 0', async () => {
    const lookup = async (key: string) => key;
    expect(cachedLookup(lookup, 0)).toBe(lookup);
  });
});
