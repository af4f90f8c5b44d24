import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { addSettledJob, closeTestKnex, getTestKnex } from '@datasync/testing';
import { createCredential, signUp } from '../testing/accessApp';
import { buildOpsTestApp, sessionOf, type OpsTestApp } from '../testing/opsApp';

// Who gets into the queue dashboard: the table is the policy. Operators and viewers are granted
// by configuration; every tenant caller (a signed-in user, an API key of either scope) and an
// anonymous visitor get the app's plain 404, as for a path that does not exist.

type Caller = 'anonymous' | 'expiredSession' | 'accountsKey' | 'adminKey' | 'tenant' | 'viewer' | 'operator';
// 'in': bull-board answered (2xx); 'hidden': the app's 404 for an unknown route; 'read_only': 403 for
// viewers; 'not_allowed': 403 for a change outside retry, promote, clean, pause and resume.
type Outcome = 'in' | 'hidden' | 'read_only' | 'not_allowed';

const READ: Record<Caller, Outcome> = {
  anonymous: 'hidden',
  expiredSession: 'hidden',
  accountsKey: 'hidden',
  adminKey: 'hidden',
  tenant: 'hidden',
  viewer: 'in',
  operator: 'in',
};
const WRITE: Record<Caller, Outcome> = { ...READ, viewer: 'read_only' };
const OTHER_WRITE: Record<Caller, Outcome> = { ...WRITE, operator: 'not_allowed' };

const knex = getTestKnex();
let ops: OpsTestApp;
const failedId = `attach-${randomUUID()}`;

beforeAll(async () => {
  ops = buildOpsTestApp(knex);
});

afterAll(async () => {
  await ops.close();
  await closeTestKnex();
});

