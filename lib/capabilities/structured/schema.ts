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
/** Deeper schemas are refused (real extraction schemas are a few levels deep; recursion has limits). */
export const MAX_SCHEMA_DEPTH = 64;

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
  const walk = inspect(schema);
  if (walk.depth > MAX_SCHEMA_DEPTH) return `the schema is nested ${walk.depth} levels deep; the limit is ${MAX_SCHEMA_DEPTH}`;
  const size = JSON.stringify(schema).length;
  if (size >= MAX_SCHEMA_CHARS) return `the schema is ${size} characters serialised; the limit is under ${MAX_SCHEMA_CHARS}`;
  if (walk.reference) return `the schema must be self-contained: "${walk.reference}" found (inline the referenced definitions)`;
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

/**
 * Compiles a schema with the service's settings (throws when it does not compile). A fresh
 * ajv instance each time: schemas carry their own `$id`s, which a shared instance would keep
 * registered, so one caller's schema could make another's fail (and memory would grow).
 */
export function compile(schema: Record<string, unknown>): void {
  new Ajv2020(AJV_OPTIONS).compile(schema);
}

/** Depth of a JSON value and the first reference keyword in it, without recursion. */
function inspect(value: unknown): { depth: number; reference: string | null } {
  let depth = 0;
  let reference: string | null = null;
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [node, level] = stack.pop()!;
    if (node === null || typeof node !== "object") continue;
    depth = Math.max(depth, level);
    if (depth > MAX_SCHEMA_DEPTH) break;
    for (const [key, child] of Object.entries(node)) {
      if (!Array.isArray(node) && REFERENCE_KEYWORDS.has(key)) reference ??= key;
      stack.push([child, level + 1]);
    }
  }
  return { depth, reference };
}
