import { parsePackageList } from './packageList';

describe('parsePackageList', () => {
  it('reads "<package> <probe>" lines, skipping comments and blank lines', () => {
    const text = '# what the tests use\n\nredis-server    redis-server\npostgresql /usr/lib/postgresql/*/bin/postgres\n';
    expect(parsePackageList(text)).toEqual([
      { name: 'redis-server', probe: 'redis-server' },
      { name: 'postgresql', probe: '/usr/lib/postgresql/*/bin/postgres' },
    ]);
  });

  it('refuses a line without a probe', () => {
    expect(() => parsePackageList('chromium\n')).toThrow('"chromium" is not "<package> <program or path>"');
  });
});
