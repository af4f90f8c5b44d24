import { envTable } from './envTable';
import type { DocumentedSchema } from './serviceSchemas';

const marker = (name: string) => new RegExp(`(<!-- env: ${name} -->\\n)([\\s\\S]*?)(\\n<!-- /env -->)`);

/** The table between a process's markers, or undefined when the README has no such section. */
export function readmeTable(readme: string, name: string): string | undefined {
  return marker(name).exec(readme)?.[2];
}

/** The README with every marked table regenerated from the schemas; throws on a missing section. */
export function withCurrentTables(readme: string, documented: DocumentedSchema[]): string {
  let updated = readme;
  for (const { name, schema } of documented) {
    if (readmeTable(updated, name) === undefined) throw new Error(`README.md has no <!-- env: ${name} --> section`);
    const table = envTable(schema());
    updated = updated.replace(marker(name), (_m, open: string, _old: string, close: string) => `${open}${table}${close}`);
  }
  return updated;
}
