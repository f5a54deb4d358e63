import { z } from "zod";
import { HAS_WORD } from "../../html/dom";
import type { ParsedPage } from "../../html/parse";
import { canonicalLinkUrl } from "../../html/urls";
import type { CapabilityContext } from "../context";
import { processPage } from "../../processing/pool";
import { fetchHtml } from "../shared/fetch-html";
import { fetchTimingFields, pageResultFields, urlInput } from "../shared/schemas";
import { selectContent } from "./content";
import { toMarkdown } from "./markdown";

export const MAX_EXTRACT_LINKS = 200;

export const extractInput = urlInput("an HTML page");
export type ExtractInput = z.infer<typeof extractInput>;

export const extractOutput = z.object({
  ...pageResultFields,
  title: z.string().nullable().optional(),
  byline: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  canonical_url: z.string().nullable().optional(),
  markdown: z.string().describe("The main content as Markdown; empty when the page has none."),
  word_count: z.number().int(),
  links: z
    .array(z.object({ url: z.string(), text: z.string() }))
    .max(MAX_EXTRACT_LINKS)
    .optional()
    .describe("Links of the main content, absolute and de-duplicated, at most 200."),
  ...fetchTimingFields,
});
export type ExtractOutput = z.infer<typeof extractOutput>;

export const extractExample: ExtractOutput = {
  schema_version: "1.0.0",
  url: "https://example.com/post",
  final_url: "https://example.com/post",
  http_status: 200,
  title: "Hello world",
  byline: "Ada Lovelace",
  description: "A first post.",
  canonical_url: "https://example.com/post",
  markdown: "# Hello world\n\nThe first paragraph, with [a link](https://example.com/about).",
  word_count: 8,
  links: [{ url: "https://example.com/about", text: "a link" }],
  fetched_at: "2026-01-01T00:00:00.000Z",
  timing_ms: { ttfb: 80, total: 95 },
};

export interface ExtractedContent {
  markdown: string;
  wordCount: number;
  links: { url: string; text: string }[];
}

/** The main content of a parsed page as Markdown, with its links. Pure: no fetching. */
export function extractMainContent(parsed: ParsedPage): ExtractedContent {
  const { root, title, skip, skipText } = selectContent(parsed.doc, parsed.baseUrl);
  const body = toMarkdown(root, parsed.baseUrl, skip, skipText);
  const heading = title ? toMarkdown(title, parsed.baseUrl, skip, skipText) : null;
  const markdown =
    heading?.markdown && !body.markdown.startsWith(heading.markdown) ? `${heading.markdown}\n\n${body.markdown}`.trim() : body.markdown;
  const links = [...(heading?.links ?? []), ...body.links];
  const seen = new Set<string>();
  const unique: { url: string; text: string }[] = [];
  for (const link of links) {
    const key = canonicalLinkUrl(link.url);
    if (seen.has(key)) continue;
    seen.add(key);
    unique.push({ url: link.url, text: link.text });
    if (unique.length >= MAX_EXTRACT_LINKS) break;
  }
  return { markdown, wordCount: countWords(markdown), links: unique };
}

/**
 * Words of the Markdown's text (link targets, list numbers and markup left out), counted as a
 * word processor does: a run between spaces that holds a letter or a digit is one word
 * ("3.5%", "$1,299.99", "v1.2.3", an address or a URL), and each Chinese or Japanese character
 * is one (those scripts put no spaces between words).
 */
export function countWords(markdown: string): number {
  // A link starts at an unescaped "[" and takes escapes whole ("the \[draft\] spec"); its
  // classes exclude "[" and "(", so each attempt stops early and the scan stays linear on
  // hostile text such as "[[[…" or "\[\[\[…".
  const text = markdown
    .replace(/(?<!\\)!?\[((?:\\.|[^\]\\[])*)\]\([^()\s]*\)/g, "$1")
    .replace(/^[ \t>]*(?:#{1,6}|[-*+]|\d{1,9}[.)])[ \t]+/gm, "");
  let words = 0;
  for (const token of text.split(/\s+/)) {
    if (!token) continue;
    const cjk = token.match(CJK_CHARACTER)?.length ?? 0;
    words += cjk + (HAS_WORD.test(cjk ? token.replace(CJK_CHARACTER, "") : token) ? 1 : 0);
  }
  return words;
}
const CJK_CHARACTER = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/gu;

/** Content Extraction: the readability-isolated main content as Markdown plus metadata. */
export async function extractCapability(input: ExtractInput, ctx: CapabilityContext): Promise<ExtractOutput> {
  const fetchedAt = ctx.now();
  const page = await fetchHtml(input.url, ctx);
  const { content, metadata } = await processPage("extract", page);
  return {
    schema_version: "1.0.0",
    url: page.requestedUrl,
    final_url: page.finalUrl,
    http_status: page.status,
    ...metadata,
    markdown: content.markdown,
    word_count: content.wordCount,
    links: content.links,
    fetched_at: fetchedAt.toISOString(),
    timing_ms: page.timing,
  };
}
