import type { CheckResult } from '@datasync/destinations';
import type { Destination } from './destinations.repository';

// TypeScript is camelCase, public JSON snake_case (STYLE). The connection string itself never
// appears here: only its masked form exists outside the sealed column.

export function toDestinationJson(destination: Destination) {
  return {
    id: destination.id,
    name: destination.name,
    engine: destination.engine,
    connection_string_masked: destination.connectionMasked,
    created_at: destination.createdAt.toISOString(),
    updated_at: destination.updatedAt.toISOString(),
  };
}

export function toCheckResultJson(result: CheckResult) {
  return result.ok ? { ok: true as const } : { ok: false as const, code: result.code, message: result.message };
}
