import type { BenchService } from '../loaderStack';
import { percentile } from '../percentile';

export interface ScrapeFigures {
  /** Series (sample lines) one loader's /metrics answers with, the most of any loader. */
  series: number;
  /** Of them, per-account lag series (bounded by LOADER_METRICS_WORST_ACCOUNTS). */
  accountSeries: number;
  /** Time to answer a scrape, p50 and max over every scrape of every loader, ms. */
  p50Ms: number;
  maxMs: number;
}

/**
 * Scrapes every loader's /metrics `times` times, one after the other, as Prometheus would: how
 * many series a scrape holds (what Prometheus stores per loader) and how long it takes to answer.
 */
export async function scrapeLoaders(loaders: BenchService[], times = 5): Promise<ScrapeFigures> {
  const durations: number[] = [];
  let series = 0;
  let accountSeries = 0;
  for (const loader of loaders) {
    for (let i = 0; i < times; i += 1) {
      const started = performance.now();
      const text = await (await fetch(`${loader.url}/metrics`)).text();
      durations.push(performance.now() - started);
      const samples = text.split('\n').filter((line) => line !== '' && !line.startsWith('#'));
      series = Math.max(series, samples.length);
      accountSeries = Math.max(accountSeries, samples.filter((line) => line.startsWith('datasync_loader_account_lag_seconds{')).length);
    }
  }
  return { series, accountSeries, p50Ms: percentile(durations, 50), maxMs: Math.max(...durations) };
}
