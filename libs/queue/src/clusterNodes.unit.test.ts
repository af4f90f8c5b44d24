import { hasHashTag, parseClusterNodes } from './clusterNodes';

describe('parseClusterNodes', () => {
  it('reads host:port entries, names, IPv4 and bracketed IPv6 alike, and none from an empty value', () => {
    expect(parseClusterNodes('redis-0.redis:6379, 10.0.0.2:7000,[::1]:7001')).toEqual([
      { host: 'redis-0.redis', port: 6379 },
      { host: '10.0.0.2', port: 7000 },
      { host: '::1', port: 7001 },
    ]);
    expect(parseClusterNodes('')).toEqual([]);
  });

  it('refuses an entry without a port or with one out of range', () => {
    expect(() => parseClusterNodes('redis-0:6379,redis-1')).toThrow('not a host:port Redis Cluster node: redis-1');
    expect(() => parseClusterNodes('redis-0:70000')).toThrow('redis-0:70000');
  });
});

describe('hasHashTag', () => {
  it('holds when the prefix closes a non-empty {tag}, wherever it starts', () => {
    expect(hasHashTag('{datasync}')).toBe(true);
    expect(hasHashTag('prod-{datasync}')).toBe(true);
    expect(hasHashTag('{a}{b}')).toBe(true);
  });

  it('fails without braces, with an empty tag first, or with a tag the prefix leaves open', () => {
    expect(hasHashTag('datasync')).toBe(false);
    // Redis takes the first {…} only: an empty one means the whole key is hashed.
    expect(hasHashTag('{}{datasync}')).toBe(false);
    expect(hasHashTag('{datasync')).toBe(false);
    expect(hasHashTag('datasync}')).toBe(false);
  });
});
