import { elements, tokens } from "../../html/dom";
import type { ParsedPage } from "../../html/parse";
import { resolveUrl } from "../../html/urls";
import type { Classification } from "./classify";
import { checkLlmsTxt } from "./llms-txt";
import { paidOperation, readOpenApi } from "./openapi";
import { answered, type Prober, probeJson } from "./probe";
import { robotsFacts } from "./robots";
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
 * Makes the audit's requests, at most the prober's budget, in three waves: the files every
 * class is checked for (and those its class calls for), then what the first wave points to
 * (the OpenAPI document), then the paid resource's unpaid challenge and what budget is left
 * for (Markdown, agent card, a link of llms.txt, the sitemap). Order = priority.
 */
export async function gatherFacts(parsed: ParsedPage, classification: Classification, prober: Prober): Promise<ReadinessFacts> {
  const page = parsed.page;
  const origin = new URL(page.finalUrl).origin;
  const at = (path: string) => `${origin}${path}`;
  const cls = classification.class;
  const facts: ReadinessFacts = { parsed, classification, origin };
  const headerLinks = linkHeader(page.headers.link, page.finalUrl);
  const pageLinks = classification.links;
  const declaresApi =
    headerLinks.some((l) => l.rels.some((r) => ["api-catalog", "service-desc", "service-doc"].includes(r))) ||
    pageLinks.some((l) => /openapi|swagger|\/\.well-known\/api-catalog/i.test(l.url));
  const wantsApis = API_CLASSES.has(cls) || declaresApi;

  // Wave 1
  const catalogUrl = headerLinks.find((l) => l.rels.includes("api-catalog"))?.url ?? at("/.well-known/api-catalog");
  const [robots, llms, securityTxt, apiCatalog, mcpCard] = await Promise.all([
    prober.get(at("/robots.txt")),
    prober.get(at("/llms.txt")),
    prober.get(at("/.well-known/security.txt")),
    wantsApis ? prober.get(catalogUrl, { accept: "application/linkset+json, application/json;q=0.9" }) : undefined,
    cls === "api_provider" || cls === "saas" ? prober.get(at("/.well-known/mcp/server-card.json")) : undefined,
  ]);
  Object.assign(facts, { robots, llms, securityTxt, apiCatalog, mcpCard });
  if (answered(robots)) facts.robotsFacts = robotsFacts(robots.text, new URL(page.finalUrl).pathname);
  if (answered(llms)) facts.llmsCheck = checkLlmsTxt(llms.text);

  // Wave 2: the OpenAPI document, from the catalog, a Link header, the page or llms.txt.
  const catalog = probeJson(apiCatalog);
  const fromCatalog = ((catalog?.linkset ?? []) as Record<string, unknown>[])
    .flatMap((entry) => ((entry["service-desc"] ?? []) as { href?: string }[]).map((d) => d.href))
    .find((href): href is string => typeof href === "string");
  const openapiCandidates: { url: string | null; source: string }[] = [
    { url: fromCatalog ? resolveUrl(fromCatalog, catalogUrl) : null, source: "api-catalog service-desc" },
    { url: headerLinks.find((l) => l.rels.includes("service-desc"))?.url ?? null, source: "Link header rel=service-desc" },
    {
      url: pageLinks.find((l) => /openapi[^/]*\.(json|ya?ml)$|swagger[^/]*\.(json|ya?ml)$/i.test(new URL(l.url).pathname))?.url ?? null,
      source: "a link on the page",
    },
    { url: facts.llmsCheck?.links.find((l) => /openapi|swagger/i.test(l.url))?.url ?? null, source: "llms.txt" },
  ];
  const openapiUrl = openapiCandidates.find((c) => c.url);
  if (openapiUrl?.url && (wantsApis || openapiUrl.source === "llms.txt")) {
    facts.openapiUrl = { url: openapiUrl.url, source: openapiUrl.source };
    facts.openapi = await prober.get(openapiUrl.url, { accept: "application/openapi+json, application/json, application/yaml;q=0.8" });
    facts.openapiDoc = answered(facts.openapi) ? readOpenApi(facts.openapi.text) : null;
  }

  // Wave 3: the advertised paid resource, unpaid; then what the budget still allows.
  facts.paid = findPaidResource(facts);
  if (!facts.paid && classification.signals.some((s) => s.includes("x402"))) {
    // No priced operation or link: the x402 discovery document (x402scan's `resources` list).
    const wellKnown = probeJson(await prober.get(at("/.well-known/x402")));
    const first = ((wellKnown?.resources ?? []) as unknown[]).find((r): r is string => typeof r === "string");
    const url = first ? resolveUrl(first, origin) : null;
    if (url) facts.paid = { url, source: "/.well-known/x402", challenge: null, claims: [] };
  }
  const wave3: Promise<unknown>[] = [];
  if (facts.paid) {
    const paid = facts.paid;
    wave3.push(
      prober.get(paid.url, { accept: "application/json" }).then((probe) => {
        paid.probe = probe;
        paid.challenge = probe && probe.status === 402 ? decodeChallenge(probe.headers, probe.text) : null;
      }),
    );
  }
  const oauthNeeded = JSON.stringify(facts.openapiDoc?.raw.components ?? {}).match(/"type":"(oauth2|openIdConnect)"/);
  if (oauthNeeded) wave3.push(prober.get(at("/.well-known/oauth-protected-resource")).then((r) => (facts.oauth = r)));
  const alternate = [...elements(parsed.doc)].find(
    (e) => e.name === "link" && tokens(e, "rel").includes("alternate") && (e.attribs.type ?? "").toLowerCase().startsWith("text/markdown"),
  );
  const markdownUrl = (alternate && resolveUrl(alternate.attribs.href ?? "", parsed.baseUrl)) || null;
  wave3.push(
    (markdownUrl ? prober.get(markdownUrl, { accept: "text/markdown" }) : prober.get(page.finalUrl, { accept: "text/markdown" })).then(
      (r) => {
        facts.markdown = r;
        facts.markdownSource = markdownUrl ? "alternate link" : "Accept: text/markdown";
      },
    ),
  );
  await Promise.all(wave3);
  // Leftovers, in priority order, while budget remains.
  if (cls === "api_provider" || cls === "saas") facts.agentCard = await prober.get(at("/.well-known/agent-card.json"));
  const firstLink = facts.llmsCheck?.links.find((l) => /^https?:/i.test(l.url) && new URL(l.url).origin === origin);
  if (firstLink) facts.llmsLink = await prober.get(firstLink.url);
  if (!facts.robotsFacts?.sitemaps.length) facts.sitemap = await prober.get(at("/sitemap.xml"));
  return facts;
}

