import type { Knex } from 'knex';

// Credential kinds belong to each provider's module (libs/providers, providerModule.ts), not to
// this schema: the Stripe-only checks give way to a format check, and which kinds keep a sealed
// secret is the module's rule. A refreshable credential (an OAuth token the provider rotates) is
// replaced in place, so the row records when it stops working and when it was last replaced.
// Sources of providers without modes have no livemode. Existing rows keep every value.
export async function up(knex: Knex): Promise<void> {
  await knex.raw('alter table accounts drop constraint accounts_credential_kind_check');
  await knex.raw('alter table accounts drop constraint accounts_credential_secret_check');
  await knex.schema.alterTable('accounts', (t) => {
    t.timestamp('credential_expires_at', { useTz: true });
    t.timestamp('credential_updated_at', { useTz: true });
    t.check("credential_kind ~ '^[a-z][a-z0-9_]{0,62}$'", [], 'accounts_credential_kind_check');
    // Only a kept secret can expire.
    t.check('credential_expires_at is null or credential_secret is not null', [], 'accounts_credential_expiry_check');
  });
  await knex.schema.alterTable('sources', (t) => {
    t.boolean('livemode').nullable().alter();
  });
}

// Back to Stripe's checks: fails while an account of another kind, or a source without a mode,
// exists (they have no place in the older schema).
export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sources', (t) => {
    t.boolean('livemode').notNullable().alter();
  });
  await knex.schema.alterTable('accounts', (t) => {
    t.dropChecks(['accounts_credential_kind_check', 'accounts_credential_expiry_check']);
    t.dropColumn('credential_expires_at');
    t.dropColumn('credential_updated_at');
    t.check("credential_kind in ('secret_key', 'connected_account')", [], 'accounts_credential_kind_check');
    t.check("(credential_kind = 'secret_key') = (credential_secret is not null)", [], 'accounts_credential_secret_check');
  });
}
