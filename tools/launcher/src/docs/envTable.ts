import { Joi, describeEnv } from '@datasync/config';

interface DescribedKey {
  flags?: { description?: string; default?: unknown; presence?: string };
}

/** A schema's variables with what docs/configuration.md shows of them. */
export function describeVariables(
  schema: Joi.PartialSchemaMap,
): { name: string; required: boolean; default?: string; description: string }[] {
  // describeEnv gives names and meanings; defaults and presence come from Joi's own description.
  const keys = (Joi.object(schema).describe() as { keys?: Record<string, DescribedKey> }).keys ?? {};
  return describeEnv(schema).map(({ name, description }) => {
    const flags = keys[name]?.flags;
    return {
      name,
      description,
      required: flags?.presence === 'required',
      default: renderDefault(flags?.default),
    };
  });
}

// Objects are defaults given already converted (a parsed list, a range): show their JSON.
function renderDefault(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

export function requiredVariables(schema: Joi.PartialSchemaMap): string[] {
  return describeVariables(schema)
    .filter((v) => v.required)
    .map((v) => v.name);
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/**
 * The configuration table of one schema. docs/configuration.md holds it verbatim between markers,
 * so a test can say exactly which rows drifted from the code.
 */
export function envTable(schema: Joi.PartialSchemaMap): string {
  const rows = describeVariables(schema).map((v) => {
    const value = v.required ? '**required**' : v.default === undefined ? '(unset)' : `\`${v.default}\``;
    return `| \`${v.name}\` | ${cell(value)} | ${cell(v.description)} |`;
  });
  return ['| variable | default | meaning |', '|---|---|---|', ...rows].join('\n');
}
