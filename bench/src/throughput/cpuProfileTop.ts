import { readFileSync } from 'node:fs';

// `node bench/dist/throughput/cpuProfileTop.js <file.cpuprofile> [entries]`: self time by function
// and by package (or file), as shares of the samples, the top entries first.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}

function place(url: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg?.[1]) return pkg[1];
  if (url.startsWith('node:')) return url;
  const own = /\/(libs|services)\/([^/]+)\//.exec(url);
  if (own) return `${own[1]}/${own[2]}`;
  return url === '' ? '(native)' : url.split('/').slice(-2).join('/');
}

function top(counts: Map<string, number>, total: number, n: number): string {
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, hits]) => `  ${((100 * hits) / total).toFixed(1).padStart(5)} %  ${name}`)
    .join('\n');
}

const [file, entries = '25'] = process.argv.slice(2);
if (!file) throw new Error('usage: cpuProfileTop <file.cpuprofile> [entries]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as { nodes: ProfileNode[] };
const byFunction = new Map<string, number>();
const byPlace = new Map<string, number>();
let total = 0;
let idle = 0;
for (const node of profile.nodes) {
  const hits = node.hitCount ?? 0;
  if (hits === 0) continue;
  const { functionName, url, lineNumber } = node.callFrame;
  if (functionName === '(idle)') {
    idle += hits;
    continue;
  }
  total += hits;
  const name = `${functionName || '(anonymous)'} ${url ? `${place(url)}:${lineNumber + 1}` : ''}`.trim();
  byFunction.set(name, (byFunction.get(name) ?? 0) + hits);
  byPlace.set(place(url), (byPlace.get(place(url)) ?? 0) + hits);
}
const n = Number(entries);
process.stdout.write(`busy samples ${total}, idle ${idle} (busy ${((100 * total) / (total + idle)).toFixed(0)} %)\n`);
process.stdout.write(`self time by function (share of busy):\n${top(byFunction, total, n)}\n`);
process.stdout.write(`self time by package or file:\n${top(byPlace, total, n)}\n`);
