import { type ChildNode, type Element, isDocument, isTag, isText, type ParentNode } from "domhandler";
import { elements, HEADINGS, setChildren } from "./dom";

/**
 * Declarative shadow DOM: a `<template shadowrootmode="open">` (Chrome's older attribute:
 * `shadowroot`) is rendered by the browser in place of its parent's children, without any
 * script, with the parent's children shown where its `<slot>`s stand. Server-rendered web
 * components (Lit, FAST, Enhance) put a page's text there; a reader of the static page that
 * skipped the template would see none of it. Each host's children become what the browser
 * renders (the flattened tree), so every capability reads one tree.
 */
export function attachShadowRoots(doc: ParentNode): void {
  const hosts = new Set<Element>();
  // Document order, outer roots first: a slot in an outer root's tree may sit among an inner
  // host's children, and is filled from the outer host before the inner one is composed.
  for (const template of [...elements(doc)].filter(isShadowRootTemplate)) {
    const host = template.parent;
    // The first template attaches; a host takes one shadow root, and later ones stay inert.
    if (!host || !isTag(host) || hosts.has(host) || !canHostShadowRoot(host)) continue;
    hosts.add(host);
    setChildren(host, composed(host, template));
  }
}

const MODES = new Set(["open", "closed"]);

function isShadowRootTemplate(el: Element): boolean {
  return el.name === "template" && MODES.has((el.attribs.shadowrootmode ?? el.attribs.shadowroot ?? "").toLowerCase());
}

/** The elements `attachShadow` accepts, and autonomous custom elements (a name with a hyphen). */
const SHADOW_HOSTS = new Set([
  "article",
  "aside",
  "blockquote",
  "body",
  "div",
  "footer",
  "header",
  "main",
  "nav",
  "p",
  "section",
  "span",
  ...HEADINGS,
]);
const canHostShadowRoot = (el: Element): boolean => SHADOW_HOSTS.has(el.name) || el.name.includes("-");

/** The template's content with each slot replaced by the host's children assigned to it, else by its fallback content. */
function composed(host: Element, template: Element): ChildNode[] {
  // The standard parse (parse5) keeps a template's content in a fragment, its one child.
  const only = template.children.length === 1 ? template.children[0] : undefined;
  const content: ParentNode = only && isDocument(only) ? only : template;
  const assigned = new Map<string, ChildNode[]>();
  for (const child of host.children) {
    if (child === template) continue;
    // Elements go to the slot they name, else to the default slot, as text does; comments to none.
    const slot = isTag(child) ? (child.attribs.slot ?? "") : isText(child) ? "" : null;
    if (slot === null) continue;
    const list = assigned.get(slot);
    if (list) list.push(child);
    else assigned.set(slot, [child]);
  }
  // Slots of this root only: an inner template's slots belong to its own host. A slot stays,
  // as the box its nodes render in: it is itself a child the next host may slot somewhere.
  for (const slot of [...elements(content, (el) => el.name === "template")].filter((el) => el.name === "slot")) {
    const name = slot.attribs.name ?? "";
    // Nodes go to the first slot of their name; a later slot of the same name, or one none
    // are assigned to, shows its fallback content.
    const nodes = assigned.get(name);
    assigned.delete(name);
    if (nodes) setChildren(slot, nodes);
  }
  return content.children;
}
