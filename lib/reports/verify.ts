import { ServiceError } from "../errors";
import type { RateLimit } from "../http/rate-limit";
import { verifyDocument } from "../signing/hmac";
import { signingKeys } from "../signing/keys";

/** The spec: report verification is limited to 30 an hour per client IP. */
export const VERIFY_LIMIT: RateLimit = { name: "verify", points: () => 30, durationSeconds: 3600 };

export interface VerifyAnswer {
  valid: boolean;
  report_id: string | null;
  signed_at: string | null;
  reason?: string;
}

/** POST /v1/verify `{report}`: whether the report is exactly as this service signed it. */
export function verifyReport(body: Record<string, unknown>): VerifyAnswer {
  const report = body.report;
  if (!report || typeof report !== "object" || Array.isArray(report)) {
    throw new ServiceError("INVALID_REQUEST", 'Send {"report": {…}} with the report as this service returned it.');
  }
  const result = verifyDocument(report, signingKeys());
  const reportId = (report as { report_id?: unknown }).report_id;
  return {
    valid: result.valid,
    report_id: typeof reportId === "string" ? reportId : null,
    signed_at: result.signed_at ?? null,
    ...(result.valid ? {} : { reason: result.reason }),
  };
}
