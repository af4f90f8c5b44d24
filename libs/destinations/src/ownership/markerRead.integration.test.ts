import type { SqlEngineName, SqlHandle } from '../engines/types';
import { scratchDestination, type ScratchDestination } from '../testing/scratchDestination';
import { claimTable, mayTouchTable, readTableClaim } from './claimTable';
import type { TableOwner } from './tableOwner';

// The first mount into a schema reads the table's owner before any marker table exists. Asking by
// a SELECT of the missing table made the destination server log `relation
// "_datasync_table_owners" does not exist` as an ERROR (Postgres logs every failed statement), in
// the customer's own logs. The marker's existence is asked of the catalog instead: no statement of
// the first mount, the first purge or verification check fails.

const owner: TableOwner = { environmentId: 'env-prod', environmentName: 'production', syncId: 'sync-prod', syncName: 'prod_sync' };

/** Every statement the handle runs that the server refuses, by SQLSTATE or MySQL code and text. */
function failedStatements(handle: SqlHandle): string[] {
  const failed: string[] = [];
  const run = handle.query.bind(handle);
  handle.query = async (sql, params) => {
    try {
      return await run(sql, params);
    } catch (err) {
      failed.push(`${String((err as { code?: unknown }).code)}: ${sql}`);
      throw err;
    }
  };
  return failed;
}

describe.each<SqlEngineName>(['postgres', 'mysql'])('reading table owners in a schema without markers (%s)', (engine) => {
  let scratch: ScratchDestination;
  let handle: SqlHandle;
  let failed: string[];
  beforeAll(async () => {
    scratch = await scratchDestination(engine);
    handle = await scratch.open();
    failed = failedStatements(handle);
  });
  afterAll(async () => {
    await handle?.close();
    await scratch?.cleanup();
  });

  it('a purge or verification check before any mount: no owner, and no failed statement', async () => {
    expect(await readTableClaim(handle, scratch.schema, 'stripe_charges')).toBeUndefined();
    expect(await mayTouchTable(handle, scratch.schema, 'stripe_charges', [owner])).toEqual({ allowed: true });
    expect(failed).toEqual([]);
  });

  it('the first mount claims the table without a failed statement, and the next read finds the owner', async () => {
    expect(await claimTable(handle, { schema: scratch.schema, table: 'stripe_customers', owner })).toBe('created');
    expect(await readTableClaim(handle, scratch.schema, 'stripe_customers')).toMatchObject({ ...owner, table: 'stripe_customers' });
    expect(await readTableClaim(handle, scratch.schema, 'stripe_refunds')).toBeUndefined();
    expect(failed).toEqual([]);
  });
});
