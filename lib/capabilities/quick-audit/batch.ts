import { z } from "zod";
import { errorBody, isServiceError, ServiceError } from "../../errors";
import { parseTargetUrl } from "../../net/input-url";
import type { CapabilityContext } from "../context";
import { quickAuditCapability, quickAuditExample, quickAuditOutput, type QuickAuditReport } from "./index";

export const MAX_BATCH = 50;
export const BATCH_CONCURRENCY = 8;

export const batchInput = z.object({
  urls: z
    .array(z.string().max(4096))
    .min(1)
    .max(MAX_BATCH)
    .describe("1 to 50 public http(s) URLs or bare domains; duplicates are removed."),
});
export type BatchInput = z.infer<typeof batchInput>;

const batchError = z.object({ error: z.string(), code: z.string() });
export const batchOutput = z.object({
  tier: z.literal("paid"),
  batch_size: z.number().int().describe("Distinct URLs audited, after normalisation."),
  succeeded: z.number().int(),
  failed: z.number().int(),
  results: z.array(z.object({ url: z.string(), ok: z.boolean(), report: quickAuditOutput.optional(), error: batchError.optional() })),
});
export type BatchOutput = z.infer<typeof batchOutput>;

export const batchExample: BatchOutput = {
  tier: "paid",
  batch_size: 2,
  succeeded: 1,
  failed: 1,
  results: [
    { url: "https://example.com/", ok: true, report: quickAuditExample },
    { url: "https://unreachable.example/", ok: false, error: { error: "The target could not be reached.", code: "TARGET_UNREACHABLE" } },
  ],
};

/** Runs `task` over `items` with at most `limit` in flight, keeping the input order. */
async function mapLimited<T, R>(items: T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < items.length; i = next++) out[i] = await task(items[i]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, lane));
  return out;
}

/**
 * Batch Quick Audit: each distinct URL (after normalisation) audited as GET /api/audit does,
 * eight at a time; a URL that fails is an entry with its error. When every URL fails the
 * answer is 502 (nothing charged); otherwise the flat price settles.
 */
export async function batchAuditCapability(input: BatchInput, ctx: CapabilityContext): Promise<BatchOutput> {
  const seen = new Set<string>();
  const targets: { url: string; error?: ServiceError }[] = [];
  for (const raw of input.urls) {
    let key: string;
    let error: ServiceError | undefined;
    try {
      key = parseTargetUrl(raw).toString();
    } catch (err) {
      if (!isServiceError(err)) throw err;
      key = raw.trim();
      error = err;
    }
    if (seen.has(key)) continue;
    seen.add(key);
    targets.push({ url: key, error });
  }
  const results = await mapLimited(targets, BATCH_CONCURRENCY, async (t): Promise<BatchOutput["results"][number]> => {
    if (t.error) return { url: t.url, ok: false, error: errorBody(t.error) };
    try {
      const report: QuickAuditReport = await quickAuditCapability({ url: t.url }, ctx);
      return { url: t.url, ok: true, report };
    } catch (err) {
      const e = isServiceError(err) ? err : new ServiceError("AUDIT_FAILED", "The audit failed.");
      if (!isServiceError(err)) ctx.log.error({ err, url: t.url }, "batch audit failed unexpectedly");
      return { url: t.url, ok: false, error: { error: e.message, code: e.code } };
    }
  });
  const succeeded = results.filter((r) => r.ok).length;
  if (succeeded === 0) {
    throw new ServiceError("TARGET_UNREACHABLE", `None of the ${results.length} URLs could be audited; nothing was charged.`, { results });
  }
  return { tier: "paid", batch_size: results.length, succeeded, failed: results.length - succeeded, results };
}