describe('the queue dashboard access policy', () => {
  it('lets exactly the callers of the table in, and shows everyone else the 404 of an unknown path', async () => {
    const owner = await signUp(ops.app);
    const [accountsKey, adminKey] = [await createCredential(owner), await createCredential(owner, 'admin')];
    const sessions = { viewer: await sessionOf(ops.app, ops.viewerEmail), operator: await sessionOf(ops.app, ops.operatorEmail) };
    // The retries of the table act on a failed job each time; re-failed before each call.
    const lifecycle = ops.queue('lifecycle');

    const policy: Record<string, Record<Caller, Outcome>> = {
      'GET /ops/queues': READ,
      'GET /ops/queues/queue/lifecycle': READ,
      'GET /ops/queues/api/queues': READ,
      [`GET /ops/queues/api/queues/lifecycle/${failedId}`]: READ,
      [`PUT /ops/queues/api/queues/lifecycle/${failedId}/retry`]: WRITE,
      'PUT /ops/queues/api/queues/backfill/promote': WRITE,
      'PUT /ops/queues/api/queues/maintenance/clean/completed': WRITE,
      'PUT /ops/queues/api/queues/pause': WRITE,
      // Last, so the queues are not left paused for the tests below.
      'PUT /ops/queues/api/queues/resume': WRITE,
      'POST /ops/queues/api/queues/lifecycle/add': OTHER_WRITE,
      'PUT /ops/queues/api/queues/maintenance/empty': OTHER_WRITE,
      'PUT /ops/queues/api/queues/maintenance/obliterate': OTHER_WRITE,
      [`PATCH /ops/queues/api/queues/lifecycle/${failedId}/update-data`]: OTHER_WRITE,
    };
    const call = async (operation: string, caller: Caller) => {
      const [method, path] = operation.split(' ') as [string, string];
      if ((await lifecycle.getJobState(failedId)) !== 'failed') {
        await lifecycle.remove(failedId);
        await addSettledJob(
          lifecycle,
          { name: 'account.attach', data: { accountId: failedId.slice('attach-'.length) }, jobId: failedId },
          { state: 'failed' },
        );
      }
      let req = (request(ops.app) as unknown as Record<string, (url: string) => request.Test>)[method.toLowerCase()]!(path);
      if (caller === 'expiredSession') req = req.set('Cookie', `datasync_session=${'x'.repeat(43)}`);
      if (caller === 'accountsKey') req = req.set('Authorization', accountsKey.authorization);
      if (caller === 'adminKey') req = req.set('Authorization', adminKey.authorization);
      if (caller === 'viewer' || caller === 'operator') req = req.set('Cookie', sessions[caller]);
      if (caller === 'tenant') req = req.set('Cookie', `datasync_session=${owner.cookie}`);
      const res = await req;
      if (res.status === 404 && res.body?.message === `No such route: ${method} ${path}.`) {
        // Nothing tells this 404 from any other: not the body, not the headers the page would carry.
        expect(res.headers['content-security-policy']).toBeUndefined();
        return 'hidden';
      }
      if (res.status === 403 && res.body?.code === 'ops_read_only') return 'read_only';
      if (res.status === 403 && res.body?.code === 'ops_action_not_allowed') return 'not_allowed';
      if (res.status >= 200 && res.status < 300) return 'in';
      return `${res.status} ${JSON.stringify(res.body)}`;
    };

    const observed: Record<string, Record<Caller, Outcome | string>> = {};
    for (const operation of Object.keys(policy)) {
      observed[operation] = {} as Record<Caller, Outcome | string>;
      for (const caller of Object.keys(READ) as Caller[]) observed[operation]![caller] = await call(operation, caller);
    }
    expect(observed).toEqual(policy);
  });

  it('answers an unknown path under /ops/queues with the same 404 for everyone', async () => {
    const operator = await sessionOf(ops.app, ops.operatorEmail);
    const anonymous = await request(ops.app).get('/ops/queues/nothing/here').expect(404);
    const asOperator = await request(ops.app).get('/ops/queues/nothing/here').set('Cookie', operator).expect(404);
    expect(asOperator.body).toEqual(anonymous.body);
  });

  it("refuses an operator's change that another site's page sent", async () => {
    const operator = await sessionOf(ops.app, ops.operatorEmail);
    const res = await request(ops.app)
      .put('/ops/queues/api/queues/pause')
      .set('Cookie', operator)
      .set('Sec-Fetch-Site', 'same-site')
      .expect(403);
    expect(res.body).toEqual({
      type: 'permission_error',
      code: 'cross_site_request',
      message: 'Requests from other sites cannot change the queues.',
    });
    expect(await ops.queue('lifecycle').isPaused()).toBe(false);
    await request(ops.app).put('/ops/queues/api/queues/pause').set('Cookie', operator).set('Sec-Fetch-Site', 'same-origin').expect(200);
    expect(await ops.queue('lifecycle').isPaused()).toBe(true);
    await request(ops.app).put('/ops/queues/api/queues/resume').set('Cookie', operator).expect(200);
  });

  it("refuses an operator's change outside retry, promote, clean, pause and resume, with the whole error body", async () => {
    const operator = await sessionOf(ops.app, ops.operatorEmail);
    const maintenance = ops.queue('maintenance');
    await maintenance.add('loader.reconcile', {}, { jobId: 'reconcile' });
    const res = await request(ops.app).put('/ops/queues/api/queues/maintenance/obliterate').set('Cookie', operator).send({}).expect(403);
    expect(res.body).toEqual({
      type: 'permission_error',
      code: 'ops_action_not_allowed',
      message: 'Operators may retry, promote and clean jobs and pause or resume queues here, nothing else.',
    });
    expect(await maintenance.getJobState('reconcile')).toBe('waiting');
  });

  it("refuses a viewer's change with the whole error body, and the board says it is read-only", async () => {
    const viewer = await sessionOf(ops.app, ops.viewerEmail);
    const res = await request(ops.app).put('/ops/queues/api/queues/pause').set('Cookie', viewer).expect(403);
    expect(res.body).toEqual({
      type: 'permission_error',
      code: 'ops_read_only',
      message: 'The queue dashboard is read-only for viewers.',
    });
    expect(await ops.queue('lifecycle').isPaused()).toBe(false);
    const board = await request(ops.app).get('/ops/queues/api/queues').set('Cookie', viewer).expect(200);
    for (const queue of board.body.queues as { readOnlyMode: boolean; allowRetries: boolean }[]) {
      expect(queue).toMatchObject({ readOnlyMode: true, allowRetries: false });
    }
  });
});
