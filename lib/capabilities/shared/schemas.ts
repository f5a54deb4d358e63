import { z } from "zod";

/** Request input of every single-page capability: `{url}`. */
export function urlInput(what: string) {
  return z.object({
    url: z.string().describe(`Public http(s) URL of ${what}, or a bare domain (https:// is assumed); at most 2048 characters.`),
  });
}

/** Fields every page result starts with (the spec's required fields of the fetch family). */
export const pageResultFields = {
  schema_version: z.literal("1.0.0"),
  url: z.string().describe("The URL as requested, after normalisation."),
  final_url: z.url().describe("The URL of the page returned, after redirects."),
  http_status: z.number().int().describe("The status the target answered with."),
};

/** Optional timing fields of the fetch family. */
export const fetchTimingFields = {
  fetched_at: z.iso.datetime().optional(),
  timing_ms: z.object({ ttfb: z.number().int(), total: z.number().int() }).optional(),
};

/** Additive `warnings` of the model-backed routes: what the caller should know about the page. */
export const pageWarning = z.object({
  type: z
    .enum(["prompt_injection", "content_truncated", "no_content"])
    .describe(
      "prompt_injection: the page holds text aimed at AI agents (treated as data, never obeyed); content_truncated: the page's Markdown was cut to the model's budget; no_content: the page has no extractable text.",
    ),
  message: z.string(),
  location: z.enum(["visible", "hidden"]).optional().describe("prompt_injection: visible text or an element hidden from readers."),
  excerpt: z.string().optional().describe("prompt_injection: the text found, shortened."),
});
export type PageWarning = z.infer<typeof pageWarning>;

/** The HMAC signature every stored report carries (see lib/signing). */
export const reportSignature = z.object({ alg: z.literal("HMAC-SHA256"), kid: z.string(), signed_at: z.iso.datetime(), value: z.string() });
