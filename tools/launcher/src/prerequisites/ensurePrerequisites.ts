import { spawn } from 'node:child_process';
import mysql from 'mysql2/promise';
import { inheritedEnv, repoRoot } from '../config';
import { isInstalled, readPackageList, SETUP_SCRIPT } from './packageList';
import { planSetup, type PrerequisiteFacts, type SetupPlan } from './setupPlan';

export interface PrerequisiteProbe {
  /** The PATH programs are looked up on. */
  searchPath: string;
  /** The effective user id (0: may install packages). */
  uid: number;
  /** The server the MariaDB destination tests use. */
  mysqlUrl: string;
}

/** Looks (never installs): which packages are missing, whether MariaDB answers, who we are. */
export async function gatherFacts(probe: PrerequisiteProbe): Promise<PrerequisiteFacts> {
  const missingPackages = readPackageList()
    .filter((pkg) => !isInstalled(pkg, probe.searchPath))
    .map((pkg) => pkg.name);
  return { missingPackages, mariadbAnswers: await mariadbAnswers(probe.mysqlUrl), isRoot: probe.uid === 0 };
}

export async function mariadbAnswers(url: string): Promise<boolean> {
  const server = new URL(url);
  server.pathname = '/';
  try {
    const connection = await mysql.createConnection({ uri: server.toString(), connectTimeout: 5000 });
    await connection.end();
    return true;
  } catch {
    return false;
  }
}

export class MissingPrerequisiteError extends Error {}

/**
 * Before any test: run .ci/setup when root and something is missing, else stop with the command.
 * Resolves once everything the tests use is there; throws MissingPrerequisiteError otherwise.
 */
export async function ensurePrerequisites(
  probe: PrerequisiteProbe,
  log: (message: string) => void,
  setupScript = SETUP_SCRIPT,
): Promise<SetupPlan> {
  const plan = planSetup(await gatherFacts(probe));
  if (plan.action === 'run-tests') return plan;
  if (plan.action === 'stop') {
    throw new MissingPrerequisiteError(`${plan.reasons.join(', ')}. Run this once, then npm test again:\n\n    ${plan.command}\n`);
  }
  log(`${plan.reasons.join(', ')}: running .ci/setup`);
  const code = await runSetupScript(setupScript);
  const after = planSetup(await gatherFacts(probe));
  if (code !== 0 || after.action !== 'run-tests') {
    const still = after.action === 'run-tests' ? [] : after.reasons;
    throw new MissingPrerequisiteError(`.ci/setup exited with ${code}${still.length ? `; still: ${still.join(', ')}` : ''}`);
  }
  return plan;
}

function runSetupScript(script: string): Promise<number | null> {
  return new Promise((resolve, reject) => {
    const child = spawn('bash', [script], { cwd: repoRoot, stdio: 'inherit', env: inheritedEnv() });
    child.once('error', reject);
    child.once('exit', (code) => resolve(code));
  });
}
