import { z } from "zod";
import { MB, safeFetch } from "../../net";
import type { CapabilityContext } from "../context";
import { fetchTimingFields, pageResultFields, urlInput } from "../shared/schemas";

export const SAFE_FETCH_MAX_BYTES = 2 * MB;

/** Response headers Safe Fetch returns: the ones that describe the body or the site's policy. */
export const SELECTED_HEADERS = [
  "content-type",
  "content-length",
  "content-encoding",
  "content-language",
  "last-modified",
  "etag",
  "cache-control",
  "expires",
  "age",
  "date",
  "server",
  "link",
  "x-robots-tag",
  "strict-transport-security",
  "content-security-policy",
  "x-content-type-options",
  "x-frame-options",
  "referrer-policy",
  "permissions-policy",
] as const;

export const fetchInput = urlInput("a text resource (HTML, JSON, XML, feed, plain text, JavaScript, SVG)");
export type FetchInput = z.infer<typeof fetchInput>;

export const fetchOutput = z.object({
  ...pageResultFields,
  content_type: z.string().nullable().optional(),
  headers: z.record(z.string(), z.string()).optional().describe("Selected response headers of the final response."),
  body: z.string().describe("The response body decoded to text."),
  body_bytes: z.number().int().describe("Size of the body in bytes as received, after decompression."),
  ...fetchTimingFields,
});
export type FetchOutput = z.infer<typeof fetchOutput>;

export const fetchExample: FetchOutput = {
  schema_version: "1.0.0",
  url: "https://example.com/",
  final_url: "https://example.com/",
  http_status: 200,
  content_type: "text/html; charset=UTF-8",
  headers: { "content-type": "text/html; charset=UTF-8", "cache-control": "max-age=3600" },
  body: "<!doctype html><html><head><title>Example Domain</title></head><body>…</body></html>",
  body_bytes: 1256,
  fetched_at: "2026-01-01T00:00:00.000Z",
  timing_ms: { ttfb: 84, total: 91 },
};

/** Safe Fetch: the raw text body of one public URL with metadata. */
export async function safeFetchCapability(input: FetchInput, ctx: CapabilityContext): Promise<FetchOutput> {
  const fetchedAt = ctx.now();
  const page = await safeFetch(input.url, { maxBytes: SAFE_FETCH_MAX_BYTES, timeoutMs: ctx.fetchTimeoutMs, resolver: ctx.resolver });
  const headers: Record<string, string> = {};
  for (const name of SELECTED_HEADERS) {
    const value = page.headers[name];
    if (value !== undefined) headers[name] = value;
  }
  return {
    schema_version: "1.0.0",
    url: page.requestedUrl,
    final_url: page.finalUrl,
    http_status: page.status,
    content_type: page.contentType,
    headers,
    body: page.text,
    body_bytes: page.body.length,
    fetched_at: fetchedAt.toISOString(),
    timing_ms: page.timing,
  };
}
