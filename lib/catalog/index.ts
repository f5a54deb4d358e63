import { fetchExample, fetchInput, fetchOutput, safeFetchCapability } from "../capabilities/fetch";
import { CAPABILITY_VERSIONS } from "../version";
import type { AnyCatalogEntry, CatalogEntry } from "./types";

export type { AnyCatalogEntry, CatalogEntry, HttpMethod } from "./types";

const define = <I, O>(entry: CatalogEntry<I, O>) => entry;

export const catalog = {
  fetch: define({
    id: "fetch",
    title: "Safe Fetch",
    description:
      "Returns the raw text body of one public URL with metadata (status, final URL after redirects, selected headers, timing). Text formats only; 2 MB cap; 15 s budget; at most 5 redirects; private addresses refused.",
    path: "/v1/fetch",
    methods: ["GET", "POST"],
    priceUsd: "0.002",
    capabilityVersion: CAPABILITY_VERSIONS.fetch,
    settlement: "on-success",
    input: fetchInput,
    output: fetchOutput,
    outputExample: fetchExample,
    run: safeFetchCapability,
  }),
} as const;

export type CatalogId = keyof typeof catalog;

/** Every endpoint, in the catalog's order. */
export function catalogEntries(): AnyCatalogEntry[] {
  return Object.values(catalog);
}
