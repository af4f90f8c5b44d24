import { addressBucket } from './clientAddress';

describe('addressBucket', () => {
  it('keeps an IPv4 address whole', () => {
    expect(addressBucket('203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts every address of one IPv6 /64 together, and another /64 apart', () => {
    const a = addressBucket('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(addressBucket('2001:db8:1:2::1')).toBe(a);
    expect(addressBucket('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe(a);
    expect(addressBucket('2001:db8:1:3::1')).not.toBe(a);
    expect(a).toBe('2001:db8:1:2::/64');
  });

  it('reads an IPv4-mapped IPv6 peer as its IPv4 address', () => {
    expect(addressBucket('::ffff:198.51.100.4')).toBe('198.51.100.4');
  });

  it('passes a value that is not an address through', () => {
    expect(addressBucket('unknown')).toBe('unknown');
  });
});
