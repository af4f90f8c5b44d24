export const REDACTED = '[REDACTED]';

// Field names whose values are secrets whatever they look like. Matched on the whole name,
// case-insensitively, with `_`/`-` separators or camelCase.
const SECRET_FIELD =
  /^(.*[_-])?(password|passwd|secret|credentials?|connection[_-]?string|authorization|private[_-]?key|api[_-]?key|access[_-]?key|secret[_-]?key|key|keys|token|cookie|set[_-]?cookie)$/i;

function normaliseName(name: string): string {
  // camelCase → snake_case so `connectionString` and `connection_string` read the same.
  return name.replace(/([a-z0-9])([A-Z])/g, '$1_$2');
}

export function isSecretField(name: string): boolean {
  return SECRET_FIELD.test(normaliseName(name));
}

// Values that look like secrets wherever they appear: provider keys, Link page tokens (lnk_…), the password of a URL,
// and HTTP credentials.
const SECRET_VALUES: [RegExp, string][] = [
  [/\b(sk|rk|pk)_(live|test)_[A-Za-z0-9_]+/g, `$1_$2_${REDACTED}`],
  [/\b(whsec|ac|rt|lnk)_[A-Za-z0-9]{16,}/g, `$1_${REDACTED}`],
  // The lookbehind starts a scheme only where one can start: without it every letter of a long run
  // (a 4 kB request path) began a new scan to the run's end, quadratic time on the request path.
  // The password runs to the last '@' before whitespace: it may hold '/' and even '@' (a driver's
  // message quotes what it was given, encoded or not); masking a path with it is the safe mistake.
  [/(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/[^:/?#\s@]*:)\S+@/gi, `$1${REDACTED}@`],
  [/\b(Basic|Bearer)\s+[A-Za-z0-9+/=._~-]+/g, `$1 ${REDACTED}`],
];

export function redactString(text: string): string {
  let out = text;
  for (const [pattern, replacement] of SECRET_VALUES) out = out.replace(pattern, replacement);
  return out;
}

/**
 * Returns a copy of `value` with secret fields replaced and secret-looking text masked, at any
 * depth. Errors become plain objects (name, message, stack, code) so their text is redacted too.
 */
export function redact(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactString(value);
  if (value === null || typeof value !== 'object') return value;
  if (seen.has(value)) return '[Circular]';
  seen.add(value);
  if (value instanceof Error) {
    const plain: Record<string, unknown> = { name: value.name, message: value.message, stack: value.stack };
    for (const [k, v] of Object.entries(value)) plain[k] = v;
    return redact(plain, seen);
  }
  if (Array.isArray(value)) return value.map((item) => redact(item, seen));
  if (value instanceof Date) return value;
  if (Buffer.isBuffer(value)) return `[Buffer ${value.length} bytes]`;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) out[key] = redactField(key, v, seen);
  return out;
}

/** The value of field `key`, redacted: wholly when the name is a secret's, else by content. */
export function redactField(key: string, value: unknown, seen = new WeakSet<object>()): unknown {
  const present = value !== null && value !== undefined && value !== '';
  return present && isSecretField(key) ? REDACTED : redact(value, seen);
}
