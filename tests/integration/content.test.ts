import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { devAccount } from "../../lib/chain/dev-accounts";
import { balances, decodeHeader, payerFetch, stackEnv } from "../support/env";

const env = stackEnv();
const balanceOf = balances(env.rpcUrl, env.asset);
const PAYER = 7;
const payer = devAccount(PAYER).address;

async function paid(path: string, init?: RequestInit) {
  const before = await balanceOf(payer);
  const res = await payerFetch(PAYER)(`${env.baseUrl}${path}`, init);
  const body = (await res.json()) as Record<string, unknown>;
  const spent = before - (await balanceOf(payer));
  return { res, body, spent };
}
const q = (url: string) => encodeURIComponent(url);

describe("Link Map through the paid route", () => {
  it("maps, classifies and counts the links of a page (GET), charging 0.003", async () => {
    const { res, body, spent } = await paid(`/v1/links?url=${q("http://www.site.test/links")}`);
    assert.equal(res.status, 200);
    assert.equal(spent, 3000n);
    assert.ok(decodeHeader(res.headers.get("payment-response")).transaction);
    assert.equal(body.schema_version, "1.0.0");
    assert.equal(body.final_url, "http://www.site.test/links");
    assert.equal(body.http_status, 200);
    const links = body.links as { url: string; text: string; kind: string; topics: string[] }[];
    assert.equal(body.total_links, links.length);
    const docs = links.find((l) => l.url === "http://www.site.test/section/docs/intro");
    assert.deepEqual(docs, { url: "http://www.site.test/section/docs/intro", text: "Docs", kind: "internal", topics: ["docs"] });
    assert.deepEqual(
      links.find((l) => l.url === "https://twitter.com/site"),
      { url: "https://twitter.com/site", text: "Twitter", kind: "external", topics: ["social"] },
    );
    const counts = body.counts as Record<string, number>;
    assert.equal(counts.internal! + counts.external!, links.length);
    assert.equal(counts.feed, 1);
  });

  it("serves the POST variant", async () => {
    const { res, body } = await paid("/v1/links", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: "http://site.test/" }),
    });
    assert.equal(res.status, 200);
    assert.deepEqual(body.links, [{ url: "http://site.test/about", text: "About", kind: "internal", topics: [] }]);
  });

  it("refuses a target that is not HTML with 415 and charges nothing", async () => {
    const { res, body, spent } = await paid(`/v1/links?url=${q("http://site.test/json")}`);
    assert.equal(res.status, 415);
    assert.equal(body.code, "UNSUPPORTED_CONTENT_TYPE");
    assert.equal(spent, 0n);
  });

  it("refuses a blocked URL before any payment", async () => {
    const res = await fetch(`${env.baseUrl}/v1/links?url=${q("http://192.168.1.1/")}`);
    assert.equal(res.status, 400);
    assert.equal(((await res.json()) as { code: string }).code, "PRIVATE_ADDRESS_BLOCKED");
  });
});

describe("Feed Parser through the paid route", () => {
  it("normalises RSS 2.0 (GET), charging 0.003", async () => {
    const { res, body, spent } = await paid(`/v1/feed?url=${q("http://site.test/feed.xml")}`);
    assert.equal(res.status, 200);
    assert.equal(spent, 3000n);
    assert.equal(body.schema_version, "1.0.0");
    assert.equal(body.format, "rss2");
    assert.deepEqual(body.feed, {
      title: "Fixture & Friends",
      link: "http://site.test/blog/",
      description: "Posts from the fixture site",
      feed_url: "http://site.test/feed.xml",
    });
    assert.equal(body.item_count, 2);
    assert.deepEqual((body.items as unknown[])[0], {
      id: "post-1",
      title: "First post",
      url: "http://site.test/blog/posts/1",
      published: "2003-06-10T09:00:00.000Z",
      summary: "Hello & welcome",
      author: "Ada Lovelace",
    });
  });

  it("normalises Atom served as text/xml, and JSON Feed (POST)", async () => {
    const atom = await paid(`/v1/feed?url=${q("http://site.test/atom.xml")}`);
    assert.equal(atom.body.format, "atom");
    assert.equal((atom.body.items as { url: string }[])[0]?.url, "https://site.test/news/one");
    const json = await paid("/v1/feed", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: "http://site.test/feed.json" }),
    });
    assert.equal(json.body.format, "json");
    assert.equal((json.body.items as { title: string }[])[0]?.title, "Seven");
    // Without a self link, feed_url is the URL asked for, not where a redirect led.
    const moved = await paid(`/v1/feed?url=${q("http://site.test/old-feed.json")}`);
    assert.equal(moved.body.final_url, "http://site.test/feed.json");
    assert.equal((moved.body.feed as { feed_url: string }).feed_url, "http://site.test/old-feed.json");
  });

  it("reads a feed whose header declares the wrong charset", async () => {
    const { body } = await paid(`/v1/feed?url=${q("http://site.test/mislabelled-feed.xml")}`);
    assert.equal((body.items as { title: string }[])[0]?.title, "Première");
  });

  it("answers 422 NOT_A_FEED for an HTML page and charges nothing", async () => {
    const { res, body, spent } = await paid(`/v1/feed?url=${q("http://site.test/")}`);
    assert.equal(res.status, 422);
    assert.equal(body.code, "NOT_A_FEED");
    assert.equal(res.headers.get("payment-response"), null);
    assert.equal(spent, 0n);
  });

  it("reads a feed served as application/octet-stream by its content", async () => {
    const { res, body } = await paid(`/v1/feed?url=${q("http://site.test/feed.bin")}`);
    assert.equal(res.status, 200);
    assert.equal(body.format, "rss2");
    assert.ok((body.items as unknown[]).length > 0);
  });

  it("answers 422 NOT_A_FEED for an image and for untyped binary bytes, and 422 for a response over 2 MB, charging nothing", async () => {
    for (const [path, status, code] of [
      ["/image.png", 422, "NOT_A_FEED"],
      ["/untyped-binary", 422, "NOT_A_FEED"],
      ["/big", 422, "RESPONSE_TOO_LARGE"],
    ] as const) {
      const { res, body, spent } = await paid(`/v1/feed?url=${q(`http://site.test${path}`)}`);
      assert.equal(res.status, status);
      assert.equal(body.code, code);
      assert.equal(spent, 0n);
    }
  });
});

