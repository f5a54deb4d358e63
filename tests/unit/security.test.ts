import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { gradeSecurity, type SecurityInput } from "../../lib/audit/security";
import { gradeFor } from "../../lib/audit/security/table";
import * as t from "../../lib/audit/security/tests";
import { parseHtml } from "../../lib/html/parse";

function input(over: Partial<SecurityInput> & { body?: string } = {}): SecurityInput {
  const { body, ...rest } = over;
  return {
    requestedUrl: "https://site.test/",
    finalUrl: "https://site.test/",
    redirects: [],
    headers: {},
    setCookies: [],
    html: parseHtml(body ?? "<html><head><title>x</title></head><body></body></html>"),
    ...rest,
  };
}

const BEST = {
  "content-security-policy":
    "default-src 'none'; img-src 'self'; script-src 'self'; style-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  "strict-transport-security": "max-age=31536000; includeSubDomains; preload",
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "cross-origin-resource-policy": "same-origin",
  "permissions-policy": "camera=(), microphone=(), geolocation=()",
  "cross-origin-opener-policy": "same-origin",
};

describe("Observatory-model grading", () => {
  it("grades a page with no security headers D (100 − 25 CSP − 20 HSTS − 5 XCTO − 20 framing = 30)", () => {
    const r = gradeSecurity(input());
    assert.equal(r.score, 30);
    assert.equal(r.grade, "D");
    assert.deepEqual(
      r.tests
        .filter((x) => !x.pass)
        .map((x) => x.id)
        .sort(),
      [
        "content-security-policy",
        "cross-origin-opener-policy",
        "permissions-policy",
        "strict-transport-security",
        "x-content-type-options",
        "x-frame-options",
      ],
    );
    for (const failed of r.tests.filter((x) => !x.pass)) assert.ok(failed.fix, `${failed.id} has a fix`);
  });

  it("grades a well-configured page A+ with its bonuses (100 + 10 CSP + 5 framing + 5 referrer + 10 CORP = 130)", () => {
    const r = gradeSecurity(input({ headers: BEST }));
    assert.equal(r.score, 130);
    assert.equal(r.grade, "A+");
    assert.ok(r.tests.every((x) => x.pass));
  });

  it("counts bonuses only when the penalties leave at least 90", () => {
    const { "strict-transport-security": _hsts, ...noHsts } = BEST;
    const r = gradeSecurity(input({ headers: noHsts }));
    assert.equal(r.score, 80, "100 − 20, bonuses not added");
    assert.equal(r.grade, "B+");
    const withShortHsts = gradeSecurity(input({ headers: { ...BEST, "strict-transport-security": "max-age=86400" } }));
    assert.equal(withShortHsts.score, 90 + 30, "100 − 10 = 90 qualifies for the bonuses");
  });

  it("maps scores to grades on the chart (rounded down to a multiple of 5, 100+ is A+)", () => {
    const table: [number, string][] = [
      [130, "A+"],
      [100, "A+"],
      [99, "A"],
      [90, "A"],
      [89, "A-"],
      [85, "A-"],
      [84, "B+"],
      [80, "B+"],
      [75, "B"],
      [70, "B"],
      [65, "B-"],
      [60, "C+"],
      [55, "C"],
      [50, "C"],
      [45, "C-"],
      [40, "D+"],
      [35, "D"],
      [30, "D"],
      [25, "D-"],
      [24, "F"],
      [0, "F"],
      [-10, "F"],
    ];
    for (const [score, grade] of table) assert.equal(gradeFor(score), grade, String(score));
  });
});

