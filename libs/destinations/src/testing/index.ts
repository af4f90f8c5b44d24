// `@datasync/destinations/testing`: helpers for tests and benchmarks, never imported by
// production code. The S3 server runs s3rver (a devDependency) in a child process when started.
export { startTestS3Server, type ConnectionStringOptions, type TestS3, type TestS3Options } from './testS3Server';
export type { BucketChange } from './s3Gateway';
export { latestState, readPart, readParts, type PartFile, type PartRow } from './readParts';
export { listAll as listTestObjects, putObject as putTestObject } from '../engines/s3/s3Objects';
export { chargeColumns, chargeValues, typedWriter, withValues, type TestWriter, type UntypedRow } from './chargeRows';
