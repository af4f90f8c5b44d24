import { chmodSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LOCAL_MYSQL } from '../testServers';
import { ensurePrerequisites, gatherFacts, MissingPrerequisiteError } from './ensurePrerequisites';
import { isInstalled, readPackageList } from './packageList';

// Real file system and a real MariaDB; a PATH without redis-server and a non-root user id stand
// for a fresh machine, so nothing is ever installed here.
describe('ensurePrerequisites', () => {
  let emptyBin: string;
  beforeAll(() => {
    emptyBin = mkdtempSync(path.join(os.tmpdir(), 'no-programs-'));
    symlinkSync(process.execPath, path.join(emptyBin, 'node'));
  });
  afterAll(() => rmSync(emptyBin, { recursive: true, force: true }));

  it('finds every package of .ci/packages on this (set-up) machine', async () => {
    const facts = await gatherFacts({ searchPath: process.env.PATH ?? '', uid: 1000, mysqlUrl: LOCAL_MYSQL });
    expect(facts).toEqual({ missingPackages: [], mariadbAnswers: true, isRoot: false });
  });

  it('sees a program missing from PATH and a MariaDB that does not answer', async () => {
    const facts = await gatherFacts({ searchPath: emptyBin, uid: 1000, mysqlUrl: 'mysql://root@127.0.0.1:1/test' });
    expect(facts.missingPackages).toContain('redis-server');
    expect(facts.mariadbAnswers).toBe(false);
  });

  it('matches absolute probes with a * folder', () => {
    expect(isInstalled({ name: 'postgresql', probe: '/usr/lib/postgresql/*/bin/postgres' }, '')).toBe(true);
    expect(isInstalled({ name: 'nothing', probe: '/usr/lib/postgresql/*/bin/no-such-program' }, '')).toBe(false);
  });

  it('stops a non-root run at once with the one command to run', async () => {
    const log: string[] = [];
    const probe = { searchPath: emptyBin, uid: 1000, mysqlUrl: LOCAL_MYSQL };
    const error = await ensurePrerequisites(probe, (m) => log.push(m)).catch((err: unknown) => err);
    expect(error).toBeInstanceOf(MissingPrerequisiteError);
    expect((error as Error).message).toBe('redis-server is not installed. Run this once, then npm test again:\n\n    sudo .ci/setup\n');
    expect(log).toEqual([]);
  });

  it('lets the run go on when everything is there', async () => {
    const probe = { searchPath: process.env.PATH ?? '', uid: 1000, mysqlUrl: LOCAL_MYSQL };
    await expect(ensurePrerequisites(probe, () => undefined)).resolves.toEqual({ action: 'run-tests' });
    expect(readPackageList().map((pkg) => pkg.name)).toEqual(['redis-server', 'postgresql', 'mariadb-server', 'chromium', 'prometheus']);
  });

  describe('as root', () => {
    let bin: string;
    let script: string;
    beforeEach(() => {
      bin = mkdtempSync(path.join(os.tmpdir(), 'fresh-bin-'));
      symlinkSync(process.execPath, path.join(bin, 'node'));
      script = path.join(bin, 'setup.sh');
    });
    afterEach(() => rmSync(bin, { recursive: true, force: true }));

    // A stand-in for .ci/setup: "installs" redis-server by linking the real one into the PATH.
    it('runs the set-up script, then checks again and lets the run go on', async () => {
      writeFileSync(script, `ln -s /usr/bin/redis-server ${bin}/redis-server\n`);
      chmodSync(script, 0o755);
      const log: string[] = [];
      const plan = await ensurePrerequisites({ searchPath: bin, uid: 0, mysqlUrl: LOCAL_MYSQL }, (m) => log.push(m), script);
      expect(plan).toEqual({ action: 'set-up', reasons: ['redis-server is not installed'] });
      expect(log).toEqual(['redis-server is not installed: running .ci/setup']);
    });

    it('stops when the set-up script fails, saying what is still missing', async () => {
      writeFileSync(script, 'exit 3\n');
      const probe = { searchPath: bin, uid: 0, mysqlUrl: LOCAL_MYSQL };
      await expect(ensurePrerequisites(probe, () => undefined, script)).rejects.toThrow(
        new MissingPrerequisiteError('.ci/setup exited with 3; still: redis-server is not installed'),
      );
    });
  });
});
