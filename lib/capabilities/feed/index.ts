import { z } from "zod";
import { isServiceError, ServiceError } from "../../errors";
import { MB, safeFetch } from "../../net";
import { processPage } from "../../processing/pool";
import type { CapabilityContext } from "../context";
import { urlInput } from "../shared/schemas";
import { MAX_ITEMS } from "./formats";

export const FEED_MAX_BYTES = 2 * MB;

export const feedInput = urlInput("an RSS, Atom or JSON Feed document");
export type FeedInput = z.infer<typeof feedInput>;

const nullableString = z.string().nullable();
export const feedOutput = z.object({
  schema_version: z.literal("1.0.0"),
  url: z.string(),
  final_url: z.url(),
  format: z.enum(["rss2", "atom", "json"]).describe("rss2 covers RSS 0.9x, 1.0 (RDF) and 2.0; atom covers Atom 0.3 and 1.0."),
  feed: z.object({ title: nullableString, link: nullableString, description: nullableString, feed_url: nullableString }),
  item_count: z.number().int().max(MAX_ITEMS),
  items: z
    .array(
      z.object({
        id: nullableString,
        title: nullableString,
        url: nullableString,
        published: nullableString.describe("ISO 8601 UTC"),
        summary: nullableString.describe("Plain text, at most 1000 characters"),
        author: nullableString,
      }),
    )
    .max(MAX_ITEMS),
});
export type FeedOutput = z.infer<typeof feedOutput>;

export const feedExample: FeedOutput = {
  schema_version: "1.0.0",
  url: "https://example.com/feed.xml",
  final_url: "https://example.com/feed.xml",
  format: "rss2",
  feed: {
    title: "Example Blog",
    link: "https://example.com/",
    description: "Notes from Example",
    feed_url: "https://example.com/feed.xml",
  },
  item_count: 1,
  items: [
    {
      id: "https://example.com/posts/hello",
      title: "Hello",
      url: "https://example.com/posts/hello",
      published: "2026-01-02T03:04:05.000Z",
      summary: "The first post.",
      author: "Ada",
    },
  ],
};

/** Media whose bytes are never a feed: refused before the body is read. */
const NEVER_A_FEED = /^(?:image|audio|video|font)\//;

const notAFeed = (contentType: string | null) =>
  new ServiceError("NOT_A_FEED", "The target is not a recognised RSS, Atom or JSON Feed document; nothing was charged.", {
    content_type: contentType,
  });

/**
 * Feed Parser: detects RSS, Atom or JSON Feed by content and returns it normalised. Any
 * declared type but media is read (feeds come as text/html, text/plain or
 * application/octet-stream); whatever is not a feed is 422 NOT_A_FEED, as the spec says.
 */
export async function feedCapability(input: FeedInput, ctx: CapabilityContext): Promise<FeedOutput> {
  const page = await safeFetch(input.url, {
    maxBytes: FEED_MAX_BYTES,
    timeoutMs: ctx.fetchTimeoutMs,
    resolver: ctx.resolver,
    accept: "application/feed+json, application/atom+xml, application/rss+xml, application/xml;q=0.9, text/xml;q=0.9, */*;q=0.5",
    acceptMediaType: (type) => type === null || !NEVER_A_FEED.test(type),
  }).catch((err: unknown) => {
    if (isServiceError(err) && err.code === "UNSUPPORTED_CONTENT_TYPE")
      throw notAFeed((err.extra.content_type as string | undefined) ?? null);
    throw err;
  });
  const parsed = await processPage("feed", {
    body: page.body,
    contentType: page.contentType,
    finalUrl: page.finalUrl,
    requestedUrl: page.requestedUrl,
  });
  if (!parsed) throw notAFeed(page.mediaType);
  return {
    schema_version: "1.0.0",
    url: page.requestedUrl,
    final_url: page.finalUrl,
    format: parsed.format,
    feed: parsed.feed,
    item_count: parsed.items.length,
    items: parsed.items,
  };
}
