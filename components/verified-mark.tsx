"use client";

import { useEffect, useState } from "react";

/** Asks /v1/verify whether the report is exactly as the service signed it. */
export function VerifiedMark({ report }: { report: Record<string, unknown> }) {
  const [state, setState] = useState<"checking" | "valid" | "invalid" | "unknown">("checking");
  useEffect(() => {
    fetch("/v1/verify", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ report }) })
      .then(async (r) => {
        // A refused or failed check (rate limit, outage) says nothing about the report.
        if (!r.ok) return setState("unknown");
        const answer = (await r.json()) as { valid?: boolean };
        setState(answer.valid ? "valid" : "invalid");
      })
      .catch(() => setState("unknown"));
  }, [report]);
  return (
    <span
      role="status"
      className={
        state === "valid"
          ? "font-medium text-green-800 dark:text-green-300"
          : state === "invalid"
            ? "font-medium text-red-800 dark:text-red-300"
            : ""
      }
    >
      {state === "checking"
        ? "Checking the signature…"
        : state === "valid"
          ? "✓ Verified: signed by this service, unaltered"
          : "✗ The signature does not verify"}
    </span>
  );
}
