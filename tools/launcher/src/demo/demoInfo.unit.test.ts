import { demoLinks } from './configuration';
import { describeDemo, type DemoInfo } from './demoInfo';

const demo: DemoInfo = {
  generated_at: '2026-01-01T00:00:00.000Z',
  services: {
    provider_emulator: 'http://127.0.0.1:12111',
    config_service: 'http://127.0.0.1:4100',
    accounts_api: 'http://127.0.0.1:4000',
    loaders: ['http://127.0.0.1:4200'],
  },
  control_plane: { database_url: 'postgres://x', redis_url: 'redis://x' },
  curl: "curl -s -u 'id:secret' http://127.0.0.1:4000/accounts",
  links: demoLinks('http://127.0.0.1:4100', 'http://127.0.0.1:4000', 'demo_sync'),
};

describe('the banner npm start prints', () => {
  it('links the demo sync’s Accounts tab and the API docs after the curl line', () => {
    const text = describeDemo(demo, '/repo/.data/demo.json');
    const curl = text.indexOf(demo.curl as string);
    const accounts = text.search(/^ {2}watch it load +http:\/\/127\.0\.0\.1:4100\/dashboard\/syncs\/demo_sync\/accounts /m);
    const docs = text.search(/^ {2}API docs +http:\/\/127\.0\.0\.1:4000\/docs$/m);
    expect([curl, accounts, docs].every((at) => at >= 0)).toBe(true);
    expect(curl).toBeLessThan(accounts);
    expect(accounts).toBeLessThan(docs);
  });

  it('escapes a sync name in its link', () => {
    expect(demoLinks('http://h', 'http://a', 'my sync').sync_accounts).toBe('http://h/dashboard/syncs/my%20sync/accounts');
  });
});
