import { accountFolder, escapePartitionValue, manifestKey, partFileName, partStem, runPartsPrefix, schemaKey } from './s3Layout';

describe('the S3 layout', () => {
  it('keeps safe identifier characters and writes every other UTF-8 byte as %XX', () => {
    expect(escapePartitionValue('acct_1.A-z')).toBe('acct_1.A-z');
    expect(escapePartitionValue('a/b c=é%')).toBe('a%2Fb%20c%3D%C3%A9%25');
    expect(() => escapePartitionValue('')).toThrow('an empty account id');
  });

  it('places tables, accounts, schemas and manifests under the prefix, or at the root without one', () => {
    expect(schemaKey('exports/v1', 'stripe_charges')).toBe('exports/v1/stripe_charges/_schema.json');
    expect(schemaKey('', 'stripe_charges')).toBe('stripe_charges/_schema.json');
    expect(accountFolder('p', 'stripe_charges', 'acct/1')).toBe('p/stripe_charges/account_id=acct%2F1/');
    expect(manifestKey('p', 'stripe_charges', 'a', 'run-1')).toBe('p/stripe_charges/account_id=a/_manifests/run-run-1.json');
    expect(runPartsPrefix('p', 'stripe_charges', 'a', 'r1')).toBe('p/stripe_charges/account_id=a/part-r1_');
    expect(() => schemaKey('p', 'Stripe Charges')).toThrow('not a table name');
    expect(() => schemaKey('/p/', 'stripe_charges')).toThrow('not a key prefix');
  });

  it('names parts from the part key, the same for the same key, never for another', () => {
    const stem = partStem({ runId: 'r1', segment: 2, sequence: 'ch_abc' }, 'unused');
    expect(stem).toMatch(/^part-r1_00002_[0-9a-f]{20}$/);
    expect(partStem({ runId: 'r1', segment: 2, sequence: 'ch_abc' }, 'other')).toBe(stem);
    expect(partStem({ runId: 'r1', segment: 2, sequence: 'ch_abd' }, 'unused')).not.toBe(stem);
    expect(partStem({ runId: 'r1', segment: 3, sequence: 'ch_abc' }, 'unused')).not.toBe(stem);
    expect(partStem({ runId: 'r1', segment: 0, sequence: 12 }, '')).toBe('part-r1_00000_000012');
    expect(partFileName(stem, 4, 'parquet')).toBe(`${stem}_004.parquet`);
    expect(partFileName(stem, 0, 'ndjson.gz')).toBe(`${stem}_000.ndjson.gz`);
  });

  it('names parts without a key from their content, and refuses run ids that would blur run prefixes', () => {
    expect(partStem(undefined, 'ab'.repeat(32))).toBe(`part-content-${'ab'.repeat(16)}`);
    expect(() => partStem({ runId: 'r_1', segment: 0, sequence: 0 }, '')).toThrow('not a run id');
    expect(() => partStem({ runId: 'r1', segment: -1, sequence: 0 }, '')).toThrow('not a segment number');
    expect(() => partStem({ runId: 'r1', segment: 0, sequence: 1.5 }, '')).toThrow('not a part sequence');
  });
});
