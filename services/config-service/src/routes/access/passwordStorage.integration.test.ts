import { randomBytes } from 'node:crypto';
import request from 'supertest';
import winston from 'winston';
import { createAuth } from '@datasync/auth';
import { Readiness } from '@datasync/http';
import { createLogger } from '@datasync/logger';
import { closeTestKnex, getTestKnex } from '@datasync/testing';
import { signUp } from '../../testing/accessApp';
import { createApp } from '../../app';

const knex = getTestKnex();
afterAll(closeTestKnex);

const logger = createLogger({
  service: 'config-service-test',
  level: 'error',
  transports: [new winston.transports.Console({ silent: true })],
});
function appWith(options: { N: number; secureCookies: boolean }) {
  const auth = createAuth({
    knex,
    masterKeys: [{ id: 'test', key: randomBytes(32) }],
    secureCookies: options.secureCookies,
    SESSION_TTL_HOURS: 1,
    SESSION_IDLE_MINUTES: 30,
    BASIC_AUTH_CACHE_SECONDS: 0,
    passwordScrypt: { N: options.N, r: 8, p: 1 },
  });
  return createApp({ logger, readiness: new Readiness(), bodyLimit: '100kb', auth });
}

const storedHash = async (email: string) =>
  ((await knex('users').whereRaw('lower(email) = lower(?)', [email]).first('password_hash')) as { password_hash: string }).password_hash;

describe('password storage and the session cookie', () => {
  it('rehashes a password stored with weaker parameters at the next login, and only then', async () => {
    const user = await signUp(appWith({ N: 2 ** 10, secureCookies: false }));
    expect(await storedHash(user.email)).toMatch(/^scrypt\$N=1024,/);
    const stronger = appWith({ N: 2 ** 11, secureCookies: false });
    await request(stronger).post('/api/v1/login').send({ email: user.email, password: 'not the password' }).expect(401);
    expect(await storedHash(user.email)).toMatch(/^scrypt\$N=1024,/);
    await request(stronger).post('/api/v1/login').send({ email: user.email, password: user.password }).expect(200);
    const rehashed = await storedHash(user.email);
    expect(rehashed).toMatch(/^scrypt\$N=2048,r=8,p=1\$/);
    // The new hash is the password's: logging in again works and changes nothing.
    await request(stronger).post('/api/v1/login').send({ email: user.email, password: user.password }).expect(200);
    expect(await storedHash(user.email)).toBe(rehashed);
  });

  it('names the session cookie __Host- where cookies are Secure, and reads only that name there', async () => {
    const app = appWith({ N: 2 ** 10, secureCookies: true });
    const user = await signUp(appWith({ N: 2 ** 10, secureCookies: false }));
    const res = await request(app).post('/api/v1/login').send({ email: user.email, password: user.password }).expect(200);
    const [cookie] = res.headers['set-cookie'] as unknown as string[];
    expect(cookie).toMatch(
      /^__Host-datasync_session=[A-Za-z0-9_-]+; Max-Age=3600; Path=\/; Expires=[^;]+; HttpOnly; Secure; SameSite=Lax$/,
    );
    const token = (cookie as string).split(';')[0]!.split('=')[1] as string;
    await request(app).get('/api/v1/session').set('Cookie', `__Host-datasync_session=${token}`).expect(200);
    await request(app).get('/api/v1/session').set('Cookie', `datasync_session=${token}`).expect(401);
  });
});
