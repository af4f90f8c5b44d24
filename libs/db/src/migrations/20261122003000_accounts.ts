import type { Knex } from 'knex';

// Provider accounts registered under a source (libs/accounts is the only writer). The identity of
// an account is (environment, source type, identifier); the unique constraint is what makes 50
// identical registrations racing each other end as one row (INSERT … ON CONFLICT DO NOTHING).
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('accounts', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('environment_id').notNullable().references('id').inTable('environments').onDelete('CASCADE');
    // NO ACTION: a source cannot be deleted while accounts are registered under it.
    t.uuid('source_id').notNullable().references('id').inTable('sources');
    // The provider name (`stripe`), the spec's sourceType.
    t.text('source_type').notNullable();
    t.text('identifier').notNullable();
    // The provider's own account id (`acct_…`), learned while verifying the credential.
    t.text('external_id').notNullable();
    t.text('credential_kind').notNullable();
    // libs/crypto envelope, environment id as associated data; null for connected accounts, whose
    // requests use the source's key.
    t.text('credential_secret');
    t.boolean('active').notNullable().defaultTo(true);
    // Set when a delete starts; the row goes once the account's rows are purged.
    t.timestamp('deleting_at', { useTz: true });
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp('updated_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.unique(['environment_id', 'source_type', 'identifier']);
    t.index(['source_id']);
    t.check("credential_kind in ('secret_key', 'connected_account')", [], 'accounts_credential_kind_check');
    t.check("(credential_kind = 'secret_key') = (credential_secret is not null)", [], 'accounts_credential_secret_check');
    t.check("identifier ~ '^[A-Za-z0-9][A-Za-z0-9_.@-]{0,254}$'", [], 'accounts_identifier_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable('accounts');
}
