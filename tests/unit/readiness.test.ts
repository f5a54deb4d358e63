import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { classifySite } from "../../lib/capabilities/agent-readiness/classify";
import { linkHeader } from "../../lib/capabilities/agent-readiness/gather";
import { resolveUrl } from "../../lib/html/urls";
import { checkLlmsTxt } from "../../lib/capabilities/agent-readiness/llms-txt";
import { paidOperation, readOpenApi } from "../../lib/capabilities/agent-readiness/openapi";
import { matches, robotsFacts } from "../../lib/capabilities/agent-readiness/robots";
import { fileAnswer } from "../../lib/capabilities/agent-readiness/probe";
import { readSecurityTxt } from "../../lib/capabilities/agent-readiness/surfaces/trust";
import { decodeChallenge, priceInText } from "../../lib/capabilities/agent-readiness/x402";
import { generateLlmsTxt, generateOrganization, siteFacts } from "../../lib/capabilities/remediate/generate";
import { parsePage } from "../../lib/html/parse";
import { htmlPage } from "../support/pages";

describe("llms.txt rule", () => {
  it("applies the Lighthouse rule (H1, link, 50 characters) and our stricter reading", () => {
    const good = checkLlmsTxt("# Site\n\n> What it is.\n\n## Docs\n\n- [Intro](https://x.test/intro): start here\n");
    assert.deepEqual([good.lighthouse, good.valid, good.title, good.links.length], [true, true, "Site", 1]);
    const lighthouseOnly = checkLlmsTxt("Intro text first\n# Site\n\nSee [docs](/docs) for everything about the site.");
    assert.equal(lighthouseOnly.lighthouse, true);
    assert.equal(lighthouseOnly.valid, false);
    assert.ok(lighthouseOnly.problems.some((p) => p.includes("first line")));
    assert.ok(lighthouseOnly.problems.some((p) => p.includes("absolute")));
    assert.equal(checkLlmsTxt("# Short\n[a](https://x.test)").lighthouse, false);
    assert.equal(checkLlmsTxt("no heading, https://x.test only, long enough to pass the length rule").lighthouse, false);
  });
});

describe("robots.txt for AI crawlers", () => {
  const text = `User-agent: GPTBot\nUser-agent: ClaudeBot\nDisallow: /\n\nUser-agent: ChatGPT-User\nDisallow: /private\nAllow: /private/ok$\n\nUser-agent: *\nAllow: /\nContent-Signal: search=yes, ai-train=no\nSitemap: https://x.test/sitemap.xml\n`;

  it("groups crawlers by purpose and applies longest-match rules to the path", () => {
    const home = robotsFacts(text, "/");
    assert.ok(home.access.training.blocked.includes("GPTBot") && home.access.training.blocked.includes("ClaudeBot"));
    assert.ok(home.access.training.allowed.includes("CCBot"), "an unnamed crawler follows *");
    assert.deepEqual(home.access.user_initiated.blocked, []);
    assert.deepEqual(robotsFacts(text, "/private/x").access.user_initiated.blocked, ["ChatGPT-User"]);
    assert.deepEqual(robotsFacts(text, "/private/ok").access.user_initiated.blocked, []);
    assert.deepEqual(home.contentSignals, { search: "yes", "ai-train": "no" });
    assert.deepEqual(home.sitemaps, ["https://x.test/sitemap.xml"]);
  });
});

describe("robots.txt matching (RFC 9309), linear", () => {
  it("matches wildcards and end anchors", () => {
    assert.equal(matches("/fish", "/fish.html"), true);
    assert.equal(matches("/fish*.php", "/fishheads/catfish.php?parameters"), true);
    assert.equal(matches("/*.php$", "/filename.php"), true);
    assert.equal(matches("/*.php$", "/filename.php?x"), false);
    assert.equal(matches("/fish$", "/fish/"), false);
    assert.equal(matches("/a*b*c", "/axxbyyc"), true);
    assert.equal(matches("/a*b*c", "/axxcyyb"), false);
  });

  it("answers at once for patterns that make a backtracking regex explode", () => {
    assert.equal(matches("/*a*a*a*a*a*a*a*a*a*a*a*b", `/${"a".repeat(5000)}`), false);
  });

  it("merges every group naming a crawler, and every * group", () => {
    const facts = robotsFacts("User-agent: *\nAllow: /public\n\nUser-agent: *\nDisallow: /\n", "/page");
    assert.ok(facts.access.user_initiated.blocked.includes("ChatGPT-User"), "a later Disallow: / in another * group applies");
  });
});

describe("odd inputs", () => {
  it("treats an HTML answer as no file, and placeholders as no URL", () => {
    const base = { url: "https://x.test/robots.txt", status: 200, finalUrl: "https://x.test/robots.txt", headers: {}, error: null };
    assert.equal(fileAnswer({ ...base, mediaType: "text/html", text: "<!doctype html><html>" }), false);
    assert.equal(fileAnswer({ ...base, mediaType: "text/plain", text: "User-agent: *" }), true);
    assert.equal(resolveUrl("https://<your-domain>/"), null);
    assert.equal(resolveUrl("https://[api-host]/x"), null);
    assert.equal(resolveUrl("/openapi.json", "https://x.test/llms.txt"), "https://x.test/openapi.json");
  });

  it("reads OpenAPI documents with odd parameters and templated servers without failing", () => {
    const doc = {
      openapi: "3.0.0",
      servers: [{ url: "https://{region}.api.x.test" }],
      paths: { "/p": { get: { parameters: { name: "q" }, "x-x402": { amount: "5" } } } },
    };
    assert.deepEqual(paidOperation(doc, "https://x.test/openapi.json"), {
      url: "https://x.test/p",
      claimedAtomic: "5",
      claimedDecimal: null,
    });
  });
});

