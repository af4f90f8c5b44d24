import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createSecretBox, type MasterKey } from '@datasync/crypto';
import { sealedPlace } from '@datasync/db';
import { ServiceUnavailableError } from '@datasync/errors';
import { createTestRedis, randomQueuePrefix } from '@datasync/testing';
import { IdempotencyStore, replayBoxes } from './idempotencyStore';

// The responses kept for Idempotency-Key replays are sealed under keys of their own, derived from
// the master keys: neither a replay nor a stored secret can be passed off as the other by whoever
// can write Redis or the database. Replays an earlier version sealed (v1, master keys) still replay
// until they expire, or until unbound envelopes are refused.

const redis = createTestRedis();
afterAll(async () => {
  await redis.quit();
});

const masterKeys: MasterKey[] = [{ id: 'k1', key: randomBytes(32) }];
const master = createSecretBox(masterKeys);
const settings = () => ({ prefix: randomQueuePrefix(), ttlMs: 60_000 });
const redisKey = (prefix: string, environmentId: string, key: string) =>
  `${prefix}:idem:${environmentId}:${createHash('sha256').update(key).digest('base64url')}`;
const response = { status: 201, body: { url: 'https://link.example/lnk_secret' } };

it('seals a replay so that it opens nowhere as a stored secret', async () => {
  const s = settings();
  const store = new IdempotencyStore(redis, s, replayBoxes(masterKeys));
  const environmentId = randomUUID();
  await store.begin(environmentId, 'key-1', 'fp');
  await store.complete(environmentId, 'key-1', 'fp', response);
  expect(await store.begin(environmentId, 'key-1', 'fp')).toEqual({ kind: 'replay', response });

  const { sealed } = JSON.parse((await redis.get(redisKey(s.prefix, environmentId, 'key-1'))) as string) as { sealed: string };
  expect(sealed).not.toContain('lnk_secret');
  // Copied into an account's key column, it does not open there (nor anywhere with the master keys).
  const asAccountKey = () => master.open(sealed, environmentId, sealedPlace('accountCredential', randomUUID()));
  expect(asAccountKey).toThrow(/failed authentication/);
});

it('never answers a stored secret planted as a replay', async () => {
  const s = settings();
  const store = new IdempotencyStore(redis, s, replayBoxes(masterKeys));
  const environmentId = randomUUID();
  const secret = master.seal(JSON.stringify(response), environmentId, sealedPlace('accountCredential', randomUUID()));
  await redis.set(redisKey(s.prefix, environmentId, 'key-2'), JSON.stringify({ fingerprint: 'fp', state: 'done', sealed: secret }));
  await expect(store.begin(environmentId, 'key-2', 'fp')).rejects.toBeInstanceOf(ServiceUnavailableError);
});

it('replays what an earlier version sealed, until unbound envelopes are refused', async () => {
  const s = settings();
  const environmentId = randomUUID();
  const earlier = { fingerprint: 'fp', state: 'done', sealed: master.seal(JSON.stringify(response), environmentId) };
  await redis.set(redisKey(s.prefix, environmentId, 'key-3'), JSON.stringify(earlier));
  const lenient = new IdempotencyStore(redis, s, replayBoxes(masterKeys));
  expect(await lenient.begin(environmentId, 'key-3', 'fp')).toEqual({ kind: 'replay', response });
  const strict = new IdempotencyStore(redis, s, replayBoxes(masterKeys, { refuseUnbound: true }));
  await expect(strict.begin(environmentId, 'key-3', 'fp')).rejects.toBeInstanceOf(ServiceUnavailableError);
  // The strict store's own replays are bound, so they replay.
  await strict.begin(environmentId, 'key-4', 'fp');
  await strict.complete(environmentId, 'key-4', 'fp', response);
  expect(await strict.begin(environmentId, 'key-4', 'fp')).toEqual({ kind: 'replay', response });
});
