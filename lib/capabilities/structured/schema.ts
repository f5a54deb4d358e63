import { Ajv2020 } from "ajv/dist/2020.js";

/** The spec's limit on the caller's schema, serialised. */
export const MAX_SCHEMA_CHARS = 4000;

const DRAFT_2020 = "https://json-schema.org/draft/2020-12/schema";
const REFERENCE_KEYWORDS = new Set(["$ref", "$dynamicRef", "$recursiveRef"]);

/**
 * Formats are hints to the model, not checked (no format vocabulary is loaded); unknown
 * keywords are tolerated (strict off) so that annotations like "x-unit" do not fail a schema.
 * The output validator uses the same options.
 */
export const AJV_OPTIONS = { strict: false, allErrors: true, validateFormats: false } as const;
const ajv = new Ajv2020(AJV_OPTIONS);

/**
 * Why a caller's extraction schema is refused, or null when it is usable: it must be a JSON
 * object of `type: "object"`, self-contained (no reference keyword at any depth), under
 * 4000 characters serialised, and compilable as JSON Schema draft 2020-12 (compiling only
 * builds the validator; data is checked in the output validator's worker, see there why).
 */
export function extractionSchemaProblem(schema: unknown): string | null {
  if (schema === undefined || schema === null) return 'a schema is required: a JSON Schema object with type "object"';
  if (typeof schema !== "object" || Array.isArray(schema)) return "the schema must be a JSON object";
  const root = schema as Record<string, unknown>;
  if (root.type !== "object") return 'the schema must describe an object ("type": "object" at the top level)';
  const size = JSON.stringify(schema).length;
  if (size >= MAX_SCHEMA_CHARS) return `the schema is ${size} characters serialised; the limit is under ${MAX_SCHEMA_CHARS}`;
  const reference = findKey(schema, (key) => REFERENCE_KEYWORDS.has(key));
  if (reference) return `the schema must be self-contained: "${reference}" found (inline the referenced definitions)`;
  if (root.$schema !== undefined && root.$schema !== DRAFT_2020 && root.$schema !== `${DRAFT_2020}#`) {
    return `the schema must be JSON Schema draft 2020-12 ("$schema" is ${JSON.stringify(root.$schema)}; leave it out or use ${DRAFT_2020})`;
  }
  try {
    compile(root);
  } catch (err) {
    return `the schema does not compile: ${(err as Error).message}`;
  }
  return null;
}

/** Compiles a schema with the service's settings (throws when it does not compile). */
export function compile(schema: Record<string, unknown>): void {
  ajv.compile(schema);
  ajv.removeSchema(schema);
}

function findKey(value: unknown, match: (key: string) => boolean): string | null {
  if (value === null || typeof value !== "object") return null;
  for (const [key, child] of Object.entries(value)) {
    if (match(key)) return key;
    const found = findKey(child, match);
    if (found) return found;
  }
  return null;
}
