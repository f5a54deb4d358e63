import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";
import { gunzipSync } from "node:zlib";
import { type AnyNode, cloneNode, Comment, type Document, Element, hasChildren, isTag, Text } from "domhandler";
import { type Options, parseDocument } from "htmlparser2";
import { parse as parseByStandard } from "parse5";
import { adapter as domhandlerTrees } from "parse5-htmlparser2-tree-adapter";
import { builtUnlikeBrowser } from "../../lib/html/browser-tree";
import { buildTree, standardTreeAdapter } from "../../lib/html/tree-builder";
import { decodeBody, decodeFeedBody } from "../../lib/net/charset";

// The options lib/html/parse.ts and lib/capabilities/feed/xml.ts parse with.
const HTML: Options = { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true };
const XML: Options = { xmlMode: true, decodeEntities: true, recognizeCDATA: true, lowerCaseTags: true };

/**
 * Where two trees differ (kind, own properties in their order and every value that is not a
 * node, name, attributes, text, or any parent/sibling link), else null.
 */
function difference(ours: AnyNode, theirs: AnyNode, path = "root"): string | null {
  if (Object.getPrototypeOf(ours) !== Object.getPrototypeOf(theirs)) return `${path}: another kind of node`;
  const keys = Reflect.ownKeys(ours).map(String);
  if (keys.join() !== Reflect.ownKeys(theirs).map(String).join()) return `${path}: own properties ${keys.join()}`;
  // Links are compared below, from the parent's side (a subtree's own root may have another parent).
  const values = (n: AnyNode) =>
    Object.entries(n)
      .filter(([k]) => k !== "parent" && k !== "prev" && k !== "next")
      .map(([, v]: [string, unknown]) => (v !== null && typeof v === "object" ? "object" : v));
  if (
    JSON.stringify(values(ours), (_, v: unknown) => (v === undefined ? "undefined" : v)) !==
    JSON.stringify(values(theirs), (_, v: unknown) => (v === undefined ? "undefined" : v))
  )
    return `${path}: property values differ`;
  if (ours.type !== theirs.type) return `${path}: type ${ours.type} ≠ ${theirs.type}`;
  if (isTag(ours) && isTag(theirs)) {
    if (ours.name !== theirs.name) return `${path}: <${ours.name}> ≠ <${theirs.name}>`;
    if (JSON.stringify(ours.attribs) !== JSON.stringify(theirs.attribs)) return `${path}: attributes differ`;
    // parse5 reads a missing attribute as undefined: an attribute map with a prototype would answer for "constructor".
    if (Object.getPrototypeOf(ours.attribs) !== Object.getPrototypeOf(theirs.attribs)) return `${path}: attribute map's prototype`;
    if (ours.namespace !== theirs.namespace) return `${path}: namespace ${ours.namespace}`;
    const xAttributes = (e: Element) => JSON.stringify([e["x-attribsNamespace"], e["x-attribsPrefix"]]);
    if (xAttributes(ours) !== xAttributes(theirs)) return `${path}: attribute namespaces or prefixes differ`;
  }
  if ("data" in ours && "data" in theirs && ours.data !== theirs.data) return `${path}: data ${JSON.stringify(ours.data)}`;
  const a = hasChildren(ours) ? ours.children : [];
  const b = hasChildren(theirs) ? theirs.children : [];
  if (a.length !== b.length) return `${path}: ${a.length} children ≠ ${b.length}`;
  for (let i = 0; i < a.length; i++) {
    const child = a[i]!;
    const at = `${path}/${i}`;
    if (child.parent !== ours) return `${at}: parent link`;
    if (child.prev !== (a[i - 1] ?? null) || child.next !== (a[i + 1] ?? null)) return `${at}: sibling links`;
    const d = difference(child, b[i]!, at);
    if (d) return d;
  }
  return null;
}

const sameAsHtmlparser2 = (source: string, options: Options) =>
  assert.equal(difference(buildTree(source, options), parseDocument(source, options)), null);

/** The standard parse as lib/html/parse.ts runs it, with either tree adapter. */
const standardParse = (source: string, treeAdapter: typeof domhandlerTrees) =>
  parseByStandard(source, { treeAdapter, scriptingEnabled: true });
const sameAsParse5Adapter = (source: string, label?: string) =>
  assert.equal(difference(standardParse(source, standardTreeAdapter), standardParse(source, domhandlerTrees)), null, label);

