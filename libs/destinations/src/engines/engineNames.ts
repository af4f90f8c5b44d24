/** The relational engines: their handles run SQL through a dialect. */
export type SqlEngineName = 'postgres' | 'mysql';
/** Every engine the registry holds. */
export type EngineName = SqlEngineName | 's3';
