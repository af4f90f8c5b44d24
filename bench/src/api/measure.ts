import autocannon from 'autocannon';

export interface Measured {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
  requests: number;
  /** Non-2xx answers and connection errors: any is a failed run. */
  failures: number;
}

/** One autocannon run; `requests` cycles per connection (e.g. over the eight credentials). */
export async function measure(name: string, options: autocannon.Options): Promise<Measured> {
  const result = await autocannon({ ...options, title: name });
  return {
    name,
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    failures: result.non2xx + result.errors,
  };
}

export function formatMeasured(rows: Measured[], baseline: Measured): string {
  const header = ['endpoint', 'req/s', '× /health', 'p50 ms', 'p90 ms', 'p99 ms', 'max ms', 'requests', 'failed'];
  const lines = rows.map((r) => [
    r.name,
    r.requestsPerSecond.toFixed(0),
    (r.requestsPerSecond / baseline.requestsPerSecond).toFixed(2),
    String(r.p50),
    String(r.p90),
    String(r.p99),
    String(r.max),
    String(r.requests),
    String(r.failures),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => (l[i] ?? '').length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...lines.map(line)].join('\n');
}
