import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type Element, isTag } from "domhandler";
import { extractMainContent } from "../../lib/capabilities/extract";
import { mapLinks } from "../../lib/capabilities/links";
import { findAll, findFirst, inlineTextOf } from "../../lib/html/dom";
import { parseHtml, parsePage } from "../../lib/html/parse";
import { htmlPage } from "../support/pages";

/** The host's rendered text, in order, whitespace collapsed. */
function rendered(html: string, host = "x-card"): string {
  const el = findFirst(parseHtml(html), (e) => e.name === host);
  assert.ok(el, `a <${host}> is parsed`);
  return inlineTextOf(el);
}

/** Every node's parent and sibling links agree with its parent's list of children. */
function assertLinked(root: Element): void {
  const stack: Element[] = [root];
  while (stack.length) {
    const el = stack.pop()!;
    el.children.forEach((c, i) => {
      assert.equal(c.parent, el);
      assert.equal(c.prev, el.children[i - 1] ?? null);
      assert.equal(c.next, el.children[i + 1] ?? null);
      if (isTag(c)) stack.push(c);
    });
  }
}

describe("declarative shadow DOM: a host renders its shadow root, with its children in the slots", () => {
  it("shows the shadow root in place of the host's children, whichever attribute declares it", () => {
    for (const attribute of ['shadowrootmode="open"', 'shadowrootmode="closed"', 'shadowroot="open"', 'SHADOWROOTMODE="OPEN"']) {
      const html = `<body><x-card><template ${attribute}><h2>Shadow heading</h2><p>Shadow text</p></template></x-card></body>`;
      assert.equal(rendered(html), "Shadow heading Shadow text", attribute);
    }
  });

  it("fills the default slot with the children that name no slot, and named slots with the children that name them", () => {
    const html =
      `<x-card><template shadowrootmode="open"><header><slot name="title">Untitled</slot></header>` +
      `<div class="body"><slot></slot></div><footer><slot name="note">No note</slot></footer></template>` +
      `<h3 slot="title">Card title</h3><p>First paragraph</p>loose text<p>Second paragraph</p><!-- a comment --></x-card>`;
    assert.equal(rendered(html), "Card title First paragraph loose text Second paragraph No note");
  });

  it("hides the children when the shadow root has no slot for them, as a browser does", () => {
    const html = `<x-card><template shadowrootmode="open"><p>Only this</p></template><p>Light text no slot shows</p></x-card>`;
    assert.equal(rendered(html), "Only this");
  });

  it("gives each child to the first slot of its name; a later slot of that name shows its fallback", () => {
    const html = `<x-card><template shadowrootmode="open"><slot>first fallback</slot> <slot>second fallback</slot></template><b>child</b></x-card>`;
    assert.equal(rendered(html), "child second fallback");
  });

  it("fills a slot that stands in another slot's fallback content", () => {
    const html = `<x-card><template shadowrootmode="open"><slot name="outer">before <slot>inner fallback</slot> after</slot></template><i>light</i></x-card>`;
    assert.equal(rendered(html), "before light after");
  });

  it("composes nested hosts: a slot among an inner host's children belongs to the outer root", () => {
    const html =
      `<x-card><template shadowrootmode="open"><x-frame><template shadowrootmode="open">[<slot></slot>]</template>` +
      `<span>frame text</span> <slot name="deep"></slot></x-frame></template><em slot="deep">outer child</em></x-card>`;
    assert.equal(rendered(html), "[frame text outer child]");
  });

  it("attaches only the first template, and none to an element that cannot host a shadow root", () => {
    const twice = `<x-card><template shadowrootmode="open">first root</template><template shadowrootmode="open">second root</template></x-card>`;
    assert.equal(rendered(twice), "first root");
    // A <ul> cannot host one: its template stays inert, and the list its children.
    const doc = parseHtml(`<ul><template shadowrootmode="open">never shown</template><li>item</li></ul>`);
    assert.equal(inlineTextOf(findFirst(doc, (e) => e.name === "ul")!), "item");
    // A template without the attribute stays inert too.
    assert.equal(rendered(`<x-card><template><p>stamped by a script</p></template><p>light</p></x-card>`), "light");
  });

  it("composes the same way when the page is parsed by the standard's algorithm", () => {
    // Malformed markup (a <div> in a <p>) sends the page to the standard parse, which keeps a template's content in a fragment.
    const html = `<body><p><span><div>malformed</div></span></p><x-card><template shadowrootmode="open"><p>Shadow <slot></slot></p></template><b>slotted</b></x-card></body>`;
    assert.equal(rendered(html), "Shadow slotted");
    const doc = parseHtml(html);
    assert.equal(findAll(doc, (e) => e.name === "template").length, 0);
  });

  it("leaves every moved node linked to its new parent and siblings", () => {
    const html =
      `<body><x-card><template shadowrootmode="open"><div><slot name="a"></slot><slot></slot></div><slot name="b">fb</slot></template>` +
      `<p slot="a">a</p><p>one</p><p>two</p></x-card></body>`;
    const body = findFirst(parseHtml(html), (e) => e.name === "body")!;
    assert.equal(inlineTextOf(body), "a one two fb");
    assertLinked(body);
  });

  it("extracts the text and links a server-rendered component shows", () => {
    const words = "A server-rendered component holds the article body, written in its shadow root for every reader.";
    const html =
      `<html><head><title>Components</title></head><body><nav><a href="/">Home</a></nav>` +
      `<x-article><template shadowrootmode="open"><article><h1><slot name="title"></slot></h1><slot></slot>` +
      `<p>${words} See <a href="/guide">the guide</a> for more.</p></article></template>` +
      `<span slot="title">Rendered without scripts</span><p>${words} The light paragraph is slotted in.</p></x-article></body></html>`;
    const parsed = parsePage(htmlPage(html, "https://site.test/post"));
    const { markdown } = extractMainContent(parsed);
    assert.match(markdown, /^# Rendered without scripts$/m);
    assert.match(markdown, /The light paragraph is slotted in\./);
    assert.match(markdown, /See \[the guide\]\(https:\/\/site\.test\/guide\) for more\./);
    assert.ok(mapLinks(parsed).some((l) => l.url === "https://site.test/guide"));
  });

  it("composes a root of 50,000 named slots and 50,000 children in linear time", () => {
    const n = 50_000;
    const slots = Array.from({ length: n }, (_, i) => `<slot name="s${i}"></slot>`).join("");
    const children = Array.from({ length: n }, (_, i) => `<i slot="s${n - 1 - i}">${i % 10}</i>`).join("");
    const started = performance.now();
    const text = rendered(`<x-card><template shadowrootmode="open">${slots}</template>${children}</x-card>`);
    // Each slot shows the child that names it: the children come out in reverse.
    assert.equal(text.length, n);
    assert.equal(text.slice(0, 10), "9876543210");
    // A search of the children per slot took minutes.
    assert.ok(performance.now() - started < 10_000);
  });
});
