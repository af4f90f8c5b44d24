import { resealColumn, type ResealCount, type SecretBox } from '@datasync/crypto';
import { SEALED_COLUMNS, sealedColumnStore, type Knex, type SealedColumn } from '@datasync/db';

// An unbound envelope's version (libs/crypto secretBox).
const UNBOUND_PREFIX = 'v1.';

/**
 * Every sealed value of the control plane (source keys, destination connection strings, account
 * keys) re-encrypted under the first of SECRETS_MASTER_KEYS and bound to its row and column.
 * Afterwards no stored value needs the other keys: they can be removed from the list.
 */
export async function resealSecrets(knex: Knex, box: SecretBox): Promise<Record<SealedColumn, ResealCount>> {
  const counts = {} as Record<SealedColumn, ResealCount>;
  for (const column of Object.keys(SEALED_COLUMNS) as SealedColumn[])
    counts[column] = await resealColumn(box, sealedColumnStore(knex, column));
  return counts;
}

/** How many stored values are still unbound (v1): SECRETS_REFUSE_UNBOUND would make them unreadable. */
export async function countUnbound(knex: Knex): Promise<number> {
  let left = 0;
  for (const { table, column } of Object.values(SEALED_COLUMNS)) {
    const [row] = (await knex(table).where(column, 'like', `${UNBOUND_PREFIX}%`).count({ n: '*' })) as { n: string | number }[];
    left += Number(row?.n ?? 0);
  }
  return left;
}

/** The reseal command's word on SECRETS_REFUSE_UNBOUND, from what countUnbound found after it. */
export function refuseUnboundAdvice(unboundLeft: number): string {
  if (unboundLeft > 0) {
    return `${unboundLeft} stored value(s) are still unbound (v1): do not set SECRETS_REFUSE_UNBOUND yet; run the reseal again`;
  }
  return (
    'no unbound (v1) value is left in the database: SECRETS_REFUSE_UNBOUND=true is safe to set on every service once ' +
    'IDEMPOTENCY_TTL_HOURS have passed since the Accounts API last ran a version that sealed replays unbound'
  );
}
