// Postgres reports constraint violations by SQLSTATE and constraint name; the services turn the
// ones a caller can cause (a name taken in a race, a delete racing a new sync) into 400s.

interface PgError {
  code?: string;
  constraint?: string;
}

/** 23505: a unique constraint (optionally the named one) refused the write. */
export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as PgError | undefined;
  return e?.code === '23505' && (constraint === undefined || e.constraint === constraint);
}

/** 23503: a foreign key refused the write, e.g. deleting a row another still references. */
export function isForeignKeyViolation(err: unknown, constraint?: string): boolean {
  const e = err as PgError | undefined;
  return e?.code === '23503' && (constraint === undefined || e.constraint === constraint);
}
