/**
 * The JSON Schema of `recall-box.config.json`, generated from the field table (config-fields.ts)
 * and committed as src/cli/recall-box.config.schema.json, which the package publishes (export
 * `recall-box/config.schema.json`) so editors complete and check the file. A unit test asserts the
 * committed file equals what this module generates; after changing a field, regenerate it with
 *
 *   npx tsx src/cli/config-schema.ts
 *
 * Draft-07: the draft editors (VS Code's JSON language service among them) support fully.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CONFIG_FIELDS, POOL_NAME_LIST, type FieldKind, type FieldTable } from './config-fields.ts';

type Schema = Record<string, unknown>;

/** Where the committed schema lives, next to this module. */
export const CONFIG_SCHEMA_FILE = fileURLToPath(new URL('./recall-box.config.schema.json', import.meta.url));

function kindSchema(kind: FieldKind): Schema {
  switch (kind.type) {
    case 'string':
      return { type: 'string', minLength: 1, ...(kind.enum && { enum: [...kind.enum] }), ...(kind.pattern && { pattern: kind.pattern }) };
    case 'boolean':
      return { type: 'boolean' };
    case 'integer':
      return { type: 'integer', minimum: kind.minimum, ...(kind.maximum !== undefined && { maximum: kind.maximum }) };
    case 'stringList':
      return { type: 'array', items: { type: 'string', minLength: 1, ...(kind.pattern && { pattern: kind.pattern }) }, ...(kind.maxItems !== undefined && { maxItems: kind.maxItems }) };
    case 'texts':
      return {
        anyOf: [
          { type: 'string', minLength: 1 },
          { type: 'object', minProperties: 1, additionalProperties: { type: 'string', minLength: 1 } },
        ],
      };
    case 'poolRules':
      return {
        type: 'array',
        items: {
          type: 'object',
          required: ['pool'],
          additionalProperties: false,
          properties: {
            pool: { type: 'string', enum: [...POOL_NAME_LIST], description: 'The pool of the pages this rule matches.' },
            path: { type: 'string', description: 'A glob over page URLs (`/api/**`); the rule matches only pages it matches.' },
            tags: { type: 'array', items: { type: 'string' }, description: 'Front matter tags; the rule matches only pages with one of them.' },
          },
        },
      };
    case 'object':
      return tableSchema(kind.fields);
  }
}

function tableSchema(table: FieldTable, extra: Schema = {}): Schema {
  return {
    type: 'object',
    additionalProperties: false,
    properties: { ...extra, ...Object.fromEntries(Object.entries(table).map(([name, spec]) => [name, { description: spec.description, ...kindSchema(spec.kind) }])) },
  };
}

/** The schema object. */
export function configSchema(): Schema {
  return {
    $schema: 'http://json-schema.org/draft-07/schema#',
    title: 'recall-box.config.json',
    description: 'Settings of recall-box build, init and deploy for one docs site. Paths are relative to this file. Command-line flags override them.',
    ...tableSchema(CONFIG_FIELDS, { $schema: { type: 'string', description: 'The path or URL of this schema, for editors.' } }),
    not: { required: ['source', 'html'] },
  };
}

/** The schema as the committed file holds it. */
export function configSchemaText(): string {
  return `${JSON.stringify(configSchema(), null, 2)}\n`;
}

// `npx tsx src/cli/config-schema.ts` rewrites the committed file.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await writeFile(CONFIG_SCHEMA_FILE, configSchemaText());
  console.log(`wrote ${path.relative(process.cwd(), CONFIG_SCHEMA_FILE)}`);
}
