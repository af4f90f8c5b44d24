import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { loadMigrateConfig } from './config';
import { dropDatabase, ensureDatabase, withDatabase } from './databases';

// Runs the real entry point from sources: libs/testing/register.js compiles TypeScript with swc,
// as jest does, so the test needs no build.
const register = path.resolve(__dirname, '../../testing/register.js');
const entry = path.join(__dirname, 'migrateMain.ts');

function runMigrate(env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    // A minimal environment, so the outcome depends only on what the test passes.
    execFile(process.execPath, ['-r', register, entry], { env, timeout: 30_000 }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr });
    });
  });
}

describe('npm run migrate (migrateMain)', () => {
  it('exits 1 with a one-line reason and no stack when the database is unreachable', async () => {
    const result = await runMigrate({
      DATABASE_URL: 'postgres://postgres:hunter2@127.0.0.1:1/nowhere',
      NODE_ENV: 'production',
    });
    expect(result.code).toBe(1);
    const lines = result.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 'error',
      message: 'migration failed',
      host: '127.0.0.1:1',
      database: 'nowhere',
      error: expect.stringContaining('ECONNREFUSED'),
    });
    expect(result.stdout).not.toContain('hunter2');
    expect(result.stdout).not.toMatch(/\n\s+at /);
  });

  it('exits 1 naming the variable when DATABASE_URL is missing', async () => {
    const result = await runMigrate({});
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('DATABASE_URL: is required');
  });

  it('applies the migrations, says which, and reports up to date the second time', async () => {
    const adminUrl = withDatabase(loadMigrateConfig().DATABASE_URL, 'postgres');
    const database = `datasync_migtest_${randomBytes(5).toString('hex')}`;
    await ensureDatabase(adminUrl, database);
    try {
      const env = { DATABASE_URL: withDatabase(adminUrl, database), NODE_ENV: 'production' };
      const first = await runMigrate(env);
      expect(first.code).toBe(0);
      expect(JSON.parse(first.stdout)).toMatchObject({
        message: 'migrations applied',
        database,
        batch: 1,
        migrations: expect.arrayContaining(['20261122000000_organizations_users', '20261122000300_audit_log']),
      });
      const second = await runMigrate(env);
      expect(second.code).toBe(0);
      expect(JSON.parse(second.stdout)).toMatchObject({ message: 'database already up to date', database });
    } finally {
      await dropDatabase(adminUrl, database);
    }
  });
});
