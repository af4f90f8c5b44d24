import { randomBytes } from 'node:crypto';
import type { SecretBox } from '@datasync/crypto';
import { TABLES, type Knex } from '@datasync/db';
import { getResource } from '@datasync/providers';
import { insertTestAccount } from '@datasync/testing';

// Rows of the tables other modules write (config-service, libs/accounts), inserted directly so
// the loader's tests depend on nothing but the schema. Names are unique per call.

export interface SeededTarget {
  sourceId: string;
  destinationId: string;
  syncId: string;
  collectionIds: Record<string, string>;
}

export async function seedTarget(
  knex: Knex,
  secretBox: SecretBox,
  input: { environmentId: string; connectionString: string; sourceKey: string; resources?: string[] },
): Promise<SeededTarget> {
  const suffix = randomBytes(4).toString('hex');
  const [source] = (await knex(TABLES.sources)
    .insert({
      environment_id: input.environmentId,
      name: `src_${suffix}`,
      provider: 'stripe',
      credential_secret: secretBox.seal(input.sourceKey, input.environmentId),
      provider_account_id: `acct_app${suffix}`,
      livemode: false,
    })
    .returning('id')) as { id: string }[];
  const [destination] = (await knex(TABLES.destinations)
    .insert({
      environment_id: input.environmentId,
      name: `dest_${suffix}`,
      engine: 'postgres',
      connection_secret: secretBox.seal(input.connectionString, input.environmentId),
      connection_masked: 'postgres://…',
    })
    .returning('id')) as { id: string }[];
  const [sync] = (await knex(TABLES.syncs)
    .insert({
      environment_id: input.environmentId,
      // Sync names take letters only: mapping the suffix's digits to one letter made two all-digit suffixes collide.
      name: `sync_${letters(8)}`,
      source_id: source!.id,
      destination_id: destination!.id,
    })
    .returning('id')) as { id: string }[];
  const collectionIds: Record<string, string> = {};
  for (const resource of input.resources ?? ['charges']) {
    collectionIds[resource] = await mountCollection(knex, { environmentId: input.environmentId, syncId: sync!.id, resource });
  }
  return { sourceId: source!.id, destinationId: destination!.id, syncId: sync!.id, collectionIds };
}

export async function mountCollection(knex: Knex, input: { environmentId: string; syncId: string; resource: string }): Promise<string> {
  const [row] = (await knex(TABLES.collections)
    .insert({
      environment_id: input.environmentId,
      sync_id: input.syncId,
      resource_type: input.resource,
      table_name: getResource('stripe', input.resource).table,
    })
    .returning('id')) as { id: string }[];
  return row!.id;
}

export async function insertAccount(
  knex: Knex,
  secretBox: SecretBox,
  input: { environmentId: string; sourceId: string; key: string; externalId: string; identifier?: string },
): Promise<{ id: string; identifier: string }> {
  const { key, ...account } = input;
  return insertTestAccount(knex, { ...account, sealedKey: secretBox.seal(key, input.environmentId) });
}

/** A fresh SECRETS_MASTER_KEYS value. */
export function testMasterKeys(): string {
  return `t1:${randomBytes(32).toString('base64')}`;
}

/** `n` random lowercase letters. */
function letters(n: number): string {
  return [...randomBytes(n)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
}
