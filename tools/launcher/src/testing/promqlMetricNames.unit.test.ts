import { promqlMetricNames } from './promqlMetricNames';

describe('promqlMetricNames', () => {
  it('finds the metrics of aggregations, ranges, matchers and binary operations', () => {
    expect(
      promqlMetricNames(
        'sum by (job) (rate(a_total{outcome="failed", job=~"x|y"}[10m])) / sum by (job) (rate(a_total[10m])) > 0.1 and on () up == 0',
      ),
    ).toEqual(['a_total', 'up']);
  });

  it('reads bare metric names and skips functions, keywords, numbers and durations', () => {
    expect(promqlMetricNames('histogram_quantile(0.95, sum by (le) (rate(h_bucket[$__rate_interval]))) or vector(0)')).toEqual([
      'h_bucket',
    ]);
    expect(promqlMetricNames('process_memory_bytes offset 15m > bool 1e3')).toEqual(['process_memory_bytes']);
    expect(promqlMetricNames('count(max by (account) (lag_seconds) > 300)')).toEqual(['lag_seconds']);
  });

  it('does not take label values or names for metrics', () => {
    expect(promqlMetricNames('max(q{queue="backfill", state="waiting"}) > 0')).toEqual(['q']);
  });
});
