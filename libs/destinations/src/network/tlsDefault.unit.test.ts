import { effectiveSslMode } from './tlsDefault';

describe('effectiveSslMode', () => {
  it('verifies TLS by default for public hosts, and keeps TLS-when-offered for local ones', () => {
    expect(effectiveSslMode('prefer', '93.184.216.34')).toBe('verify-full');
    expect(effectiveSslMode('prefer', '2606:4700::1')).toBe('verify-full');
    expect(effectiveSslMode('prefer', '127.0.0.1')).toBe('prefer');
    expect(effectiveSslMode('prefer', '10.0.0.5')).toBe('prefer');
    expect(effectiveSslMode('prefer', '::ffff:192.168.1.2')).toBe('prefer');
  });

  it('keeps what the connection string names, plaintext included', () => {
    for (const mode of ['disable', 'require', 'verify-ca', 'verify-full'] as const) {
      expect([mode, effectiveSslMode(mode, '93.184.216.34'), effectiveSslMode(mode, '127.0.0.1')]).toEqual([mode, mode, mode]);
    }
  });
});
