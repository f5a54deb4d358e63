import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { extractMainContent } from "../../lib/capabilities/extract";
import type { Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import { isAddressStore, isRewordingOf } from "../../lib/capabilities/extract/hidden-boxes";
import { parsePage } from "../../lib/html/parse";
import { htmlPage } from "../support/pages";

const markdownOf = (html: string) => extractMainContent(parsePage(htmlPage(html, "https://shop.test/p/staple-tee"))).markdown;

const PROSE = "A regular fit tee in heavy combed cotton, with side seams and double needle hems that keep their shape. ";

describe("content extraction: hidden boxes that hold most of their parent", () => {
  it("leaves out a hidden store of plain-text addresses, and keeps a hidden answer, with or without addresses, under its button", () => {
    const colours = ["Bone", "Navy", "Sage", "Ecru", "Lime", "Jade"];
    const fields = colours.map(
      (c) => `<dt>cat_thumb_${c}:</dt><dd>https://cdn.shop.test/images/160x160/5001_${c.toUpperCase()}_THUMB.jpg</dd>`,
    );
    const product = (box: string, beside = "<p>Regular fit</p>") =>
      `<body><main><h1>Staple Tee</h1><p>${PROSE.repeat(2)}</p><div class="details">${beside}${box}</div></main></body>`;
    const store = markdownOf(product(`<dl class="productView-info hide">${fields.join("")}</dl>`));
    assert.match(store, /regular fit tee/);
    assert.ok(!store.includes("THUMB.jpg") && !/cat\\?_thumb/.test(store), store);
    // The same box shown is the page's own text.
    assert.match(markdownOf(product(`<dl class="productView-info">${fields.join("")}</dl>`)), /NAVY\\_THUMB\.jpg/);
    // A collapsed answer is words to read, an address in it too.
    const answer = markdownOf(
      product(
        `<div class="answer hide"><p>${"Wash it cold and dry it flat, and it keeps its size for years. ".repeat(2)}The full care guide:</p><p>https://cdn.shop.test/guides/staple-tee-care.pdf</p></div>`,
      ),
    );
    assert.match(answer, /Wash it cold/);
    assert.match(answer, /staple-tee-care\.pdf/);
    // An answer that is all addresses, under its question's button, opens.
    const mirrors = ["eu", "us", "asia", "au", "br", "ca", "de", "fr", "in", "jp"]
      .map((m) => `<li>https://${m}.mirror.test/releases/tee-tools-2.4.tar.gz</li>`)
      .join("");
    const faq = markdownOf(
      product(`<ul class="mirrors hide">${mirrors}</ul>`, `<button aria-expanded="false">Where can I download the tools?</button>`),
    );
    assert.match(faq, /asia\.mirror\.test/);
  });

  it("counts as an address store's only plain-text addresses, not links a reader can follow", () => {
    const box = (items: string) => parseDocument(`<div>${items}</div>`).children[0] as Element;
    const files = ["bone", "navy", "sage"].map((c) => `https://cdn.shop.test/${c}.jpg`);
    assert.ok(isAddressStore(box(files.map((f) => `<dd>${f}</dd>`).join(""))));
    assert.ok(!isAddressStore(box(files.map((f) => `<li><a href="${f}">${f}</a></li>`).join(""))));
    // Protocol-relative addresses are addresses; a path alone is not.
    assert.ok(isAddressStore(box(files.map((f) => `<dd>${f.replace("https:", "")}</dd>`).join(""))));
    assert.ok(!isAddressStore(box(files.map((f) => `<dd>${new URL(f).pathname}</dd>`).join(""))));
  });

  it("leaves out a hidden code block nothing opens (a live example's styles), and keeps one a button beside it shows", () => {
    const docs = (example: string) =>
      `<body><main><h1>The table element</h1><p>${"A table holds data in rows and columns, with a caption that says what it is about. ".repeat(3)}</p>` +
      `<div class="code-example"><pre class="brush: html">&lt;table&gt;&lt;caption&gt;Club members&lt;/caption&gt;&lt;/table&gt;</pre></div>${example}</main></body>`;
    const css = `<pre class="brush: css hidden">table { border: 2px solid rgb(140 140 140); } th, td { border: 1px solid rgb(160 160 160); }</pre>`;
    const live = markdownOf(docs(`<div class="code-example">${css}</div>`));
    assert.match(live, /Club members/);
    assert.ok(!live.includes("border: 2px"), live);
    const toggled = markdownOf(
      docs(`<div class="code-example"><button type="button" aria-expanded="false">Show the styles</button>${css}</div>`),
    );
    assert.match(toggled, /border: 2px/);
    // Other controls a script opens it with: a link to the page itself, a language picker, a checkbox, a label.
    for (const control of [
      `<a href="#" class="toggle-source">Show source</a>`,
      `<select><option>CSS</option><option>SCSS</option></select>`,
      `<input type="checkbox" id="show-css">`,
      `<label for="show-css">Show the styles</label>`,
    ])
      assert.match(markdownOf(docs(`<div class="code-example"><div class="bar">${control}</div>${css}</div>`)), /border: 2px/, control);
  });

  it("writes a hidden rewording of a shown box once, and keeps a hidden twin that names other figures", () => {
    const blurb = (text: string, hidden: boolean) => `<div class="plan__copy"${hidden ? " hidden" : ""}><p>${text}</p></div>`;
    const plan = (hiddenText: string) =>
      `<body><main><h1>Pricing</h1><p>${PROSE.repeat(2)}</p><div class="plan"><h2>Standard</h2>` +
      blurb(hiddenText, true) +
      blurb("See why customers get up to 24x their money back with a 14-day trial of the Standard plan. Cancel at any time.", false) +
      `</div></main></body>`;
    const reworded = markdownOf(
      plan("See why customers get up to 24x their money back with a risk-free 14-day trial of the Standard plan. Cancel at any time."),
    );
    assert.match(reworded, /with a 14-day trial/);
    assert.ok(!reworded.includes("risk-free"), reworded);
    const discounted = markdownOf(
      plan("See why customers get up to 24x their money back with a 14-day trial of the Standard plan, 20% off. Cancel at any time."),
    );
    assert.match(discounted, /20% off/);
    // A word swapped makes another tab (the Mac's keys beside Windows'), however alike the rest.
    const keys = (mod: string) => `Press ${mod}+C to copy the selected rows and ${mod}+V to paste them into the sheet you are editing.`;
    const tabs = markdownOf(
      `<body><main><h1>Copying rows</h1><p>${PROSE.repeat(2)}</p><div class="os-tabs"><div class="os-panel"><p>${keys("Ctrl")}</p></div>` +
        `<div class="os-panel" style="display: none"><p>${keys("Cmd")}</p></div></div></main></body>`,
    );
    assert.match(tabs, /Cmd\+C/);
    assert.match(tabs, /Ctrl\+C/);
  });

  it("reads a rewording as words added or left out, none swapped, most of the longer text shared, no number of its own", () => {
    const words = (t: string) => t.split(" ");
    const shown = "see why customers get 24x back with a 14 day trial of the plan cancel any time";
    assert.ok(isRewordingOf(words(`${shown} risk free`), words(shown)));
    assert.ok(isRewordingOf(words(shown), words(`${shown} risk free`)));
    // One word swapped, a number of its own, or too much added or left out (80% of the longer one is shared).
    assert.ok(!isRewordingOf(words(shown.replace("cancel", "pause")), words(shown)));
    assert.ok(!isRewordingOf(words(`${shown} 20`), words(shown)));
    assert.ok(!isRewordingOf(words("cancel any time"), words(shown)));
    assert.ok(!isRewordingOf(words(shown), words("cancel any time")));
    assert.ok(!isRewordingOf(words("a 30 day trial of the plan cancel any time"), words("a 14 day trial of the plan cancel any time")));
    assert.ok(!isRewordingOf(words("fast shipping on every order"), words("free returns within a month")));
    // Counts matter: one word said five times is not five words of the other.
    assert.ok(!isRewordingOf(words("plan plan plan plan plan"), words("plan a b c d")));
  });

  it("leaves out what only a printout shows (MediaWiki's 'Retrieved from' footer)", () => {
    const wiki =
      `<body><div id="content"><h1>Category:Programming languages</h1><div class="mw-category">` +
      ["Ada", "C", "Go", "Rust", "Zig"].map((l) => `<ul><li><a href="/wiki/${l}">${l} (programming language)</a></li></ul>`).join("") +
      `</div><div class="printfooter">Retrieved from "<a href="https://wiki.test/w/index.php?oldid=1">https://wiki.test/w/index.php?oldid=1</a>"</div></div></body>`;
    const md = markdownOf(wiki);
    assert.match(md, /Rust \(programming language\)/);
    assert.ok(!md.includes("Retrieved from"), md);
  });
});
