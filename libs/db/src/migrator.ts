import fs from 'node:fs/promises';
import path from 'node:path';
import type { Knex } from 'knex';

interface MigrationModule {
  up(knex: Knex): Promise<void>;
  down(knex: Knex): Promise<void>;
}

// Compiled files are .js (dist), sources are .ts (jest, ts-node); declaration files are not migrations.
const MIGRATION_FILE = /^(?!.*\.d\.ts$).+\.(js|ts)$/;

/**
 * Migrations from libs/db's own `migrations` folder, named without their extension, so that a
 * database migrated from sources (tests) and one migrated by the compiled command agree on
 * what already ran. Knex's directory loader records `x.ts` or `x.js` and calls the other missing.
 */
export class DirectoryMigrationSource implements Knex.MigrationSource<string> {
  constructor(private readonly directory: string = path.join(__dirname, 'migrations')) {}

  async getMigrations(loadExtensions?: readonly string[]): Promise<string[]> {
    const extensions = loadExtensions ?? ['.js', '.ts'];
    const files = (await fs.readdir(this.directory)).filter((file) => MIGRATION_FILE.test(file) && extensions.includes(path.extname(file)));
    const byName = new Map<string, string>();
    for (const file of files.sort()) {
      if (!byName.has(this.getMigrationName(file))) byName.set(this.getMigrationName(file), file);
    }
    return [...byName.values()];
  }

  getMigrationName(file: string): string {
    return file.replace(/\.(js|ts)$/, '');
  }

  async getMigration(file: string): Promise<MigrationModule> {
    // require, not import(): it goes through jest's and ts-node's loaders when run from sources.
    return require(path.join(this.directory, file)) as MigrationModule;
  }
}

export interface MigrationResult {
  batch: number;
  /** Names of the migrations that ran, in order; empty when there was nothing to do. */
  migrations: string[];
}

function options(source?: Knex.MigrationSource<unknown>): Knex.MigratorConfig {
  return { migrationSource: source ?? new DirectoryMigrationSource(), tableName: 'knex_migrations' };
}

/** Applies every pending migration, each in its own transaction. */
export async function migrateLatest(knex: Knex, source?: Knex.MigrationSource<unknown>): Promise<MigrationResult> {
  const [batch, migrations] = (await knex.migrate.latest(options(source))) as [number, string[]];
  return { batch, migrations };
}

/** Undoes the last batch, or every batch with `{ all: true }`. */
export async function migrateRollback(
  knex: Knex,
  rollback: { all?: boolean } = {},
  source?: Knex.MigrationSource<unknown>,
): Promise<MigrationResult> {
  const [batch, migrations] = (await knex.migrate.rollback(options(source), rollback.all ?? false)) as [number, string[]];
  return { batch, migrations };
}
