/**
 * The types each engine brings, by its name: its kind, handle, connection fields and definition.
 * Every engine's folder adds its own entry by declaration merging (`declare module
 * '../engineNames'`, beside its handle type), so the names and the unions below follow the
 * folders and adding an engine edits no list here.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by each engine folder
export interface EngineTypes {}

/** Every engine the registry holds. */
export type EngineName = keyof EngineTypes;

/** The relational engines: their handles run SQL through a dialect. */
export type SqlEngineName = { [N in EngineName]: EngineTypes[N] extends { kind: 'sql' } ? N : never }[EngineName];
