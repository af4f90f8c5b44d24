import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const REPO_ROOT = path.resolve(__dirname, '../../..');

/**
 * Why a committed generated file differs from what its generator makes now, naming the command
 * that rewrites it; undefined when it is current. A test expects undefined, so a change to the
 * routes that forgot the regeneration fails with the fix in its message.
 */
export function staleGeneratedFile(file: string, generated: string, command: string): string | undefined {
  const relative = path.relative(REPO_ROOT, file);
  if (!existsSync(file)) return `${relative} is missing: run \`${command}\` and commit it`;
  const committed = readFileSync(file, 'utf8');
  if (committed === generated) return undefined;
  const committedLines = committed.split('\n');
  const generatedLines = generated.split('\n');
  const line = committedLines.findIndex((text, i) => text !== generatedLines[i]);
  const at = line === -1 ? generatedLines.length : line + 1;
  return (
    `${relative} is stale: run \`${command}\` and commit the result. First difference at line ${at}:\n` +
    `  committed: ${committedLines[at - 1] ?? '(end of file)'}\n  generated: ${generatedLines[at - 1] ?? '(end of file)'}`
  );
}

export interface OpenApiValidation {
  valid: boolean;
  errors?: unknown;
}

/**
 * Validates an OpenAPI file against the official schema of its version with
 * @seriousme/openapi-schema-validator. The validator is an ES module, which jest's CommonJS
 * cannot load: it runs in its own node process, through its command-line tool.
 */
export function validateOpenApiFile(file: string): Promise<OpenApiValidation> {
  const cli = require.resolve('@seriousme/openapi-schema-validator/bin/validate-api-cli.js');
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [cli, file], (err, stdout, stderr) => {
      try {
        resolve(JSON.parse(stdout) as OpenApiValidation);
      } catch {
        reject(new Error(`the OpenAPI validator failed: ${err?.message ?? ''} ${stderr}`));
      }
    });
  });
}

/**
 * What `openapi-typescript <file>` writes for an OpenAPI file: the client's types, generated as
 * `npm run openapi` generates them. Its command-line tool runs in its own node process, since
 * some of its dependencies are ES modules that jest's CommonJS cannot load.
 */
export function openApiTypescript(file: string): Promise<string> {
  const cli = path.resolve(path.dirname(require.resolve('openapi-typescript')), '../bin/cli.js');
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [cli, file], { maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      if (err) reject(new Error(`openapi-typescript failed: ${err.message} ${stderr}`));
      else resolve(stdout);
    });
  });
}
