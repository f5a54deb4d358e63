import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { CHECKS, gatherArtifacts, runCategory } from "../../lib/audit/checks";
import type { FetchedPage } from "../../lib/net/safe-fetch";
import { htmlPage } from "../support/pages";

const artifacts = (html: string, headers: Record<string, string> = {}, over: Partial<FetchedPage> = {}) => {
  const page = htmlPage(html, "https://site.test/page");
  return gatherArtifacts({ ...page, headers, ...over });
};
const run = (id: string, html: string, headers?: Record<string, string>, over?: Partial<FetchedPage>) => {
  const check = CHECKS.find((c) => c.id === id);
  assert.ok(check, id);
  return check.run(artifacts(html, headers, over));
};

/** [check, a page that passes, a page that fails] */
const CASES: [string, string, string][] = [
  [
    "perf-render-blocking-scripts",
    `<head><script src="/a.js" defer></script><script type="module" src="/m.js"></script></head>`,
    `<head><script src="/a.js"></script></head>`,
  ],
  [
    "perf-render-blocking-styles",
    `<head><link rel="stylesheet" href="/a.css"></head>`,
    `<head>${'<link rel="stylesheet" href="/x.css">'.repeat(5)}</head>`,
  ],
  ["perf-image-dimensions", `<img src="a.png" width="10" height="10" alt="">`, `<img src="a.png" alt="">`],
  [
    "perf-lazy-images",
    `${'<img src="a.png" alt="">'.repeat(3)}<img src="b.png" loading="lazy" alt="">`,
    `${'<img src="a.png" alt="">'.repeat(5)}`,
  ],
  [
    "perf-third-parties",
    `<script src="https://cdn.site.test/a.js"></script><img src="https://img.other.test/a.png" alt="">`,
    Array.from({ length: 11 }, (_, i) => `<script src="https://t${i}.example/x.js"></script>`).join(""),
  ],
  ["seo-title", "<title>Brewing coffee at home</title>", "<title>Hi</title>"],
  [
    "seo-meta-description",
    `<meta name="description" content="${"A clear summary of what this page offers. ".repeat(2)}">`,
    `<meta name="description" content="Short">`,
  ],
  ["seo-single-h1", "<h1>One</h1><h2>Two</h2>", "<h1>One</h1><h1>Two</h1>"],
  ["seo-canonical", `<link rel="canonical" href="https://site.test/page">`, `<link rel="canonical" href="/page">`],
  ["seo-lang", `<html lang="en"></html>`, "<html></html>"],
  ["seo-viewport", `<meta name="viewport" content="width=device-width, initial-scale=1">`, "<p>no viewport</p>"],
  ["seo-indexable", `<meta name="robots" content="index, follow">`, `<meta name="robots" content="noindex">`],
  [
    "seo-open-graph",
    `<meta property="og:title" content="t"><meta property="og:description" content="d"><meta property="og:image" content="https://site.test/i.png">`,
    `<meta property="og:title" content="t">`,
  ],
  [
    "seo-structured-data",
    `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"S"}</script>`,
    `<script type="application/ld+json">{broken</script>`,
  ],
  [
    "seo-hreflang",
    `<link rel="alternate" hreflang="de-AT" href="https://site.test/de">`,
    `<link rel="alternate" hreflang="deutsch" href="/de">`,
  ],
  ["seo-link-text", `<a href="/pricing">See pricing</a>`, `<a href="/pricing">click here</a>`],
  ["seo-crawlable-links", `<a href="/a">A</a><a href="#top">Top</a>`, `<a href="javascript:void(0)">A</a>`],
  ["a11y-image-alt", `<img src="a.png" alt="A chart"><img src="b.png" alt="">`, `<img src="a.png">`],
  [
    "a11y-form-labels",
    `<label for="e">Email</label><input id="e"><label>Name <input></label><input aria-label="Search">`,
    `<input id="e" type="email">`,
  ],
  ["a11y-document-language", `<html lang="pt-BR"></html>`, `<html lang="12"></html>`],
  ["a11y-document-title", "<title>Page</title>", "<title> </title>"],
  ["a11y-landmarks", "<main><p>x</p></main>", "<div><p>x</p></div>"],
  ["a11y-heading-order", "<h1>a</h1><h2>b</h2><h3>c</h3><h2>d</h2>", "<h1>a</h1><h3>c</h3>"],
  [
    "a11y-link-names",
    `<a href="/"><img src="l.png" alt="Home"></a><a href="/x" aria-label="Close"></a>`,
    `<a href="/"><img src="l.png"></a>`,
  ],
  ["a11y-button-names", `<button>Save</button><input type="submit" value="Send">`, `<button><svg></svg></button>`],
  ["a11y-tabindex", `<div tabindex="0"></div><div tabindex="-1"></div>`, `<div tabindex="3"></div>`],
  ["a11y-duplicate-ids", `<div id="a"></div><div id="b"></div>`, `<div id="a"></div><div id="a"></div>`],
  ["a11y-aria-roles", `<div role="navigation"></div><section role="doc-chapter"></section>`, `<div role="sidebar"></div>`],
  ["a11y-aria-attributes", `<button aria-expanded="false" aria-controls="m">Menu</button>`, `<button aria-labeledby="x">Menu</button>`],
];

