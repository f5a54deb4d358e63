import type { Element } from "domhandler";
import { elements, textOf } from "../html/dom";
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

/** Scans the page's text, visible and hidden, for instructions aimed at AI agents. */
export function detectInjections(parsed: ParsedPage, limit = 10): InjectionWarning[] {
  const warnings: InjectionWarning[] = [];
  const seen = new Set<string>();
  const hiddenRoots = new Set<Element>();
  for (const el of elements(parsed.doc)) if (isHiddenElement(el)) hiddenRoots.add(el);
  const check = (text: string, location: InjectionWarning["location"]) => {
    for (const pattern of PATTERNS) {
      const match = pattern.exec(text);
      if (!match) continue;
      const start = Math.max(0, match.index - 40);
      const excerpt = text
        .slice(start, match.index + match[0].length + 40)
        .replace(/\s+/g, " ")
        .trim();
      if (!seen.has(excerpt)) {
        seen.add(excerpt);
        warnings.push({ type: "prompt_injection", location, excerpt });
      }
      return;
    }
  };
  for (const el of hiddenRoots) check(textOf(el), "hidden");
  // Visible text: every block of the body outside the hidden elements.
  const body = [...elements(parsed.doc)].find((e) => e.name === "body");
  if (body) {
    for (const el of elements(body)) {
      if (!/^(p|li|div|span|td|blockquote|h[1-6]|section|article)$/.test(el.name)) continue;
      let hidden = false;
      for (let p: Element | null = el; p; p = p.parent as Element | null) if (hiddenRoots.has(p)) hidden = true;
      if (!hidden && el.children.some((c) => c.type === "text")) check(textOf(el), "visible");
      if (warnings.length >= limit) break;
    }
  }
  return warnings.slice(0, limit);
}
