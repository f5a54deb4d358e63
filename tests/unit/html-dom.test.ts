import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { type AnyNode, isTag, isText } from "domhandler";
import { elements, findAll, findFirst, nodesInOrder } from "../../lib/html/dom";
import { parseHtml } from "../../lib/html/parse";

/** An element as "name#id", a text as its words: enough to read an order at a glance. */
const label = (n: AnyNode): string => (isTag(n) ? `${n.name}${n.attribs.id ? `#${n.attribs.id}` : ""}` : isText(n) ? n.data.trim() : "?");

describe("tree walks", () => {
  const body = () => {
    const doc = parseHtml(
      `<body><div id="a">one<p id="b">two<b id="c">three</b></p><aside id="d"><p id="e">four</p></aside></div><p id="f">five</p></body>`,
    );
    return findFirst(doc, (e) => e.name === "body")!;
  };

  it("gives every node in document order, and passes over what is inside a skipped element", () => {
    assert.deepEqual([...nodesInOrder(body())].map(label), "div#a one p#b two b#c three aside#d p#e four p#f five".split(" "));
    // The skipped element itself is given; its children are not.
    assert.deepEqual(
      [...nodesInOrder(body(), (e) => e.name === "aside")].map(label),
      "div#a one p#b two b#c three aside#d p#f five".split(" "),
    );
  });

  it("gives elements only, in the same order, with the same skipping", () => {
    assert.deepEqual([...elements(body())].map(label), ["div#a", "p#b", "b#c", "aside#d", "p#e", "p#f"]);
    assert.deepEqual([...elements(body(), (e) => e.attribs.id === "b")].map(label), ["div#a", "p#b", "aside#d", "p#e", "p#f"]);
  });

  it("finds all matches in document order, and stops at the first match when one is enough", () => {
    assert.deepEqual(findAll(body(), (e) => e.name === "p").map(label), ["p#b", "p#e", "p#f"]);
    const tested: string[] = [];
    const first = findFirst(body(), (e) => {
      tested.push(label(e));
      return e.name === "b";
    });
    assert.equal(first && label(first), "b#c");
    assert.deepEqual(tested, ["div#a", "p#b", "b#c"]);
  });
});
