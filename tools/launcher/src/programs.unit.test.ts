import { PROGRAMS, installHint } from './programs';

describe('installHint: how a missing program is named', () => {
  it('gives the apt package on Linux, with the variable that points at one installed elsewhere', () => {
    expect(installHint(PROGRAMS.mariadbd, 'linux')).toBe('sudo apt-get install mariadb-server (or set MARIADBD_PATH to its path)');
  });

  it('gives the Homebrew formula on macOS', () => {
    expect(installHint(PROGRAMS.chromium, 'darwin')).toBe('brew install --cask chromium (or set CHROMIUM_PATH to its path)');
    expect(installHint(PROGRAMS.promtool, 'darwin')).toBe('brew install prometheus (or set PROMTOOL_PATH to its path)');
  });

  it('adds another way out when there is one', () => {
    expect(installHint(PROGRAMS.redisServer, 'linux', 'REDIS_URL to a running Redis')).toBe(
      'sudo apt-get install redis-server (or set REDIS_SERVER_PATH to its path, or REDIS_URL to a running Redis)',
    );
  });
});
