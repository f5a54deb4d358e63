import { htmlToPlainText, absoluteUrl, toIsoDate } from "./normalise";
import { attribute, baseAt, child, childrenNamed, markup, NS, parseXmlRoot, rawText, text, type XmlNode } from "./xml";

export const MAX_ITEMS = 50;

export interface FeedItem {
  id: string | null;
  title: string | null;
  url: string | null;
  published: string | null;
  summary: string | null;
  author: string | null;
}

export interface ParsedFeed {
  format: "rss2" | "atom" | "json";
  feed: { title: string | null; link: string | null; description: string | null; feed_url: string | null };
  items: FeedItem[];
}

/**
 * Recognises a feed by its content (never by the declared type) and normalises it:
 * RSS 0.9x/2.0 and RSS 0.9/1.0 (RDF) as `rss2`, Atom 1.0 and 0.3 as `atom`, JSON Feed 1.0
 * and 1.1 as `json`. Returns null when the document is none of these.
 */
export function parseFeed(body: string, finalUrl: string): ParsedFeed | null {
  const trimmed = body.replace(/^\uFEFF/, "").trimStart();
  if (trimmed.startsWith("{")) return parseJsonFeed(trimmed, finalUrl);
  if (!trimmed.startsWith("<")) return null;
  const root = parseXmlRoot(trimmed);
  if (!root) return null;
  const name = root.local.toLowerCase();
  if (name === "rss" || name === "channel") return parseRss(root, finalUrl);
  if (name === "rdf" && (root.ns === NS.rdf || root.ns === "")) return parseRss(root, finalUrl);
  if (name === "feed" && [NS.atom, NS.atom03, ""].includes(root.ns)) return parseAtom(root, finalUrl);
  return null;
}

const ATOM_NS = [NS.atom, NS.atom03];
/** RSS's own elements: no namespace, RSS 1.0/0.9, or any default namespace a feed declares — anything but the extensions. */
const EXTENSIONS: string[] = [NS.atom, NS.atom03, NS.dc, NS.content, NS.itunes, NS.media, NS.rdf];
const PLAIN = (ns: string) => !EXTENSIONS.includes(ns);

