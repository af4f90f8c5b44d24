import { GraphQLError } from 'graphql';

/** A GraphQL error with Shopify's `extensions.code` (THROTTLED, MAX_COST_EXCEEDED, BAD_USER_INPUT…). */
export function shopifyGraphqlError(message: string, code: string, extra: Record<string, unknown> = {}): GraphQLError {
  return new GraphQLError(message, { extensions: { code, ...extra } });
}
