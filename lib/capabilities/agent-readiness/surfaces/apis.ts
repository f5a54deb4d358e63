import { answered, probeJson } from "../probe";
import type { ReadinessCheck, ReadinessFacts, SurfaceResult } from "../types";
import { missing, notApplicable, seen, surfaceResult } from "./result";

/**
 * APIs: a machine-readable way in. Applicable to API providers, SaaS and documentation sites,
 * and to any site that declares an API (Link header, OpenAPI link, an answering api-catalog).
 */
export function apisSurface(f: ReadinessFacts): SurfaceResult {
  const cls = f.classification.class;
  const catalogJson = probeJson(f.apiCatalog);
  const linkset = Array.isArray(catalogJson?.linkset) ? (catalogJson!.linkset as unknown[]) : null;
  const declared = !!f.openapiUrl || !!linkset;
  // Documentation sites count only when they document an HTTP API (API links or signals).
  const docsForApi = cls === "docs" && f.classification.signals.some((s) => s.startsWith("api_provider:"));
  if (!["api_provider", "saas"].includes(cls) && !docsForApi && !declared) {
    return notApplicable(
      "apis",
      cls === "docs"
        ? "These docs describe no HTTP API (no API links, no OpenAPI, no api-catalog Link header), so none is expected."
        : `A ${cls} site is not expected to offer an API, and the page declares none (no api-catalog Link header or OpenAPI link).`,
    );
  }
  const checks: ReadinessCheck[] = [
    {
      id: "api-catalog",
      weight: 2,
      pass: !!linkset && linkset.length > 0,
      detail: linkset
        ? `/.well-known/api-catalog lists ${linkset.length} API(s) (RFC 9727 linkset)`
        : answered(f.apiCatalog)
          ? "/.well-known/api-catalog answers, but not with an RFC 9727 linkset"
          : `No API catalog: ${missing(f.apiCatalog, "/.well-known/api-catalog")}`,
      fix: 'Serve /.well-known/api-catalog as application/linkset+json: {"linkset":[{"anchor":"https://api…/","service-desc":[{"href":"…/openapi.json","type":"application/openapi+json"}],"service-doc":[…]}]}.',
      evidence: [seen(f.apiCatalog, linkset ? `${linkset.length} entries; type ${f.apiCatalog?.mediaType}` : "no linkset")],
    },
  ];
  const doc = f.openapiDoc;
  checks.push({
    id: "openapi",
    weight: 3,
    pass: !!doc && doc.paths > 0,
    detail: !f.openapiUrl
      ? "No OpenAPI description found (api-catalog, Link rel=service-desc, page or llms.txt)"
      : !doc
        ? `The OpenAPI description (${f.openapiUrl.source}) does not parse: ${missing(f.openapi, f.openapiUrl.url)}`
        : doc.paths === 0
          ? "The OpenAPI description parses but has no paths"
          : `OpenAPI "${doc.title ?? "untitled"}" with ${doc.paths} path(s), found via ${f.openapiUrl.source}`,
    fix: "Publish an OpenAPI 3.x description of the API and point to it from the api-catalog (service-desc) and a Link header.",
    evidence: [seen(f.openapi, doc ? `${doc.paths} paths` : "not parsed")],
  });
  const linkHeader = f.page.headers.link ?? "";
  checks.push({
    id: "api-link-header",
    weight: 1,
    pass: /rel="?[^"]*(api-catalog|service-desc)/i.test(linkHeader),
    detail: linkHeader
      ? `Link header: ${linkHeader.slice(0, 200)}`
      : "The page sends no Link header with rel=api-catalog or rel=service-desc",
    fix: 'Send `Link: </.well-known/api-catalog>; rel="api-catalog"` on the home page.',
    evidence: [{ url: f.page.finalUrl, status: f.page.status, found: linkHeader || "none" }],
  });
  if (f.oauth) {
    const meta = probeJson(f.oauth);
    checks.push({
      id: "oauth-protected-resource",
      weight: 1,
      pass: typeof meta?.resource === "string",
      detail:
        typeof meta?.resource === "string"
          ? `OAuth protected-resource metadata for ${meta.resource} (RFC 9728)`
          : `The API uses OAuth but ${missing(f.oauth, "/.well-known/oauth-protected-resource")}`,
      fix: "Serve /.well-known/oauth-protected-resource (RFC 9728) with `resource` and `authorization_servers`, so agents can find how to authorise.",
      evidence: [seen(f.oauth, meta ? JSON.stringify(meta).slice(0, 200) : "none")],
    });
  }
  if (f.oauthServer && f.oauthServerIssuer) {
    const meta = probeJson(f.oauthServer);
    const sameIssuer = typeof meta?.issuer === "string" && meta.issuer.replace(/\/$/, "") === f.oauthServerIssuer.replace(/\/$/, "");
    const ok = sameIssuer && (typeof meta?.token_endpoint === "string" || typeof meta?.authorization_endpoint === "string");
    checks.push({
      id: "oauth-authorization-server",
      weight: 1,
      pass: ok,
      detail: ok
        ? `Authorization server metadata for ${f.oauthServerIssuer} (RFC 8414)`
        : meta
          ? "The authorization server metadata does not name the same issuer, or has no token or authorization endpoint"
          : `No authorization server metadata: ${missing(f.oauthServer, f.oauthServer.url)}`,
      fix: "Serve /.well-known/oauth-authorization-server (RFC 8414) with issuer, authorization_endpoint, token_endpoint and response_types_supported.",
      evidence: [seen(f.oauthServer, meta ? JSON.stringify(meta).slice(0, 200) : "none")],
    });
  }
  return surfaceResult("apis", checks, "APIs");
}
