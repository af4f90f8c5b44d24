import type { Knex } from 'knex';

// SQLSTATE too_many_connections: the server is at max_connections, or the database or the role at
// its CONNECTION LIMIT. Unlike a refused or timed-out connect, this says the server is up and busy.
const TOO_MANY_CONNECTIONS = '53300';

const FIRST_PAUSE_MS = 50;
const LONGEST_PAUSE_MS = 1_000;

function isTooManyConnections(err: unknown): boolean {
  return (err as { code?: unknown } | null)?.code === TOO_MANY_CONNECTIONS;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Makes the pool ask again, for up to `waitMs`, when Postgres refuses a new connection for having
 * too many. Without this the pool hands that refusal to the caller waiting for a connection, so
 * a busy moment (two loaders at their pool size beside the API, on a server left at the default
 * max_connections of 100) failed jobs that only had to wait: meanwhile the pool gives its waiting
 * callers the connections it already holds as they come back. Any other failure to connect still
 * reaches the caller at once (an unreachable database answers 503 without delay).
 */
export function waitOutFullServer(knex: Knex, waitMs: number): void {
  // The pool (tarn) calls acquireRawConnection on the client for every connection it opens.
  const client = knex.client as { acquireRawConnection(): Promise<unknown>; pool?: { numPendingAcquires(): number } };
  const open = client.acquireRawConnection.bind(client);
  // Once nobody waits (served by a connection that came back, or the pool is being destroyed),
  // the refusal ends the attempt: the pool opens another when it next needs one.
  const wanted = () => (client.pool?.numPendingAcquires() ?? 0) > 0;
  client.acquireRawConnection = async () => {
    // Ends a little before the pool's own acquire timeout, so the caller gets the refusal itself
    // rather than a timeout that blames the pool.
    const deadline = Date.now() + 0.9 * waitMs;
    for (let pause = FIRST_PAUSE_MS; ; pause = Math.min(2 * pause, LONGEST_PAUSE_MS)) {
      try {
        return await open();
      } catch (err) {
        const jittered = pause * (0.5 + Math.random());
        if (!isTooManyConnections(err) || !wanted() || Date.now() + jittered > deadline) throw err;
        await sleep(jittered);
      }
    }
  };
}
