'use strict';
// Lets plain node run the repo's TypeScript sources the way jest does (same compiler, swc, with no
// type-check): jest's globalSetup (tools/jest/integrationSetup.js) and processes that tests spawn
// (`node -r <this file> x.ts`). `@datasync/<lib>` resolves to libs/<lib>/src, as jest's
// moduleNameMapper does, so nothing has to be built first.
const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

const REGISTERED = Symbol.for('datasync.typescriptSources');

if (!globalThis[REGISTERED]) {
  globalThis[REGISTERED] = true;
  const { transformSync } = require('@swc/core');
  Module._extensions['.ts'] = function compileTypeScript(module, filename) {
    const { code } = transformSync(fs.readFileSync(filename, 'utf8'), {
      filename,
      sourceMaps: 'inline',
      jsc: { parser: { syntax: 'typescript' }, target: 'es2022' },
      module: { type: 'commonjs' },
    });
    module._compile(code, filename);
  };
  const libs = path.resolve(__dirname, '..');
  const resolveFilename = Module._resolveFilename;
  Module._resolveFilename = function resolveDatasync(request, ...rest) {
    const match = /^@datasync\/([a-z-]+)$/.exec(request);
    return resolveFilename.call(this, match ? path.join(libs, match[1], 'src', 'index.ts') : request, ...rest);
  };
}
