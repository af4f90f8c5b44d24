import { randomBytes, randomUUID } from 'node:crypto';
import express from 'express';
import request from 'supertest';
import { errorMiddleware } from '@datasync/errors';
import { silentLogger } from '@datasync/logger';
import { closeTestKnex, createTestTenant, getTestKnex, waitFor } from '@datasync/testing';
import { basicAuth } from '../auth';
import type { Caller } from '../caller';
import { ClientCredentialsService } from '../clientCredentials/clientCredentials.service';
import { ClientSecretHasher } from '../clientCredentials/clientSecret';

const knex = getTestKnex();
afterAll(closeTestKnex);

const masterKeys = [{ id: 'k1', key: randomBytes(32) }];
// Another process sharing the database: revocations there do not reach this one's cache.
const elsewhere = new ClientCredentialsService(knex, new ClientSecretHasher(masterKeys));

function appWith(cacheMs: number, keys = masterKeys) {
  const app = express();
  app.get('/whoami', basicAuth(knex, { masterKeys: keys, cacheMs }).middleware, (_req, res) => {
    res.json(res.locals.caller);
  });
  app.use(errorMiddleware(silentLogger()));
  return app;
}

async function newCredential() {
  const tenant = await createTestTenant(knex);
  const owner: Caller = {
    kind: 'session',
    environmentId: tenant.productionEnvironmentId,
    organizationId: tenant.organizationId,
    userId: randomUUID(),
    sessionId: randomUUID(),
  };
  const { credential, clientSecret } = await elsewhere.create(owner);
  const authorization = `Basic ${Buffer.from(`${credential.clientId}:${clientSecret}`).toString('base64')}`;
  return { tenant, owner, clientId: credential.clientId, authorization };
}

describe('basicAuth', () => {
  it("resolves the credential's environment and organization into res.locals.caller", async () => {
    const { tenant, clientId, authorization } = await newCredential();
    const res = await request(appWith(0)).get('/whoami').set('Authorization', authorization).expect(200);
    expect(res.body).toEqual({
      kind: 'client',
      environmentId: tenant.productionEnvironmentId,
      organizationId: tenant.organizationId,
      clientId,
      scope: 'accounts',
    });
  });

  it('without a cache, stops accepting a credential the moment another process revokes it', async () => {
    const { owner, clientId, authorization } = await newCredential();
    const app = appWith(0);
    await request(app).get('/whoami').set('Authorization', authorization).expect(200);
    await elsewhere.revoke(owner, clientId);
    await request(app).get('/whoami').set('Authorization', authorization).expect(401);
  });

  it('with a cache, stops accepting it within the cache time', async () => {
    const { owner, clientId, authorization } = await newCredential();
    const app = appWith(1_000);
    const started = Date.now();
    await request(app).get('/whoami').set('Authorization', authorization).expect(200);
    await elsewhere.revoke(owner, clientId);
    // Still remembered (this process was not told) ...
    await request(app).get('/whoami').set('Authorization', authorization).expect(200);
    // ... but no longer than the cache time.
    await waitFor(async () => (await request(app).get('/whoami').set('Authorization', authorization)).status === 401, {
      description: 'the revoked credential to be refused',
      timeoutMs: 3_000,
    });
    expect(Date.now() - started).toBeLessThan(1_500);
  });

  it('refuses a secret hashed under a master key this process does not hold', async () => {
    const { authorization } = await newCredential();
    const res = await request(appWith(0, [{ id: 'other', key: randomBytes(32) }]))
      .get('/whoami')
      .set('Authorization', authorization)
      .expect(401);
    expect(res.body.type).toBe('authentication_error');
    expect(res.headers['www-authenticate']).toMatch(/^Basic realm=/);
  });
});
