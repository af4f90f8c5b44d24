import { getNamedType, isObjectType, type DocumentNode, type GraphQLObjectType, type SelectionSetNode } from 'graphql';
import { adminSchema } from '../schema/adminSchema';

/** Shopify's bulk query limits ("Bulk operations": at most five connections, nested two deep). */
export const MAX_BULK_CONNECTIONS = 5;
export const MAX_BULK_DEPTH = 2;

const isConnection = (name: string) => name.endsWith('Connection');

/**
 * What Shopify checks of a bulk query beyond the schema: at least one connection, at most five,
 * at most two levels deep, and an `id` on every object a nested connection hangs from (its
 * lines' `__parentId`). Answers the first problem as a message, or undefined.
 */
export function bulkQueryProblem(document: DocumentNode): string | undefined {
  const operation = document.definitions.find((d) => d.kind === 'OperationDefinition');
  if (!operation || operation.kind !== 'OperationDefinition' || operation.operation !== 'query')
    return 'Bulk queries must be a query operation.';
  let connections = 0;
  let deepest = 0;
  let problem: string | undefined;
  const walk = (set: SelectionSetNode, type: GraphQLObjectType, depth: number) => {
    const fields = type.getFields();
    for (const selection of set.selections) {
      if (selection.kind !== 'Field' || !selection.selectionSet) continue;
      const named = getNamedType(fields[selection.name.value]?.type);
      if (!isObjectType(named)) continue;
      if (isConnection(named.name)) {
        connections += 1;
        deepest = Math.max(deepest, depth + 1);
        const nodeType = getNamedType(named.getFields().nodes?.type);
        for (const inner of selection.selectionSet.selections) {
          if (inner.kind !== 'Field' || !inner.selectionSet || !isObjectType(nodeType)) continue;
          if (inner.name.value === 'nodes') walk(inner.selectionSet, nodeType, depth + 1);
          if (inner.name.value === 'edges')
            for (const edge of inner.selectionSet.selections)
              if (edge.kind === 'Field' && edge.name.value === 'node' && edge.selectionSet) walk(edge.selectionSet, nodeType, depth + 1);
        }
      } else {
        walk(selection.selectionSet, named, depth);
      }
    }
    // A connection among this object's fields makes its lines children of this object.
    if (depth > 0 && set.selections.some((s) => s.kind === 'Field' && isConnection(getNamedType(fields[s.name.value]?.type)?.name ?? '')))
      if (!set.selections.some((s) => s.kind === 'Field' && s.name.value === 'id' && !s.alias))
        problem ??= `The parent '${type.name}' of a nested connection must select the field 'id'.`;
  };
  walk(operation.selectionSet, adminSchema().getQueryType()!, 0);
  if (problem) return problem;
  if (connections === 0) return 'Bulk queries must contain at least one connection.';
  if (connections > MAX_BULK_CONNECTIONS) return `Bulk queries cannot contain more than ${MAX_BULK_CONNECTIONS} connections.`;
  if (deepest > MAX_BULK_DEPTH) return `Bulk queries cannot contain connections with a nesting depth greater than ${MAX_BULK_DEPTH}.`;
  return undefined;
}
