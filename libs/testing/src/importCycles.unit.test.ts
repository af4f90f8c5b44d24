import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { importCycles } from './importCycles';

const root = join(__dirname, '..', '..', '..');

const packages = ['libs', 'clients', 'services', 'tools'].flatMap((group) =>
  readdirSync(join(root, group))
    .map((name) => `${group}/${name}`)
    .filter((pkg) => existsSync(join(root, pkg, 'src'))),
);

describe('importCycles', () => {
  it('finds a circle through type-only and re-exporting imports, once', () => {
    const dir = mkdtempSync(join(tmpdir(), 'cycles-'));
    try {
      writeFileSync(join(dir, 'a.ts'), "import type { B } from './b';\nexport type A = B;\n");
      writeFileSync(join(dir, 'b.ts'), "export { c } from './c';\nexport type B = string;\n");
      writeFileSync(join(dir, 'c.ts'), "import { A } from './a';\nexport const c: A | undefined = undefined;\n");
      writeFileSync(join(dir, 'd.ts'), "import { c } from './c';\nexport const d = c;\n");
      expect(importCycles(dir)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it.each(packages)('%s has no import circle', (pkg) => {
    expect(importCycles(join(root, pkg, 'src'))).toEqual([]);
  });
});
