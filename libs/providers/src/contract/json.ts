/**
 * A value that survives a round trip through a `jsonb` column unchanged (up to key order): what a
 * connector may hand the engine to store. The engine stores it and hands it back; it never reads it.
 */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };
