import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { parseDocument } from "htmlparser2";
import { extractMainContent } from "../../lib/capabilities/extract";
import { builtUnlikeBrowser } from "../../lib/html/browser-tree";
import { findAll } from "../../lib/html/dom";
import { parseHtml, parsePage } from "../../lib/html/parse";
import { htmlPage } from "../support/pages";

const prose = (topic: string) =>
  `<p>Our team spent three weeks on the northern coast documenting ${topic}, interviewing residents and cataloguing the boats that still sail each morning.</p>`;
const article = (inner: string) =>
  `<!DOCTYPE html><html><head><title>Notes</title></head><body><nav><a href="/">Home</a></nav><main><article><h1>Harbour notes</h1>${prose("fishing villages")}${inner}${prose("the ferry's return")}</article></main></body></html>`;
const markdown = (html: string) => extractMainContent(parsePage(htmlPage(html, "https://harbour.test/notes"))).markdown;
const htmlparser2Tree = (html: string) => parseDocument(html, { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true });

/** Malformed markup that browsers repair: each case is read as a browser shows it. */
describe("pages whose markup a browser repairs", () => {
  it("closes a paragraph where the next block opens, across an inline element left open", () => {
    const md = markdown(
      article(
        `<p><font size=2>The keeper climbed the steps every evening.<p><font size=2>The lamp was lit at dusk.<h2>Rules</h2><p>Keep the glass clean.<ul><li>Trim the wick</li><li>Wind the clock</li></ul>`,
      ),
    );
    assert.match(
      md,
      /^The keeper climbed the steps every evening\.\n\nThe lamp was lit at dusk\.\n\n## Rules\n\nKeep the glass clean\.\n\n- Trim the wick\n- Wind the clock$/m,
    );
  });

  it("closes a list item, a definition and a cell where the next one opens, though a paragraph or bold is still open", () => {
    assert.match(
      markdown(article(`<ul><li><p>Mending nets<li><p>Salting cod<li><p>Painting hulls</ul>`)),
      /^- Mending nets\n- Salting cod\n- Painting hulls$/m,
    );
    assert.match(
      markdown(article(`<dl><dt>Trawler<dd><p>Drags a net<dt>Skiff<dd><p>A light rowing boat</dl>`)),
      /\*\*Skiff\*\*\n\nA light rowing boat/,
    );
    const table = markdown(
      article(`<table><tr><td><b>Harbour office<td>Open at seven<tr><td><b>Fish hall<td>Bidding at half past five</table>`),
    );
    assert.match(
      table,
      /^\| \*\*Harbour office\*\* \| Open at seven \|\n\| --- \| --- \|\n\| \*\*Fish hall\*\* \| Bidding at half past five \|$/m,
    );
  });

  it("keeps the content after a stray </body> or </html>, in a <head> left open, and before a late <body>", () => {
    assert.match(
      markdown(
        article(
          `<p>Before the stray tag.</p></body><p>After the stray body tag, the net lofts.</p></html><p>After the stray html tag, the smokehouse.</p>`,
        ),
      ),
      /After the stray body tag[\s\S]*After the stray html tag/,
    );
    const openHead = `<!DOCTYPE html><html><head><title>Notes</title><div class="page"><h1>Harbour notes</h1>${prose("fishing villages")}</div></html>`;
    assert.match(markdown(openHead), /documenting fishing villages/);
    const lateBody = `<html><head><title>Notes</title></head><table><tr><td><h1>Harbour notes</h1>${prose("fishing villages")}</td></tr></table><body><p>Footer.</p></body></html>`;
    assert.match(markdown(lateBody), /documenting fishing villages/);
  });

  it("ends a heading at any heading's end tag, and a script at its own end in an old ad snippet", () => {
    assert.match(
      markdown(article(`<h2>Weather</h3><p>Storms come two weeks earlier now.</p>`)),
      /^## Weather\n\nStorms come two weeks earlier now\.$/m,
    );
    const ad = `<script><!--\ndocument.write("<script src='/ads.js'></script>");\n//--></script><p>The pilots and their launches.</p>`;
    const md = markdown(article(ad));
    assert.match(md, /The pilots and their launches/);
    assert.doesNotMatch(md, /document\.write|\/\/-->/);
  });

  it("keeps a table whole across a stray </div> in a cell, and shows what a row holds outside its cells before the table", () => {
    const md = markdown(
      article(
        `<div class="figure"><table><tr><td>Lifeboat station</div></td><td>Volunteer crews</td></tr><tr><td>Pier</td><td>New lights</td></tr></table></div>`,
      ),
    );
    assert.match(md, /^\| Lifeboat station \| Volunteer crews \|\n\| --- \| --- \|\n\| Pier \| New lights \|$/m);
    assert.match(
      markdown(article(`<table><tr>Hours differ in winter<td>Museum</td><td>Afternoons</td></tr></table>`)),
      /^Hours differ in winter\n\n\| Museum \| Afternoons \|$/m,
    );
  });

  it("shows text a bare list indents and a passage an unclosed button holds", () => {
    assert.match(
      markdown(article(`<ul>This passage was indented with a bare list tag, as old pages did.<br>They gutted fish on the quays.</ul>`)),
      /This passage was indented[\s\S]*They gutted fish on the quays/,
    );
    const button = `<p>Press <button type="button">Show map <p>The lighthouse walk runs along the cliffs to the point, past the old signal station, the ruined chapel and the seal colony below.</p>`;
    assert.match(markdown(article(button)), /The lighthouse walk runs along the cliffs/);
    assert.doesNotMatch(markdown(article(`<p>Read on. <button>Show more</button></p>`)), /Show more/);
  });

  it("joins the text of an inline element left open over blocks to the text beside it (a drop cap before a pull quote)", () => {
    const md = markdown(
      article(
        `<div class="post"><span class="dropcap">T</span><span>he morning began with fog over the headland<div class="pullquote">We never sail before the fog lifts.</div><p>By ten the boats headed out.</p></div>`,
      ),
    );
    assert.match(
      md,
      /^The morning began with fog over the headland\n\nWe never sail before the fog lifts\.\n\nBy ten the boats headed out\.$/m,
    );
  });

  it("reads line endings and NULs as the standard's input stream does, hides what bodies never show, and keeps obsolete preformatted text", () => {
    const md = markdown(
      article(
        `<pre>line one\r\nline two\rline three</pre><p>Nets\0 dried on the wall.</p><title>Stray title</title><noembed>No plugin</noembed><xmp>a  <b>b</b>\n  c</xmp>`,
      ),
    );
    assert.match(md, /^```\nline one\nline two\nline three\n```$/m);
    assert.doesNotMatch(md, /\r|\0|Stray title|No plugin/);
    assert.match(md, /Nets dried on the wall\./);
    assert.match(md, /^```\na {2}<b>b<\/b>\n {2}c\n```$/m);
  });

  it("leaves the head whole around a tracking pixel's <noscript> when a page takes the standard parse, and reads <noscript> content as markup", () => {
    const html = `<!DOCTYPE html><html><head><meta charset="utf-8"><noscript><img height="1" width="1" src="https://pixel.test/tr?id=1"></noscript><title>Harbour notes</title><link rel="canonical" href="https://harbour.test/notes"></head><body><main><article><h1>Harbour notes</h1><p><span>Broken <div>markup</div> here</span></p>${prose("the quays")}<noscript><p>Enable JavaScript to see the tide chart.</p></noscript></article></main></body></html>`;
    const head = findAll(parseHtml(html), (el) => el.name === "head")[0]!;
    assert.deepEqual(
      findAll(head, (el) => el.name === "title" || el.name === "link").map((el) => el.name),
      ["title", "link"],
    );
    const md = markdown(html);
    assert.doesNotMatch(md, /pixel\.test/);
    assert.ok(findAll(parseHtml(html), (el) => el.name === "noscript" && findAll(el, (p) => p.name === "p").length === 1).length === 1);
  });

  it("tells the trees no browser builds from clean ones, so clean pages keep the fast parser", () => {
    const clean = article(
      `<ul><li><p>One</p></li><li><p>Two</p></li></ul><table><tbody><tr><td>a</td><td>b</td></tr></tbody></table><p><button>OK</button> then <a href="/x">a link</a></p>`,
    );
    assert.equal(builtUnlikeBrowser(htmlparser2Tree(clean)), false);
    for (const bad of [
      `<p><span>A<div>B</div></span></p>`,
      `<ul><li><p>A<li>B</ul>`,
      `<p>A</body><p>B`,
      `<h2>A</h3><p>B</p>`,
      `<div><table><tr><td>A</div></td><td>B</td></tr></table></div>`,
      `<table><tr>Loose<td>A</td></tr></table>`,
      `<a href="/a">A<div><a href="/b">B</a></div></a>`,
    ])
      assert.equal(builtUnlikeBrowser(htmlparser2Tree(article(bad))), true, bad);
  });
});
