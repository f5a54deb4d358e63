import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { countLinks, mapLinks } from "../../lib/capabilities/links";
import { linkTopics } from "../../lib/capabilities/links/topics";
import { parsePage } from "../../lib/html/parse";
import { LINKS_PAGE } from "../support/fixture-site";
import { htmlPage } from "../support/pages";

const page = htmlPage;

describe("link map", () => {
  const links = mapLinks(parsePage(page(LINKS_PAGE, "https://www.site.test/index.html")));
  const byUrl = new Map(links.map((l) => [l.url, l]));

  it("resolves against <base>, drops fragments and merges equivalent forms", () => {
    assert.ok(byUrl.has("https://www.site.test/section/docs/intro"), "relative to <base href=/section/>");
    assert.equal(links.filter((l) => l.url === "https://www.site.test/section/docs/intro").length, 1, "#setup merged");
    assert.equal(byUrl.get("http://www.site.test/pricing")?.text, "plans", "HTTP://WWW.Site.Test:80 is http://www.site.test");
    assert.ok(byUrl.has("https://www.site.test/pricing"));
  });

  it("keeps http(s) links only and takes text from the anchor, an image alt or aria-label", () => {
    assert.ok(links.every((l) => /^https?:\/\//.test(l.url)));
    assert.ok(!links.some((l) => l.url.startsWith("mailto:") || l.url.startsWith("javascript:")));
    assert.equal(byUrl.get("https://other.test/partner?x=1")?.text, "Partner logo");
    assert.equal(byUrl.get("https://github.com/site")?.text, "GitHub");
  });

  it("classifies by registrable domain, not host", () => {
    assert.equal(byUrl.get("https://blog.site.test/posts/1")?.kind, "internal");
    assert.equal(byUrl.get("https://api.site.test/v1/")?.kind, "internal");
    assert.equal(byUrl.get("https://other.test/partner?x=1")?.kind, "external");
    assert.equal(byUrl.get("https://twitter.com/site")?.kind, "external");
  });

  it("tags topics from rel/type, host, path and text", () => {
    assert.deepEqual(byUrl.get("https://www.site.test/feed.xml")?.topics, ["feed"]);
    assert.deepEqual(byUrl.get("https://www.site.test/section/docs/intro")?.topics, ["docs"]);
    assert.deepEqual(byUrl.get("https://www.site.test/pricing")?.topics, ["pricing"]);
    assert.deepEqual(byUrl.get("https://api.site.test/v1/")?.topics, ["api"]);
    assert.deepEqual(byUrl.get("https://www.site.test/careers")?.topics, ["careers"]);
    assert.deepEqual(byUrl.get("https://twitter.com/site")?.topics, ["social"]);
    assert.deepEqual(byUrl.get("https://github.com/site")?.topics, ["social"]);
  });

  it("counts kinds and topics", () => {
    const counts = countLinks(links);
    assert.equal(counts.internal + counts.external, links.length);
    assert.equal(counts.feed, 1);
    assert.equal(counts.social, 2);
  });

  it("uses public-suffix rules (example.co.uk, github.io)", () => {
    const html = `<a href="https://shop.example.co.uk/">a</a><a href="https://other.co.uk/">b</a><a href="https://alice.github.io/">c</a>`;
    const uk = mapLinks(parsePage(page(html, "https://www.example.co.uk/")));
    assert.deepEqual(
      uk.map((l) => l.kind),
      ["internal", "external", "external"],
    );
    const gh = mapLinks(parsePage(page(`<a href="https://bob.github.io/">x</a>`, "https://alice.github.io/")));
    assert.equal(gh[0]?.kind, "external", "github.io is a public suffix: alice and bob are different sites");
  });

  it("keeps the first 200 distinct links in document order", () => {
    const html = Array.from({ length: 260 }, (_, i) => `<a href="/p/${i}">p${i}</a><a href="/p/${i}#again">again</a>`).join("");
    const many = mapLinks(parsePage(page(html, "https://x.test/")));
    assert.equal(many.length, 200);
    assert.equal(many[0]?.url, "https://x.test/p/0");
    assert.equal(many[199]?.url, "https://x.test/p/199");
  });
});

describe("link topics", () => {
  const t = (url: string, text = "", rel: string[] = [], type: string | null = null) => linkTopics({ url: new URL(url), text, rel, type });
  const table: [string, string, string[]][] = [
    ["https://docs.example.com/", "", ["docs"]],
    ["https://example.com/documentation/start", "", ["docs"]],
    ["https://example.com/x", "Read the docs", ["docs"]],
    ["https://developer.example.com/", "", ["docs", "api"]],
    ["https://api.example.com/", "", ["api"]],
    ["https://example.com/reference/v2", "", ["api"]],
    ["https://example.com/openapi.json", "", ["api"]],
    ["https://example.com/.well-known/api-catalog", "", ["api"]],
    ["https://example.com/pricing", "", ["pricing"]],
    ["https://example.com/plans", "", ["pricing"]],
    ["https://example.com/jobs/123", "", ["careers"]],
    ["https://boards.greenhouse.io/example", "", ["careers"]],
    ["https://www.linkedin.com/company/example", "", ["social"]],
    ["https://x.com/example", "", ["social"]],
    ["https://example.com/blog/rss.xml", "", ["feed"]],
    ["https://example.com/feed/", "", ["feed"]],
    ["https://example.com/index.atom", "", ["feed"]],
    ["https://example.com/about", "", []],
    ["https://example.com/apiary-news", "", []],
  ];
  for (const [url, text, expected] of table)
    it(`${url} ${text} → [${expected.join(", ")}]`, () => assert.deepEqual(t(url, text), expected));

  it("treats a typed rel=alternate as a feed", () => {
    assert.deepEqual(t("https://example.com/updates", "", ["alternate"], "application/atom+xml"), ["feed"]);
    assert.deepEqual(t("https://example.com/updates.json", "", ["alternate"], "application/feed+json"), ["feed"]);
  });
});
