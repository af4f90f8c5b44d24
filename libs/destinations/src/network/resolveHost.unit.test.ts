import { DestinationError } from '../errors';
import { resolveDestinationHost, type LookupFn, type ResolvedAddress } from './resolveHost';

const answers =
  (addresses: ResolvedAddress[]): LookupFn =>
  () =>
    Promise.resolve(addresses);

async function refusal(host: string, lookup: LookupFn, allowPrivateNetworks = false): Promise<DestinationError> {
  const err: unknown = await resolveDestinationHost(host, { allowPrivateNetworks, timeoutMs: 1000, lookup }).then(
    () => new Error('resolved'),
    (e: unknown) => e,
  );
  if (!(err instanceof DestinationError)) throw err;
  return err;
}

describe('resolveDestinationHost (the network guard)', () => {
  it('returns every address of a public name', async () => {
    const lookup = answers([
      { address: '2606:4700::1', family: 6 },
      { address: '93.184.216.34', family: 4 },
    ]);
    await expect(resolveDestinationHost('db.example.com', { allowPrivateNetworks: false, timeoutMs: 1000, lookup })).resolves.toEqual([
      { address: '2606:4700::1', family: 6 },
      { address: '93.184.216.34', family: 4 },
    ]);
  });

  it('refuses a name when ANY of its addresses is private, without naming the address', async () => {
    const err = await refusal(
      'db.example.com',
      answers([
        { address: '93.184.216.34', family: 4 },
        { address: '10.0.0.5', family: 4 },
      ]),
    );
    expect(err.code).toBe('private_network');
    expect(err.message).toBe(
      'The host "db.example.com" resolves to a private network address; destinations must be reachable on the public internet.',
    );
    expect(err.message).not.toContain('10.0.0.5');
  });

  it('allows private addresses when asked, but never metadata ones', async () => {
    const lookup = answers([{ address: '192.168.0.7', family: 4 }]);
    await expect(resolveDestinationHost('db.internal', { allowPrivateNetworks: true, timeoutMs: 1000, lookup })).resolves.toHaveLength(1);
    const err = await refusal('metadata.internal', answers([{ address: '169.254.169.254', family: 4 }]), true);
    expect(err.message).toBe(
      'The host "metadata.internal" resolves to a cloud metadata address; destinations must be reachable on the public internet.',
    );
    // Every cloud's, and the whole IPv4 link-local range where they live (ECS task metadata at 169.254.170.2).
    for (const address of [
      '169.254.170.2',
      '169.254.0.1',
      '100.100.100.200',
      '168.63.129.16',
      '192.0.0.192',
      'fd00:ec2::254',
      '::ffff:169.254.170.2',
    ]) {
      expect([address, (await refusal(address, answers([]), true)).message]).toEqual([
        address,
        `The host "${address}" is a cloud metadata address; destinations must be reachable on the public internet.`,
      ]);
    }
  });

  it('judges IP literals without a lookup', async () => {
    const neverCalled: LookupFn = () => Promise.reject(new Error('looked up'));
    const err = await refusal('::ffff:127.0.0.1', neverCalled);
    expect(err.message).toBe('The host "::ffff:127.0.0.1" is a loopback address; destinations must be reachable on the public internet.');
    await expect(resolveDestinationHost('8.8.4.4', { allowPrivateNetworks: false, timeoutMs: 1000, lookup: neverCalled })).resolves.toEqual(
      [{ address: '8.8.4.4', family: 4 }],
    );
  });

  it('reports a missing name, a DNS failure and a lookup that hangs as dns', async () => {
    const missing = Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    expect((await refusal('nope.example', () => Promise.reject(missing))).message).toBe(
      'The host "nope.example" was not found (DNS); check the host name.',
    );
    const failing = Object.assign(new Error('getaddrinfo EAI_AGAIN'), { code: 'EAI_AGAIN' });
    const again = await refusal('flaky.example', () => Promise.reject(failing));
    expect([again.code, again.message]).toEqual([
      'dns',
      'The host "flaky.example" could not be looked up (DNS error EAI_AGAIN); try again later.',
    ]);
    const hanging = await resolveDestinationHost('slow.example', {
      allowPrivateNetworks: false,
      timeoutMs: 20,
      lookup: () => new Promise(() => undefined),
    }).catch((e: unknown) => e);
    expect(hanging).toMatchObject({ code: 'dns', message: 'Looking up the host "slow.example" timed out; check the host name.' });
  });
});
