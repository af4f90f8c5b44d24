import { envTable } from './envTable';
import type { DocumentedSchema } from './serviceSchemas';

/** The document that holds every configuration table, relative to the repository root. */
export const CONFIGURATION_DOC = 'docs/configuration.md';

const marker = (name: string) => new RegExp(`(<!-- env: ${name} -->\\n)([\\s\\S]*?)(\\n<!-- /env -->)`);

/** The table between a process's markers, or undefined when the document has no such section. */
export function documentedTable(doc: string, name: string): string | undefined {
  return marker(name).exec(doc)?.[2];
}

/** The document with every marked table regenerated from the schemas; throws on a missing section. */
export function withCurrentTables(doc: string, documented: DocumentedSchema[]): string {
  let updated = doc;
  for (const { name, schema } of documented) {
    if (documentedTable(updated, name) === undefined) throw new Error(`${CONFIGURATION_DOC} has no <!-- env: ${name} --> section`);
    const table = envTable(schema());
    updated = updated.replace(marker(name), (_m, open: string, _old: string, close: string) => `${open}${table}${close}`);
  }
  return updated;
}
