import type { Knex } from 'knex';

// Every poll re-reads a look-back window behind its cursor, because the provider's events list is
// eventually consistent (an event can show up after events created later). The ids of the events
// already applied within that window are kept, so the re-read applies only the ones it had not
// seen: `{ "newest": <unix seconds of the newest event seen>, "ids": { "<event id>": <created> } }`.
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable('event_cursors', (t) => {
    t.jsonb('recent_events');
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable('event_cursors', (t) => {
    t.dropColumn('recent_events');
  });
}
