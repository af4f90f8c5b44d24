import { SecretBoxError } from '@datasync/crypto';
import { ConnectionStringError, DestinationError } from '@datasync/destinations';
import { MAX_TEXT_CHARS } from '@datasync/logger';
import { InvalidCredentialError, ProviderRateLimitedError, ProviderRetriesExhaustedError } from '@datasync/providers';
import { classifyFailure } from './failures';

describe('classifyFailure', () => {
  it('delays on a 429 or a spent budget', () => {
    expect(classifyFailure(new ProviderRateLimitedError(1_500, 'provider'))).toEqual({
      kind: 'rate_limited',
      retryAfterMs: 1_500,
      origin: 'provider',
    });
  });

  it('gives up at once on what only a person can fix, with their words', () => {
    expect(classifyFailure(new InvalidCredentialError('the key was revoked'))).toEqual({
      kind: 'permanent',
      code: 'invalid_credential',
      reason: 'The provider refused or failed to serve this account: the key was revoked',
    });
    expect(
      classifyFailure(new DestinationError('authentication', 'Postgres refused the password.'), { destinationName: 'warehouse' }),
    ).toEqual({
      kind: 'permanent',
      code: 'authentication',
      reason: 'Could not write into the destination warehouse: Postgres refused the password.',
    });
    expect(classifyFailure(new ConnectionStringError('The port must be a number.'))).toMatchObject({
      kind: 'permanent',
      code: 'connection_string_invalid',
    });
    expect(classifyFailure(new SecretBoxError('bad tag'))).toMatchObject({ kind: 'permanent', code: 'secret_unreadable' });
  });

  it('retries what may pass, and never shows an unknown error’s own text', () => {
    expect(classifyFailure(new DestinationError('refused', 'Nothing answered at db:5432.'))).toMatchObject({
      kind: 'transient',
      code: 'refused',
    });
    expect(classifyFailure(new ProviderRetriesExhaustedError(6, new Error('503')))).toMatchObject({
      kind: 'transient',
      code: 'provider_retries_exhausted',
    });
    const unknown = classifyFailure(new Error('relation "segments" at 10.0.0.5 does not exist'));
    expect(unknown).toEqual({
      kind: 'transient',
      code: 'internal_error',
      reason: 'Loading was interrupted by an internal error; it is retried automatically.',
    });
  });

  it('masks and cuts the server’s own words, which can hold a secret and run to any length', () => {
    const said = `trigger says postgres://u:c4n4ry@db/app ${'a://:'.repeat(60_000)} sk_live_c4n4ry`;
    const failure = classifyFailure(new DestinationError('statement_failed', `The database refused a statement (${said}).`));
    expect(failure).toMatchObject({ kind: 'transient', code: 'statement_failed' });
    const reason = failure.kind === 'transient' ? failure.reason : '';
    expect(reason).toMatch(
      /^Could not write into a destination: The database refused a statement \(trigger says postgres:\/\/u:\[REDACTED\]@db\/app a:\/\/:/,
    );
    expect(reason).toMatch(/… \[truncated \d+ chars\] ….* sk_live_\[REDACTED\]\)\.$/);
    expect(reason.length).toBeLessThan(MAX_TEXT_CHARS + 40);
  });
});

describe('abnormal failures', () => {
  it('poisons content over a read bound, with the bound and the object in the reason', () => {
    const err = new DestinationError(
      'content_too_large',
      "The object b/part-1.ndjson.gz is over the loader's bound (LOADER_READ_MAX_OBJECT_BYTES).",
    );
    expect(classifyFailure(err, { destinationName: 'lake' })).toMatchObject({
      kind: 'permanent',
      code: 'content_too_large',
      abnormal: true,
      reason: expect.stringContaining('b/part-1.ndjson.gz'),
    });
  });

  it('poisons what memory refused, and nothing else', () => {
    expect(classifyFailure(new RangeError('Invalid string length'))).toMatchObject({ code: 'resource_exhausted', abnormal: true });
    expect(classifyFailure(new RangeError('Array buffer allocation failed'))).toMatchObject({ abnormal: true });
    expect(classifyFailure(new RangeError('index out of range'))).not.toHaveProperty('abnormal');
    expect(classifyFailure(new DestinationError('timeout', 'slow'))).not.toHaveProperty('abnormal');
  });
});
