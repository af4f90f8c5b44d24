import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

// Destinations store what a provider hands over (a TableSpec and WriteRows) and never ask which
// provider it is: the provider library depends on this one, not the other way round
// (docs/architecture.md, Layers). A test or helper importing it would hide a dependency the
// production code is not allowed to have, so no file of the package may.
const root = path.resolve(__dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

describe('libs/destinations is provider-neutral', () => {
  it('imports nothing of @datasync/providers, in any file', () => {
    const importing = sourceFiles(path.join(root, 'src'))
      .filter((file) =>
        /from\s+['"]@datasync\/providers(\/[^'"]*)?['"]|require\(\s*['"]@datasync\/providers/.test(readFileSync(file, 'utf8')),
      )
      .map((file) => path.relative(root, file));
    expect(importing).toEqual([]);
  });

  it('declares no dependency on it and no project reference to it', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as Record<
      string,
      Record<string, string> | undefined
    >;
    const declared = ['dependencies', 'devDependencies', 'peerDependencies'].flatMap((field) => Object.keys(manifest[field] ?? {}));
    expect(declared).not.toContain('@datasync/providers');
    const tsconfig = JSON.parse(readFileSync(path.join(root, 'tsconfig.json'), 'utf8')) as { references?: { path: string }[] };
    expect((tsconfig.references ?? []).map((r) => path.basename(r.path))).not.toContain('providers');
  });
});
