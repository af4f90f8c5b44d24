// Where a URL's password starts: a scheme (only where one can start, not inside a run of scheme
// characters), '://', a user name, ':'. Each part ends at the first character it may not hold, so
// an attempt costs at most the text it covers, and no text is covered by two attempts.
const PASSWORD_START = /(?<![a-z0-9+.-])[a-z][a-z0-9+.-]*:\/\/[^:/?#\s@]*:/gi;
const WHITESPACE = /\s/g;
const AT_SIGN = 0x40;

/**
 * Masks the password of every URL in `text` as `scheme://user:<mask>@`. The password runs to the
 * last '@' before whitespace: it may hold '/' and even '@' (a driver's message quotes what it was
 * given, encoded or not); masking a path with it is the safe mistake.
 *
 * The same result as replacing `/(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/[^:/?#\s@]*:)\S+@/gi`
 * with `$1<mask>@`, in time linear in the text: that expression's `\S+@` rescans to the end of the
 * word from every scheme start, so a word of 200 KB made of `a://:` took 21 s. Here each word is
 * scanned once: its last '@' ends the first password in it, and no other can start after that.
 */
export function maskUrlPasswords(text: string, mask: string): string {
  const start = new RegExp(PASSWORD_START.source, PASSWORD_START.flags);
  let out = '';
  let copied = 0;
  for (let found = start.exec(text); found !== null; found = start.exec(text)) {
    const password = found.index + found[0].length;
    const wordEnd = endOfWord(text, password);
    // `\S+` takes at least one character before the '@'.
    const at = lastAtSign(text, password + 1, wordEnd);
    if (at !== -1) {
      out += `${text.slice(copied, password)}${mask}@`;
      copied = at + 1;
    }
    // Without an '@' after it, no later URL of this word has a password either: their user
    // names end further on, before the same last '@'.
    start.lastIndex = wordEnd;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/** The index of the first whitespace at or after `from`, or the text's length. */
function endOfWord(text: string, from: number): number {
  WHITESPACE.lastIndex = from;
  return WHITESPACE.exec(text)?.index ?? text.length;
}

/** The index of the last '@' in text[from, to), or -1. */
function lastAtSign(text: string, from: number, to: number): number {
  for (let i = to - 1; i >= from; i -= 1) {
    if (text.charCodeAt(i) === AT_SIGN) return i;
  }
  return -1;
}
