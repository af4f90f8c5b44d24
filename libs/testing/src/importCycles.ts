import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

// Static `import … from './x'`, `import './x'` and `export … from './x'`, type-only ones included:
// a circle of types still ties the modules' order and design together.
const RELATIVE_SPECIFIER = /^\s*(?:import|export)\s[^'"]*?(?:from\s*)?['"](\.{1,2}\/[^'"]*)['"]/gm;

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) files.push(...sourceFiles(path));
    else if (name.endsWith('.ts') && !name.endsWith('.d.ts')) files.push(path);
  }
  return files;
}

function resolveSpecifier(from: string, specifier: string): string | undefined {
  const base = resolve(dirname(from), specifier);
  return [`${base}.ts`, join(base, 'index.ts')].find((candidate) => existsSync(candidate));
}

/** The relative imports of every TypeScript file under `dir`, by absolute path. */
export function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(dir)) {
    const text = readFileSync(file, 'utf8');
    const targets = new Set<string>();
    for (const match of text.matchAll(RELATIVE_SPECIFIER)) {
      const target = match[1] === undefined ? undefined : resolveSpecifier(file, match[1]);
      if (target) targets.add(target);
    }
    graph.set(file, [...targets]);
  }
  return graph;
}

/**
 * The import circles among the TypeScript files under `dir`, each as the files of the circle
 * relative to `dir`, starting at the one first reached. A depth-first search: an import of a file
 * still on the current path closes a circle. Each circle is reported once.
 */
export function importCycles(dir: string): string[][] {
  const graph = importGraph(dir);
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const cycles: string[][] = [];
  const seen = new Set<string>();

  const visit = (file: string): void => {
    state.set(file, 'open');
    path.push(file);
    for (const next of graph.get(file) ?? []) {
      const nextState = state.get(next);
      if (nextState === 'open') {
        const cycle = path.slice(path.indexOf(next)).map((f) => relative(dir, f));
        const key = [...cycle].sort().join('|');
        if (!seen.has(key)) {
          seen.add(key);
          cycles.push(cycle);
        }
      } else if (nextState === undefined) {
        visit(next);
      }
    }
    path.pop();
    state.set(file, 'done');
  };

  for (const file of [...graph.keys()].sort()) if (!state.has(file)) visit(file);
  return cycles;
}