describe("tree builder (htmlparser2's parse with faster node constructors)", () => {
  it("builds the tree htmlparser2 builds from malformed HTML: raw text, entities, comments, doctype, CDATA, unclosed and void tags", () => {
    sameAsHtmlparser2(
      `<!DOCTYPE html><HTML><head><TITLE>T &amp; t</title><style>p>b{}</style><script>if (a<b) x()</script></head>` +
        `<body class=x><!-- one --><!----><P ID=a>one<br>two &copy; &nbsp;<b>bold<i>both</b>after<p>next` +
        `<textarea><b>raw</b></textarea><![CDATA[ data ]]><?php echo 1 ?><img src=a.png alt><ul><li>a<li>b</ul>tail`,
      HTML,
    );
  });

  it("builds the tree htmlparser2 builds from XML: CDATA sections, processing instructions, prefixes, mixed case", () => {
    sameAsHtmlparser2(
      `<?xml version="1.0"?><rss xmlns:dc="http://purl.org/dc/elements/1.1/"><Channel><title>A &amp; B</title>` +
        `<item><dc:creator>Ann</dc:creator><description><![CDATA[<p>x</p>]]></description><empty/></item></channel></rss>`,
      XML,
    );
  });

  it("joins and separates text as htmlparser2 does around comments, CDATA sections and processing instructions", () => {
    sameAsHtmlparser2(`<p>a<!--c-->b<?pi x?>c&amp;d<![CDATA[e]]>f</p>`, HTML);
    sameAsHtmlparser2(`<r>a<!--c-->b<?pi x?>c&amp;d<![CDATA[e]]>f<![CDATA[g]]><x/>h</r>`, XML);
  });

  it("makes domhandler's own nodes: instanceof, DOM aliases and cloning work as on domhandler's", () => {
    const doc: Document = buildTree(`<div id="a">text<!--c--><span>s</span></div>`, HTML);
    const div = doc.children[0]!;
    assert.ok(div instanceof Element && div.firstChild instanceof Text && div.children[1] instanceof Comment);
    assert.equal(div.tagName, "div");
    assert.equal(div.firstChild.nextSibling, div.children[1]);
    assert.equal(div.children[2]!.parentNode, div);
    assert.deepEqual([div.nodeType, div.firstChild.nodeType, div.children[1].nodeType], [1, 3, 8]);
    assert.equal(difference(cloneNode(div, true), div), null);
  });

  it("types script and style elements as domhandler does in HTML, and every element as a tag in XML", () => {
    const types = (options: Options) => buildTree(`<script></script><style></style><b></b>`, options).children.map((n) => n.type);
    assert.deepEqual(types(HTML), ["script", "style", "tag"]);
    assert.deepEqual(types(XML), ["tag", "tag", "tag"]);
  });

  it("builds the tree parse5's own domhandler adapter builds: reopened formatting, text fostered out of a table, SVG attributes, templates", () => {
    sameAsParse5Adapter(
      `<!doctype html><title>T</title><p><b id=1>bold<p>again</b> after</p>loose text<table>fostered<tr><td>cell</table>` +
        `<svg viewBox="0 0 1 1"><use xlink:href="#i"/></svg><template><li>in template</template><!--c--><math><mi>x</mi></math>`,
    );
  });

  it("gives elements one shape, whichever parser made them", () => {
    const fast = buildTree(`<p class="a">x</p>`, HTML).children[0]!;
    const body = standardParse(`<p class="a">x</p>`, standardTreeAdapter).children[0] as Element;
    const standard = (body.children[1] as Element).children[0]!;
    assert.deepEqual(Object.keys(fast), Object.keys(standard));
    assert.deepEqual(Object.keys((fast as Element).children[0]!), Object.keys((standard as Element).children[0]!));
  });

  it("refuses to record source indices, which its nodes do not track", () => {
    assert.throws(() => buildTree("<p>x</p>", { ...HTML, withStartIndices: true }), /source indices/);
  });
});

const SHARED = resolve(import.meta.dirname, "../../../shared/corpus");

describe("tree builder on the corpora", { skip: existsSync(SHARED) ? false : "the shared corpus is not beside this checkout" }, () => {
  const pages = () => {
    const dir = join(SHARED, "extract-dev/pages");
    return readdirSync(dir).map((file) => ({ file, source: decodeBody(gunzipSync(readFileSync(join(dir, file))), "text/html").text }));
  };
  let unlikeBrowser: { file: string; source: string }[] = [];

  it("builds the tree htmlparser2 builds for every page of the extraction corpus", () => {
    const all = pages();
    assert.ok(all.length >= 200);
    for (const { file, source } of all) {
      const tree = buildTree(source, HTML);
      assert.equal(difference(tree, parseDocument(source, HTML)), null, file);
      if (source.length <= 2_000_000 && builtUnlikeBrowser(tree)) unlikeBrowser.push({ file, source });
    }
  });

  it("builds the tree parse5's own adapter builds for every page of the extraction corpus that is parsed again by the standard", () => {
    if (unlikeBrowser.length === 0)
      unlikeBrowser = pages().filter((p) => p.source.length <= 2_000_000 && builtUnlikeBrowser(buildTree(p.source, HTML)));
    assert.ok(unlikeBrowser.length >= 20, `${unlikeBrowser.length} pages`);
    for (const { file, source } of unlikeBrowser) sameAsParse5Adapter(source, file);
  });

  it("builds the tree htmlparser2 builds for every feed of the feed corpus, read as XML", () => {
    const dir = join(SHARED, "feeds");
    const files = readdirSync(dir);
    assert.ok(files.length >= 40);
    for (const file of files) {
      const source = decodeFeedBody(readFileSync(join(dir, file)), null).text;
      assert.equal(difference(buildTree(source, XML), parseDocument(source, XML)), null, file);
    }
  });
});
