import { engineOf } from '../engines/registry';
import type { DestinationHandle } from '../engines/types';
import type { Writer, WriterOptions } from './writeRow';

/**
 * The batch writer of one resource table on one connection, from the handle's engine. A
 * connection runs one transaction at a time, so one writer per connection writes at a time;
 * concurrent writers use their own connections. Errors the destination reports come back as
 * DestinationError. For s3, part files under the prefix (`schema`).
 */
export function createWriter(handle: DestinationHandle, options: WriterOptions): Writer {
  if (handle.engine !== options.engine) throw new Error(`createWriter: a ${handle.engine} handle given for ${options.engine}`);
  return engineOf(handle).createWriter(handle, options);
}
