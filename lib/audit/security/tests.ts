import type { Document } from "domhandler";
import { getDomain } from "tldts";
import { findAll } from "../../html/dom";
import {
  allowsUnsafeEval,
  allowsUnsafeScripts,
  allowsUnsafeStyles,
  insecureSchemes,
  parseCsp,
  type Policy,
  restrictsFormAction,
} from "./csp";
import type { Expectation } from "./table";

/** One fetched response, normalised: what every security test reads. */
export interface SecurityInput {
  requestedUrl: string;
  finalUrl: string;
  /** The hops before the final URL, in order. */
  redirects: { url: string; status: number }[];
  /** Response headers of the final hop, lower-case names, repeated headers joined with ", ". */
  headers: Record<string, string>;
  setCookies: string[];
  /** The parsed page when the response is HTML (meta policies, scripts). */
  html: Document | null;
}

type Test = (input: SecurityInput) => Expectation;

const isHttps = (url: string) => url.startsWith("https:");
const metaContent = (doc: Document | null, httpEquivOrName: string) =>
  doc
    ? findAll(doc, (el) => el.name === "meta" && (el.attribs["http-equiv"] ?? el.attribs.name ?? "").toLowerCase() === httpEquivOrName).map(
        (el) => el.attribs.content ?? "",
      )
    : [];

/** Every policy the page enforces: each comma-separated header policy and each <meta http-equiv>. */
function policies(input: SecurityInput): { parsed: Policy[]; invalid: boolean; present: boolean } {
  const header = input.headers["content-security-policy"];
  const sources = [...(header ? header.split(",") : []), ...metaContent(input.html, "content-security-policy")]
    .map((s) => s.trim())
    .filter(Boolean);
  const parsed = sources.map(parseCsp);
  return { parsed: parsed.filter((p): p is Policy => p !== null), invalid: parsed.some((p) => p === null), present: sources.length > 0 };
}

export const contentSecurityPolicy: Test = (input) => {
  const { parsed, invalid, present } = policies(input);
  if (!present) return "csp-missing";
  if (invalid && parsed.length === 0) return "csp-invalid";
  // Several policies are all enforced: something is allowed only if every policy allows it.
  const every = (f: (p: Policy) => boolean) => parsed.every(f);
  if (every(allowsUnsafeScripts)) return "csp-unsafe-inline";
  if (isHttps(input.finalUrl) && every((p) => insecureSchemes(p).active)) return "csp-insecure-active";
  if (every(allowsUnsafeEval)) return "csp-unsafe-eval";
  if (isHttps(input.finalUrl) && every((p) => insecureSchemes(p).passive)) return "csp-insecure-passive";
  if (every(allowsUnsafeStyles)) return "csp-unsafe-styles-only";
  const strict = parsed.some((p) => (p.get("default-src") ?? []).join(" ") === "'none'" && restrictsFormAction(p));
  return strict ? "csp-default-src-none" : "csp-no-unsafe";
};

interface Cookie {
  name: string;
  secure: boolean;
  httpOnly: boolean;
  sameSite: string | null;
}

function parseCookie(header: string): Cookie {
  const [pair, ...attributes] = header.split(";");
  const name = (pair ?? "").split("=")[0]!.trim();
  const attrs = new Map(
    attributes.map((a) => {
      const [k, ...v] = a.split("=");
      return [k!.trim().toLowerCase(), v.join("=").trim()] as const;
    }),
  );
  return {
    name,
    secure: attrs.has("secure"),
    httpOnly: attrs.has("httponly"),
    sameSite: attrs.has("samesite") ? attrs.get("samesite")!.toLowerCase() : null,
  };
}

const SESSION_NAME = /(^|[-_.])(sess|session|sessid|sid|auth|token|login|jwt)/i;
const CSRF_NAME = /csrf|xsrf/i;

