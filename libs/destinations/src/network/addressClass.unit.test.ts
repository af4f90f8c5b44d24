import { classifyAddress, isAllowedClass, type AddressClass } from './addressClass';

describe('classifyAddress', () => {
  it.each<[string, AddressClass]>([
    ['8.8.8.8', 'public'],
    ['203.0.114.9', 'public'],
    ['2606:4700:4700::1111', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['::1', 'loopback'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.254', 'private'],
    ['192.168.1.10', 'private'],
    ['fc00::1', 'private'],
    ['fd12:3456::1', 'private'],
    ['fe80::1', 'link_local'],
    ['100.64.0.1', 'cgnat'],
    ['100.127.255.254', 'cgnat'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['169.254.1.1', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['168.63.129.16', 'metadata'],
    ['192.0.0.192', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['255.255.255.255', 'multicast'],
    ['ff02::1', 'multicast'],
    ['192.0.2.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
  ])('%s is %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it.each<[string, AddressClass]>([
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:10.0.0.1', 'private'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['::ffff:8.8.8.8', 'public'],
    ['64:ff9b::7f00:1', 'loopback'],
    // In the local-use prefix, the /48 reading of this one is 0.0.0.0: refused either way.
    ['64:ff9b:1::7f00:1', 'unspecified'],
    // The local-use prefix's /48 layout: 127.0.0.1 in bits 48-63 and 72-87, 8.8.8.8 in the last 32.
    ['64:ff9b:1:7f00:0:1:808:808', 'loopback'],
    ['64:ff9b:1:a9fe:a9:fe00::', 'metadata'],
    ['64:ff9b:1:a00:1:100:808:808', 'private'],
    ['2002:a00:1::', 'private'],
    ['::127.0.0.1', 'loopback'],
    ['::ffff:0:a9fe:a9fe', 'metadata'],
  ])('judges the IPv4 address inside %s: %s', (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });

  it('refuses anything that is not an IP address', () => {
    expect(() => classifyAddress('localhost')).toThrow('not an IP address');
    expect(() => classifyAddress('0x7f.1')).toThrow('not an IP address');
  });
});

describe('isAllowedClass', () => {
  it('allows only public addresses unless private networks are allowed', () => {
    expect(isAllowedClass('public', false)).toBe(true);
    for (const kind of ['loopback', 'private', 'link_local', 'cgnat', 'reserved'] as const) {
      expect([kind, isAllowedClass(kind, false), isAllowedClass(kind, true)]).toEqual([kind, false, true]);
    }
  });

  it('never allows metadata, unspecified or multicast addresses', () => {
    for (const kind of ['metadata', 'unspecified', 'multicast'] as const) {
      expect([kind, isAllowedClass(kind, true)]).toEqual([kind, false]);
    }
  });
});
