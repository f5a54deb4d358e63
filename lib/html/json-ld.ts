import { type Element, isText } from "domhandler";

export interface JsonLd {
  /** Every object in the page's JSON-LD, arrays and @graph flattened. */
  nodes: Record<string, unknown>[];
  blocks: number;
  /** Blocks that are not valid JSON. */
  broken: number;
}

/** Reads every `<script type="application/ld+json">` of a page. */
export function readJsonLd(elements: Iterable<Element>): JsonLd {
  const result: JsonLd = { nodes: [], blocks: 0, broken: 0 };
  for (const el of elements) {
    if (el.name !== "script" || (el.attribs.type ?? "").trim().toLowerCase() !== "application/ld+json") continue;
    result.blocks++;
    let data: unknown;
    try {
      data = JSON.parse(el.children.map((c) => (isText(c) ? c.data : "")).join(""));
    } catch {
      result.broken++;
      continue;
    }
    const stack = [data];
    while (stack.length) {
      const item = stack.pop();
      if (Array.isArray(item)) stack.push(...item);
      else if (item && typeof item === "object") {
        const node = item as Record<string, unknown>;
        result.nodes.push(node);
        if (node["@graph"]) stack.push(node["@graph"]);
      }
    }
  }
  return result;
}

/** The schema.org types a node declares. */
export const schemaTypes = (node: Record<string, unknown>): string[] =>
  [node["@type"]].flat().filter((t): t is string => typeof t === "string");
