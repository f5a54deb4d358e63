import { resolveUrl } from "../../html/urls";
import { checkLlmsTxt } from "./llms-txt";
import { paidOperation, readOpenApi } from "./openapi";
import { registrableDomain } from "../links";
import { answered, fileAnswer, type Prober, probeJson } from "./probe";
import { robotsFacts } from "./robots";
import type { ReadinessPageFacts } from "./page-facts";
import type { PriceClaim, ReadinessFacts } from "./types";
import { decodeChallenge, priceInText, usdcAtomic } from "./x402";

const API_CLASSES = new Set(["api_provider", "saas", "docs"]);

/** RFC 8288 Link header entries: target and rel values. */
export function linkHeader(value: string | undefined, base: string): { url: string; rels: string[]; type: string | null }[] {
  if (!value) return [];
  const out: { url: string; rels: string[]; type: string | null }[] = [];
  for (const m of value.matchAll(/<([^>]*)>\s*((?:;\s*[^;,]+=(?:"[^"]*"|[^;,]*)\s*)*)/g)) {
    const params = m[2] ?? "";
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^;,\s]*))/i.exec(params);
    const type = /;\s*type\s*=\s*(?:"([^"]*)"|([^;,\s]*))/i.exec(params);
    const url = resolveUrl(m[1]!, base);
    if (url)
      out.push({
        url,
        rels: (rel?.[1] ?? rel?.[2] ?? "").toLowerCase().split(/\s+/).filter(Boolean),
        type: (type?.[1] ?? type?.[2] ?? null)?.toLowerCase() ?? null,
      });
  }
  return out;
}

/**
 * Makes the audit's requests, at most the prober's budget, in priority order: the files every
 * class is checked for (and those its class calls for), then what they point to (the OpenAPI
 * document), then the paid resource's unpaid challenge, then what budget is left for
 * (Markdown, agent card, a link of llms.txt, the sitemap). Declared URLs are followed only on
 * the site's own registrable domain: the audit is never aimed at third parties.
 */