describe("x402 challenges and prices", () => {
  it("decodes v2 from the header and v1 from the body", () => {
    const v2 = Buffer.from(
      JSON.stringify({ x402Version: 2, accepts: [{ amount: "15000", network: "eip155:8453", asset: "0xA", payTo: "0xB" }] }),
    ).toString("base64");
    assert.deepEqual(decodeChallenge({ "payment-required": v2 }, ""), {
      version: 2,
      amount: "15000",
      asset: "0xA",
      network: "eip155:8453",
      payTo: "0xB",
    });
    assert.equal(decodeChallenge({}, JSON.stringify({ x402Version: 1, accepts: [{ maxAmountRequired: "2000" }] }))?.amount, "2000");
    assert.equal(decodeChallenge({}, "<html>"), null);
  });

  it("reads USDC prices from text as atomic units", () => {
    assert.deepEqual(priceInText("GET /x, 0.015 USDC per call"), { decimal: "0.015", atomic: "15000" });
    assert.deepEqual(priceInText("costs $2"), { decimal: "2", atomic: "2000000" });
    assert.equal(priceInText("free"), null);
  });
});

describe("OpenAPI reading", () => {
  it("counts paths in JSON and YAML, and finds the first paid GET with its example query", () => {
    const doc = {
      openapi: "3.1.0",
      info: { title: "T" },
      servers: [{ url: "https://api.x.test/v2" }],
      paths: {
        "/free": { get: {} },
        "/paid": { get: { parameters: [{ name: "q", in: "query", example: "a b" }], "x-x402": { price_usdc: "0.01" } } },
      },
    };
    assert.equal(readOpenApi(JSON.stringify(doc))?.paths, 2);
    assert.deepEqual(paidOperation(doc, "https://x.test/openapi.json"), {
      url: "https://api.x.test/v2/paid?q=a+b",
      claimedAtomic: null,
      claimedDecimal: "0.01",
    });
    const yaml = "openapi: 3.0.0\ninfo:\n  title: Pets\npaths:\n  /pets:\n    get:\n      summary: list\n  /pets/{id}:\n    get: {}\n";
    assert.deepEqual([readOpenApi(yaml)?.paths, readOpenApi(yaml)?.title], [2, "Pets"]);
    assert.equal(readOpenApi('{"hello": 1}'), null);
  });

  it("parses RFC 8288 Link headers", () => {
    assert.deepEqual(
      linkHeader('</a>; rel="api-catalog", <https://y.test/b.md>; rel=alternate; type="text/markdown"', "https://x.test/p"),
      [
        { url: "https://x.test/a", rels: ["api-catalog"], type: null },
        { url: "https://y.test/b.md", rels: ["alternate"], type: "text/markdown" },
      ],
    );
  });
});

describe("security.txt", () => {
  const now = new Date("2026-06-01T00:00:00Z");
  it("needs a Contact and an Expires in the coming year", () => {
    assert.deepEqual(readSecurityTxt("Contact: mailto:a@x.test\nExpires: 2026-12-01T00:00:00Z\n", now).problems, []);
    assert.deepEqual(readSecurityTxt("Expires: 2026-01-01T00:00:00Z\n", now).problems, ["no Contact", "expired on 2026-01-01"]);
    assert.deepEqual(readSecurityTxt("Contact: https://x.test/c\nExpires: 2030-01-01T00:00:00Z", now).problems, [
      "Expires is more than a year away",
    ]);
  });
});

describe("site classification", () => {
  const classify = (html: string, headers: Record<string, string> = {}, url = "https://x.test/") =>
    classifySite(parsePage(htmlPage(html, url)), headers).class;
  it("tells the classes apart from the page alone", () => {
    assert.equal(classify("<p>We fix roofs.</p>"), "brochure");
    assert.equal(
      classify('<script type="application/ld+json">{"@type":"Product","offers":{"price":1}}</script><a href="/cart">Cart</a>'),
      "commerce",
    );
    assert.equal(
      classify('<script type="application/ld+json">{"@type":"NewsArticle"}</script><meta property="og:type" content="article">'),
      "publisher",
    );
    assert.equal(classify("<pre>a</pre><pre>b</pre><pre>c</pre>", {}, "https://docs.x.test/guide"), "docs");
    assert.equal(
      classify('<a href="/openapi.json">OpenAPI</a><p>Pay per call with x402.</p>', {
        link: '</.well-known/api-catalog>; rel="api-catalog"',
      }),
      "api_provider",
    );
    assert.equal(classify('<a href="/pricing">Pricing</a> <a href="/signup">Sign up</a><p>Start your free trial.</p>'), "saas");
    assert.equal(
      classify("<title>Kettle</title><h1>Kettle</h1><button>Add to cart</button><a href='/cart'>Cart</a>"),
      "commerce",
      "a page without <body>",
    );
  });
});

describe("remediation generation", () => {
  it("builds an llms.txt that passes both readings and an Organization with absolute URLs", () => {
    const facts = siteFacts("http://plumber.test/about", { name: "Smith", logo: "/l.png", sameAs: ["https://fb.test/s", "/local"] }, null);
    const llms = checkLlmsTxt(generateLlmsTxt(facts, ["discovery"]));
    assert.ok(llms.valid, llms.problems.join(", "));
    const org = generateOrganization(facts, { name: "Smith", logo: "/l.png", sameAs: ["https://fb.test/s", "/local"] });
    assert.deepEqual([org.url, org.logo, org.sameAs], ["http://plumber.test/", "http://plumber.test/l.png", ["https://fb.test/s"]]);
  });
});
