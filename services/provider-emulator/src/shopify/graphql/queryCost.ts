import {
  getNamedType,
  isCompositeType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isInterfaceType,
  valueFromAST,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLOutputType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type FieldNode,
} from 'graphql';

/**
 * Shopify's calculated query cost ("GraphQL Admin API rate limits", Cost calculation): a scalar
 * or enum costs 0, an object 1, a connection 2 plus its page size times the cost of one node,
 * a mutation 10. The requested cost reads `first`/`last`; the actual cost reads the answer (the
 * nodes really returned), as Shopify refunds the difference after the query ran.
 */
export const MUTATION_COST = 10;

type Json = Record<string, unknown>;

interface CostWalk {
  schema: GraphQLSchema;
  fragments: Map<string, FragmentDefinitionNode>;
  variables: Record<string, unknown>;
}

const isConnectionType = (type: GraphQLOutputType) => getNamedType(type).name.endsWith('Connection');

function pageSize(walk: CostWalk, field: GraphQLField<unknown, unknown>, node: FieldNode): number {
  for (const name of ['first', 'last']) {
    const argNode = node.arguments?.find((a) => a.name.value === name);
    const argDef = field.args.find((a) => a.name === name);
    if (!argNode || !argDef) continue;
    const value = valueFromAST(argNode.value, argDef.type, walk.variables);
    if (typeof value === 'number') return Math.max(0, value);
  }
  return 0;
}

function isList(type: GraphQLOutputType): boolean {
  return isListType(isNonNullType(type) ? type.ofType : type);
}

/** The fields a selection set asks of `type`, fragments spread (their costs add: an upper bound). */
function fieldsOf(walk: CostWalk, set: SelectionSetNode, type: GraphQLCompositeType): [FieldNode, GraphQLCompositeType][] {
  const out: [FieldNode, GraphQLCompositeType][] = [];
  for (const selection of set.selections) {
    if (selection.kind === 'Field') out.push([selection, type]);
    else if (selection.kind === 'InlineFragment') {
      const on = selection.typeCondition ? walk.schema.getType(selection.typeCondition.name.value) : type;
      if (on && isCompositeType(on)) out.push(...fieldsOf(walk, selection.selectionSet, on));
    } else {
      const fragment = walk.fragments.get(selection.name.value);
      const on = fragment && walk.schema.getType(fragment.typeCondition.name.value);
      if (fragment && on && isCompositeType(on)) out.push(...fieldsOf(walk, fragment.selectionSet, on));
    }
  }
  return out;
}

/** A connection's nodes, in the answer: `edges[].node` or `nodes`. */
function answeredNodes(value: unknown): Json[] {
  if (!value || typeof value !== 'object') return [];
  const { edges, nodes } = value as { edges?: { node?: Json }[]; nodes?: Json[] };
  if (Array.isArray(nodes)) return nodes;
  return Array.isArray(edges) ? edges.map((e) => e?.node ?? {}) : [];
}

/** Cost of one node of a connection: 1, plus what is selected of it under `edges.node` or `nodes`. */
function nodeCost(walk: CostWalk, set: SelectionSetNode, connectionType: GraphQLCompositeType, node: Json | undefined): number {
  const nodeType = getNamedType(isObjectType(connectionType) ? connectionType.getFields().nodes?.type : undefined);
  if (!nodeType || !isCompositeType(nodeType)) return 1;
  let most = 0;
  for (const [field] of fieldsOf(walk, set, connectionType)) {
    const name = field.name.value;
    if (name === 'nodes' && field.selectionSet) most = Math.max(most, 1 + selectionCost(walk, field.selectionSet, nodeType, node));
    if (name === 'edges' && field.selectionSet)
      for (const [edgeField] of fieldsOf(walk, field.selectionSet, connectionType))
        if (edgeField.name.value === 'node' && edgeField.selectionSet)
          most = Math.max(most, 1 + selectionCost(walk, edgeField.selectionSet, nodeType, node));
  }
  return most;
}

/** Requested cost when `answer` is undefined; actual cost, read from the answer, otherwise. */
function selectionCost(walk: CostWalk, set: SelectionSetNode, type: GraphQLCompositeType, answer: Json | undefined): number {
  let cost = 0;
  for (const [node, parent] of fieldsOf(walk, set, type)) {
    if (node.name.value.startsWith('__') || !(isObjectType(parent) || isInterfaceType(parent))) continue;
    const field = parent.getFields()[node.name.value];
    if (!field || isLeafType(getNamedType(field.type)) || !node.selectionSet) continue;
    const named = getNamedType(field.type);
    if (!isCompositeType(named)) continue;
    const value = answer === undefined ? undefined : answer[node.alias?.value ?? node.name.value];
    if (answer !== undefined && (value === null || value === undefined)) continue;
    if (isConnectionType(field.type)) {
      if (answer === undefined) cost += 2 + pageSize(walk, field, node) * nodeCost(walk, node.selectionSet, named, undefined);
      else cost += 2 + answeredNodes(value).reduce((sum, n) => sum + nodeCost(walk, node.selectionSet!, named, n), 0);
    } else if (isList(field.type) && answer !== undefined) {
      for (const item of value as Json[]) cost += 1 + selectionCost(walk, node.selectionSet, named, item);
    } else {
      const size = isList(field.type) ? Math.max(1, pageSize(walk, field, node)) : 1;
      cost += size * (1 + selectionCost(walk, node.selectionSet, named, value as Json | undefined));
    }
  }
  return cost;
}

export function queryCost(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  fragments: FragmentDefinitionNode[],
  variables: Record<string, unknown>,
  answer?: Json,
): number {
  const walk: CostWalk = { schema, fragments: new Map(fragments.map((f) => [f.name.value, f])), variables };
  if (operation.operation === 'mutation') return MUTATION_COST * operation.selectionSet.selections.length;
  return selectionCost(walk, operation.selectionSet, schema.getQueryType()!, answer);
}
