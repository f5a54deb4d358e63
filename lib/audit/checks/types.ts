import type { Document, Element } from "domhandler";
import type { FetchedPage } from "../../net/safe-fetch";

/**
 * What one fetch and one parse of a page give every check (the Lighthouse model: gathering
 * is done once, then each check is a pure function of these artifacts).
 */
export interface AuditArtifacts {
  page: FetchedPage;
  doc: Document;
  /** Every element, in document order (checks filter this instead of walking the tree). */
  elements: Element[];
  baseUrl: string;
}

export type CheckCategory = "performance" | "seo" | "accessibility" | "security";

export interface CheckOutcome {
  pass: boolean;
  detail: string;
  /** What was found, for the report (selectors, values, counts). */
  evidence?: unknown;
}

export interface Check {
  id: string;
  category: CheckCategory;
  /** Relative weight within its category. */
  weight: number;
  title: string;
  /** What to do when the check fails, in plain English. */
  fix: string;
  run(artifacts: AuditArtifacts): CheckOutcome;
}
