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

test("a skip link's landing marker goes with it; the content it lands on stays", () => {
  const out = md(
    `<html><body><main><article><h1>Notes</h1>${para(1)}` +
      `<a href="#EmailSignup-skip-link-4">skip past newsletter promotion</a><div class="promo"><p>Sign up to Down to Earth</p></div>` +
      `<div id="EmailSignup-skip-link-4" tabindex="0" role="note">after newsletter promotion</div>${para(2)}${para(3)}</article></main></body></html>`,
  );
  assert.doesNotMatch(out, /after newsletter promotion/);
  assert.match(out, /Paragraph 2 of the story/);
  const main = md(
    `<html><body><a href="#main">Skip to main content</a><main id="main"><h1>Notes</h1>${para(1)}${para(2)}</main></body></html>`,
  );
  assert.match(main, /Paragraph 1 of the story/);
});

test("a story's 'Explore more on these topics' list goes", () => {
  const out = md(
    `<html><head>${story}</head><body><main><article><h1>Water firms fined</h1>${para(1)}${para(2)}${para(3)}` +
      `<div class="x1"><div class="x2"><h2>Explore more on these topics</h2><ul><li><a href="/business/water-industry">Water industry</a></li><li><a href="/environment/pollution">Pollution</a></li></ul></div></div></article></main></body></html>`,
  );
  assert.doesNotMatch(out, /Explore more|Water industry/);
  assert.match(out, /Paragraph 3 of the story/);
});

test("a box named by the part after the last '--' of a nested block name goes (duet--article--related-inset)", () => {
  const out = md(
    `<html><head>${story}</head><body><main><article><h1>Framework's laptop</h1>${para(1)}` +
      `<div class="duet--article--article-body-component"><div class="duet--article--related-inset"><h3>Related</h3><ul><li><a href="/a">Framework made a desktop</a></li></ul></div></div>${para(2)}${para(3)}</article></main></body></html>`,
  );
  assert.doesNotMatch(out, /Framework made a desktop/);
  assert.match(out, /Paragraph 2 of the story/);
});

test("an author card under a post goes", () => {
  const out = md(
    `<html><body><main><article><h1>Liveness probes</h1>${para(1)}${para(2)}${para(3)}` +
      `<div class="author-card"><h3>Written by</h3><a href="/@priyam">Priyam Shah</a><p>SRE at a mid-size retailer.</p></div></article></main></body></html>`,
  );
  assert.doesNotMatch(out, /Written by|Priyam Shah/);
});

test("a standfirst of a sentence under the headline keeps the root above the story's body", () => {
  const out = md(
    `<html><head>${story}</head><body><main><article><div class="lede"><h1>Framework's RISC-V laptop</h1><p class="dek">It's slow, it's strange, and it works.</p></div>` +
      `<div class="body">${para(1)}${para(2)}${para(3)}${para(4)}${para(5)}</div></article></main></body></html>`,
  );
  assert.match(out, /It's slow, it's strange, and it works\./);
  assert.match(out, /Paragraph 5 of the story/);
});

test("a code block's language label in a header bar beside a copy button goes", () => {
  const out = md(
    `<html><body><main><h1>Variables</h1><p>You can set a custom variable in a workflow with the env key, as the example below shows.</p>` +
      `<div class="code-example"><header><span>YAML</span><button aria-label="Copy"><svg></svg></button></header><pre><code class="language-yaml">env:\n  DAY: Monday</code></pre></div>` +
      `<div class="codeHeader"><span class="language">Azure CLI</span><button><span>Copy</span></button></div><pre><code class="lang-azurecli">az group create</code></pre>` +
      `<div class="bar"><span>Output</span><button>Copy</button></div><pre><code class="language-yaml">ok</code></pre></main></body></html>`,
    "https://docs.example.com/actions/variables",
  );
  assert.doesNotMatch(out, /^YAML$|^Azure CLI$/m);
  assert.match(out, /^Output$/m);
  assert.match(out, /```yaml\nenv:/);
});
