import request from 'supertest';
import { closeTestKnex, getTestKnex } from '@datasync/testing';
import { buildTestApp } from '../testing/accessApp';

const { app } = buildTestApp(getTestKnex());
const MARKER = '<meta name="datasync-session" content="none">';

afterAll(async () => {
  await closeTestKnex();
});

describe('the app shell says when the browser sent no session cookie', () => {
  it('marks a page asked for without a session cookie, so the app does not ask GET /session', async () => {
    const res = await request(app).get('/dashboard/syncs').set('Cookie', 'other=1').expect(200);
    expect(res.text).toContain(MARKER);
    expect(res.headers.vary).toMatch(/Cookie/);
  });

  it.each(['datasync_session', '__Host-datasync_session'])(
    'leaves it unmarked with a %s cookie (valid or not: the API decides)',
    async (name) => {
      const res = await request(app).get('/dashboard/').set('Cookie', `${name}=whatever`).expect(200);
      expect(res.text).not.toContain(MARKER);
      expect(res.text).toContain('<script type="module" src="/dashboard/assets/js/app.js"></script>');
    },
  );
});
