import type { FetchedPage } from "../../net/safe-fetch";
import { processPage } from "../../processing/pool";
import type { CapabilityContext } from "../context";
import { fetchHtml } from "./fetch-html";
import type { PageWarning } from "./schemas";

/** One HTML page read for a model: its main content as Markdown, title, and agent-aimed text. */
export interface PageText {
  page: FetchedPage;
  markdown: string;
  wordCount: number;
  title: string | null;
  /** Text aimed at AI agents found in the page (reported, never obeyed), and an empty page. */
  warnings: PageWarning[];
  /** Milliseconds to fetch, parse and extract. */
  readMs: number;
}

export async function readPageText(url: string, ctx: CapabilityContext): Promise<PageText> {
  const started = performance.now();
  const page = await fetchHtml(url, ctx);
  const { content, title, injections } = await processPage("pageText", page);
  return {
    page,
    markdown: content.markdown,
    wordCount: content.wordCount,
    title,
    warnings: [
      ...injections.map((w): PageWarning => ({
        type: "prompt_injection",
        message: "The page holds text aimed at AI agents; it was given to the model as page data, not as instructions.",
        location: w.location,
        excerpt: w.excerpt,
      })),
      ...(content.wordCount === 0
        ? [{ type: "no_content", message: "The page has no extractable text content." } satisfies PageWarning]
        : []),
    ],
    readMs: Math.round(performance.now() - started),
  };
}
