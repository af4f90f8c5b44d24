import { classifyPostgresError } from './postgresErrors';

describe('classifyPostgresError', () => {
  it('counts a connection lost while idle in a pool as the server closing it', () => {
    const closed = { code: 'connection_failed', detail: 'the server closed the connection' };
    expect(classifyPostgresError(new Error('Client has encountered a connection error and is not queryable'))).toEqual(closed);
    expect(classifyPostgresError(new Error('Connection terminated unexpectedly'))).toEqual(closed);
  });

  it('leaves an error it does not know unclassified', () => {
    expect(classifyPostgresError(new Error('something else'))).toBeUndefined();
  });
});
