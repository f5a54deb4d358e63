import { extractMainContent, type ExtractedContent } from "../capabilities/extract";
import { type PageMetadata, pageMetadata } from "../capabilities/extract/metadata";
import { parseFeed, type ParsedFeed } from "../capabilities/feed/formats";
import { readinessPageFacts, type ReadinessPageFacts } from "../capabilities/agent-readiness/page-facts";
import { type MappedLink, mapLinks } from "../capabilities/links";
import { assembleQuickAudit } from "../capabilities/quick-audit/assemble";
import { parsePage } from "../html/parse";
import { detectInjections, type InjectionWarning } from "../llm/injection";
import { decodeFeedBody } from "../net/charset";
import type { FetchedPage } from "../net/safe-fetch";

/**
 * The CPU-bound work done on a fetched page, as plain functions of data that can cross to a
 * worker thread (no DOM goes in or out). The pool runs them in workers with a time and memory
 * limit; each parses the page once.
 */
export const pageTasks = {
  /** Content Extraction: the main content as Markdown, its links, and the page's metadata. */
  extract(page: FetchedPage): { content: ExtractedContent; metadata: PageMetadata } {
    const parsed = parsePage(page);
    return { content: extractMainContent(parsed), metadata: pageMetadata(parsed) };
  },
  /** Link Map: every link of the page, classified. */
  links(page: FetchedPage): MappedLink[] {
    return mapLinks(parsePage(page));
  },
  /** The page read for a model: main content, title, and text aimed at AI agents. */
  pageText(page: FetchedPage): { content: ExtractedContent; title: string | null; injections: InjectionWarning[] } {
    const parsed = parsePage(page);
    return { content: extractMainContent(parsed), title: pageMetadata(parsed).title ?? null, injections: detectInjections(parsed) };
  },
  /** Agent Readiness: the site's class and what the page's markup declares, before the audit's requests. */
  readinessPage(page: FetchedPage): ReadinessPageFacts {
    return readinessPageFacts(parsePage(page));
  },
  /** Quick Intelligence Audit: every check, score and issue of the page, unsigned. */
  quickAudit(input: { page: FetchedPage; fetchedAt: Date }): ReturnType<typeof assembleQuickAudit> {
    return assembleQuickAudit(input.page, input.fetchedAt);
  },
  /** Feed Parser: the body decoded and read as RSS, Atom or JSON Feed; null when it is none of them. */
  feed(input: { body: Uint8Array; contentType: string | null; finalUrl: string; requestedUrl?: string }): ParsedFeed | null {
    // The worker hands a Buffer already; in this thread a Uint8Array is wrapped, not copied.
    const body = Buffer.isBuffer(input.body) ? input.body : Buffer.from(input.body.buffer, input.body.byteOffset, input.body.byteLength);
    return parseFeed(decodeFeedBody(body, input.contentType).text, input.finalUrl, input.requestedUrl);
  },
};

export type PageTaskName = keyof typeof pageTasks;
export type PageTaskInput<K extends PageTaskName> = Parameters<(typeof pageTasks)[K]>[0];
export type PageTaskOutput<K extends PageTaskName> = ReturnType<(typeof pageTasks)[K]>;
