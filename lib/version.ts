/** Versions published by /version and stamped on responses (see the spec's Versioning). */
export const SERVICE_VERSION = "0.1.0";
export const X402_VERSION = 2;
export const X402_PACKAGES_VERSION = "2.25.0";

export const CAPABILITY_VERSIONS = {
  quick: "2.1.0",
  "agent-readiness": "1.0.0",
  fetch: "1.0.0",
  feed: "1.0.0",
  links: "1.0.0",
  extract: "1.0.0",
  structured: "1.0.0",
  summarize: "1.0.0",
  remediate: "1.0.0",
  screenshot: "1.0.0",
  deep: "3.0.0",
} as const;
