import type { ServerResponse } from "node:http";

/**
 * Fixture sites for the Agent Readiness audit, chosen by Host: an agent-ready API provider
 * (agentready.test over HTTPS, and pricey.test, the same site whose 402 asks more than it
 * publishes), a brochure site that blocks AI crawlers, a documentation site, a shop, a
 * single-page app that answers every path with its HTML shell (spa.test), and a site whose
 * every other path redirects (loop.test), to hold the audit to its request budget, and an API
 * behind OAuth with its RFC 9728 and RFC 8414 metadata (oauthapi.test).
 */
export const READINESS_HOSTS = [
  "agentready.test",
  "pricey.test",
  "brochure.test",
  "docs.widget.test",
  "shop.test",
  "spa.test",
  "loop.test",
  "oauthapi.test",
] as const;

const html = (res: ServerResponse, body: string, headers: Record<string, string> = {}): void => {
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", ...headers }).end(body);
};
const text = (res: ServerResponse, type: string, body: string): void => {
  res.writeHead(200, { "content-type": type }).end(body);
};
const notFound = (res: ServerResponse): void => {
  res.writeHead(404, { "content-type": "text/plain" }).end("not found");
};

const securityTxt = () =>
  `Contact: mailto:security@example.test\nExpires: ${new Date(Date.now() + 180 * 86_400_000).toISOString()}\nPreferred-Languages: en\n`;

/** The API provider; `challengeAtomic` is what its 402 asks (10000 = the published 0.01 USDC). */
function apiProvider(res: ServerResponse, host: string, path: string, challengeAtomic: string): void {
  const origin = `${host === "agentready.test" ? "https" : "http"}://${host}`;
  switch (path) {
    case "/":
      return html(
        res,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Agent Ready Weather API</title>
<meta name="description" content="Weather data for agents, paid per call with x402.">
<meta property="og:title" content="Agent Ready Weather API">
<link rel="alternate" type="text/markdown" href="/index.md">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Agent Ready","url":"${origin}/","logo":"${origin}/logo.png","sameAs":["https://github.com/agentready"]}</script>
</head><body><main><h1>Weather for agents</h1><p>One REST API endpoint, paid per call with x402 in USDC: no API key needed.</p>
<a href="/docs">Docs</a> <a href="/openapi.json">OpenAPI</a> <a href="/pricing">Pricing</a> <a href="/privacy">Privacy</a></main></body></html>`,
        { link: `</.well-known/api-catalog>; rel="api-catalog", </index.md>; rel="alternate"; type="text/markdown"` },
      );
    case "/robots.txt":
      return text(
        res,
        "text/plain",
        `User-agent: *\nAllow: /\nContent-Signal: search=yes, ai-input=yes, ai-train=no\n\nUser-agent: GPTBot\nDisallow: /\n\nSitemap: ${origin}/sitemap.xml\n`,
      );
    case "/llms.txt":
      return text(
        res,
        "text/plain; charset=utf-8",
        `# Agent Ready Weather API\n\n> Weather data for AI agents, paid per call with x402 v2 in USDC.\n\n## API\n\n- [Current weather](${origin}/v1/weather): GET /v1/weather?city=, 0.01 USDC per call\n- [OpenAPI](${origin}/openapi.json): the full description\n`,
      );
    case "/.well-known/api-catalog":
      return text(
        res,
        'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
        JSON.stringify({
          linkset: [{ anchor: `${origin}/v1/`, "service-desc": [{ href: `${origin}/openapi.json`, type: "application/openapi+json" }] }],
        }),
      );
    case "/openapi.json":
      return text(
        res,
        "application/json",
        JSON.stringify({
          openapi: "3.1.0",
          info: { title: "Agent Ready Weather", version: "1.0.0" },
          servers: [{ url: origin }],
          paths: {
            "/v1/weather": {
              get: {
                parameters: [{ name: "city", in: "query", required: true, schema: { type: "string" }, example: "Lisbon" }],
                responses: { "200": { description: "Weather" }, "402": { description: "Payment required" } },
                "x-x402": { price_usdc: "0.01", amount: "10000", network: "eip155:8453" },
              },
            },
            "/v1/health": { get: { responses: { "200": { description: "ok" } } } },
          },
        }),
      );
    case "/v1/weather": {
      const terms = {
        x402Version: 2,
        error: "Payment required",
        resource: { url: `${origin}/v1/weather`, mimeType: "application/json" },
        accepts: [
          {
            scheme: "exact",
            network: "eip155:8453",
            amount: challengeAtomic,
            asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
            payTo: "0x0000000000000000000000000000000000000001",
            maxTimeoutSeconds: 60,
          },
        ],
      };
      res
        .writeHead(402, { "content-type": "application/json", "payment-required": Buffer.from(JSON.stringify(terms)).toString("base64") })
        .end("{}");
      return;
    }
    case "/.well-known/security.txt":
      return text(res, "text/plain; charset=utf-8", securityTxt());
    case "/.well-known/mcp/server-card.json":
      if (host !== "agentready.test") return notFound(res);
      return text(
        res,
        "application/json",
        JSON.stringify({
          name: "test.agentready/weather",
          version: "1.0.0",
          description: "Weather tools",
          remotes: [{ type: "streamable-http", url: `${origin}/mcp` }],
        }),
      );
    case "/index.md":
      return text(res, "text/markdown; charset=utf-8", "# Weather for agents\n\nOne REST API endpoint, paid per call with x402.\n");
    default:
      return notFound(res);
  }
}

