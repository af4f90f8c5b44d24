import { capStack, capText, MAX_TEXT_CHARS } from './capText';
import { maskUrlPasswords } from './urlPasswords';

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

// Values that look like secrets wherever they appear: provider keys, Link page tokens (lnk_…), the
// password of a URL, and HTTP credentials. Applied in this order, each to the previous one's output.
//
// Redaction runs in the event loop on text a tenant can write (a trigger's error message in their
// own database), so each step must take time linear in the text. The three expressions do: an
// attempt either matches (and the scan goes on after the match) or fails within its fixed prefix,
// within the 16 characters of a token, or at the end of the whitespace after `Basic`/`Bearer`,
// which no other attempt reaches. The URL password, which runs to the last '@' of a word, is
// found by a scanner instead (urlPasswords.ts).
const SECRET_VALUES: ((text: string) => string)[] = [
  (text) => text.replace(/\b(sk|rk|pk)_(live|test)_[A-Za-z0-9_]+/g, `$1_$2_${REDACTED}`),
  (text) => text.replace(/\b(whsec|ac|rt|lnk)_[A-Za-z0-9]{16,}/g, `$1_${REDACTED}`),
  (text) => maskUrlPasswords(text, REDACTED),
  (text) => text.replace(/\b(Basic|Bearer)\s+[A-Za-z0-9+/=._~-]+/g, `$1 ${REDACTED}`),
];

/** `text` with every secret-looking value masked, in time linear in its length. */
export function redactString(text: string): string {
  let out = text;
  for (const mask of SECRET_VALUES) out = mask(out);
  return out;
}

/**
 * `text` as it may be logged or stored: secrets masked first, over the whole text, then cut to
 * about `max` characters (capText). Cut first, a secret could lose what makes it recognisable (the
 * '@' ending a URL's password) and show in the part kept; masked first, the cut can only fall
 * inside a mask or in text that is shown anyway.
 */
export function redactAndCap(text: string, max = MAX_TEXT_CHARS): string {
  return capText(redactString(text), max);
}

/** An error's stack as it may be logged or stored: masked, then its message and frames cut apart. */
export function redactAndCapStack(stack: string, max = MAX_TEXT_CHARS): string {
  return capStack(redactString(stack), max);
}

/**
 * Returns a copy of `value` with secret fields replaced and secret-looking text masked, at any
 * depth, each string cut to about 4 KB (redactAndCap). Errors become plain objects (name, message,
 * stack, code) so their text is redacted too.
 */
export function redact(value: unknown, seen = new WeakSet<object>()): unknown {
  if (typeof value === 'string') return redactAndCap(value);
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
  if (present && isSecretField(key)) return REDACTED;
  return key === 'stack' && typeof value === 'string' ? redactAndCapStack(value) : redact(value, seen);
}
