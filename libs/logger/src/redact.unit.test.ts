import fc from 'fast-check';
import { redactString } from './redact';

// The expressions redaction ran before it was made linear: the reference for what it masks. The
// URL password's `\S+@` made them quadratic (every scheme start rescans to the end of the word).
const REFERENCE: [RegExp, string][] = [
  [/\b(sk|rk|pk)_(live|test)_[A-Za-z0-9_]+/g, '$1_$2_[REDACTED]'],
  [/\b(whsec|ac|rt|lnk)_[A-Za-z0-9]{16,}/g, '$1_[REDACTED]'],
  [/(?<![a-z0-9+.-])([a-z][a-z0-9+.-]*:\/\/[^:/?#\s@]*:)\S+@/gi, '$1[REDACTED]@'],
  [/\b(Basic|Bearer)\s+[A-Za-z0-9+/=._~-]+/g, '$1 [REDACTED]'],
];

function referenceRedact(text: string): string {
  return REFERENCE.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

// Pieces that start, continue or end the secrets' shapes, so that short random texts meet the
// corners: schemes inside scheme runs, user names without ':', passwords holding '@' or '/', a
// token of 15 or 16 characters, whitespace of every kind.
const PIECES = [
  'a',
  'Z',
  '1',
  'q',
  ':',
  '/',
  '//',
  '://',
  '@',
  '.',
  '+',
  '-',
  '_',
  '?',
  '#',
  '=',
  '~',
  '%',
  '[',
  ']',
  ' ',
  '\n',
  '\t',
  '\u00a0',
  '\u2028',
  '\ufeff',
  'é',
  '\u{1f600}',
  'postgres://',
  'mysql://',
  'HTTP://',
  'u:',
  'x:y@',
  'sk_',
  'sk_test_',
  'rk_live_',
  'pk_test_',
  'sk_live_',
  'Bearer ',
  'Basic ',
  'Bearer',
  'lnk_',
  'whsec_',
  'ac_',
  'rt_',
  'A'.repeat(15),
  'b'.repeat(16),
];
const text = fc.array(fc.constantFrom(...PIECES), { maxLength: 40 }).map((pieces) => pieces.join(''));

describe('redactString', () => {
  it('masks exactly what the reference expressions mask', () => {
    fc.assert(
      fc.property(text, (input) => expect(redactString(input)).toBe(referenceRedact(input))),
      { numRuns: 20_000 },
    );
    fc.assert(fc.property(fc.string({ maxLength: 60 }), (input) => expect(redactString(input)).toBe(referenceRedact(input))));
  });

  it('masks the shapes it knows', () => {
    const cases: [string, string][] = [
      ['postgres://loader:pa/ss@w@db.example.com/app x', 'postgres://loader:[REDACTED]@db.example.com/app x'],
      ['a://u:p@h b://v:q@i', 'a://u:[REDACTED]@h b://v:[REDACTED]@i'],
      ['a://u:p@h,b://v:q@i', 'a://u:[REDACTED]@i'],
      ['xa://u:p@h', 'xa://u:[REDACTED]@h'],
      ['1a://u:p@h', '1a://u:p@h'],
      ['key sk_test_abc, Bearer tok.en lnk_0123456789abcdef', 'key sk_test_[REDACTED], Bearer [REDACTED] lnk_[REDACTED]'],
    ];
    for (const [input, expected] of cases) {
      expect(referenceRedact(input)).toBe(expected);
      expect(redactString(input)).toBe(expected);
    }
  });
});

// Texts of 1 MB built to make a backtracking pattern rescan, each with what redaction must make of
// it. Linear redaction takes milliseconds; the quadratic one took minutes (21 s for 200 KB of
// `a://:`), so a bound of 2 s cannot fail on a slow machine and cannot pass a quadratic pattern.
const MB = 1_000_000;
const fill = (unit: string): string => unit.repeat(Math.floor(MB / unit.length));
// A unit ending in whitespace (not after Bearer) is masked the same wherever it is repeated.
const words = 'postgres://u:p/w@d@h a://: a://x: Bearer tok sk_test_k lnk_0123456789abcdef a://u:p@ ';
const adversarial: { name: string; input: string; expected: string }[] = [
  { name: 'a://: runs', input: fill('a://:'), expected: fill('a://:') },
  { name: 'a://: runs ending in an @', input: `${fill('a://:')}@db`, expected: 'a://:[REDACTED]@db' },
  { name: 'a:// runs', input: fill('a://'), expected: fill('a://') },
  { name: 'a://x: runs without @', input: fill('a://x:'), expected: fill('a://x:') },
  { name: 'a://x:@ runs', input: fill('a://x:@'), expected: 'a://x:[REDACTED]@' },
  { name: 'a scheme-character run', input: `${'a'.repeat(MB)}://u:pw@db`, expected: `${'a'.repeat(MB)}://u:[REDACTED]@db` },
  { name: 'scheme-character runs', input: fill('a+.-1:'), expected: fill('a+.-1:') },
  { name: 'a user name run', input: `a://${'u'.repeat(MB)}`, expected: `a://${'u'.repeat(MB)}` },
  { name: 'Bearer runs', input: fill('Bearer Bearer '), expected: 'Bearer [REDACTED] '.repeat(Math.floor(MB / 14)) },
  { name: 'Bearer and whitespace', input: `Bearer${' '.repeat(MB)}`, expected: `Bearer${' '.repeat(MB)}` },
  { name: 'sk_test_ runs', input: fill('sk_test_'), expected: 'sk_test_[REDACTED]' },
  { name: 'sk_test_ words', input: fill('sk_test_ '), expected: fill('sk_test_ ') },
  { name: 'short lnk_ tokens', input: fill(`lnk_${'a'.repeat(15)} `), expected: fill(`lnk_${'a'.repeat(15)} `) },
  { name: 'mixed words', input: fill(words), expected: referenceRedact(words).repeat(Math.floor(MB / words.length)) },
  { name: 'a mixed word', input: fill('a://x:sk_test_B@'), expected: 'a://x:[REDACTED]@' },
  {
    name: 'Bearer before URLs without a password',
    input: fill('Bearer a://x:@'),
    expected: 'Bearer [REDACTED]://x:@'.repeat(Math.floor(MB / 14)),
  },
];

describe('redactString on adversarial text', () => {
  it.each(adversarial)('$name: finishes well within 2 s and masks right', ({ input, expected }) => {
    const started = process.hrtime.bigint();
    const out = redactString(input);
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    expect(ms).toBeLessThan(2_000);
    expect(firstDifference(out, expected)).toBeUndefined();
  });
});

/** Where two long texts part, with a little of each: a failure shows that, not megabytes. */
function firstDifference(got: string, want: string): { at: number; got: string; want: string } | undefined {
  if (got === want) return undefined;
  let at = 0;
  while (at < got.length && got[at] === want[at]) at += 1;
  return { at, got: got.slice(at, at + 60), want: want.slice(at, at + 60) };
}
