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