describe("markup checks: each passes on a good page and fails on a bad one", () => {
  for (const [id, good, bad] of CASES) {
    it(id, () => {
      const pass = run(id, good);
      assert.equal(pass.pass, true, `passes: ${pass.detail}`);
      const fail = run(id, bad);
      assert.equal(fail.pass, false, `fails: ${fail.detail}`);
      assert.ok(fail.detail.length > 0);
    });
  }

  /** [check, passing page, failing page] where the response, not the markup, decides. */
  const RESPONSE_CASES: [string, Partial<FetchedPage>, Partial<FetchedPage>][] = [
    ["perf-ttfb", { timing: { ttfb: 120, total: 150 } }, { timing: { ttfb: 1500, total: 1600 } }],
    ["perf-total-time", { timing: { ttfb: 100, total: 900 } }, { timing: { ttfb: 100, total: 4000 } }],
    ["perf-html-weight", { body: Buffer.alloc(10_000) }, { body: Buffer.alloc(400_000) }],
    ["perf-compression", { body: Buffer.alloc(5000), headers: { "content-encoding": "br" } }, { body: Buffer.alloc(5000), headers: {} }],
    ["perf-caching", { headers: { "cache-control": "max-age=300", etag: '"x"' } }, { headers: {} }],
    ["perf-redirects", { redirects: [] }, { redirects: [{ url: "http://site.test/page", status: 301 }] }],
  ];
  for (const [id, good, bad] of RESPONSE_CASES) {
    it(id, () => {
      assert.equal(run(id, "<p>x</p>", undefined, good).pass, true);
      assert.equal(run(id, "<p>x</p>", undefined, bad).pass, false);
    });
  }

  it("covers every registered check", () => {
    assert.deepEqual(CHECKS.map((c) => c.id).sort(), [...CASES.map(([id]) => id), ...RESPONSE_CASES.map(([id]) => id)].sort());
    for (const c of CHECKS) assert.ok(c.fix.length > 10 && c.weight > 0, c.id);
  });

  it("reads X-Robots-Tag from the response headers", () => {
    assert.equal(run("seo-indexable", "<p>x</p>", { "x-robots-tag": "noindex" }).pass, false);
  });
});

describe("category scores", () => {
  const GOOD = `<!doctype html><html lang="en"><head><title>Brewing coffee at home</title>
    <meta name="description" content="How to brew good coffee at home: ratios, grind sizes and water temperature, step by step.">
    <meta name="viewport" content="width=device-width, initial-scale=1"><link rel="canonical" href="https://site.test/page">
    <meta property="og:title" content="Brewing"><meta property="og:description" content="How to brew"><meta property="og:image" content="https://site.test/i.png">
    <script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"Brewing"}</script></head>
    <body><main><h1>Brewing coffee</h1><img src="k.png" alt="A kettle"><h2>Ratios</h2><p>See <a href="/ratios">the ratio table</a>.</p>
    <form><label for="q">Search</label><input id="q"><button>Go</button></form></main></body></html>`;
  const POOR = `<html><head><title>x</title><meta name="robots" content="noindex"></head><body><div id="a"><h1>a</h1><h1>b</h1><h4>c</h4>
    <img src="k.png"><a href="javascript:go()">click here</a><a href="/x"></a><input><div id="a" role="sidebar" tabindex="5" aria-labeledby="z"></div></div></body></html>`;

  it("score a well-made page clearly above a poor one in SEO and accessibility", () => {
    for (const category of ["seo", "accessibility"] as const) {
      const good = runCategory(category, artifacts(GOOD));
      const poor = runCategory(category, artifacts(POOR));
      assert.equal(good.score, 100, `${category}: ${JSON.stringify(good.results.filter((r) => !r.pass))}`);
      assert.ok(poor.score < 30, `${category} poor score ${poor.score}`);
      for (const r of poor.results.filter((x) => !x.pass)) assert.ok(r.fix, `${r.id} has a fix`);
    }
  });
});
