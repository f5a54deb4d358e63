import type { NextRequest } from "next/server";
import type { z } from "zod";
import { type ErrorCode, ServiceError } from "../errors";
import { parseTargetUrl } from "../net/input-url";
import type { HttpMethod } from "../catalog";

export const MAX_BODY_BYTES = 64 * 1024;

/** Reads the raw input of a request: query parameters for GET, a JSON object body for POST. */
export async function readRawInput(request: NextRequest, method: HttpMethod): Promise<Record<string, unknown>> {
  if (method === "GET") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of request.nextUrl.searchParams) if (!(k in out)) out[k] = v;
    return out;
  }
  const text = await request.text();
  if (Buffer.byteLength(text) > MAX_BODY_BYTES) {
    throw new ServiceError("INVALID_REQUEST", `The request body is larger than ${MAX_BODY_BYTES / 1024} KB.`);
  }
  if (text.trim() === "") return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ServiceError("INVALID_REQUEST", "The request body is not valid JSON.");
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new ServiceError("INVALID_REQUEST", "The request body must be a JSON object.");
  }
  return parsed as Record<string, unknown>;
}

/**
 * Validates input against the endpoint's schema. A `url` field also passes the spec's URL
 * rules here, before any payment is asked for, so bad input never costs anything.
 */
export function validateInput<I>(
  schema: z.ZodType<I>,
  raw: Record<string, unknown>,
  fieldCodes: Readonly<Record<string, ErrorCode>> = {},
): I {
  if (raw.url === undefined || raw.url === "") {
    if (hasUrlField(schema)) throw new ServiceError("INVALID_URL", "A url is required: a public http(s) page or a bare domain.");
  }
  const result = schema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0];
    const where = issue?.path.length ? issue.path.join(".") : "input";
    const field = String(issue?.path[0] ?? "");
    const code = field === "url" ? "INVALID_URL" : (fieldCodes[field] ?? "INVALID_REQUEST");
    throw new ServiceError(code, `Invalid ${where}: ${issue?.message ?? "does not match the schema"}.`);
  }
  const value = result.data as I & { url?: unknown };
  if (typeof value.url === "string") parseTargetUrl(value.url);
  return value;
}

function hasUrlField(schema: z.ZodType): boolean {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return !!shape && "url" in shape;
}
