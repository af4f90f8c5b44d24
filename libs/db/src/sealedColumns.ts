import type { Knex } from 'knex';
import { TABLES } from './tables';

/**
 * Every column that holds a value sealed with libs/crypto's SecretBox. A value is sealed for its
 * place (table, column, row id), so each writer and reader names the place the same way, and
 * the reseal command finds every sealed value here.
 */
export const SEALED_COLUMNS = {
  sourceKey: { table: TABLES.sources, column: 'credential_secret' },
  destinationConnection: { table: TABLES.destinations, column: 'connection_secret' },
  accountCredential: { table: TABLES.accounts, column: 'credential_secret' },
  sourceWebhookSecret: { table: TABLES.sourceWebhookSecrets, column: 'secret' },
  webhookSigningSecret: { table: TABLES.webhookEndpoints, column: 'signing_secret' },
} as const;

export type SealedColumn = keyof typeof SEALED_COLUMNS;

/** The place (libs/crypto SealedPlace) of the value in `column` of row `rowId`. */
export function sealedPlace(column: SealedColumn, rowId: string): { table: string; column: string; rowId: string } {
  return { ...SEALED_COLUMNS[column], rowId };
}

/**
 * Reads and rewrites one sealed column for the reseal command (libs/crypto resealColumn). The
 * one write to these tables outside their own modules, and it changes no meaning: the same
 * plaintext, encrypted again; a row its module rewrote meanwhile is left alone.
 */
export function sealedColumnStore(knex: Knex, column: SealedColumn) {
  const { table, column: name } = SEALED_COLUMNS[column];
  return {
    async page(afterId: string | undefined, limit: number): Promise<{ id: string; environmentId: string; sealed: string }[]> {
      const query = knex(table).whereNotNull(name).orderBy('id').limit(limit).select('id', 'environment_id', `${name} as sealed`);
      if (afterId !== undefined) query.where('id', '>', afterId);
      const rows = (await query) as { id: string; environment_id: string; sealed: string }[];
      return rows.map((row) => ({ id: row.id, environmentId: row.environment_id, sealed: row.sealed }));
    },
    async replace(id: string, from: string, to: string): Promise<boolean> {
      return (
        (await knex(table)
          .where({ id, [name]: from })
          .update({ [name]: to })) > 0
      );
    },
    place: (id: string) => sealedPlace(column, id),
  };
}
