import { parseBasicAuth } from './parseBasicAuth';

const b64 = (text: string | Buffer) => Buffer.from(text).toString('base64');

describe('parseBasicAuth', () => {
  it('reads the id up to the first colon and the secret after it', () => {
    expect(parseBasicAuth(`Basic ${b64('cli_abc:s3cr:et')}`)).toEqual({ ok: true, clientId: 'cli_abc', clientSecret: 's3cr:et' });
    expect(parseBasicAuth(`basic ${b64('a:b')}`)).toEqual({ ok: true, clientId: 'a', clientSecret: 'b' });
    expect(parseBasicAuth(`  BASIC   ${b64('a:b')}  `)).toEqual({ ok: true, clientId: 'a', clientSecret: 'b' });
  });

  it('reports a missing header', () => {
    expect(parseBasicAuth(undefined)).toEqual({ ok: false, problem: 'missing' });
    expect(parseBasicAuth('  ')).toEqual({ ok: false, problem: 'missing' });
  });

  it('reports other schemes', () => {
    expect(parseBasicAuth('Bearer abc')).toEqual({ ok: false, problem: 'not_basic' });
    expect(parseBasicAuth('abc')).toEqual({ ok: false, problem: 'not_basic' });
  });

  it.each([
    ['no credentials', 'Basic'],
    ['no credentials, trailing space', 'Basic '],
    ['not base64', 'Basic !!!!'],
    ['bad padding', 'Basic YWI6Y=='],
    ['no colon', `Basic ${b64('justanid')}`],
    ['empty id', `Basic ${b64(':secret')}`],
    ['empty secret', `Basic ${b64('id:')}`],
    ['not UTF-8', `Basic ${b64(Buffer.from([0x69, 0x64, 0x3a, 0xff, 0xfe]))}`],
    ['two tokens', `Basic ${b64('a:b')} extra`],
    ['too long', `Basic ${b64(`a:${'x'.repeat(2000)}`)}`],
  ])('reports %s as malformed', (_name, header) => {
    expect(parseBasicAuth(header)).toMatchObject({ ok: false });
    expect(parseBasicAuth(header)).not.toMatchObject({ problem: 'missing' });
  });
});