describe("security tests, each passing and failing", () => {
  const csp = (policy: string, extra: Partial<SecurityInput> = {}) =>
    t.contentSecurityPolicy(input({ headers: { "content-security-policy": policy }, ...extra }));

  it("Content-Security-Policy", () => {
    assert.equal(t.contentSecurityPolicy(input()), "csp-missing");
    assert.equal(csp("default-src 'none'; form-action 'self'"), "csp-default-src-none");
    assert.equal(csp("default-src 'self'"), "csp-no-unsafe");
    assert.equal(csp("default-src 'self'; script-src 'self' 'unsafe-inline'"), "csp-unsafe-inline");
    assert.equal(csp("default-src 'self'; script-src 'nonce-abc' 'unsafe-inline'"), "csp-no-unsafe", "a nonce disables 'unsafe-inline'");
    assert.equal(
      csp("default-src 'self'; script-src 'strict-dynamic' 'nonce-abc' https:"),
      "csp-no-unsafe",
      "'strict-dynamic' ignores host sources",
    );
    assert.equal(csp("script-src 'self'"), "csp-unsafe-inline", "object-src unrestricted");
    assert.equal(csp("default-src 'self'; script-src https:"), "csp-unsafe-inline", "a whole scheme is too broad");
    assert.equal(csp("default-src 'self'; script-src 'self' 'unsafe-eval'"), "csp-unsafe-eval");
    assert.equal(csp("default-src 'self'; style-src 'self' 'unsafe-inline'"), "csp-unsafe-styles-only");
    assert.equal(csp("default-src 'self'; connect-src http://api.site.test"), "csp-insecure-active");
    assert.equal(csp("default-src 'self'; img-src http:"), "csp-insecure-passive");
    assert.equal(csp("default-src 'self'; !!!"), "csp-invalid");
    const meta = t.contentSecurityPolicy(
      input({ body: `<html><head><meta http-equiv="Content-Security-Policy" content="default-src 'self'"></head></html>` }),
    );
    assert.equal(meta, "csp-no-unsafe", "a <meta> policy counts");
  });

  it("cookies", () => {
    const c = (cookies: string[], extra: Partial<SecurityInput> = {}) => t.cookies(input({ setCookies: cookies, ...extra }));
    assert.equal(c([]), "cookies-none");
    assert.equal(
      c(["sessionid=1; Secure; HttpOnly; SameSite=Lax", "theme=dark; Secure; SameSite=Strict"]),
      "cookies-secure-httponly-samesite",
    );
    assert.equal(c(["sessionid=1; Secure; HttpOnly"]), "cookies-secure-httponly");
    assert.equal(c(["sessionid=1; HttpOnly; SameSite=Lax"]), "cookies-session-no-secure");
    assert.equal(
      c(["sessionid=1; HttpOnly"], { headers: { "strict-transport-security": "max-age=31536000" } }),
      "cookies-session-no-secure-hsts",
    );
    assert.equal(c(["sessionid=1; Secure; SameSite=Lax"]), "cookies-session-no-httponly");
    assert.equal(c(["theme=dark; Secure; SameSite=Sideways"]), "cookies-samesite-invalid");
    assert.equal(c(["csrftoken=abc; Secure"]), "cookies-anticsrf-no-samesite");
    assert.equal(c(["theme=dark; SameSite=Lax"]), "cookies-no-secure");
    assert.equal(
      c(["theme=dark; Secure; SameSite=Lax"], { finalUrl: "http://site.test/" }),
      "cookies-no-secure",
      "Secure means nothing over HTTP",
    );
  });

  it("redirection", () => {
    assert.equal(t.redirection(input()), "redirection-https");
    assert.equal(
      t.redirection(input({ requestedUrl: "http://site.test/", redirects: [{ url: "http://site.test/", status: 301 }] })),
      "redirection-https",
    );
    assert.equal(
      t.redirection(input({ redirects: [{ url: "http://site.test/", status: 301 }], finalUrl: "https://www.site.test/" })),
      "redirection-off-host",
    );
    assert.equal(
      t.redirection(
        input({
          redirects: [
            { url: "http://site.test/", status: 301 },
            { url: "http://www.site.test/", status: 301 },
          ],
          finalUrl: "https://www.site.test/",
        }),
      ),
      "redirection-not-https-first",
    );
    assert.equal(t.redirection(input({ requestedUrl: "http://site.test/", finalUrl: "http://site.test/" })), "redirection-missing");
  });

  it("Referrer-Policy (header or meta; the last recognised value wins)", () => {
    const r = (value: string) => t.referrerPolicy(input({ headers: { "referrer-policy": value } }));
    assert.equal(t.referrerPolicy(input()), "referrer-missing");
    assert.equal(r("strict-origin-when-cross-origin"), "referrer-private");
    assert.equal(r("unsafe-url"), "referrer-unsafe");
    assert.equal(r("no-referrer, unsafe-url"), "referrer-unsafe");
    assert.equal(r("unsafe-url, made-up-value"), "referrer-unsafe");
    assert.equal(r("made-up-value"), "referrer-invalid");
    assert.equal(t.referrerPolicy(input({ body: `<meta name="referrer" content="no-referrer">` })), "referrer-private");
  });

  it("Strict-Transport-Security", () => {
    const h = (value: string) => t.strictTransportSecurity(input({ headers: { "strict-transport-security": value } }));
    assert.equal(h("max-age=31536000; includeSubDomains"), "hsts-six-months");
    assert.equal(h("max-age=86400"), "hsts-short");
    assert.equal(h("includeSubDomains"), "hsts-invalid");
    assert.equal(t.strictTransportSecurity(input()), "hsts-missing");
    assert.equal(
      t.strictTransportSecurity(input({ finalUrl: "http://site.test/", headers: { "strict-transport-security": "max-age=31536000" } })),
      "hsts-no-https",
    );
  });

  it("Subresource Integrity", () => {
    const s = (body: string) => t.subresourceIntegrity(input({ body }));
    assert.equal(s("<p>no scripts</p><script>inline()</script>"), "sri-no-scripts");
    assert.equal(s(`<script src="/app.js"></script><script src="https://cdn.site.test/x.js"></script>`), "sri-same-origin-only");
    assert.equal(s(`<script src="/app.js" integrity="sha384-x"></script>`), "sri-all-same-origin-with-sri");
    assert.equal(
      s(`<script src="https://cdn.other.test/lib.js" integrity="sha384-x" crossorigin></script>`),
      "sri-external-secure-with-sri",
    );
    assert.equal(s(`<script src="https://cdn.other.test/lib.js"></script>`), "sri-external-secure-no-sri");
    assert.equal(s(`<script src="//cdn.other.test/lib.js" integrity="sha384-x"></script>`), "sri-external-insecure-with-sri");
    assert.equal(s(`<script src="http://cdn.other.test/lib.js"></script>`), "sri-external-insecure");
    assert.equal(t.subresourceIntegrity(input({ html: null })), "sri-not-html");
  });

  it("Permissions-Policy and Cross-Origin-Opener-Policy: informational, failing without a score effect", () => {
    assert.equal(t.permissionsPolicy(input({ headers: { "permissions-policy": "camera=()" } })), "permissions-policy-set");
    assert.equal(t.permissionsPolicy(input()), "permissions-policy-missing");
    assert.equal(t.crossOriginOpenerPolicy(input({ headers: { "cross-origin-opener-policy": "same-origin" } })), "coop-isolated");
    assert.equal(t.crossOriginOpenerPolicy(input()), "coop-missing");
    const missing = gradeSecurity(input()).tests.find((x) => x.id === "permissions-policy")!;
    assert.deepEqual([missing.pass, missing.modifier, !!missing.fix], [false, 0, true]);
  });

  it("mixed content on HTTPS pages", () => {
    const m = (body: string, finalUrl = "https://site.test/") => t.mixedContent(input({ body, finalUrl }));
    assert.equal(m(`<script src="https://cdn.test/a.js"></script><img src="/a.png">`), "mixed-content-none");
    assert.equal(m(`<img src="http://cdn.test/a.png">`), "mixed-content-passive");
    assert.equal(m(`<link rel="stylesheet" href="http://cdn.test/a.css">`), "mixed-content-active");
    assert.equal(m(`<script src="http://cdn.test/a.js"></script>`), "mixed-content-active");
    assert.equal(m(`<script src="http://cdn.test/a.js"></script>`, "http://site.test/"), "mixed-content-not-https");
  });

  it("X-Content-Type-Options, X-Frame-Options, Cross-Origin-Resource-Policy and CORS", () => {
    assert.equal(t.xContentTypeOptions(input({ headers: { "x-content-type-options": "nosniff" } })), "xcto-nosniff");
    assert.equal(t.xContentTypeOptions(input({ headers: { "x-content-type-options": "sniff-please" } })), "xcto-invalid");
    assert.equal(t.xContentTypeOptions(input()), "xcto-missing");
    assert.equal(t.xFrameOptions(input({ headers: { "content-security-policy": "frame-ancestors 'self'" } })), "xfo-csp-frame-ancestors");
    assert.equal(t.xFrameOptions(input({ headers: { "x-frame-options": "SAMEORIGIN" } })), "xfo-deny-or-sameorigin");
    assert.equal(t.xFrameOptions(input({ headers: { "x-frame-options": "ALLOW-FROM https://a.test" } })), "xfo-allow-from");
    assert.equal(t.xFrameOptions(input({ headers: { "x-frame-options": "maybe" } })), "xfo-invalid");
    assert.equal(t.xFrameOptions(input()), "xfo-missing");
    assert.equal(t.crossOriginResourcePolicy(input({ headers: { "cross-origin-resource-policy": "same-site" } })), "corp-same-site");
    assert.equal(t.crossOriginResourcePolicy(input({ headers: { "cross-origin-resource-policy": "cross-origin" } })), "corp-cross-origin");
    assert.equal(t.crossOriginResourcePolicy(input({ headers: { "cross-origin-resource-policy": "everyone" } })), "corp-invalid");
    assert.equal(t.crossOriginResourceSharing(input({ headers: { "access-control-allow-origin": "*" } })), "cors-public");
    assert.equal(t.crossOriginResourceSharing(input({ headers: { "access-control-allow-origin": "https://a.test" } })), "cors-restricted");
    assert.equal(
      t.crossOriginResourceSharing(
        input({ headers: { "access-control-allow-origin": "null", "access-control-allow-credentials": "true" } }),
      ),
      "cors-universal-with-credentials",
    );
    assert.equal(t.crossOriginResourceSharing(input()), "cors-none");
  });
});
