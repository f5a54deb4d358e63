import { ServiceError } from "../../errors";
import { MB, safeFetch } from "../../net";
import type { FetchedPage } from "../../net/safe-fetch";
import type { CapabilityContext } from "../context";

/** The byte cap of the extraction family (extract, links, summarize, structured). */
export const HTML_MAX_BYTES = 5 * MB;
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);

/** Whether a response's media type may be read as HTML (an untyped body may). */
export const mayBeHtml = (mediaType: string | null): boolean => mediaType === null || HTML_TYPES.has(mediaType);

/**
 * Fetches one page that must be HTML (anything else: 415 UNSUPPORTED_CONTENT_TYPE). An
 * untyped body counts as HTML when it starts like markup.
 */
export async function fetchHtml(url: string, ctx: CapabilityContext): Promise<FetchedPage> {
  const page = await safeFetch(url, {
    maxBytes: HTML_MAX_BYTES,
    timeoutMs: ctx.fetchTimeoutMs,
    resolver: ctx.resolver,
    accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.1",
    acceptMediaType: mayBeHtml,
  });
  if (
    page.mediaType === null &&
    !/^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html|head|body|meta|title)\b/i.test(page.text.slice(0, 2048))
  ) {
    throw new ServiceError("UNSUPPORTED_CONTENT_TYPE", "The target did not return HTML.", { content_type: null });
  }
  return page;
}