function parseRss(root: XmlNode, finalUrl: string): ParsedFeed {
  const channel = root.local.toLowerCase() === "channel" ? root : (child(root, "channel") ?? root);
  const atomLinks = childrenNamed(channel, "link", ATOM_NS);
  const self = atomLinks.find((l) => attribute(l, "rel") === "self");
  const channelBase = baseAt(channel, finalUrl);
  const link =
    absoluteUrl(text(child(channel, "link", PLAIN)), channelBase) ??
    absoluteUrl(attribute(atomLinks.find((l) => (attribute(l, "rel") ?? "alternate") === "alternate") ?? channel, "href"), channelBase);
  // Relative item links resolve against xml:base, else the channel's own link, else the final URL.
  const itemBase = link ?? finalUrl;
  const itemNodes = childrenNamed(channel, "item");
  if (channel !== root) itemNodes.push(...childrenNamed(root, "item")); // RSS 1.0 puts items beside the channel
  const items = itemNodes.slice(0, MAX_ITEMS).map((item): FeedItem => {
    const base = baseAt(item, itemBase);
    const guid = child(item, "guid");
    const guidText = text(guid);
    const permaLink = guid ? attribute(guid, "isPermaLink")?.trim().toLowerCase() : undefined;
    // A guid is the item's URL when it says so (isPermaLink="true", maybe relative) or, by
    // default, when it looks like an absolute URL.
    const guidIsLink = !!guidText && (permaLink === "true" || (permaLink === undefined && /^https?:\/\//i.test(guidText)));
    const url =
      absoluteUrl(text(child(item, "link", PLAIN)), base) ??
      absoluteUrl(attribute(child(item, "link", ATOM_NS) ?? item, "href"), base) ??
      // A text-less <link href="…"/> without the Atom namespace, seen in broken feeds.
      absoluteUrl(attribute(child(item, "link", PLAIN) ?? item, "href"), base) ??
      (guidIsLink ? absoluteUrl(guidText, base) : null) ??
      absoluteUrl(attribute(item, "about"), base) ??
      absoluteUrl(attribute(child(item, "enclosure") ?? item, "url") ?? attribute(child(item, "enclosure") ?? item, "resource"), base) ??
      absoluteUrl(attribute(mediaContent(item) ?? item, "url"), base);
    return {
      id: guidText ?? url,
      title: htmlToPlainText(markup(child(item, "title", PLAIN)) ?? text(child(item, "title")), 500),
      url,
      published: toIsoDate(text(child(item, ["pubdate", "date", "published", "updated", "issued", "modified"]))),
      summary: htmlToPlainText(
        markup(child(item, "description", PLAIN)) ??
          markup(child(item, "encoded", [NS.content])) ??
          text(child(item, "summary", [NS.itunes])) ??
          text(mediaDescription(item)),
      ),
      author: personName(child(item, "author") ?? child(item, "creator", [NS.dc]) ?? child(item, "author", [NS.itunes])),
    };
  });
  return {
    format: "rss2",
    feed: {
      title: htmlToPlainText(text(child(channel, "title")), 500),
      link,
      description: htmlToPlainText(
        markup(child(channel, "description")) ??
          text(child(channel, "summary", [NS.itunes])) ??
          text(child(channel, "subtitle", [NS.itunes])),
      ),
      feed_url: absoluteUrl(self && attribute(self, "href"), channelBase) ?? finalUrl,
    },
    items,
  };
}

function parseAtom(root: XmlNode, finalUrl: string): ParsedFeed {
  const feedBase = baseAt(root, finalUrl);
  const links = (node: XmlNode) => childrenNamed(node, "link");
  const linkOf = (node: XmlNode, rel: string, base: string) => {
    const found = links(node).find((l) => (attribute(l, "rel") ?? "alternate") === rel);
    return found ? absoluteUrl(attribute(found, "href"), baseAt(found, base)) : null;
  };
  const feedLink =
    linkOf(root, "alternate", feedBase) ?? (links(root)[0] ? absoluteUrl(attribute(links(root)[0]!, "href"), feedBase) : null);
  const itemBase = feedLink ?? finalUrl;
  const items = childrenNamed(root, "entry")
    .slice(0, MAX_ITEMS)
    .map((entry): FeedItem => {
      const base = baseAt(entry, root.el.attribs["xml:base"] ? feedBase : itemBase);
      const url = linkOf(entry, "alternate", base) ?? (links(entry)[0] ? absoluteUrl(attribute(links(entry)[0]!, "href"), base) : null);
      return {
        id: text(child(entry, "id")) ?? url,
        title: atomText(child(entry, "title"), 500),
        url,
        published: toIsoDate(text(child(entry, ["published", "issued", "created", "updated", "modified"]))),
        summary: atomText(child(entry, "summary") ?? child(entry, "content")) ?? htmlToPlainText(text(mediaDescription(entry))),
        author: personName(child(entry, "author") ?? child(root, "author")),
      };
    });
  return {
    format: "atom",
    feed: {
      title: atomText(child(root, "title"), 500),
      link: feedLink,
      description: atomText(child(root, ["subtitle", "tagline"])),
      feed_url: linkOf(root, "self", feedBase) ?? finalUrl,
    },
    items,
  };
}

/** Atom text constructs: text, html (escaped) and xhtml (inline markup) all become plain text. */
function atomText(node: XmlNode | undefined, max?: number): string | null {
  if (!node) return null;
  const type = (attribute(node, "type") ?? "text").toLowerCase();
  if (type === "xhtml" || type === "application/xhtml+xml") return htmlToPlainText(rawText(node.el), max);
  return htmlToPlainText(text(node), max);
}

/** A person: `<author><name>…` (Atom), `<author>email (Name)</author>` (RSS), or plain text. */
function personName(node: XmlNode | undefined): string | null {
  if (!node) return null;
  const name = text(child(node, "name"));
  if (name) return name;
  const raw = text(node);
  if (!raw) return null;
  const paren = /^\S+@\S+\s*\(([^)]+)\)$/.exec(raw);
  return (paren?.[1] ?? raw).replace(/\s+/g, " ").trim() || null;
}

interface JsonFeedDoc {
  version?: unknown;
  title?: unknown;
  home_page_url?: unknown;
  feed_url?: unknown;
  description?: unknown;
  author?: { name?: unknown };
  authors?: { name?: unknown }[];
  items?: unknown;
}

function parseJsonFeed(body: string, finalUrl: string): ParsedFeed | null {
  let doc: JsonFeedDoc;
  try {
    doc = JSON.parse(body) as JsonFeedDoc;
  } catch {
    return null;
  }
  if (!doc || typeof doc !== "object" || !Array.isArray(doc.items)) return null;
  const isJsonFeed = typeof doc.version === "string" ? /jsonfeed\.org\/version\/1/.test(doc.version) : typeof doc.title === "string";
  if (!isJsonFeed) return null;
  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
  const feedAuthor = str(doc.authors?.[0]?.name) ?? str(doc.author?.name);
  const homePage = absoluteUrl(str(doc.home_page_url), finalUrl);
  const base = homePage ?? finalUrl;
  const items = (doc.items as Record<string, unknown>[])
    .filter((i) => i && typeof i === "object")
    .slice(0, MAX_ITEMS)
    .map((item): FeedItem => {
      const authors = item.authors as { name?: unknown }[] | undefined;
      const id = item.id === undefined || item.id === null ? null : String(item.id);
      // JSON Feed ids are often the permalink: use one when the item has no url.
      const url =
        absoluteUrl(str(item.url), base) ?? absoluteUrl(str(item.external_url), base) ?? (id && /^https?:\/\//i.test(id) ? id : null);
      return {
        id: id ?? url,
        title: htmlToPlainText(str(item.title), 500),
        url,
        published: toIsoDate(str(item.date_published) ?? str(item.date_modified)),
        summary: htmlToPlainText(str(item.summary) ?? str(item.content_text) ?? str(item.content_html)),
        author: str(authors?.[0]?.name) ?? str((item.author as { name?: unknown } | undefined)?.name) ?? feedAuthor,
      };
    });
  return {
    format: "json",
    feed: {
      title: htmlToPlainText(str(doc.title), 500),
      link: homePage,
      description: htmlToPlainText(str(doc.description)),
      feed_url: absoluteUrl(str(doc.feed_url), finalUrl) ?? finalUrl,
    },
    items,
  };
}

/** Media RSS (media:content, also inside media:group), used by video and podcast feeds. */
function mediaContent(node: XmlNode): XmlNode | undefined {
  return (
    child(node, "content", [NS.media]) ??
    (child(node, "group", [NS.media]) && child(child(node, "group", [NS.media])!, "content", [NS.media]))
  );
}

function mediaDescription(node: XmlNode): XmlNode | undefined {
  return (
    child(node, "description", [NS.media]) ??
    (child(node, "group", [NS.media]) && child(child(node, "group", [NS.media])!, "description", [NS.media]))
  );
}
