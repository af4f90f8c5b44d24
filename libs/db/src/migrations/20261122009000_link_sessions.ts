import type { Knex } from 'knex';

// Hosted Link page (accounts-api's link module is the only writer of link_sessions). A session is
// one invitation an integrator sends its customer: the URL's token is never stored, only its
// SHA-256, so a copy of this table opens no link. One successful use: completed_at is set once,
// and claimed_until is the short lease that keeps two tabs from registering with it at once.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable('link_sessions', (t) => {
    t.uuid('id').primary().defaultTo(knex.raw('gen_random_uuid()'));
    t.uuid('environment_id').notNullable().references('id').inTable('environments').onDelete('CASCADE');
    // A deleted source takes its invitations with it: they could never register anything again.
    t.uuid('source_id').notNullable().references('id').inTable('sources').onDelete('CASCADE');
    // The client credential that created it: the page registers the account on its behalf.
    t.text('client_id').notNullable();
    t.text('identifier');
    t.text('return_url').notNullable();
    t.text('token_hash').notNullable().unique();
    // The OAuth `state` of the latest connect attempt, hashed; a new attempt replaces it.
    t.text('oauth_state_hash').unique();
    t.timestamp('expires_at', { useTz: true }).notNullable();
    t.timestamp('claimed_until', { useTz: true });
    t.timestamp('completed_at', { useTz: true });
    t.timestamp('revoked_at', { useTz: true });
    // What the one successful use registered; kept as text so the record outlives the account.
    t.text('account_identifier');
    t.text('account_external_id');
    t.timestamp('created_at', { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(['environment_id', 'created_at', 'id']);
    t.check("identifier is null or identifier ~ '^[A-Za-z0-9][A-Za-z0-9_.@-]{0,254}$'", [], 'link_sessions_identifier_check');
    t.check('completed_at is null or revoked_at is null', [], 'link_sessions_one_outcome_check');
    t.check('(completed_at is null) = (account_identifier is null)', [], 'link_sessions_account_check');
  });

  // The provider app's public OAuth client id (Stripe Connect's `ca_…`), which the Link page's
  // connect button needs. config-service owns the sources table and fills it; null means the
  // source offers only the pasted-key way on the Link page.
  await knex.schema.alterTable('sources', (t) => {
    t.text('oauth_client_id');
    t.check("oauth_client_id is null or oauth_client_id ~ '^[A-Za-z0-9_]{1,255}$'", [], 'sources_oauth_client_id_check');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('sources', (t) => {
    t.dropChecks(['sources_oauth_client_id_check']);
    t.dropColumn('oauth_client_id');
  });
  await knex.schema.dropTable('link_sessions');
}