export const cookies: Test = (input) => {
  if (input.setCookies.length === 0) return "cookies-none";
  const all = input.setCookies.map(parseCookie);
  const https = isHttps(input.finalUrl);
  const hsts = https && /max-age\s*=\s*"?[1-9]/i.test(input.headers["strict-transport-security"] ?? "");
  const session = (c: Cookie) => SESSION_NAME.test(c.name);
  const insecure = (c: Cookie) => !c.secure || !https;
  if (all.some((c) => session(c) && insecure(c))) return hsts ? "cookies-session-no-secure-hsts" : "cookies-session-no-secure";
  if (all.some((c) => session(c) && !c.httpOnly)) return "cookies-session-no-httponly";
  if (all.some((c) => c.sameSite !== null && !["strict", "lax", "none"].includes(c.sameSite))) return "cookies-samesite-invalid";
  if (all.some((c) => CSRF_NAME.test(c.name) && c.sameSite === null)) return "cookies-anticsrf-no-samesite";
  if (all.some(insecure)) return hsts ? "cookies-no-secure-hsts" : "cookies-no-secure";
  return all.every((c) => c.sameSite === "strict" || c.sameSite === "lax") ? "cookies-secure-httponly-samesite" : "cookies-secure-httponly";
};

export const crossOriginResourceSharing: Test = (input) => {
  const origin = input.headers["access-control-allow-origin"]?.trim();
  if (!origin) return "cors-none";
  if (origin === "*") return "cors-public";
  const credentials = input.headers["access-control-allow-credentials"]?.trim().toLowerCase() === "true";
  return credentials && origin === "null" ? "cors-universal-with-credentials" : "cors-restricted";
};

/**
 * The redirect chain this one fetch observed. A page requested over HTTPS is not fetched
 * again over HTTP, so the quick audit judges the redirect it saw and the final scheme.
 */
export const redirection: Test = (input) => {
  if (!isHttps(input.finalUrl)) return "redirection-missing";
  const chain = [...input.redirects.map((r) => r.url), input.finalUrl];
  if (!chain[0]!.startsWith("http:") || chain.length < 2) return "redirection-https";
  const first = new URL(chain[0]!);
  const next = new URL(chain[1]!);
  if (next.protocol !== "https:") return "redirection-not-https-first";
  return next.hostname === first.hostname ? "redirection-https" : "redirection-off-host";
};

const PRIVATE_REFERRERS = new Set(["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"]);
const UNSAFE_REFERRERS = new Set(["origin", "origin-when-cross-origin", "unsafe-url", "no-referrer-when-downgrade"]);

export const referrerPolicy: Test = (input) => {
  const values = [input.headers["referrer-policy"] ?? "", ...metaContent(input.html, "referrer")].join(",");
  const tokens = values
    .split(",")
    .map((t) => t.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.length === 0) return "referrer-missing";
  // Browsers apply the last policy they recognise.
  const known = tokens.filter((t) => PRIVATE_REFERRERS.has(t) || UNSAFE_REFERRERS.has(t));
  const effective = known.at(-1);
  if (!effective) return "referrer-invalid";
  return PRIVATE_REFERRERS.has(effective) ? "referrer-private" : "referrer-unsafe";
};

const SIX_MONTHS = 15_768_000;

export const strictTransportSecurity: Test = (input) => {
  if (!isHttps(input.finalUrl)) return "hsts-no-https";
  const header = input.headers["strict-transport-security"];
  if (!header) return "hsts-missing";
  const maxAge = /(?:^|;)\s*max-age\s*=\s*"?(\d+)"?\s*(?:;|$)/i.exec(header);
  if (!maxAge) return "hsts-invalid";
  return Number(maxAge[1]) >= SIX_MONTHS ? "hsts-six-months" : "hsts-short";
};

const siteOf = (host: string) => getDomain(host, { allowPrivateDomains: true }) ?? host;

