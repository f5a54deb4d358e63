import type { Document, Element } from "domhandler";
import { findAll, rawText } from "./dom";

export interface JsonLd {
  /** Every object in the page's JSON-LD, arrays and @graph flattened. */
  nodes: Record<string, unknown>[];
  blocks: number;
  /** Blocks that are not valid JSON. */
  broken: number;
}

/** More objects than any page describes; a hostile page stops here. */
const MAX_JSON_LD_NODES = 10_000;

/** Reads every `<script type="application/ld+json">` of a page. */
export function readJsonLd(elements: Iterable<Element>): JsonLd {
  const result: JsonLd = { nodes: [], blocks: 0, broken: 0 };
  for (const el of elements) {
    if (el.name !== "script" || (el.attribs.type ?? "").trim().toLowerCase() !== "application/ld+json") continue;
    result.blocks++;
    let data: unknown;
    try {
      data = JSON.parse(rawText(el));
    } catch {
      result.broken++;
      continue;
    }
    const stack = [data];
    while (stack.length && result.nodes.length < MAX_JSON_LD_NODES) {
      const item = stack.pop();
      // One by one, in reverse so nodes keep document order: spreading an array of 125,000
      // items into push() overflows the argument stack.
      if (Array.isArray(item)) for (let i = item.length - 1; i >= 0; i--) stack.push(item[i]);
      else if (item && typeof item === "object") {
        const node = item as Record<string, unknown>;
        result.nodes.push(node);
        if (node["@graph"]) stack.push(node["@graph"]);
      }
    }
  }
  return result;
}

/**
 * The JSON-LD objects of a whole document, read once per document: the content finder asks what
 * the page declares and, on a page without an `<h1>`, what it names.
 */
export function documentJsonLd(doc: Document): Record<string, unknown>[] {
  let nodes = documentNodes.get(doc);
  if (!nodes) documentNodes.set(doc, (nodes = readJsonLd(findAll(doc, (e) => e.name === "script")).nodes));
  return nodes;
}
const documentNodes = new WeakMap<Document, Record<string, unknown>[]>();

/** The schema.org types a node declares. */
export const schemaTypes = (node: Record<string, unknown>): string[] =>
  [node["@type"]].flat().filter((t): t is string => typeof t === "string");
