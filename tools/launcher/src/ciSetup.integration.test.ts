import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot } from './config';
import { PROGRAMS } from './programs';

// .ci/setup installs packages and nothing else: the machine's servers and their logins are
// never started, stopped or changed by the project's CI or tests.
const setup = readFileSync(path.join(repoRoot, '.ci', 'setup'), 'utf8');
const run = readFileSync(path.join(repoRoot, '.ci', 'run'), 'utf8');
const code = (script: string) =>
  script
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n');

describe('.ci/setup', () => {
  it('is valid bash', () => {
    execFileSync('bash', ['-n', path.join(repoRoot, '.ci', 'setup')]);
  });

  it('starts no server and changes no password, user or grant', () => {
    const forbidden = [
      /pg_ctl|pg_createcluster|initdb/,
      /start-stop-daemon|systemctl|service\s|invoke-rc\.d|--daemonize/,
      /redis-server|mariadbd|mysqld\b/,
      /ALTER\s+USER|CREATE\s+USER|GRANT|PASSWORD|IDENTIFIED/i,
      /\bpsql\b|\bmariadb\s+-|\bmysql\s+-/,
      /DATABASE_URL|REDIS_URL|MYSQL_URL/,
    ];
    for (const pattern of forbidden)
      expect({ pattern: String(pattern), found: pattern.test(code(setup)) }).toEqual({ pattern: String(pattern), found: false });
  });

  it('installs with apt-get only what .ci/packages lists, and that lists every program the tests run', () => {
    expect(code(setup)).toMatch(/apt-get install -y -q --no-install-recommends "\$\{missing\[@\]\}"/);
    const listed = code(readFileSync(path.join(repoRoot, '.ci', 'packages'), 'utf8'))
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => line.split(/\s+/)[0]);
    const used = [PROGRAMS.redisServer, PROGRAMS.mariadbd, PROGRAMS.chromium, PROGRAMS.promtool, PROGRAMS.prometheus].map((p) => p.apt);
    expect([...new Set(used)].sort()).toEqual([...listed].sort());
  });
});

describe('.ci/run', () => {
  it('is valid bash, sources nothing that could export a server URL, and runs the tests on Node 22', () => {
    execFileSync('bash', ['-n', path.join(repoRoot, '.ci', 'run')]);
    expect(code(run)).not.toMatch(/\bsource\b|^\s*\.\s/m);
    expect(code(run)).toMatch(/node_major\)" != 22/);
    expect(readFileSync(path.join(repoRoot, '.nvmrc'), 'utf8').trim()).toBe('22');
  });
});