export const subresourceIntegrity: Test = (input) => {
  if (!input.html) return "sri-not-html";
  const page = new URL(input.finalUrl);
  const scripts = findAll(input.html, (el) => el.name === "script" && !!el.attribs.src?.trim());
  if (scripts.length === 0) return "sri-no-scripts";
  const external: { secure: boolean; sri: boolean }[] = [];
  let sameOriginWithSri = true;
  for (const s of scripts) {
    const src = s.attribs.src!.trim();
    let url: URL;
    try {
      url = new URL(src, page);
    } catch {
      continue;
    }
    const sri = !!s.attribs.integrity?.trim();
    if (siteOf(url.hostname) === siteOf(page.hostname)) {
      if (!sri) sameOriginWithSri = false;
    } else {
      external.push({ secure: url.protocol === "https:" && !src.startsWith("//"), sri });
    }
  }
  if (external.length === 0) return sameOriginWithSri ? "sri-all-same-origin-with-sri" : "sri-same-origin-only";
  if (external.some((e) => !e.secure)) return external.every((e) => e.sri) ? "sri-external-insecure-with-sri" : "sri-external-insecure";
  return external.every((e) => e.sri) ? "sri-external-secure-with-sri" : "sri-external-secure-no-sri";
};

export const xContentTypeOptions: Test = (input) => {
  const value = input.headers["x-content-type-options"];
  if (value === undefined) return "xcto-missing";
  return value.trim().toLowerCase() === "nosniff" ? "xcto-nosniff" : "xcto-invalid";
};

export const xFrameOptions: Test = (input) => {
  if (policies(input).parsed.some((p) => p.has("frame-ancestors"))) return "xfo-csp-frame-ancestors";
  const value = input.headers["x-frame-options"]?.trim().toLowerCase();
  if (!value) return "xfo-missing";
  if (value === "deny" || value === "sameorigin") return "xfo-deny-or-sameorigin";
  if (value.startsWith("allow-from")) return "xfo-allow-from";
  return "xfo-invalid";
};

export const crossOriginResourcePolicy: Test = (input) => {
  const value = input.headers["cross-origin-resource-policy"]?.trim().toLowerCase();
  if (!value) return "corp-missing";
  if (value === "same-origin") return "corp-same-origin";
  if (value === "same-site") return "corp-same-site";
  if (value === "cross-origin") return "corp-cross-origin";
  return "corp-invalid";
};

export const permissionsPolicy: Test = (input) =>
  input.headers["permissions-policy"]?.trim() ? "permissions-policy-set" : "permissions-policy-missing";

export const crossOriginOpenerPolicy: Test = (input) => {
  const value = input.headers["cross-origin-opener-policy"]?.trim().toLowerCase() ?? "";
  return value.startsWith("same-origin") ? "coop-isolated" : "coop-missing";
};

/** Sub-resources over plain HTTP on an HTTPS page: active (script, style, frame) or passive (image, media). */
export const mixedContent: Test = (input) => {
  if (!isHttps(input.finalUrl)) return "mixed-content-not-https";
  if (!input.html) return "mixed-content-none";
  const insecure = (v: string | undefined) => !!v && v.trim().toLowerCase().startsWith("http:");
  const els = findAll(input.html, () => true);
  const active = els.some(
    (e) =>
      ((e.name === "script" || e.name === "iframe") && insecure(e.attribs.src)) ||
      (e.name === "link" && /stylesheet/i.test(e.attribs.rel ?? "") && insecure(e.attribs.href)),
  );
  if (active) return "mixed-content-active";
  const passive = els.some((e) => ["img", "audio", "video", "source"].includes(e.name) && insecure(e.attribs.src));
  return passive ? "mixed-content-passive" : "mixed-content-none";
};

/** The tests in the Observatory's order, by id, then this service's additions. */
export const SECURITY_TESTS: [string, Test][] = [
  ["content-security-policy", contentSecurityPolicy],
  ["cookies", cookies],
  ["cross-origin-resource-sharing", crossOriginResourceSharing],
  ["redirection", redirection],
  ["referrer-policy", referrerPolicy],
  ["strict-transport-security", strictTransportSecurity],
  ["subresource-integrity", subresourceIntegrity],
  ["x-content-type-options", xContentTypeOptions],
  ["x-frame-options", xFrameOptions],
  ["cross-origin-resource-policy", crossOriginResourcePolicy],
  ["permissions-policy", permissionsPolicy],
  ["cross-origin-opener-policy", crossOriginOpenerPolicy],
  ["mixed-content", mixedContent],
];