/**
 * The paid resource a site advertises: the first paid GET operation of its OpenAPI document,
 * else the first llms.txt link whose line states a USDC price. Its price claims come from
 * every public source that names the same path (OpenAPI, llms.txt, the audited page).
 */
function findPaidResource(facts: ReadinessFacts): ReadinessFacts["paid"] {
  const fromOpenApi = facts.openapiDoc?.raw && facts.openapi?.finalUrl ? paidOperation(facts.openapiDoc.raw, facts.openapi.finalUrl) : null;
  let url: string | null = fromOpenApi?.url ?? null;
  let source = "OpenAPI (paid operation)";
  const llmsLines = answered(facts.llms) ? facts.llms.text.split("\n") : [];
  if (!url) {
    for (const line of llmsLines) {
      const link = /\[[^\]]+\]\((https?:\/\/[^)\s]+)\)/.exec(line);
      if (link && priceInText(line) && /x402|usdc/i.test(line + (facts.llms?.text ?? ""))) {
        url = link[1]!;
        source = "llms.txt (priced link)";
        break;
      }
    }
  }
  if (!url) return undefined;
  const path = new URL(url).pathname;
  const claims: PriceClaim[] = [];
  if (fromOpenApi) {
    const atomic = fromOpenApi.claimedAtomic ?? (fromOpenApi.claimedDecimal ? usdcAtomic(fromOpenApi.claimedDecimal) : null);
    if (atomic) claims.push({ source: "openapi", atomic, decimal: fromOpenApi.claimedDecimal ?? atomicToDecimal(atomic) });
  }
  for (const line of llmsLines) {
    const link = /\[[^\]]+\]\(([^)\s]+)\)/.exec(line);
    const target = link ? resolveUrl(link[1]!, facts.llms!.finalUrl ?? facts.origin) : null;
    if (!target || new URL(target).pathname !== path) continue;
    const price = priceInText(line.slice(line.indexOf(")")));
    if (price) claims.push({ source: "llms.txt", ...price });
    break;
  }
  return { url, source, challenge: null, claims };
}

const atomicToDecimal = (atomic: string) => (Number(atomic) / 1e6).toString();
