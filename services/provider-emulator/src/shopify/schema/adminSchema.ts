import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { buildClientSchema, type GraphQLSchema, type IntrospectionQuery } from 'graphql';

/**
 * The one Admin API version the emulator serves, and whose schema it validates against: the
 * introspection Shopify ships offline in `@shopify/dev-mcp` (pinned in package.json).
 */
export const SHOPIFY_ADMIN_VERSION = '2026-10';

const SCHEMA_FILE = `@shopify/dev-mcp/dist/data/admin_${SHOPIFY_ADMIN_VERSION}.json.gz`;

let cached: GraphQLSchema | undefined;

/** The package is ESM with an `exports` map that hides its data: look in node_modules directly. */
function schemaPath(): string {
  for (const dir of require.resolve.paths('@shopify/dev-mcp') ?? []) {
    const candidate = path.join(dir, SCHEMA_FILE);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`Shopify's Admin schema ${SCHEMA_FILE} is not installed (npm install)`);
}

/** Shopify's real Admin GraphQL schema, built once (about a second) and kept. */
export function adminSchema(): GraphQLSchema {
  if (!cached) {
    const json = JSON.parse(gunzipSync(readFileSync(schemaPath())).toString('utf8')) as { data: IntrospectionQuery } | IntrospectionQuery;
    cached = buildClientSchema('data' in json ? json.data : json, { assumeValid: true });
  }
  return cached;
}
