import type { ConnectionFields } from './connectionString/fields';
import type { ClassifiedError } from './engines/types';
import { DestinationError, type FailureCode } from './errors';

/** What messages say about an engine, and how it recognises its driver's errors. */
export interface FailureSource {
  label: string;
  schemaIsDatabase: boolean;
  classifyError(err: unknown): ClassifiedError | undefined;
}

/** What a message may name: the user's own settings, never the password or resolved addresses. */
export interface FailureContext {
  engineLabel: string;
  /** MySQL: the schema is the database, and messages call it that. */
  schemaIsDatabase?: boolean;
  host?: string;
  port?: number;
  user?: string;
  database?: string;
  schema?: string;
  /** What was being done, for statement failures ("creating the staging table"). */
  action?: string;
}

/** The context of a connection's messages, picked field by field so the password never enters it. */
export function failureContext(
  engine: Pick<FailureSource, 'label' | 'schemaIsDatabase'>,
  fields: ConnectionFields,
  action?: string,
): FailureContext {
  const { host, port, user, database, schema } = fields;
  return { engineLabel: engine.label, schemaIsDatabase: engine.schemaIsDatabase, host, port, user, database, schema, action };
}

/** The context of a statement's messages where only the schema is at hand (writers, DDL, purge). */
export function schemaContext(engine: Pick<FailureSource, 'label' | 'schemaIsDatabase'>, schema: string, action: string): FailureContext {
  const { schemaIsDatabase } = engine;
  return { engineLabel: engine.label, schemaIsDatabase, schema, database: schemaIsDatabase ? schema : undefined, action };
}

/**
 * The one wrapper of driver errors: an error the engine recognises becomes a DestinationError
 * whose code the loader's failure policy reads and whose message says what to fix; undefined
 * for errors no engine recognises (programming errors), which callers rethrow or name otherwise.
 */
export function driverFailure(engine: FailureSource, ctx: FailureContext, err: unknown): DestinationError | undefined {
  if (err instanceof DestinationError) return err;
  const failure = engine.classifyError(err);
  if (!failure) return undefined;
  return new DestinationError(failure.code, failureMessage(failure, ctx), err);
}

const where = (ctx: FailureContext): string => (ctx.host ? `${ctx.host}:${ctx.port ?? ''}` : 'the destination');
const sentence = (text: string, detail?: string): string => (detail ? `${text} (${detail}).` : `${text}.`);

type Build = (ctx: FailureContext, detail?: string) => string;

// Guard and parsing failures carry their own messages; these are for what drivers report.
const messages: Record<Exclude<FailureCode, 'connection_string_invalid' | 'dns' | 'private_network' | 'content_too_large'>, Build> = {
  refused: (ctx) => `Nothing accepts connections at ${where(ctx)} (connection refused). Check the host and port.`,
  unreachable: (ctx) => `${where(ctx)} cannot be reached from the service's network. Check the host and the firewall.`,
  timeout: (ctx) =>
    ctx.action
      ? `The database did not answer in time while ${ctx.action}.`
      : `Connecting to ${where(ctx)} timed out. ` + 'Check that the database accepts connections from the service (firewall, allowed IPs).',
  tls: (ctx, detail) => sentence(`The TLS connection to ${where(ctx)} failed; check sslmode and the server's certificate`, detail),
  authentication: (ctx) =>
    `${ctx.engineLabel} refused the login of user "${ctx.user ?? ''}": ` +
    "wrong user name or password, or the user may not connect from the service's address.",
  database_missing: (ctx) => `The database "${ctx.database ?? ''}" does not exist on ${where(ctx)}.`,
  bucket_missing: (ctx) => `The bucket "${ctx.database ?? ''}" does not exist at ${where(ctx)}.`,
  schema_missing: (ctx) =>
    `The schema "${ctx.schema ?? ''}" does not exist${ctx.database ? ` in database "${ctx.database}"` : ''}. ` +
    'Create it, or name another with ?schema=.',
  // The check names the exact privilege (privilegeMessage); this is for what connecting or the
  // DDL runs into.
  privilege: (ctx, detail) =>
    ctx.action
      ? sentence(`The user "${ctx.user ?? ''}" lacks a privilege needed for ${ctx.action}`, detail)
      : `The user "${ctx.user ?? ''}" may not use database "${ctx.database ?? ''}": ` +
        'it does not exist, or the user has no privileges on it.',
  unavailable: (ctx, detail) =>
    `${sentence(`${ctx.engineLabel} at ${where(ctx)} is not accepting connections right now`, detail)} Try again later.`,
  connection_failed: (ctx, detail) => sentence(`The connection to ${where(ctx)} failed`, detail),
  statement_failed: (ctx, detail) => sentence(`The database refused a statement${ctx.action ? ` while ${ctx.action}` : ''}`, detail),
  table_changed: (ctx, detail) =>
    `${sentence(`A table or column the service writes is missing${ctx.action ? ` while ${ctx.action}` : ''}`, detail)} ` +
    'It was dropped or renamed; the service creates it again and reloads it.',
};

/** The message for a failure a driver reported. */
export function failureMessage(failure: ClassifiedError, ctx: FailureContext): string {
  const build = (messages as Record<string, Build>)[failure.code] ?? messages.statement_failed;
  return build(ctx, failure.detail);
}

/** "The user "x" has no DELETE privilege on …": names each missing privilege and what needs it. */
export function privilegeMessage(missing: readonly string[], on: 'schema' | 'database' | 'table', ctx: FailureContext): string {
  const container = `${ctx.schemaIsDatabase ? 'database' : 'schema'} "${ctx.schema ?? ''}"`;
  const targets = {
    schema: `schema "${ctx.schema ?? ''}"`,
    database: `database "${ctx.database ?? ''}"`,
    table: `the tables in ${container}`,
  };
  const target = targets[on];
  const why = ctx.action ? `, needed for ${ctx.action}` : '';
  return (
    `The user "${ctx.user ?? ''}" has no ${missing.join(' and ')} privilege${missing.length > 1 ? 's' : ''} on ${target}${why}. ` +
    'See the recommended GRANTs in the documentation.'
  );
}
