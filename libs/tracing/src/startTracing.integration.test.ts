import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

// Without OTEL_EXPORTER_OTLP_ENDPOINT nothing of the SDK is loaded, let alone started: checked in
// a fresh Node process on the built library (`tsc -b` runs before the tests), by the modules it
// has loaded once startTracing has returned.

const DIST = path.join(__dirname, '..', 'dist', 'index.js');

const SCRIPT = `
const { startTracing } = require(${JSON.stringify(DIST)});
const endpoint = process.argv[1];
startTracing('probe', endpoint ? { OTEL_EXPORTER_OTLP_ENDPOINT: endpoint } : {}).then(async (tracing) => {
  const sdk = Object.keys(require.cache).filter((file) => /@opentelemetry[\\\\/](sdk-trace|exporter-trace-otlp-http)[\\\\/]/.test(file));
  await tracing.shutdown();
  process.stdout.write(String(sdk.length));
});
`;

async function sdkModulesLoaded(endpoint: string): Promise<number> {
  const { stdout } = await promisify(execFile)(process.execPath, ['-e', SCRIPT, endpoint]);
  return Number(stdout);
}

it('loads no SDK module when OTEL_EXPORTER_OTLP_ENDPOINT is unset', async () => {
  expect(await sdkModulesLoaded('')).toBe(0);
});

it('loads the SDK and the OTLP exporter when it is set', async () => {
  expect(await sdkModulesLoaded('http://127.0.0.1:4318')).toBeGreaterThan(0);
});
