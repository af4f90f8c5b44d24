import path from 'node:path';
import { Redis } from 'ioredis';
import { Joi } from '@datasync/config';
import { repoRoot } from './config';
import { kustomizeBuild } from './testing/kustomizeBuild';
import type { Manifest } from './testing/manifest';
import { queueModule, testingModule } from './testing/sourceModules';
import { serviceSchema } from './docs/serviceSchemas';

// The loader's autoscalers: KEDA must read the Redis list where the pinned BullMQ keeps a
// queue's waiting jobs, under the prefix the services use. Checked against real BullMQ on the
// test Redis: jobs enqueued through the services' own producer must show in that list.

const K8S = path.join(repoRoot, 'deploy', 'k8s');

interface RedisTrigger {
  type: string;
  name: string;
  metadata: { address: string; listName: string; listLength: string; activationListLength?: string };
  authenticationRef: { name: string };
}

let keda: Manifest[];
let hpa: Manifest[];
let redis: Redis;

beforeAll(async () => {
  keda = await kustomizeBuild(path.join(K8S, 'overlays', 'example'));
  hpa = await kustomizeBuild(path.join(K8S, 'overlays', 'example-hpa'));
  redis = new Redis(testingModule().testRedisUrl(), { maxRetriesPerRequest: null });
});

afterAll(async () => {
  await redis.quit();
});

const one = (list: Manifest[], kind: string) => {
  const found = list.filter((m) => m.kind === kind);
  expect(found).toHaveLength(1);
  return found[0] as Manifest & { spec: Record<string, unknown> };
};
const triggers = () => (one(keda, 'ScaledObject').spec.triggers ?? []) as RedisTrigger[];

/** The loader's queue prefix as the example installation configures it (its default, unless set). */
function loaderQueuePrefix(): string {
  const deployment = one(
    keda.filter((m) => m.metadata.name === 'loader'),
    'Deployment',
  );
  const env = (deployment.spec as { template: { spec: { containers: { env: { name: string; value?: string }[] }[] } } }).template.spec
    .containers[0]!.env;
  const values = Object.fromEntries(env.filter((v) => v.value !== undefined).map((v) => [v.name, v.value]));
  // The whole pair of settings: the prefix's rule depends on REDIS_CLUSTER_NODES.
  const schema = serviceSchema('loader');
  const { value, error } = Joi.object({ QUEUE_PREFIX: schema.QUEUE_PREFIX, REDIS_CLUSTER_NODES: schema.REDIS_CLUSTER_NODES }).validate({
    QUEUE_PREFIX: values.QUEUE_PREFIX,
    REDIS_CLUSTER_NODES: values.REDIS_CLUSTER_NODES,
  }) as { value: { QUEUE_PREFIX?: string }; error?: Error };
  if (error || value.QUEUE_PREFIX === undefined) throw new Error(`the loader's QUEUE_PREFIX is invalid: ${String(error)}`);
  return value.QUEUE_PREFIX;
}

it('KEDA scales the loader Deployment, and only KEDA in that overlay', () => {
  const scaledObject = one(keda, 'ScaledObject');
  expect(scaledObject.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'loader' });
  expect(scaledObject.spec.minReplicaCount).toBeGreaterThanOrEqual(1);
  expect(keda.filter((m) => m.kind === 'HorizontalPodAutoscaler')).toEqual([]);
  // The autoscaler owns the count: a Deployment replicas field would reset it at every apply.
  expect(
    one(
      keda.filter((m) => m.metadata.name === 'loader'),
      'Deployment',
    ).spec.replicas,
  ).toBeUndefined();
});

it("watches the waiting lists of the backfill, lifecycle and poll queues under the services' prefix", () => {
  const prefix = loaderQueuePrefix();
  expect(triggers().map((t) => [t.type, t.metadata.listName])).toEqual([
    ['redis', `${prefix}:backfill:wait`],
    ['redis', `${prefix}:lifecycle:wait`],
    ['redis', `${prefix}:incremental:wait`],
  ]);
  const auth = one(keda, 'TriggerAuthentication');
  for (const trigger of triggers()) {
    expect(trigger.authenticationRef).toEqual({ name: auth.metadata.name });
    expect(Number(trigger.metadata.listLength)).toBeGreaterThan(0);
  }
  expect(auth.spec.secretTargetRef).toEqual([{ parameter: 'password', name: 'datasync', key: 'REDIS_PASSWORD' }]);
});

it('reads lists in which the waiting jobs the services enqueue really are', async () => {
  const { createProducer, jobCatalog, queueDepths } = queueModule();
  const prefix = loaderQueuePrefix();
  // A prefix of this test's own in place of the services' one, so other tests' queues never count.
  const testPrefix = `test-keda-${process.pid}-${Date.now()}`;
  const producer = createProducer(redis, { prefix: testPrefix, catalog: jobCatalog });
  try {
    const runId = '4b0c2a5e-8d8f-4f44-9a55-1f3c8f0a9e21';
    for (let n = 0; n < 3; n += 1) await producer.enqueue('segment.load', { runId, n });
    await producer.enqueue('account.attach', { accountId: '9d1f5c1a-7b3e-4a8e-8f0e-2c6d4b1a3e55' });
    for (const accountId of ['0b6f3c2e-1d4a-4c8e-9f2a-7e5d3b1c9a01', '0b6f3c2e-1d4a-4c8e-9f2a-7e5d3b1c9a02']) {
      await producer.enqueue('account.poll', { accountId });
    }
    const depths = await queueDepths(redis, testPrefix);
    const lengths = await Promise.all(triggers().map((t) => redis.llen(t.metadata.listName.replace(prefix, testPrefix))));
    expect(lengths).toEqual([3, 1, 2]);
    expect(lengths).toEqual([depths.backfill?.waiting, depths.lifecycle?.waiting, depths.incremental?.waiting]);
    expect(jobCatalog.jobs['segment.load']?.queue).toBe('backfill');
    expect(jobCatalog.jobs['account.attach']?.queue).toBe('lifecycle');
    expect(jobCatalog.jobs['account.poll']?.queue).toBe('incremental');
  } finally {
    await producer.close();
    const keys = await redis.keys(`${testPrefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
  }
});

it('without KEDA, an HPA scales the loader Deployment on CPU instead', () => {
  const autoscaler = one(hpa, 'HorizontalPodAutoscaler');
  expect(autoscaler.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'loader' });
  expect(autoscaler.spec.metrics).toEqual([
    { type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } },
  ]);
  expect(hpa.filter((m) => m.kind === 'ScaledObject')).toEqual([]);
});
