/**
 * The score table of the MDN HTTP Observatory model: every outcome of every test with its
 * score modifier and the fix to suggest. Kept apart from the tests, as the Observatory does.
 * Penalties apply from a base of 100; bonuses only when the score after penalties is ≥ 90.
 */
export const SCORE_TABLE = {
  "csp-default-src-none": { modifier: 10, detail: "CSP with default-src 'none', no unsafe sources and form-action restricted.", fix: "" },
  "csp-no-unsafe": {
    modifier: 5,
    detail: "CSP without 'unsafe-inline' or 'unsafe-eval'.",
    fix: "Set default-src to 'none' and allow what the page needs.",
  },
  "csp-unsafe-styles-only": {
    modifier: 0,
    detail: "CSP allows unsafe styles (style-src) only.",
    fix: "Remove 'unsafe-inline', data: and broad sources from style-src.",
  },
  "csp-insecure-passive": {
    modifier: -10,
    detail: "CSP allows images or media over plain HTTP.",
    fix: "Load images and media over HTTPS and stop allowing http: in img-src and media-src.",
  },
  "csp-unsafe-eval": {
    modifier: -10,
    detail: "CSP allows 'unsafe-eval'.",
    fix: "Remove eval() from the code, then 'unsafe-eval' from the policy.",
  },
  "csp-unsafe-inline": {
    modifier: -20,
    detail: "CSP allows unsafe scripts: 'unsafe-inline', data: or broad sources in script-src or object-src, or leaves them unrestricted.",
    fix: "Remove 'unsafe-inline' and data: from script-src (use nonces or hashes), drop broad sources, and set object-src 'none'.",
  },
  "csp-insecure-active": {
    modifier: -20,
    detail: "CSP allows scripts, styles or connections over plain HTTP.",
    fix: "Load every resource over HTTPS and remove http: sources from the policy.",
  },
  "csp-invalid": {
    modifier: -25,
    detail: "The Content-Security-Policy header cannot be parsed.",
    fix: "Fix the policy's syntax: directives separated by semicolons, sources by spaces.",
  },
  "csp-missing": {
    modifier: -25,
    detail: "No Content-Security-Policy.",
    fix: "Send a Content-Security-Policy header, starting from default-src 'none' and allowing what the page needs.",
  },

  "cookies-none": { modifier: 0, detail: "No cookies are set.", fix: "" },
  "cookies-secure-httponly-samesite": {
    modifier: 5,
    detail: "All cookies are Secure, session cookies HttpOnly, and all use SameSite.",
    fix: "",
  },
  "cookies-secure-httponly": {
    modifier: 0,
    detail: "All cookies are Secure and session cookies HttpOnly.",
    fix: "Add SameSite=Lax or Strict to every cookie.",
  },
  "cookies-no-secure-hsts": {
    modifier: -5,
    detail: "Cookies without the Secure flag, though HSTS keeps them off plain HTTP.",
    fix: "Add the Secure flag to every cookie.",
  },
  "cookies-session-no-secure-hsts": {
    modifier: -10,
    detail: "A session cookie without the Secure flag, though HSTS keeps it off plain HTTP.",
    fix: "Add the Secure flag to session cookies.",
  },
  "cookies-no-secure": {
    modifier: -20,
    detail: "Cookies without the Secure flag, or set over plain HTTP.",
    fix: "Add the Secure flag to every cookie and serve the site over HTTPS with HSTS.",
  },
  "cookies-samesite-invalid": {
    modifier: -20,
    detail: "A cookie's SameSite flag is neither Strict, Lax nor None.",
    fix: "Use SameSite=Strict or SameSite=Lax.",
  },
  "cookies-anticsrf-no-samesite": {
    modifier: -20,
    detail: "An anti-CSRF cookie without SameSite.",
    fix: "Add SameSite=Strict or Lax to anti-CSRF cookies.",
  },
  "cookies-session-no-httponly": { modifier: -30, detail: "A session cookie without HttpOnly.", fix: "Add HttpOnly to session cookies." },
  "cookies-session-no-secure": {
    modifier: -40,
    detail: "A session cookie without the Secure flag, or set over plain HTTP.",
    fix: "Add the Secure flag to session cookies and set up HSTS.",
  },

  "cors-none": { modifier: 0, detail: "Content is not shared cross-origin.", fix: "" },
  "cors-public": { modifier: 0, detail: "Content is shared with any origin, without credentials.", fix: "" },
  "cors-restricted": { modifier: 0, detail: "Content is shared cross-origin with specific origins.", fix: "" },
  "cors-universal-with-credentials": {
    modifier: -50,
    detail: "Content is shared with any origin together with credentials.",
    fix: "Never combine Access-Control-Allow-Credentials with a wildcard or reflected origin; list the origins that may read it.",
  },

  "redirection-https": { modifier: 0, detail: "Served over HTTPS (any redirect from HTTP goes to HTTPS on the same host first).", fix: "" },
  "redirection-off-host": {
    modifier: -5,
    detail: "The first redirect from HTTP goes to another host, so HSTS cannot be set on the way.",
    fix: "Redirect to HTTPS on the same host first, then to the final host.",
  },
  "redirection-not-https-first": {
    modifier: -10,
    detail: "Redirects reach HTTPS only after another HTTP hop.",
    fix: "Redirect to HTTPS on the same host first.",
  },
  "redirection-missing": {
    modifier: -20,
    detail: "The page is served over plain HTTP without a redirect to HTTPS.",
    fix: "Serve the site over HTTPS and redirect every HTTP request to it.",
  },

  "referrer-private": {
    modifier: 5,
    detail: "Referrer-Policy keeps URLs private (no-referrer, same-origin, strict-origin, strict-origin-when-cross-origin).",
    fix: "",
  },
  "referrer-missing": {
    modifier: 0,
    detail: "No Referrer-Policy (browsers default to strict-origin-when-cross-origin).",
    fix: "Send Referrer-Policy: strict-origin-when-cross-origin.",
  },
  "referrer-unsafe": {
    modifier: -5,
    detail: "Referrer-Policy leaks full URLs (origin, origin-when-cross-origin, unsafe-url, no-referrer-when-downgrade).",
    fix: "Send Referrer-Policy: strict-origin-when-cross-origin.",
  },
  "referrer-invalid": {
    modifier: -5,
    detail: "Referrer-Policy cannot be recognised.",
    fix: "Send Referrer-Policy: strict-origin-when-cross-origin.",
  },

  "hsts-six-months": { modifier: 0, detail: "Strict-Transport-Security with max-age of at least six months.", fix: "" },
  "hsts-short": {
    modifier: -10,
    detail: "Strict-Transport-Security with max-age under six months (15768000 s).",
    fix: "Raise max-age to at least 15768000 (31536000 to preload).",
  },
  "hsts-missing": {
    modifier: -20,
    detail: "No Strict-Transport-Security header.",
    fix: "Send Strict-Transport-Security: max-age=31536000; includeSubDomains.",
  },
  "hsts-invalid": {
    modifier: -20,
    detail: "Strict-Transport-Security cannot be recognised.",
    fix: "Send Strict-Transport-Security: max-age=31536000; includeSubDomains.",
  },
  "hsts-no-https": {
    modifier: -20,
    detail: "HSTS cannot be set: the site is not served over HTTPS.",
    fix: "Serve the site over HTTPS, then send Strict-Transport-Security.",
  },

  "sri-all-same-origin-with-sri": { modifier: 5, detail: "Scripts use Subresource Integrity and load from the same origin.", fix: "" },
  "sri-external-secure-with-sri": { modifier: 5, detail: "External scripts use Subresource Integrity and load over HTTPS.", fix: "" },
  "sri-not-html": { modifier: 0, detail: "Subresource Integrity applies to HTML only.", fix: "" },
  "sri-no-scripts": { modifier: 0, detail: "No external script elements.", fix: "" },
  "sri-same-origin-only": {
    modifier: 0,
    detail: "Scripts load from the same origin (no Subresource Integrity needed).",
    fix: "Add integrity attributes for extra protection.",
  },
  "sri-external-secure-no-sri": {
    modifier: -5,
    detail: "External scripts load over HTTPS but without Subresource Integrity.",
    fix: "Add integrity and crossorigin attributes to external scripts.",
  },
  "sri-external-insecure-with-sri": {
    modifier: -20,
    detail: "External scripts use Subresource Integrity but load over HTTP or protocol-relative URLs.",
    fix: "Load external scripts over HTTPS.",
  },
  "sri-external-insecure": {
    modifier: -50,
    detail: "External scripts load over HTTP or protocol-relative URLs, without Subresource Integrity.",
    fix: "Load external scripts over HTTPS and add integrity attributes.",
  },

  "xcto-nosniff": { modifier: 0, detail: "X-Content-Type-Options: nosniff.", fix: "" },
  "xcto-missing": { modifier: -5, detail: "No X-Content-Type-Options header.", fix: "Send X-Content-Type-Options: nosniff." },
  "xcto-invalid": { modifier: -5, detail: "X-Content-Type-Options is not nosniff.", fix: "Send X-Content-Type-Options: nosniff." },

  "xfo-csp-frame-ancestors": { modifier: 5, detail: "Framing is controlled by CSP frame-ancestors.", fix: "" },
  "xfo-deny-or-sameorigin": { modifier: 0, detail: "X-Frame-Options: DENY or SAMEORIGIN.", fix: "Also set CSP frame-ancestors." },
  "xfo-allow-from": {
    modifier: 0,
    detail: "X-Frame-Options uses ALLOW-FROM (ignored by current browsers).",
    fix: "Use CSP frame-ancestors.",
  },
  "xfo-missing": {
    modifier: -20,
    detail: "No protection against framing (clickjacking).",
    fix: "Send CSP frame-ancestors 'self' (and X-Frame-Options: SAMEORIGIN for old browsers).",
  },
  "xfo-invalid": { modifier: -20, detail: "X-Frame-Options cannot be recognised.", fix: "Send CSP frame-ancestors 'self'." },

  "corp-same-origin": { modifier: 10, detail: "Cross-Origin-Resource-Policy: same-origin.", fix: "" },
  "corp-same-site": { modifier: 10, detail: "Cross-Origin-Resource-Policy: same-site.", fix: "" },
  "corp-cross-origin": { modifier: 0, detail: "Cross-Origin-Resource-Policy: cross-origin (the default).", fix: "" },
  "corp-missing": {
    modifier: 0,
    detail: "No Cross-Origin-Resource-Policy (defaults to cross-origin).",
    fix: "Consider Cross-Origin-Resource-Policy: same-site.",
  },
  "corp-invalid": {
    modifier: -5,
    detail: "Cross-Origin-Resource-Policy cannot be recognised.",
    fix: "Use same-origin, same-site or cross-origin.",
  },

  // Beyond the Observatory's table (this service's extension, documented in docs/quick-audit.md):
  // informational policy headers (no score effect, but a fix when missing) and mixed content.
  "permissions-policy-set": { modifier: 0, detail: "Permissions-Policy restricts powerful browser features.", fix: "" },
  "permissions-policy-missing": {
    modifier: 0,
    pass: false,
    detail: "No Permissions-Policy.",
    fix: "Send Permissions-Policy to switch off features the site does not use, e.g. camera=(), microphone=(), geolocation=().",
  },
  "coop-isolated": { modifier: 0, detail: "Cross-Origin-Opener-Policy isolates the browsing context.", fix: "" },
  "coop-missing": {
    modifier: 0,
    pass: false,
    detail: "No Cross-Origin-Opener-Policy.",
    fix: "Send Cross-Origin-Opener-Policy: same-origin (or same-origin-allow-popups) to isolate the page from other windows.",
  },
  "mixed-content-none": { modifier: 0, detail: "No resources over plain HTTP.", fix: "" },
  "mixed-content-not-https": { modifier: 0, detail: "The page itself is not served over HTTPS (see redirection).", fix: "" },
  "mixed-content-passive": {
    modifier: -5,
    detail: "Images or media load over plain HTTP on an HTTPS page.",
    fix: "Load every image and media file over HTTPS.",
  },
  "mixed-content-active": {
    modifier: -20,
    detail: "Scripts, styles or frames load over plain HTTP on an HTTPS page.",
    fix: "Load every script, stylesheet and frame over HTTPS.",
  },
} as const satisfies Record<string, { modifier: number; detail: string; fix: string; pass?: boolean }>;

export type Expectation = keyof typeof SCORE_TABLE;

/** Bonuses count only when the score after penalties is at least this. */
export const MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90;

const GRADES: [number, string][] = [
  [100, "A+"],
  [90, "A"],
  [85, "A-"],
  [80, "B+"],
  [70, "B"],
  [65, "B-"],
  [60, "C+"],
  [50, "C"],
  [45, "C-"],
  [40, "D+"],
  [30, "D"],
  [25, "D-"],
  [0, "F"],
];

/** The grade of a score: rounded down to a multiple of 5, capped at 100. */
export function gradeFor(score: number): string {
  const s = Math.min(Math.max(score, 0), 100);
  const rounded = s - (s % 5);
  return GRADES.find(([min]) => rounded >= min)![1];
}
