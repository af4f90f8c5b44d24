import { ensureDatabase, withDatabase } from '@datasync/db';
import { withClient } from '../pgAdmin';
import type { DemoContext } from './demoContext';

const DATABASE = 'datasync_demo';
const ROLE = 'datasync_demo';

/**
 * The demo destination: database `datasync_demo` on the control plane's server, owned by a role
 * of its own, as the guide recommends (a separate user with limited scope). When the server
 * refuses (a managed DATABASE_URL without CREATEROLE), the control plane's user is used instead.
 */
export async function seedDestinationDatabase(ctx: DemoContext): Promise<void> {
  // Any database of the server will do for CREATE DATABASE; the control plane's is surely allowed.
  await ensureDatabase(ctx.databaseUrl, DATABASE);
  const password = ctx.localState.demoDestinationPassword;
  const ownRole = await giveToOwnRole(ctx.databaseUrl, password).then(
    () => true,
    (err: unknown) => {
      ctx.log(`demo destination uses the control plane's user: no role ${ROLE} (${String(err)})`);
      return false;
    },
  );
  const url = new URL(withDatabase(ctx.databaseUrl, DATABASE));
  if (ownRole) {
    url.username = ROLE;
    url.password = password;
  }
  ctx.demo.destination = { engine: 'postgres', database: DATABASE, connection_string: url.toString() };
}

async function giveToOwnRole(databaseUrl: string, password: string): Promise<void> {
  await withClient(databaseUrl, async (client) => {
    const exists = await client.query('select 1 from pg_roles where rolname = $1', [ROLE]);
    const verb = exists.rowCount ? 'ALTER' : 'CREATE';
    // Password set at every start, so a lost .data/local.json heals instead of locking the demo out.
    await client.query(`${verb} ROLE ${client.escapeIdentifier(ROLE)} LOGIN PASSWORD ${client.escapeLiteral(password)}`);
    await client.query(`ALTER DATABASE ${client.escapeIdentifier(DATABASE)} OWNER TO ${client.escapeIdentifier(ROLE)}`);
  });
}