describe("Content Extraction through the paid route", () => {
  it("extracts Markdown and metadata from a windows-1252 page (POST), charging 0.005", async () => {
    const { res, body, spent } = await paid("/v1/extract", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ url: "http://site.test/article" }),
    });
    assert.equal(res.status, 200);
    assert.equal(spent, 5000n);
    assert.equal(body.schema_version, "1.0.0");
    assert.equal(body.final_url, "http://site.test/article");
    assert.equal(body.http_status, 200);
    assert.equal(body.title, "Brewing Guide");
    assert.equal(body.byline, "Ada Roaster");
    assert.equal(body.description, "How we brew.");
    assert.equal(body.canonical_url, "https://site.test/guides/brewing");
    const markdown = body.markdown as string;
    assert.match(markdown, /^# Brewing Guide/);
    assert.match(markdown, /^> Café culture is patience\.$/m, "windows-1252 decoded");
    assert.match(markdown, /Use 94 °C/);
    assert.match(markdown, /^\| Method \| Coffee \| Water \|$/m);
    assert.match(markdown, /```python\n/);
    assert.ok(!markdown.includes("We use cookies") && !markdown.includes("Privacy"));
    // Words of the text, as a word processor counts them (runs between spaces that hold a
    // letter or digit): link targets, list numbers and block markers are markup.
    const text = markdown.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").replace(/^[ \t>]*(?:#{1,6}|[-*+]|\d+[.)])[ \t]+/gm, "");
    assert.equal(body.word_count, text.split(/\s+/).filter((t) => /[\p{L}\p{N}]/u.test(t)).length);
    assert.deepEqual(body.links, [
      { url: "https://site.test/guides/grinding", text: "grinding notes" },
      { url: "https://site.test/methods/pour-over", text: "Pour-over" },
    ]);
    assert.match(String(body.fetched_at), /^\d{4}-\d{2}-\d{2}T/);
    assert.ok((body.timing_ms as { total: number }).total >= 0);
  });

  it("serves the GET variant and answers an honest empty Markdown for a page without content", async () => {
    const { res, body, spent } = await paid(`/v1/extract?url=${q("http://site.test/empty")}`);
    assert.equal(res.status, 200);
    assert.equal(body.markdown, "");
    assert.equal(body.word_count, 0);
    assert.equal(body.title, "Nothing");
    assert.equal(spent, 5000n);
  });

  it("refuses non-HTML (415), oversized (422) and unreachable (502) targets, charging nothing", async () => {
    for (const [url, status, code] of [
      ["http://site.test/json", 415, "UNSUPPORTED_CONTENT_TYPE"],
      ["http://site.test/feed.xml", 415, "UNSUPPORTED_CONTENT_TYPE"],
      ["http://site.test/html-bomb", 422, "RESPONSE_TOO_LARGE"],
      ["http://down.test/", 502, "TARGET_UNREACHABLE"],
    ] as const) {
      const { res, body, spent } = await paid(`/v1/extract?url=${q(url)}`);
      assert.equal(res.status, status, url);
      assert.equal(body.code, code);
      assert.equal(spent, 0n);
    }
  });

  it("stops the work on a page that needs more memory than a page worker has (422), charging nothing, and serves the next call", async () => {
    for (const route of ["/v1/extract", "/v1/links", "/api/audit"]) {
      const { res, body, spent } = await paid(`${route}?url=${q("http://site.test/heavy")}`);
      assert.equal(res.status, 422, route);
      assert.equal(body.code, "RESPONSE_TOO_LARGE");
      assert.match(String(body.error), /memory/);
      assert.equal(spent, 0n);
    }
    const { res, body } = await paid(`/v1/extract?url=${q("http://site.test/article")}`);
    assert.equal(res.status, 200);
    assert.ok(Number(body.word_count) > 0);
  });
});
