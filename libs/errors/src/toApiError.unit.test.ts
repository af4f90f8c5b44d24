import { Redis } from 'ioredis';
import { ServiceUnavailableError } from './apiErrors';
import { toApiError } from './errorMiddleware';

describe('toApiError: a store that cannot be reached is a 503, never a 500', () => {
  it('takes what a Redis connection without an offline queue raises before it is ready', async () => {
    // Port 9 has no listener; lazyConnect keeps the client from connecting until the command.
    const redis = new Redis('redis://127.0.0.1:9', { enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
    redis.on('error', () => undefined);
    const raised = await redis.set('k', 'v').then(
      () => undefined,
      (err: unknown) => err,
    );
    redis.disconnect();
    expect(raised).toBeInstanceOf(Error);
    expect(toApiError(raised)).toBeInstanceOf(ServiceUnavailableError);
  });

  it.each([
    ['the queue out of reach', Object.assign(new Error('redis not ready within 200 ms'), { name: 'QueueUnavailableError' })],
    ['a command past its timeout', new Error('Command timed out')],
    ['a connection closed under a command', new Error('Connection is closed.')],
    ['a pool with no free connection', Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' })],
  ])('%s', (_case, err) => {
    expect(toApiError(err)).toBeInstanceOf(ServiceUnavailableError);
  });

  it('leaves an unknown error unknown (the handler logs it and answers 500)', () => {
    expect(toApiError(new Error('something else'))).toBeUndefined();
  });
});
