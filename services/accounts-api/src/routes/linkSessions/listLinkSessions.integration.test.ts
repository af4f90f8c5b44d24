import request from 'supertest';
import { closeTestKnex, startEmulator, type TestEmulator } from '@datasync/testing';
import { startApiTestApp, type ApiTestApp } from '../../testing/apiTestApp';
import { insertSource, newClient, type TestClient } from '../../testing/fixtures';

let emulator: TestEmulator;
let api: ApiTestApp;

beforeAll(async () => {
  emulator = await startEmulator();
  api = await startApiTestApp({ providerBaseUrl: emulator.baseUrl });
});

afterAll(async () => {
  await api?.close();
  await emulator?.stop();
  await closeTestKnex();
});

const get = (client: TestClient, path: string) => request(api.baseUrl).get(path).set('Authorization', client.authorization);

async function clientWithSessions(count: number): Promise<{ client: TestClient; ids: string[] }> {
  const client = await newClient(api);
  await insertSource(api.knex, api.secretBox, emulator, client.environmentId);
  const ids: string[] = [];
  for (let i = 0; i < count; i += 1) {
    const res = await request(api.baseUrl)
      .post('/link_sessions')
      .set('Authorization', client.authorization)
      .send({ sourceType: 'stripe', identifier: `customer-${i}`, return_url: 'https://example.com/done' })
      .expect(200);
    ids.push(res.body.id as string);
  }
  return { client, ids };
}

describe('GET /link_sessions', () => {
  it('answers 401 without credentials', async () => {
    const res = await request(api.baseUrl).get('/link_sessions').expect(401);
    expect(res.body.type).toBe('authentication_error');
  });

  it('pages newest first, without URLs, and only the caller environment', async () => {
    const { client, ids } = await clientWithSessions(3);
    await clientWithSessions(1);
    const first = await get(client, '/link_sessions?limit=2').expect(200);
    expect(first.body.data.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[1]]);
    expect(first.body).toMatchObject({ has_more: true, next_cursor: ids[1] });
    expect(first.body.data[0]).toEqual({
      id: ids[2],
      source: expect.any(String),
      source_type: 'stripe',
      identifier: 'customer-2',
      return_url: 'https://example.com/done',
      status: 'open',
      expires_at: expect.any(String),
      created_at: expect.any(String),
      completed_at: null,
      revoked_at: null,
      account: null,
    });
    const second = await get(client, `/link_sessions?limit=2&starting_after=${ids[1]}`).expect(200);
    expect(second.body).toEqual({ data: [expect.objectContaining({ id: ids[0] })], has_more: false, next_cursor: null });
    expect(JSON.stringify([first.body, second.body])).not.toContain('lnk_');
  });

  it('names every bad query parameter', async () => {
    const { client } = await clientWithSessions(0);
    const res = await get(client, '/link_sessions?limit=0&starting_after=nope&status=x').expect(400);
    expect(res.body.errors).toEqual([
      { param: 'limit', message: 'limit must be greater than or equal to 1' },
      { param: 'starting_after', message: 'starting_after must be the next_cursor of the previous page' },
      { param: 'status', message: 'status is not allowed' },
    ]);
  });
});

describe('GET /link_sessions/{id}', () => {
  it('reads one session, and answers 404 for another environment’s', async () => {
    const { client, ids } = await clientWithSessions(1);
    const other = await clientWithSessions(0);
    const res = await get(client, `/link_sessions/${ids[0]}`).expect(200);
    expect(res.body).toMatchObject({ id: ids[0], status: 'open', identifier: 'customer-0' });
    const missing = await get(other.client, `/link_sessions/${ids[0]}`).expect(404);
    expect(missing.body).toEqual({
      type: 'invalid_request_error',
      code: 'resource_missing',
      param: 'id',
      message: `No link session "${ids[0]}" in this environment.`,
    });
    // Forms Joi's plain guid() accepts but Postgres' uuid type refuses (a 500 if they got through).
    for (const id of ['not-a-uuid', `(${ids[0]})`, `[${ids[0]}]`, String(ids[0]).replace(/-/g, ':')]) {
      const bad = await get(client, `/link_sessions/${encodeURIComponent(id)}`).expect(400);
      expect(bad.body.errors).toEqual([{ param: 'id', message: 'id must be a link session id (a UUID)' }]);
    }
    const braced = await get(client, `/link_sessions?starting_after=${encodeURIComponent(`(${ids[0]})`)}`).expect(400);
    expect(braced.body.errors).toEqual([
      { param: 'starting_after', message: 'starting_after must be the next_cursor of the previous page' },
    ]);
  });
});
