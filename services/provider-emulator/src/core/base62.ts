const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const VALUES = new Map<string, number>([...ALPHABET].map((c, i) => [c, i]));

/** `value` (a non-negative safe integer) in base 62, left-padded with zeros to `width`. */
export function toBase62(value: number, width: number): string {
  let out = '';
  let rest = Math.floor(value);
  while (rest > 0) {
    out = ALPHABET[rest % 62] + out;
    rest = Math.floor(rest / 62);
  }
  return out.padStart(width, '0');
}

/** The number a base-62 string encodes, or undefined when it holds another character. */
export function fromBase62(text: string): number | undefined {
  let value = 0;
  for (const char of text) {
    const digit = VALUES.get(char);
    if (digit === undefined) return undefined;
    value = value * 62 + digit;
  }
  return value;
}

/** `length` base-62 characters drawn from a 32-bit generator function. */
export function randomBase62(length: number, next: (i: number) => number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += ALPHABET[next(i) % 62];
  return out;
}
