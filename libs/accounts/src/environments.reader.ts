import { TABLES, type EnvironmentRow, type Knex } from '@datasync/db';

/** Whether the environment has the beta calls (toggle, delete) switched on. libs/auth writes the flag. */
export async function isEarlyAccessEnabled(db: Knex, environmentId: string): Promise<boolean> {
  const row = (await db(TABLES.environments).where({ id: environmentId }).first('early_access')) as
    Pick<EnvironmentRow, 'early_access'> | undefined;
  return row?.early_access === true;
}
