import { planSetup, SETUP_COMMAND, type PrerequisiteFacts } from './setupPlan';

const everythingThere: PrerequisiteFacts = { missingPackages: [], mariadbAnswers: true, isRoot: false };

describe('planSetup: what is missing → what npm test does before any test', () => {
  it('runs the tests when every program is there and MariaDB answers', () => {
    expect(planSetup(everythingThere)).toEqual({ action: 'run-tests' });
  });

  it('as root, sets up what is missing (Chromium) itself', () => {
    expect(planSetup({ ...everythingThere, missingPackages: ['chromium'], isRoot: true })).toEqual({
      action: 'set-up',
      reasons: ['chromium is not installed'],
    });
  });

  it('as another user, stops with the one command that sets everything up', () => {
    expect(planSetup({ ...everythingThere, missingPackages: ['chromium', 'redis-server'] })).toEqual({
      action: 'stop',
      reasons: ['chromium is not installed', 'redis-server is not installed'],
      command: SETUP_COMMAND,
    });
  });

  it('does not ask for Debian Postgres: an embedded one stands in', () => {
    expect(planSetup({ ...everythingThere, missingPackages: ['postgresql'] })).toEqual({ action: 'run-tests' });
  });

  it('does not ask for mariadb-server when a MariaDB answers elsewhere (MYSQL_URL)', () => {
    expect(planSetup({ ...everythingThere, missingPackages: ['mariadb-server'] })).toEqual({ action: 'run-tests' });
  });

  it('asks for MariaDB to be started when it is installed but does not answer', () => {
    expect(planSetup({ ...everythingThere, mariadbAnswers: false })).toEqual({
      action: 'stop',
      reasons: ['MariaDB does not answer'],
      command: SETUP_COMMAND,
    });
  });

  it('names a missing MariaDB once, as not installed', () => {
    expect(planSetup({ ...everythingThere, missingPackages: ['mariadb-server'], mariadbAnswers: false, isRoot: true })).toEqual({
      action: 'set-up',
      reasons: ['mariadb-server is not installed'],
    });
  });
});
