import { createHash } from 'node:crypto';
import type { Knex } from '@datasync/db';

type Value = string | boolean;

/** A pooled pg client as knex hands it out: only the query call is used here. */
interface PgClient {
  query(config: { name: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
}

interface Compiled {
  name: string;
  text: string;
  /** Per `$n` of the text: the parameter's name, or a constant knex bound itself (a `limit 1`). */
  bindings: ({ param: string } | { constant: unknown })[];
}

// Placeholders the query is built with, found again in knex's bindings: no real value looks like them.
const MARK = '\u0000param:';

/**
 * A query written with knex (so it is composed from the same pieces as its siblings: the account
 * columns, the loader-state join), compiled to SQL once per knex instance, then run as a named
 * prepared statement on a client of knex's own pool. Each call skips knex's compiling and
 * Postgres's parsing and planning, which on the API's hottest calls cost more than the query
 * itself. The pool, its timeouts and pg's errors (what the error middleware maps to 503 or 400)
 * stay the same as for any knex query.
 */
export function preparedStatement<P extends { [K in keyof P]: Value }>(
  label: string,
  build: (db: Knex, params: { [K in keyof P]: string }) => Knex.QueryBuilder,
): (db: Knex, params: P) => Promise<unknown[]> {
  const compiled = new WeakMap<Knex, Compiled>();

  const compile = (db: Knex): Compiled => {
    const names = new Proxy({} as { [K in keyof P]: string }, { get: (_target, key) => `${MARK}${String(key)}` });
    const native = build(db, names).toSQL().toNative();
    const text = native.sql;
    return {
      // The text is part of the name: a statement of this name on a pooled connection always means this text.
      name: `${label}:${createHash('sha256').update(text).digest('hex').slice(0, 12)}`,
      text,
      bindings: native.bindings.map((b) =>
        typeof b === 'string' && b.startsWith(MARK) ? { param: b.slice(MARK.length) } : { constant: b },
      ),
    };
  };

  return async (db, params) => {
    let statement = compiled.get(db);
    if (!statement) {
      statement = compile(db);
      compiled.set(db, statement);
    }
    const values = statement.bindings.map((b) => ('param' in b ? params[b.param as keyof P] : b.constant));
    // knex types its client as any: what its pg pool hands out is a pg Client.
    const client: PgClient = await db.client.acquireConnection();
    try {
      return (await client.query({ name: statement.name, text: statement.text, values })).rows;
    } finally {
      await db.client.releaseConnection(client);
    }
  };
}