export async function gatherFacts(page: ReadinessFacts["page"], pageFacts: ReadinessPageFacts, prober: Prober): Promise<ReadinessFacts> {
  const { classification } = pageFacts;
  const origin = new URL(page.finalUrl).origin;
  const domain = registrableDomain(new URL(page.finalUrl).hostname);
  const own = (url: string | null) => (url && registrableDomain(new URL(url).hostname) === domain ? url : null);
  const at = (path: string) => `${origin}${path}`;
  const cls = classification.class;
  const facts: ReadinessFacts = { page, ...pageFacts, origin };
  const headerLinks = linkHeader(page.headers.link, page.finalUrl);
  const pageLinks = classification.links;
  const declaresApi =
    headerLinks.some((l) => l.rels.some((r) => ["api-catalog", "service-desc", "service-doc"].includes(r))) ||
    pageLinks.some((l) => /openapi|swagger|\/\.well-known\/api-catalog/i.test(l.url));
  const wantsApis = API_CLASSES.has(cls) || declaresApi;
  const wantsCards = cls === "api_provider" || cls === "saas";

  // Wave 1
  const catalogUrl = own(headerLinks.find((l) => l.rels.includes("api-catalog"))?.url ?? null) ?? at("/.well-known/api-catalog");
  const [robots, llms, securityTxt, apiCatalog, mcpCard] = await Promise.all([
    prober.get(at("/robots.txt")),
    prober.get(at("/llms.txt")),
    prober.get(at("/.well-known/security.txt")),
    wantsApis ? prober.get(catalogUrl, { accept: "application/linkset+json, application/json;q=0.9" }) : undefined,
    wantsCards ? prober.get(at("/.well-known/mcp/server-card.json")) : undefined,
  ]);
  Object.assign(facts, { robots, llms, securityTxt, apiCatalog, mcpCard });
  if (fileAnswer(robots)) facts.robotsFacts = robotsFacts(robots.text, new URL(page.finalUrl).pathname);
  if (fileAnswer(llms)) facts.llmsCheck = checkLlmsTxt(llms.text);
  const llmsBase = llms?.finalUrl ?? at("/llms.txt");

  // Wave 2: the OpenAPI document, from the catalog, a Link header, the page or llms.txt.
  const catalog = probeJson(apiCatalog);
  const linkset = Array.isArray(catalog?.linkset) ? (catalog.linkset as unknown[]) : [];
  const fromCatalog = linkset
    .flatMap((entry) => {
      const descs = entry && typeof entry === "object" ? (entry as Record<string, unknown>)["service-desc"] : null;
      return Array.isArray(descs) ? descs.map((d) => (d && typeof d === "object" ? (d as { href?: unknown }).href : null)) : [];
    })
    .find((href): href is string => typeof href === "string");
  const openapiCandidates: { url: string | null; source: string }[] = [
    { url: own(resolveUrl(fromCatalog, catalogUrl)), source: "api-catalog service-desc" },
    { url: own(headerLinks.find((l) => l.rels.includes("service-desc"))?.url ?? null), source: "Link header rel=service-desc" },
    {
      url: own(
        pageLinks.find((l) => /openapi[^/]*\.(json|ya?ml)$|swagger[^/]*\.(json|ya?ml)$/i.test(new URL(l.url).pathname))?.url ?? null,
      ),
      source: "a link on the page",
    },
    { url: own(resolveUrl(facts.llmsCheck?.links.find((l) => /openapi|swagger/i.test(l.url))?.url, llmsBase)), source: "llms.txt" },
  ];
  const openapiUrl = openapiCandidates.find((c) => c.url);
  if (openapiUrl?.url && (wantsApis || openapiUrl.source === "llms.txt")) {
    facts.openapiUrl = { url: openapiUrl.url, source: openapiUrl.source };
    facts.openapi = await prober.get(openapiUrl.url, { accept: "application/openapi+json, application/json, application/yaml;q=0.8" });
    facts.openapiDoc = answered(facts.openapi) ? readOpenApi(facts.openapi.text) : null;
  }

  // Wave 3: the advertised paid resource, unpaid; then what the budget still allows.
  facts.paid = findPaidResource(facts, own);
  if (!facts.paid && classification.signals.some((s) => s.includes("x402"))) {
    // No priced operation or link: the x402 discovery document (x402scan's `resources` list).
    const wellKnown = probeJson(await prober.get(at("/.well-known/x402")));
    const resources = Array.isArray(wellKnown?.resources) ? (wellKnown.resources as unknown[]) : [];
    const url = own(
      resolveUrl(
        resources.find((r): r is string => typeof r === "string"),
        origin,
      ),
    );
    if (url) facts.paid = { url, source: "/.well-known/x402", challenge: null, claims: [] };
  }
  if (facts.paid) {
    const paid = facts.paid;
    paid.probe = await prober.get(paid.url, { accept: "application/json" });
    paid.challenge = paid.probe && paid.probe.status === 402 ? decodeChallenge(paid.probe.headers, paid.probe.text) : null;
  }
  const oauthNeeded = JSON.stringify(facts.openapiDoc?.raw.components ?? {}).match(/"type":"(oauth2|openIdConnect)"/);
  if (oauthNeeded) {
    facts.oauth = await prober.get(at("/.well-known/oauth-protected-resource"));
    // RFC 8414: the first authorization server it names, its metadata at the well-known path
    // (inserted before any path of the issuer), on the site's own domain only.
    const servers = probeJson(facts.oauth)?.authorization_servers;
    const issuer = own(resolveUrl(Array.isArray(servers) && typeof servers[0] === "string" ? servers[0] : null));
    if (issuer) {
      const url = new URL(issuer);
      facts.oauthServerIssuer = issuer;
      facts.oauthServer = await prober.get(
        `${url.origin}/.well-known/oauth-authorization-server${url.pathname === "/" ? "" : url.pathname}`,
      );
    }
  }
  // A Markdown version: declared (link element or Link header), else asked for by content negotiation.
  const markdownUrl =
    own(pageFacts.markdownAlternate) ??
    own(headerLinks.find((l) => l.rels.includes("alternate") && (l.type ?? "").startsWith("text/markdown"))?.url ?? null);
  facts.markdown = await prober.get(markdownUrl ?? page.finalUrl, { accept: "text/markdown" });
  facts.markdownSource = markdownUrl ? "alternate link" : "Accept: text/markdown";
  // Leftovers, in priority order, while budget remains.
  if (wantsCards && !probeJson(mcpCard)) {
    // The other published location of a server card.
    facts.mcpCardAlt = await prober.get(at("/.well-known/mcp.json"));
    if (probeJson(facts.mcpCardAlt)) facts.mcpCard = facts.mcpCardAlt;
  }
  if (wantsCards) {
    facts.agentCard = await prober.get(at("/.well-known/agent-card.json"));
    // A2A renamed agent.json to agent-card.json; older agents still serve the former.
    if (!probeJson(facts.agentCard)) {
      const older = await prober.get(at("/.well-known/agent.json"));
      if (probeJson(older)) facts.agentCard = older;
    }
  }
  const firstLink = facts.llmsCheck?.links.map((l) => own(resolveUrl(l.url, llmsBase))).find((u): u is string => !!u);
  if (firstLink) facts.llmsLink = await prober.get(firstLink);
  if (!facts.robotsFacts?.sitemaps.length) facts.sitemap = await prober.get(at("/sitemap.xml"));
  return facts;
}

