/** PromQL words that stand where a metric name could, but are not one. */
const KEYWORDS = new Set([
  'and',
  'or',
  'unless',
  'bool',
  'offset',
  'by',
  'without',
  'on',
  'ignoring',
  'group_left',
  'group_right',
  'inf',
  'nan',
]);

/**
 * The metric names a PromQL expression reads. Not a full parser: it drops what cannot hold a
 * metric name (strings, label matchers, ranges, grouping label lists, numbers and durations),
 * then every remaining word that is not a function call or a keyword is a metric name. Enough
 * for the dashboard and alert expressions in deploy/observability, which promtool also parses.
 */
export function promqlMetricNames(expression: string): string[] {
  const stripped = expression
    .replace(/"(?:[^"\\]|\\.)*"/g, '""')
    .replace(/\{[^}]*\}/g, ' ')
    .replace(/\[[^\]]*\]/g, ' ')
    .replace(/\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ');
  const names = new Set<string>();
  for (const match of stripped.matchAll(/(?<![\w.$])([a-zA-Z_:][a-zA-Z0-9_:]*)(\s*\()?/g)) {
    const [, word, call] = match;
    if (word && !call && !KEYWORDS.has(word.toLowerCase())) names.add(word);
  }
  return [...names].sort();
}
