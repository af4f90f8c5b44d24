import { randomBytes } from 'node:crypto';
import type { Queue } from 'bullmq';
import type { Express } from 'express';
import request from 'supertest';
import type { Knex } from '@datasync/db';
import { closeRedisConnection, createRedisConnection, type RedisConnection, type RedisSettings } from '@datasync/queue';
import { randomQueuePrefix, testRedisUrl } from '@datasync/testing';
import { buildTestApp, randomEmail, sessionCookieOf } from './accessApp';
import { catalogQueues, closeQueues } from '../ops/catalogQueues';
import { OpsRoles } from '../ops/opsRoles';

// config-service with the queue dashboard over the real test database and Redis: the catalog's
// queues under a prefix of the test's own, an operator and a viewer granted by configuration.

export interface OpsTestApp {
  app: Express;
  redis: RedisConnection;
  prefix: string;
  queues: Queue[];
  queue(name: string): Queue;
  operatorEmail: string;
  viewerEmail: string;
  close(): Promise<void>;
}

/** `redis` other than the test Redis: a Redis that is not there, or a Redis Cluster. */
export function buildOpsTestApp(knex: Knex, redis: string | RedisSettings = testRedisUrl()): OpsTestApp {
  const connection = createRedisConnection(typeof redis === 'string' ? { REDIS_URL: redis } : redis, { role: 'producer' });
  // Hash-tagged as production's prefix is, which a cluster requires.
  const prefix = `{${randomQueuePrefix()}}`;
  const queues = catalogQueues(connection, prefix);
  const operatorEmail = randomEmail();
  const viewerEmail = randomEmail();
  // Upper case and spaces as an operator might type them: emails compare like logins.
  const roles = new OpsRoles({
    OPS_OPERATOR_EMAILS: ` ${operatorEmail.toUpperCase()} , someone@example.test`,
    OPS_VIEWER_EMAILS: viewerEmail,
  });
  const { app } = buildTestApp(knex, { ops: { connection, queues, roles } });
  return {
    app,
    redis: connection,
    prefix,
    queues,
    queue(name) {
      const found = queues.find((q) => q.name === name);
      if (!found) throw new Error(`no catalog queue ${name}`);
      return found;
    },
    operatorEmail,
    viewerEmail,
    async close() {
      if (connection.status === 'ready') await Promise.all(queues.map((q) => q.obliterate({ force: true })));
      await closeQueues(queues);
      await closeRedisConnection(connection);
    },
  };
}

const passwords = new Map<string, string>();

/** A new session of the user with this email, signed up on first use; resolves to its `Cookie` header. */
export async function sessionOf(app: Express, email: string): Promise<string> {
  const known = passwords.get(email);
  const password = known ?? `pw-${randomBytes(8).toString('hex')}`;
  passwords.set(email, password);
  const res = known
    ? await request(app).post('/api/v1/login').send({ email, password }).expect(200)
    : await request(app)
        .post('/api/v1/signup')
        .send({ email, password, organization_name: `org ${email}` })
        .expect(201);
  const cookie = sessionCookieOf(res);
  if (!cookie) throw new Error('sign-up or login set no session cookie');
  return `datasync_session=${cookie}`;
}
