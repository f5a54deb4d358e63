import type { Element } from "domhandler";
import { elements } from "../../html/dom";
import { parsePage } from "../../html/parse";
import type { FetchedPage } from "../../net/safe-fetch";
import type { AuditArtifacts } from "./types";

/** Gathers the artifacts of one fetched page (the DOM is the shared, cached parse). */
export function gatherArtifacts(page: FetchedPage): AuditArtifacts {
  const parsed = parsePage(page);
  return { page, doc: parsed.doc, elements: [...elements(parsed.doc)], baseUrl: parsed.baseUrl };
}

/** The trimmed content of `<meta name|property=key>` (key lower-case), or null when absent. */
export function metaContent(a: AuditArtifacts, key: string): string | null {
  return (
    a.elements
      .find((e) => e.name === "meta" && (e.attribs.name ?? e.attribs.property ?? "").toLowerCase() === key)
      ?.attribs.content?.trim() ?? null
  );
}

/** A short CSS-like selector of an element for evidence: tag, id and first classes. */
export function describe(el: Element): string {
  const id = el.attribs.id ? `#${el.attribs.id}` : "";
  const classes = (el.attribs.class ?? "")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((c) => `.${c}`)
    .join("");
  return `${el.name}${id}${classes}`;
}
