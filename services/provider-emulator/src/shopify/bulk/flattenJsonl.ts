type Json = Record<string, unknown>;

/** A connection in a result: an object with `edges[].node` or `nodes`. */
function connectionNodes(value: unknown): Json[] | undefined {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return undefined;
  const { edges, nodes } = value as { edges?: unknown; nodes?: unknown };
  if (Array.isArray(nodes)) return nodes as Json[];
  if (Array.isArray(edges)) return edges.map((edge) => (edge as { node: Json }).node).filter(Boolean);
  return undefined;
}

/**
 * A bulk query's result as Shopify writes it: one JSON object a line, every node of a
 * connection on its own line, a nested connection's nodes after their parent with
 * `__parentId` (the parent's id) and taken out of the parent. Counts objects and root objects.
 */
export function flattenToJsonl(data: Json): { lines: string[]; rootObjectCount: number } {
  const lines: string[] = [];
  let rootObjectCount = 0;
  const emit = (node: Json, parentId: string | undefined) => {
    const own: Json = {};
    const children: [Json[], string][] = [];
    for (const [key, value] of Object.entries(node)) {
      const nodes = connectionNodes(value);
      if (nodes) children.push([nodes, String(node.id)]);
      else own[key] = value;
    }
    if (parentId !== undefined) own.__parentId = parentId;
    lines.push(JSON.stringify(own));
    for (const [nodes, id] of children) for (const child of nodes) emit(child, id);
  };
  for (const value of Object.values(data)) {
    const nodes = connectionNodes(value);
    for (const node of nodes ?? []) {
      rootObjectCount += 1;
      emit(node, undefined);
    }
  }
  return { lines, rootObjectCount };
}