/** An API provider whose API uses OAuth, with RFC 9728 and RFC 8414 metadata. */
function oauthApi(res: ServerResponse, path: string): void {
  const origin = "http://oauthapi.test";
  const json = (value: unknown) => text(res, "application/json", JSON.stringify(value));
  switch (path) {
    case "/":
      return html(
        res,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Orders API</title></head><body><h1>Orders API</h1><p>A REST API for orders. Get an API key or use OAuth.</p><a href="/docs">Docs</a></body></html>`,
        { link: `</.well-known/api-catalog>; rel="api-catalog"` },
      );
    case "/robots.txt":
      return text(res, "text/plain", "User-agent: *\nAllow: /\n");
    case "/.well-known/api-catalog":
      return json({ linkset: [{ anchor: `${origin}/`, "service-desc": [{ href: `${origin}/openapi.json` }] }] });
    case "/openapi.json":
      return json({
        openapi: "3.1.0",
        info: { title: "Orders", version: "1" },
        paths: { "/orders": { get: { responses: { "200": { description: "ok" } } } } },
        components: { securitySchemes: { oauth: { type: "oauth2", flows: {} } } },
      });
    case "/.well-known/oauth-protected-resource":
      return json({ resource: `${origin}/`, authorization_servers: [origin] });
    case "/.well-known/oauth-authorization-server":
      return json({
        issuer: origin,
        authorization_endpoint: `${origin}/authorize`,
        token_endpoint: `${origin}/token`,
        response_types_supported: ["code"],
      });
    default:
      return notFound(res);
  }
}

function brochure(res: ServerResponse, path: string): void {
  if (path === "/") {
    return html(
      res,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Smith &amp; Sons Plumbing</title></head>
<body><h1>Smith &amp; Sons Plumbing</h1><p>Family plumbers since 1962. Call us for repairs, boilers and bathrooms.</p>
<p><a href="/contact">Contact us</a></p></body></html>`,
    );
  }
  if (path === "/robots.txt") {
    const blocked = [
      "GPTBot",
      "ClaudeBot",
      "CCBot",
      "Google-Extended",
      "ChatGPT-User",
      "Claude-User",
      "Perplexity-User",
      "OAI-SearchBot",
      "PerplexityBot",
    ];
    return text(res, "text/plain", `${blocked.map((b) => `User-agent: ${b}`).join("\n")}\nDisallow: /\n\nUser-agent: *\nAllow: /\n`);
  }
  return notFound(res);
}

function docsSite(res: ServerResponse, path: string): void {
  if (path === "/") {
    return html(
      res,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Widget docs</title><meta name="generator" content="Docusaurus v3">
<meta name="description" content="How to use Widget."></head><body><nav><a href="/intro">Intro</a> <a href="/install">Install</a></nav>
<main><h1>Widget documentation</h1><p>Install the CLI, then configure it.</p><pre><code>npm install widget</code></pre>
<pre><code>widget init</code></pre><pre><code>widget run</code></pre></main></body></html>`,
    );
  }
  if (path === "/robots.txt") return text(res, "text/plain", "User-agent: *\nAllow: /\nSitemap: http://docs.widget.test/sitemap.xml\n");
  if (path === "/llms.txt") {
    return text(
      res,
      "text/plain",
      "# Widget\n\n> Documentation of the Widget CLI.\n\n## Docs\n\n- [Intro](http://docs.widget.test/intro): what Widget is\n- [Install](http://docs.widget.test/install): installing it\n",
    );
  }
  if (path === "/intro") return html(res, "<!doctype html><title>Intro</title><h1>Intro</h1>");
  return notFound(res);
}

function shop(res: ServerResponse, path: string): void {
  if (path === "/") {
    return html(
      res,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Kettle Shop</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Gooseneck kettle","image":"http://shop.test/k.jpg",
"offers":{"@type":"Offer","price":"49.00","priceCurrency":"EUR","availability":"https://schema.org/InStock","url":"http://shop.test/kettle"}}</script>
</head><body><h1>Gooseneck kettle</h1><p>49 euros.</p><button>Add to cart</button><a href="/cart">Cart</a> <a href="/terms">Terms</a></body></html>`,
    );
  }
  if (path === "/robots.txt") return text(res, "text/plain", "User-agent: *\nDisallow: /cart\n");
  return notFound(res);
}

/** Answers a request to one of the readiness hosts; false when the host is not one of them. */
export function readinessRoute(host: string, path: string, res: ServerResponse): boolean {
  switch (host) {
    case "agentready.test":
      apiProvider(res, host, path, "10000");
      return true;
    case "pricey.test":
      apiProvider(res, host, path, "20000");
      return true;
    case "brochure.test":
      brochure(res, path);
      return true;
    case "docs.widget.test":
      docsSite(res, path);
      return true;
    case "shop.test":
      shop(res, path);
      return true;
    case "oauthapi.test":
      oauthApi(res, path);
      return true;
    case "spa.test":
      html(
        res,
        `<!doctype html><html lang="en"><head><title>App</title></head><body><div id="root"></div><script src="/app.js"></script></body></html>`,
      );
      return true;
    case "loop.test":
      if (path === "/") html(res, `<!doctype html><html><head><title>Loop</title></head><body><p>Welcome.</p></body></html>`);
      else res.writeHead(302, { location: `${path}${path.length < 200 ? "/next" : ""}` }).end();
      return true;
    default:
      return false;
  }
}
