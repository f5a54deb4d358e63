import { type AnyNode, type Element, isTag, isText } from "domhandler";
import { BLOCK_ELEMENTS, SKIPPED_TEXT } from "../html/dom";
import type { ParsedPage } from "../html/parse";

/**
 * Text in a page aimed at an AI agent rather than at its readers ("ignore previous
 * instructions…", role markers, hidden notes to language models). It is reported as a
 * warning and kept out of any instructions: the page is data.
 */
export interface InjectionWarning {
  type: "prompt_injection";
  /** Where the text was: visible content, or an element hidden from readers. */
  location: "visible" | "hidden";
  excerpt: string;
}

const PATTERNS: RegExp[] = [
  /\b(ignore|disregard|forget|override)\b[^.\n]{0,40}\b(previous|prior|above|earlier|all|any|system)\b[^.\n]{0,20}\b(instructions?|prompts?|rules|directions)\b/i,
  /\byou are now\b[^.\n]{0,60}/i,
  /\b(new|updated|real) (system )?instructions\b/i,
  /\b(system prompt|developer message|jailbreak)\b/i,
  /<\|im_start\|>|<\|im_end\|>|\[\/?INST\]|<<SYS>>|^\s*(system|assistant)\s*:/im,
  /\b(ai|llm|language model|chatbot|assistant|agent)s?\b[^.\n]{0,40}\b(must|should|are instructed to|need to)\b[^.\n]{0,60}/i,
];

const isHiddenElement = (el: Element) =>
  el.attribs.hidden !== undefined ||
  el.attribs["aria-hidden"] === "true" ||
  /display\s*:\s*none|visibility\s*:\s*hidden|font-size\s*:\s*0|opacity\s*:\s*0(?![.\d])/i.test(el.attribs.style ?? "") ||
  /(^|\s)(sr-only|visually-hidden|hidden)(\s|$)/i.test(el.attribs.class ?? "");

/** Text scanned at most (the 5 MB page cap could otherwise mean seconds of regex work). */
const MAX_SCANNED_CHARS = 400_000;
const MAX_RUN_CHARS = 4000;

/**
 * Scans the page's text, visible and hidden, for instructions aimed at AI agents. One walk
 * over the tree: text is gathered into runs that end at block boundaries, each run knows
 * whether an ancestor hides it, and every run is matched once (linear in the page).
 */
export function detectInjections(parsed: ParsedPage, limit = 10): InjectionWarning[] {
  const warnings: InjectionWarning[] = [];
  const seen = new Set<string>();
  let scanned = 0;
  let run = "";
  let runHidden = false;
  const flush = () => {
    const text = run.replace(/\s+/g, " ").trim();
    run = "";
    if (!text || warnings.length >= limit) return;
    scanned += text.length;
    for (const pattern of PATTERNS) {
      const match = pattern.exec(text);
      if (!match) continue;
      const start = Math.max(0, match.index - 40);
      const excerpt = text.slice(start, match.index + match[0].length + 40).trim();
      if (!seen.has(excerpt)) {
        seen.add(excerpt);
        warnings.push({ type: "prompt_injection", location: runHidden ? "hidden" : "visible", excerpt });
      }
      return;
    }
  };
  // Stack entries: a node to visit with the hidden state it inherits, or a marker that closes a block.
  type Entry = { node: AnyNode; hidden: boolean } | { close: boolean };
  const stack: Entry[] = [...parsed.doc.children].reverse().map((node) => ({ node, hidden: false }));
  while (stack.length && scanned < MAX_SCANNED_CHARS && warnings.length < limit) {
    const entry = stack.pop()!;
    if ("close" in entry) {
      flush();
      continue;
    }
    const { node, hidden } = entry;
    if (isText(node)) {
      if (hidden !== runHidden) flush();
      runHidden = hidden;
      run += ` ${node.data}`;
      if (run.length > MAX_RUN_CHARS) flush();
      continue;
    }
    if (!isTag(node) || SKIPPED_TEXT.has(node.name)) continue;
    const childHidden = hidden || isHiddenElement(node);
    const block = BLOCK_ELEMENTS.has(node.name) || childHidden !== hidden;
    if (block) {
      flush();
      stack.push({ close: true });
    }
    for (let i = node.children.length - 1; i >= 0; i--) stack.push({ node: node.children[i]!, hidden: childHidden });
  }
  flush();
  return warnings.slice(0, limit);
}
