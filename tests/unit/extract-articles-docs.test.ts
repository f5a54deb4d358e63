import assert from "node:assert/strict";
import { test } from "node:test";
import { extractMainContent } from "../../lib/capabilities/extract";
import { parsePage } from "../../lib/html/parse";
import { htmlPage } from "../support/pages";

const md = (html: string, url = "https://news.example.com/2025/07/31/story") => extractMainContent(parsePage(htmlPage(html, url))).markdown;

const story = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Water firms fined"}</script>`;
const para = (n: number) =>
  `<p>Paragraph ${n} of the story tells the reader what the regulator decided on Thursday and why the companies must now pay customers back.</p>`;

test("a byline in a grid area beside the headline's goes (headline, meta and body as siblings)", () => {
  const out = md(
    `<html><head>${story}</head><body><main><article><div class="grid">` +
      `<div data-gu-name="headline"><div><h1>Water firms fined</h1></div></div>` +
      `<div data-gu-name="standfirst"><p>The regulator says nine firms missed targets</p></div>` +
      `<div data-gu-name="meta"><address><a rel="author" href="/profile/jane">Jane Roe</a> Environment correspondent</address><span>Thu 31 Jul 2025 07.00 BST</span></div>` +
      `<div data-gu-name="body"><div id="maincontent">${para(1)}${para(2)}${para(3)}</div></div><div class="after"><p>A correction was appended to this story on Friday after readers pointed out that the fine had been misstated in an earlier version.</p></div></div></article></main></body></html>`,
  );
  assert.doesNotMatch(out, /Jane Roe|correspondent|07\.00/);
  assert.match(out, /Paragraph 1 of the story/);
});

test("a byline goes when each paragraph has a box of its own", () => {
  const box = (n: number) => `<div class="css-53u6y8">${para(n)}</div>`;
  const out = md(
    `<html><head>${story}</head><body><main><article><header><div class="css-h"><h1>Water firms fined</h1></div>` +
      `<p id="article-summary">A short summary line</p>` +
      `<div class="css-meta"><p><span>By <a href="/by/john-smith">John Smith</a></span></p><time datetime="2025-08-14">Aug. 14, 2025</time></div></header>` +
      `<section name="articleBody"><div class="col">${box(1)}${box(2)}${box(3)}</div></section><div class="after"><p>A correction was appended to this story on Friday after readers pointed out that the fine had been misstated in an earlier version.</p></div></article></main></body></html>`,
  );
  assert.doesNotMatch(out, /John Smith|Aug\. 14/);
  assert.match(out, /Paragraph 3 of the story/);
});

test("a byline inside a paragraph's own box is not taken for a dateline when the paragraphs stand alone", () => {
  const out = md(
    `<html><head>${story}</head><body><main><article><h1>Water firms fined</h1>` +
      `<div class="a">${para(1)}</div><div class="b"><p>By the end of March 2025, the companies had paid nothing back.</p></div>${para(2)}${para(3)}</article></main></body></html>`,
  );
  assert.match(out, /By the end of March 2025/);
});

test("a skip link within the page goes; a link to another page saying 'Skip' stays", () => {
  const out = md(
    `<html><body><main><article><h1>Notes</h1>${para(1)}` +
      `<a href="#EmailSignup-skip-link-4">skip past newsletter promotion</a>${para(2)}` +
      `<p><a href="/skip-the-line">Skip the line</a> at the museum with a timed ticket bought a day before your visit.</p>${para(3)}</article></main></body></html>`,
  );
  assert.doesNotMatch(out, /newsletter promotion/);
  assert.match(out, /Skip the line/);
  const inText = md(
    `<html><body><main><article><h1>Tools</h1>${para(1)}<p>If you only want the list, you can <a href="#tools">skip ahead</a> to the section on tools.</p>${para(2)}</article></main></body></html>`,
  );
  assert.match(inText, /you can skip ahead to the section/);
});
