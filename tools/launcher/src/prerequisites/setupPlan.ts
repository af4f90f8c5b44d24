/** What `npm test` found before running any test. */
export interface PrerequisiteFacts {
  /** Debian packages from .ci/packages whose program is not there. */
  missingPackages: string[];
  /** Whether MariaDB answers at MYSQL_URL (or the local default): nothing starts one otherwise. */
  mariadbAnswers: boolean;
  /** Whether this process may install packages and start servers itself. */
  isRoot: boolean;
}

export type SetupPlan =
  { action: 'run-tests' } | { action: 'set-up'; reasons: string[] } | { action: 'stop'; reasons: string[]; command: string };

export const SETUP_COMMAND = 'sudo .ci/setup';

/**
 * Never start a test run that would fail half-way for a missing program: either everything the
 * tests use is there, or (as root) .ci/setup installs and starts it first, or the run stops before
 * any test with the one command that fixes it.
 */
export function planSetup(facts: PrerequisiteFacts): SetupPlan {
  const reasons = [
    ...facts.missingPackages.filter((name) => isNeeded(name, facts)).map((name) => `${name} is not installed`),
    ...(facts.mariadbAnswers || facts.missingPackages.includes('mariadb-server') ? [] : ['MariaDB does not answer']),
  ];
  if (reasons.length === 0) return { action: 'run-tests' };
  if (facts.isRoot) return { action: 'set-up', reasons };
  return { action: 'stop', reasons, command: SETUP_COMMAND };
}

/**
 * Postgres has a stand-in (the embedded one), so its package is optional; MariaDB's package is
 * not needed when one answers elsewhere (MYSQL_URL). Everything else the tests start themselves.
 */
function isNeeded(name: string, facts: PrerequisiteFacts): boolean {
  if (name === 'postgresql') return false;
  if (name === 'mariadb-server') return !facts.mariadbAnswers;
  return true;
}
