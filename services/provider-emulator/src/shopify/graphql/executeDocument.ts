import { execute, isNonNullType, type DocumentNode, type ExecutionResult, type GraphQLFieldResolver } from 'graphql';
import { adminSchema } from '../schema/adminSchema';
import type { GraphqlContext } from './graphqlContext';
import { rootValue } from './rootValue';
import { shopifyGraphqlError } from './shopifyGraphqlError';

/**
 * Reads a view's field (a value, or a function of args and context). A field the emulator does
 * not model answers null when the schema allows it, else an error naming it: a clear gap, never
 * an invented value.
 */
const fieldResolver: GraphQLFieldResolver<unknown, GraphqlContext> = (source, args, ctx, info) => {
  if (source && typeof source === 'object' && info.fieldName in source) {
    const value = (source as Record<string, unknown>)[info.fieldName];
    return typeof value === 'function' ? (value as (a: unknown, c: unknown, i: unknown) => unknown)(args, ctx, info) : value;
  }
  if (isNonNullType(info.returnType))
    throw shopifyGraphqlError(`The emulator does not model ${info.parentType.name}.${info.fieldName}.`, 'NOT_MODELED');
  return null;
};

/** Views name their type (`__typename`): how `node(id:)` and other interfaces find theirs. */
const typeResolver = (value: unknown) => (value as { __typename?: string }).__typename;

/** Executes a validated document against the shop. */
export async function executeDocument(
  document: DocumentNode,
  ctx: GraphqlContext,
  variables: Record<string, unknown> | undefined,
): Promise<ExecutionResult> {
  return execute({
    schema: adminSchema(),
    document,
    rootValue: rootValue(ctx.shop),
    contextValue: ctx,
    variableValues: variables,
    fieldResolver,
    typeResolver,
  });
}
