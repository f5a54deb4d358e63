import type { Classification } from "./classify";
import type { Prober } from "./probe";
import type { SurfaceId, SurfaceResult } from "./types";

/** How much each surface weighs in the overall score (applicable surfaces only). */
export const SURFACE_WEIGHTS: Record<SurfaceId, number> = {
  discovery: 25,
  structured_identity: 15,
  apis: 20,
  mcp: 10,
  operational_trust: 15,
  machine_commerce: 15,
};

const CLASS_NAMES: Record<Classification["class"], string> = {
  api_provider: "An API provider",
  saas: "A SaaS product",
  commerce: "A shop",
  publisher: "A publisher",
  docs: "A documentation site",
  brochure: "A brochure site",
};

export function grade(score: number): "A" | "B" | "C" | "D" | "F" {
  return score >= 90 ? "A" : score >= 80 ? "B" : score >= 70 ? "C" : score >= 60 ? "D" : "F";
}

/** The overall score, confidence, coverage, prioritised remediation and a summary sentence. */
export function scoreReadiness(surfaces: SurfaceResult[], classification: Classification, prober: Prober) {
  const applicable = surfaces.filter((s) => s.status !== "not_applicable");
  const weight = applicable.reduce((n, s) => n + SURFACE_WEIGHTS[s.id], 0);
  const score = weight ? Math.round(applicable.reduce((n, s) => n + (s.score ?? 0) * SURFACE_WEIGHTS[s.id], 0) / weight) : 0;
  const probes = [...prober.results.values()];
  const answeredShare = probes.length ? probes.filter((p) => p.status !== null).length / probes.length : 1;
  const confidence = Math.round((0.5 * classification.confidence + 0.5 * answeredShare) * 100) / 100;
  const remediation = applicable
    .flatMap((s) =>
      s.checks.filter((c) => !c.pass && c.fix).map((c) => ({ surface: s.id, action: c.fix!, rank: SURFACE_WEIGHTS[s.id] * c.weight })),
    )
    .sort((a, b) => b.rank - a.rank)
    .map((r, i) => ({ priority: i + 1, surface: r.surface, action: r.action }));
  const passing = applicable.filter((s) => s.status === "pass").length;
  const first = remediation[0] ? `; first fix: ${remediation[0].action.split(/[:.]/)[0]!.toLowerCase()}` : "";
  return {
    score,
    grade: grade(score),
    confidence,
    coverage: {
      surfaces_applicable: applicable.length,
      surfaces_checked: applicable.length,
      surfaces_not_applicable: surfaces.filter((s) => s.status === "not_applicable").map((s) => s.id),
      requests_used: prober.requestsUsed,
      request_budget: prober.budget,
    },
    remediation,
    summary: `${CLASS_NAMES[classification.class]}, grade ${grade(score)} (${score}/100): ${passing} of ${applicable.length} applicable surfaces pass${first}.`,
  };
}
