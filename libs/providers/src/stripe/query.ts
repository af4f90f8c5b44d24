/** Stripe's form encoding for GET parameters: `created[gte]=1`, `types[]=a&types[]=b`. */
export type QueryValue = string | number | boolean | readonly string[] | Readonly<Record<string, string | number>>;

export function encodeQuery(params: Readonly<Record<string, QueryValue | undefined>>): string {
  const parts: string[] = [];
  const add = (key: string, value: string | number | boolean) =>
    parts.push(`${encodeURIComponent(key)}=${encodeURIComponent(String(value))}`);
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly string[]) add(`${key}[]`, item);
    } else if (typeof value === 'object') {
      for (const [sub, v] of Object.entries(value as Record<string, string | number>)) add(`${key}[${sub}]`, v);
    } else {
      add(key, value as string | number | boolean);
    }
  }
  return parts.join('&');
}
