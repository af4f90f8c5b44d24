import { writeFileSync } from 'node:fs';
import type { OpenApiDocument } from './openApiDocument';

/** The committed form of a document: two-space JSON and a final newline, so a change reads as a small diff. */
export function serializeOpenApiDocument(document: OpenApiDocument): string {
  return `${JSON.stringify(document, null, 2)}\n`;
}

export function writeOpenApiFile(file: string, document: OpenApiDocument): void {
  writeFileSync(file, serializeOpenApiDocument(document));
}
