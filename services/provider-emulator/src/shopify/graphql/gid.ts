/** Shopify's global ids: `gid://shopify/Order/123`. */
export function gid(type: string, id: number): string {
  return `gid://shopify/${type}/${id}`;
}

/** The type and numeric id of a GID; undefined for anything else. */
export function parseGid(value: string): { type: string; id: number } | undefined {
  const match = /^gid:\/\/shopify\/([A-Za-z]+)\/(\d{1,18})$/.exec(value);
  return match ? { type: match[1]!, id: Number(match[2]) } : undefined;
}
