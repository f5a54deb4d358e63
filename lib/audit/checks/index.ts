import { accessibilityChecks } from "./accessibility";
import { performanceChecks } from "./performance";
import { seoChecks } from "./seo";
import type { AuditArtifacts, Check, CheckCategory, CheckOutcome } from "./types";

export { gatherArtifacts, metaContent } from "./artifacts";
export type { AuditArtifacts, Check, CheckCategory, CheckOutcome } from "./types";

/** Every markup check, by category. Adding a check is one module entry and one line here. */
export const CHECKS: Check[] = [...performanceChecks, ...seoChecks, ...accessibilityChecks];

export interface CheckResult extends CheckOutcome {
  id: string;
  title: string;
  weight: number;
  fix?: string;
}

/** Runs the checks of one category and scores them: the weighted share that pass, 0–100. */
export function runCategory(category: CheckCategory, artifacts: AuditArtifacts): { score: number; results: CheckResult[] } {
  const checks = CHECKS.filter((c) => c.category === category);
  const results = checks.map((c): CheckResult => {
    const outcome = c.run(artifacts);
    return { id: c.id, title: c.title, weight: c.weight, ...outcome, ...(outcome.pass ? {} : { fix: c.fix }) };
  });
  const total = results.reduce((s, r) => s + r.weight, 0);
  const passed = results.reduce((s, r) => s + (r.pass ? r.weight : 0), 0);
  return { score: total ? Math.round((100 * passed) / total) : 100, results };
}
