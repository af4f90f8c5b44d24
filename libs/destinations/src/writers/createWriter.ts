import { createS3Writer } from '../engines/s3/writer/s3Writer';
import type { DestinationHandle } from '../engines/types';
import { createMysqlWriter } from './mysql/mysqlWriter';
import { createPostgresWriter } from './postgres/postgresWriter';
import type { Writer, WriterOptions } from './writeRow';

/**
 * The batch writer of one resource table on one connection. A connection runs one transaction
 * at a time, so one writer per connection writes at a time; concurrent writers use their own
 * connections. Errors the database reports come back as DestinationError. For s3, part files
 * under the prefix (`schema`); see createS3Writer.
 */
export function createWriter(handle: DestinationHandle, options: WriterOptions): Writer {
  if (handle.engine !== options.engine) throw new Error(`createWriter: a ${handle.engine} handle given for ${options.engine}`);
  if (handle.engine === 's3') return createS3Writer(handle, options);
  return handle.engine === 'postgres' ? createPostgresWriter(handle, options) : createMysqlWriter(handle, options);
}
