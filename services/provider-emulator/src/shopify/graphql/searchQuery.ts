/**
 * The part of Shopify's search syntax (`query:` argument) the emulator filters on:
 * `updated_at:>'2026-01-01T00:00:00Z'`, `created_at:<=…`, with `>`, `>=`, `<`, `<=` or equality,
 * terms joined by spaces or `AND`. Shopify ignores terms it cannot use; so does the emulator
 * (they are listed so the answer can say so).
 */
export interface DateTerm {
  field: 'updated_at' | 'created_at';
  op: '>' | '>=' | '<' | '<=' | '=';
  at: number;
}

export interface ParsedSearch {
  terms: DateTerm[];
  ignored: string[];
}

const TERM = /^(updated_at|created_at):(>=|<=|>|<)?(.+)$/;

function unquote(text: string): string {
  return /^(['"]).*\1$/.test(text) ? text.slice(1, -1) : text;
}

export function parseSearchQuery(query: string | undefined): ParsedSearch {
  const result: ParsedSearch = { terms: [], ignored: [] };
  if (!query) return result;
  const tokens = query.match(/(?:[^\s'"]+|'[^']*'|"[^"]*")+/g) ?? [];
  for (const token of tokens) {
    if (token.toUpperCase() === 'AND') continue;
    const match = TERM.exec(token);
    const at = match ? Date.parse(unquote(match[3]!)) : NaN;
    if (!match || Number.isNaN(at)) {
      result.ignored.push(token);
      continue;
    }
    result.terms.push({ field: match[1] as DateTerm['field'], op: (match[2] ?? '=') as DateTerm['op'], at });
  }
  return result;
}

export function matchesTerms(terms: DateTerm[], dates: { updated_at: number; created_at: number }): boolean {
  return terms.every(({ field, op, at }) => {
    const value = dates[field];
    if (op === '>') return value > at;
    if (op === '>=') return value >= at;
    if (op === '<') return value < at;
    if (op === '<=') return value <= at;
    return value === at;
  });
}
