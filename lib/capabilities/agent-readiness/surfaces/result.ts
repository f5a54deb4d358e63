import type { ProbeResult } from "../probe";
import type { Evidence, ReadinessCheck, SurfaceId, SurfaceResult } from "../types";

/** A check's evidence from a probe: its URL, status and what was found. */
export function seen(r: ProbeResult | undefined, found: string): Evidence {
  return { url: r?.url ?? null, status: r?.status ?? null, found };
}

/** What a probe that was not an answer amounts to, in words. */
export function missing(r: ProbeResult | undefined, what: string): string {
  if (!r) return `${what} was not requested (not looked for on this kind of site, or the eight-request budget was spent first)`;
  if (r.status === null) return `${what} could not be fetched: ${r.error}`;
  if (r.status >= 200 && r.status < 300 && /html/.test(r.mediaType ?? "")) return `${what} answered with an HTML page, not the file`;
  return `${what} answered HTTP ${r.status}`;
}

/**
 * A surface's score is the weighted share of its checks that pass; it passes at 80 with no
 * essential check (weight 3) failing, fails under 40, and is partial in between.
 */
export function surfaceResult(id: SurfaceId, checks: ReadinessCheck[], lead: string): SurfaceResult {
  const total = checks.reduce((n, c) => n + c.weight, 0);
  const score = total ? Math.round((100 * checks.filter((c) => c.pass).reduce((n, c) => n + c.weight, 0)) / total) : 0;
  const essentialFailed = checks.some((c) => !c.pass && c.weight >= 3);
  const status = score >= 80 && !essentialFailed ? "pass" : score < 40 ? "fail" : "partial";
  const failed = checks.filter((c) => !c.pass).sort((a, b) => b.weight - a.weight);
  const reason =
    failed.length === 0
      ? `${lead}: all ${checks.length} checks pass.`
      : `${lead}: ${failed
          .slice(0, 2)
          .map((c) => c.detail.replace(/\.$/, ""))
          .join("; ")}${failed.length > 2 ? `; and ${failed.length - 2} more` : ""}.`;
  return { id, status, score, reason, checks };
}

export function notApplicable(id: SurfaceId, reason: string, checks: ReadinessCheck[] = []): SurfaceResult {
  return { id, status: "not_applicable", score: null, reason, checks };
}
