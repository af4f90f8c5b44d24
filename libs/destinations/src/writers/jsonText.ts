// jsonb refuses the escape \u0000 (Postgres text cannot hold NUL) and both engines refuse a lone
// surrogate, which JSON.stringify writes as a \udXXX escape (paired ones it writes as they are).
// NUL is dropped and a lone surrogate becomes U+FFFD, so one such value cannot fail every retry
// of its batch. An escape counts when an even number of backslashes precedes it (an odd number
// escapes the backslash instead).
const REFUSED = /(?<!\\)((?:\\\\)*)\\u(0000|d[89a-f][0-9a-f]{2})/gi;

/** JSON text that Postgres jsonb and MySQL JSON columns both accept, from JSON text. */
export function storedJsonText(json: string): string {
  if (!json.includes('\\u')) return json;
  return json.replace(REFUSED, (_m, slashes: string, code: string) => (code === '0000' ? slashes : `${slashes}\\ufffd`));
}

/** JSON text of `value` that Postgres jsonb and MySQL JSON columns both accept. */
export function jsonText(value: object): string {
  return storedJsonText(JSON.stringify(value));
}
