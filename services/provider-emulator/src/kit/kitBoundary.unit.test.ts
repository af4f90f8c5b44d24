import fs from 'node:fs';
import path from 'node:path';

// The kit is what every provider's emulator is built on: it must hold nothing of one provider, so
// no file under src/kit may import a module outside src/kit (packages are fine).

const KIT = __dirname;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

/** Relative module paths a file imports or re-exports (`from '…'`, `import('…')`, `require('…')`). */
function relativeImports(source: string): string[] {
  const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\brequire\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm)].map(
    (m) => m[1] ?? '',
  );
  return specifiers.filter((specifier) => specifier.startsWith('.'));
}

it('finds the relative imports of a file, whatever their form', () => {
  const source =
    "import a from '../x';\nexport { b } from './y';\nconst c = await import('../../z');\nimport './side';\nimport d from 'express';";
  expect(relativeImports(source)).toEqual(['../x', './y', '../../z', './side']);
});

it('imports nothing from outside src/kit', () => {
  // This file is left out: its own example above names imports from outside.
  const outside = sourceFiles(KIT)
    .filter((file) => file !== __filename)
    .flatMap((file) =>
      relativeImports(fs.readFileSync(file, 'utf8'))
        .filter((specifier) => path.relative(KIT, path.resolve(path.dirname(file), specifier)).startsWith('..'))
        .map((specifier) => `${path.relative(KIT, file)} imports ${specifier}`),
    );
  expect(outside).toEqual([]);
});
