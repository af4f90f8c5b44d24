import { getResource } from '../catalog';
import { listQuery } from './listing';
import { encodeQuery } from './query';

describe('encodeQuery', () => {
  it("uses Stripe's bracket encoding and skips undefined values", () => {
    expect(encodeQuery({ limit: 100, created: { gte: 1, lt: 2 }, types: ['a.b', 'c'], starting_after: undefined })).toBe(
      'limit=100&created%5Bgte%5D=1&created%5Blt%5D=2&types%5B%5D=a.b&types%5B%5D=c',
    );
  });
});

describe('listQuery', () => {
  it('always asks for canceled subscriptions too', () => {
    expect(listQuery(getResource('stripe', 'subscriptions'), { createdGte: 5 })).toBe('status=all&limit=100&created%5Bgte%5D=5');
  });

  it('lets an explicit filter override the full-list default', () => {
    expect(listQuery(getResource('stripe', 'subscriptions'), { filters: { status: 'active' }, limit: 10 })).toBe('status=active&limit=10');
  });
});