/**
 * The paid resource a site advertises: the first paid GET operation of its OpenAPI document,
 * else the first llms.txt link whose line states a USDC price. Its price claims come from
 * every public source that names the same path (OpenAPI, llms.txt, the audited page).
 */
function findPaidResource(facts: ReadinessFacts, own: (url: string | null) => string | null): ReadinessFacts["paid"] {
  const fromOpenApi = facts.openapiDoc?.raw && facts.openapi?.finalUrl ? paidOperation(facts.openapiDoc.raw, facts.openapi.finalUrl) : null;
  let url: string | null = own(fromOpenApi?.url ?? null);
  let source = "OpenAPI (paid operation)";
  const llmsLines = fileAnswer(facts.llms) ? facts.llms.text.split("\n").slice(0, 2000) : [];
  if (!url) {
    for (const line of llmsLines) {
      const link = /\[[^\]]+\]\(([^)\s]+)\)/.exec(line);
      const target = link ? own(resolveUrl(link[1], facts.llms?.finalUrl ?? facts.origin)) : null;
      if (target && priceInText(line) && /x402|usdc/i.test(line + (facts.llms?.text ?? ""))) {
        url = target;
        source = "llms.txt (priced link)";
        break;
      }
    }
  }
  if (!url) return undefined;
  const path = new URL(url).pathname;
  const claims: PriceClaim[] = [];
  if (fromOpenApi && fromOpenApi.url === url) {
    const atomic = fromOpenApi.claimedAtomic ?? (fromOpenApi.claimedDecimal ? usdcAtomic(fromOpenApi.claimedDecimal) : null);
    if (atomic) claims.push({ source: "openapi", atomic, decimal: fromOpenApi.claimedDecimal ?? atomicToDecimal(atomic) });
  }
  for (const line of llmsLines) {
    const link = /\[[^\]]+\]\(([^)\s]+)\)/.exec(line);
    const target = link ? resolveUrl(link[1], facts.llms?.finalUrl ?? facts.origin) : null;
    if (!target || new URL(target).pathname !== path) continue;
    const price = priceInText(line.slice(line.indexOf(")")));
    if (price) claims.push({ source: "llms.txt", ...price });
    break;
  }
  return { url, source, challenge: null, claims };
}

const atomicToDecimal = (atomic: string) => (Number(atomic) / 1e6).toString();
