import { resealColumn, type ResealCount, type SecretBox } from '@datasync/crypto';
import { SEALED_COLUMNS, sealedColumnStore, type Knex, type SealedColumn } from '@datasync/db';

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
