import pg from 'pg';

/** Runs `fn` with one short-lived client; the launcher needs a handful of statements, no pool. */
export async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  // An idle client's socket error must not crash the launcher; the query in flight reports it.
  client.on('error', () => undefined);
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

export async function pingPostgres(url: string): Promise<void> {
  await withClient(url, (client) => client.query('select 1'));
}
