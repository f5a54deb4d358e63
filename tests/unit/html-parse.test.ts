import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type AnyNode, hasChildren } from "domhandler";
import { extractMainContent } from "../../lib/capabilities/extract";
import { parseFeed } from "../../lib/capabilities/feed/formats";
import { capNesting } from "../../lib/html/nesting-guard";
import { MAX_TREE_DEPTH, parseHtml, parsePage } from "../../lib/html/parse";
import { htmlPage } from "../support/pages";

function depthOf(root: AnyNode): number {
  let max = 0;
  const stack: [AnyNode, number][] = [[root, 0]];
  while (stack.length) {
    const [node, depth] = stack.pop()!;
    max = Math.max(max, depth);
    if (hasChildren(node)) for (const c of node.children) stack.push([c, depth + 1]);
  }
  return max;
}

describe("HTML parsing of hostile nesting", () => {
  const nested = (n: number) => `<html><body>${"<div>".repeat(n)}<p>deep text</p>${"</div>".repeat(n)}<p>after the tree</p></body></html>`;

  it("flattens the tree below depth 512, as Chromium does, keeping every text in order", () => {
    const doc = parseHtml(nested(3000));
    assert.ok(depthOf(doc) <= MAX_TREE_DEPTH + 1, `depth ${depthOf(doc)}`);
    assert.equal(extractMainContent(parsePage(htmlPage(nested(3000), "https://x.test/"))).markdown, "deep text\n\nafter the tree");
  });

  it("extracts a 5 MB page of nested <div>s instead of overflowing the stack", () => {
    const md = extractMainContent(parsePage(htmlPage(nested(500_000), "https://x.test/"))).markdown;
    assert.equal(md, "deep text\n\nafter the tree");
  });

  it("drops only the open tags beyond the source depth limit and their close tags, keeping text, comments and scripts", () => {
    const html = `${"<div>".repeat(5)}<span>a</span><!-- <div><div> --><script>if (a<b) x("<div>")</script>b${"</div>".repeat(5)}c`;
    const padded = `${"<i></i>".repeat(20_000)}${html}`;
    const capped = capNesting(padded, { maxDepth: 3 });
    assert.equal(
      capped.slice("<i></i>".length * 20_000),
      `${"<div>".repeat(3)}a<!-- <div><div> --><script>if (a<b) x("<div>")</script>b${"</div>".repeat(3)}c`,
    );
    assert.equal(capNesting(html, { maxDepth: 3 }), html, "small documents are not scanned");
  });

  it("parses a feed whose description nests 200,000 deep", () => {
    const xml = `<rss><channel><title>T</title><item><title>A</title><description>${"<b>".repeat(200_000)}x${"</b>".repeat(200_000)}</description></item><item><title>B</title></item></channel></rss>`;
    const feed = parseFeed(xml, "https://x.test/f");
    assert.deepEqual(
      feed?.items.map((i) => i.title),
      ["A", "B"],
    );
    assert.equal(feed?.items[0]?.summary, "x");
  });
});

describe("HTML parsing of hostile markup, in linear time", () => {
  it("reads a stray <![CDATA[ beside 100,000 unclosed <script> tags without a quadratic scan", { timeout: 10_000 }, () => {
    const html = `<body><p>before</p><![CDATA[${"<script>".repeat(100_000)}</body>`;
    const doc = parseHtml(html);
    assert.ok(depthOf(doc) > 0);
  });
});
