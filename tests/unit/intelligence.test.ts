import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { gatherArtifacts } from "../../lib/audit/checks";
import { DIMENSIONS, INTELLIGENCE_RULES, websiteIntelligence } from "../../lib/audit/intelligence";
import { gradeSecurity } from "../../lib/audit/security";
import { STRICT_SECURITY_HEADERS, WELL_MADE_PAGE } from "../support/fixture-site";
import { htmlPage } from "../support/pages";

function score(html: string, url: string, headers: Record<string, string> = {}) {
  const page = { ...htmlPage(html, url), headers };
  const artifacts = gatherArtifacts(page);
  const security = gradeSecurity({ requestedUrl: url, finalUrl: url, redirects: [], headers, setCookies: [], html: artifacts.doc });
  return websiteIntelligence(artifacts, security);
}

const AGENT_READY = WELL_MADE_PAGE.replace(
  "</head>",
  `<link rel="alternate" type="text/markdown" href="/index.md"><link rel="alternate" type="application/rss+xml" href="/feed.xml"></head>`,
).replace(
  "<footer><p>Fixture Coffee</p></footer>",
  `<footer><a href="/docs/api">API docs</a> <a href="/privacy">Privacy</a> <a href="/llms.txt">llms.txt</a></footer>`,
);

describe("website intelligence", () => {
  it("has four dimensions of 25 points", () => {
    for (const d of DIMENSIONS)
      assert.equal(
        INTELLIGENCE_RULES.filter((r) => r.dimension === d).reduce((s, r) => s + r.points, 0),
        25,
        d,
      );
  });

  it("scores an agent-ready page far above a bare one, with evidence per check", () => {
    const good = score(AGENT_READY, "https://secure.test/", {
      ...STRICT_SECURITY_HEADERS,
      link: '</.well-known/api-catalog>; rel="api-catalog"',
    });
    const bare = score("<html><body><div>Hello</div></body></html>", "http://plain.test/");
    assert.ok(
      good.score >= 85,
      `good ${good.score}: ${JSON.stringify(Object.values(good.dimensions).flatMap((d) => d.checks.filter((c) => !c.pass)))}`,
    );
    assert.ok(bare.score <= 20, `bare ${bare.score}`);
    for (const d of DIMENSIONS) {
      assert.equal(good.dimensions[d].max, 25);
      assert.ok(good.dimensions[d].score > bare.dimensions[d].score, d);
      for (const c of good.dimensions[d].checks) assert.ok(c.detail.length > 0);
    }
    assert.equal(
      good.score,
      DIMENSIONS.reduce((s, d) => s + good.dimensions[d].score, 0),
    );
  });

  it("reads each signal: noindex, Organization identity, Markdown alternate, Link header relation", () => {
    const check = (html: string, id: string, headers: Record<string, string> = {}) =>
      Object.values(score(html, "https://x.test/", headers).dimensions)
        .flatMap((d) => d.checks)
        .find((c) => c.id === id)!.pass;
    assert.equal(check(`<meta name="robots" content="noindex">`, "wi-indexable"), false);
    assert.equal(check(`<p>x</p>`, "wi-indexable", { "x-robots-tag": "none" }), false);
    assert.equal(
      check(`<script type="application/ld+json">{"@type":"Organization","name":"X","url":"https://x.test"}</script>`, "wi-identity"),
      true,
    );
    assert.equal(check(`<script type="application/ld+json">{"@type":"Organization","name":"X"}</script>`, "wi-identity"), false);
    assert.equal(check(`<link rel="alternate" type="text/markdown" href="/p.md">`, "wi-agent-formats"), true);
    assert.equal(check(`<p>x</p>`, "wi-link-relations", { link: '</openapi.json>; rel="service-desc"' }), true);
    assert.equal(check(`<p>x</p>`, "wi-link-relations"), false);
  });
});
