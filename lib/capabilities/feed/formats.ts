import { isTag, isText } from "domhandler";
import { absoluteUrl, htmlToPlainText, literalText, textToPlainText, TITLE_MARKUP, toIsoDate } from "./normalise";
import {
  attribute,
  baseAt,
  baseIn,
  child,
  children,
  childrenByPreference,
  childrenNamed,
  firstValue,
  isUndeclaredPrefix,
  markup,
  namespacedAttribute,
  NS,
  parseXmlRoot,
  text,
  type XmlNode,
} from "./xml";

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
export function parseFeed(body: string, finalUrl: string, requestedUrl = finalUrl): ParsedFeed | null {
  const parsed = parseAnyFeed(repairCharacterReferences(body), finalUrl);
  if (!parsed) return null;
  // feed_url: the feed's self link, else the URL that was asked for (before any redirect).
  parsed.feed.feed_url ??= requestedUrl;
  // Control characters (a NUL, a backspace, "&#1;": XML forbids them) show nothing: left out.
  const clean = (v: string | null) => (v ? replaceControls(v, "") || null : v);
  const feed = parsed.feed;
  parsed.feed = { ...feed, title: clean(feed.title), description: clean(feed.description) };
  parsed.items = parsed.items.map((i) => ({
    ...i,
    id: clean(i.id),
    title: clean(i.title),
    summary: clean(i.summary),
    // "By Jane Doe", as some CMSs write the byline into the author field: the name.
    author: clean(i.author)?.replace(BY_LEAD, "") || null,
  }));
  return parsed;
}

/**
 * A character beyond the BMP written as the two UTF-16 halves of it, each as its own reference
 * ("&#xD83D;&#xDE00;", "&#55357;&#56832;", as Java's and old PHP's escapers write an emoji; also
 * escaped once more inside escaped HTML): the one character they spell, not two U+FFFD. A
 * reference to NUL or to U+FFFE/U+FFFF (no XML character: "&#0;") shows nothing: left out, as a
 * raw NUL is. Two linear passes, each stopping only at "&".
 */
const SURROGATE_PAIR_REFS =
  /&(amp;)?#(?:[xX]0*([dD][89abAB][0-9a-fA-F]{2})|0*(5[56]\d{3}));&(?:amp;)?#(?:[xX]0*([dD][c-fC-F][0-9a-fA-F]{2})|0*(5[67]\d{3}));/g;
const NO_CHARACTER_REFS = /&(?:amp;)?#(?:[xX](?:0+|0*[fF]{3}[eEfF])|0+|0*6553[45]);/g;
function repairCharacterReferences(text: string): string {
  if (!text.includes("#")) return text;
  return text
    .replace(
      SURROGATE_PAIR_REFS,
      (
        whole: string,
        amp: string | undefined,
        hiHex: string | undefined,
        hiDec: string | undefined,
        loHex: string | undefined,
        loDec: string | undefined,
      ) => {
        const hi = hiHex ? parseInt(hiHex, 16) : Number(hiDec);
        const lo = loHex ? parseInt(loHex, 16) : Number(loDec);
        if (hi < 0xd800 || hi > 0xdbff || lo < 0xdc00 || lo > 0xdfff) return whole;
        return `&${amp ?? ""}#x${((hi - 0xd800) * 0x400 + (lo - 0xdc00) + 0x10000).toString(16)};`;
      },
    )
    .replace(NO_CHARACTER_REFS, "");
}

/** Control characters but tab and line breaks: C0, DEL and C1. */
const CONTROLS = /[^\P{Cc}\t\n\r]/gu;
/** The control characters a JSON string may not hold raw: C0 only (DEL and C1 are allowed, and may be Windows-1252 punctuation). */
const JSON_FORBIDDEN_CONTROLS = /[^\P{Cc}\u007f-\u009f]/gu;
const replaceControls = (text: string, by: string, json = false) => text.replace(json ? JSON_FORBIDDEN_CONTROLS : CONTROLS, by);

function parseAnyFeed(body: string, finalUrl: string): ParsedFeed | null {
  const trimmed = body.replace(/^\uFEFF/, "").trimStart();
  if (trimmed.startsWith("{")) return parseJsonFeed(trimmed, finalUrl);
  const parsed = trimmed.startsWith("<") ? parseXmlFeed(trimmed, finalUrl) : null;
  if (parsed) return parsed;
  // A server warning or stray text printed before the document ("<b>Warning</b>: … <?xml"),
  // but not an HTML page that merely holds a <feed> or RDF metadata somewhere.
  // Not a feed quoted inside a comment or a CDATA section of another document, either.
  const start = trimmed.slice(1).search(FEED_START);
  const before = start >= 0 ? trimmed.slice(0, start + 1) : "";
  if (start >= 0 && !HTML_DOCUMENT.test(before) && !insideSection(before)) return parseXmlFeed(trimmed.slice(start + 1), finalUrl);
  // The same before a JSON Feed ("<b>Notice</b>: … {"version": …").
  const json = trimmed.search(JSON_FEED_START);
  if (json > 0 && !HTML_DOCUMENT.test(trimmed.slice(0, json))) return parseJsonFeed(trimmed.slice(json), finalUrl);
  return null;
}

/** Whether text ends inside a comment or CDATA section that it opened and did not close. */
const insideSection = (text: string) =>
  text.lastIndexOf("<!--") > text.lastIndexOf("-->") || text.lastIndexOf("<![CDATA[") > text.lastIndexOf("]]>");
const FEED_START = /<\?xml|<(?:[\w-]+:)?(?:rss|feed|rdf)\b/i;
/** A JSON Feed's opening at the start of a line (spaces and tabs only before it: a scan from every position of a blank run would be quadratic). */
const JSON_FEED_START = /(?<=^|\n)[ \t]*\{[ \t\r\n]*"(?:version|title|home_page_url|feed_url|items)"[ \t]*:/;
const HTML_DOCUMENT = /<(?:!doctype\s+html|html|head|body)\b/i;

function parseXmlFeed(xml: string, finalUrl: string): ParsedFeed | null {
  const root = parseXmlRoot(xml);
  if (!root) return null;
  const name = root.local.toLowerCase();
  const has = (...locals: string[]) => children(root).some((c) => locals.includes(c.local.toLowerCase()));
  // An <rss> with neither channel, items nor a title is not one ("could not build the <rss> feed").
  if ((name === "rss" && has("channel", "item", "title")) || name === "channel") return parseRss(root, finalUrl);
  // RDF is RSS 0.9/1.0 only with a channel or items (not FOAF, not an image's licence metadata).
  if (name === "rdf" && has("channel", "item")) return parseRss(root, finalUrl);
  // Atom by its namespaces, or by its shape without one or under any other (drafts, a
  // mistyped URI); a <feed> of <product>s is not Atom.
  if (name === "feed" && (root.ns === NS.atom || root.ns === NS.atom03 || has("entry", "title"))) return parseAtom(root, finalUrl);
  return null;
}

const RSS_DATES = ["pubdate", "date", "published", "issued", "created", "updated", "modified"];
const ATOM_DATES = ["published", "issued", "created", "updated", "modified"];
/**
 * A date element's value. Drupal's Views writes an HTML <time> inside it, raw or escaped
 * ("<pubDate><time datetime="2019-05-03T19:21:28Z">Fri, 05/03/2019 - 15:21</time></pubDate>"):
 * its datetime is exact, where its text is the site's local time without a zone.
 */
const TIME_ELEMENT = /^<time\b[^>]*?\sdatetime\s*=\s*(?:"([^"]*)"|'([^']*)')/i;
function dateOf(d: XmlNode): string | null {
  const time = TIME_ELEMENT.exec(markup(d) ?? "");
  return (time && toIsoDate(time[1] ?? time[2])) || toIsoDate(text(d));
}

/** Atom link relations that never point at the entry's own page. */
const NOT_THE_PAGE = new Set([
  "self",
  "enclosure",
  "edit",
  "edit-media",
  "replies",
  "hub",
  "license",
  "via",
  "next",
  "previous",
  "prev",
  "first",
  "last",
  "payment",
  "service.edit",
  "service.post",
]);
/** A link's relation, lower-cased; IANA's IRI form ("http://www.iana.org/assignments/relation/self") is its short name. */
const relOf = (link: XmlNode) =>
  (attribute(link, "rel") ?? "alternate")
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\/www\.iana\.org\/assignments\/relation\//, "") || "alternate";

/**
 * RSS's own elements: no namespace, RSS 1.0/0.9, or any default namespace a feed declares —
 * anything but the extensions, unless the feed made one of them its default namespace
 * (`<rss xmlns="http://www.w3.org/2005/Atom">`).
 */
const EXTENSIONS: string[] = [NS.atom, NS.atom03, NS.dc, NS.dcterms, NS.content, NS.itunes, NS.media, NS.rdf];

function parseRss(root: XmlNode, finalUrl: string): ParsedFeed {
  const rootNs = root.ns;
  const PLAIN = (ns: string) => ns === rootNs || (!EXTENSIONS.includes(ns) && !isUndeclaredPrefix(ns));
  const channel = root.local.toLowerCase() === "channel" ? root : (child(root, "channel") ?? root);
  // RSS's own elements before those of another declared namespace: a Google Merchant
  // `g:title` or any `foo:title` placed first is not the item's title.
  const own = (node: XmlNode, local: string): XmlNode[] => {
    const all = childrenNamed(node, local, PLAIN);
    const isOwn = (c: XmlNode) => c.ns === "" || c.ns === rootNs || c.ns === channel.ns;
    return [...all.filter(isOwn), ...all.filter((c) => !isOwn(c))];
  };
  // Links written with an href are Atom links, whatever their prefix says (an undeclared
  // "atom:" prefix, or none); RSS's own <link> holds its URL as text.
  const hrefLinks = childrenNamed(channel, "link").filter((l) => attribute(l, "href") !== undefined);
  const self = hrefLinks.find((l) => relOf(l) === "self");
  const channelBase = baseAt(channel, finalUrl);
  // An element's own xml:base counts for the URL it holds (<link xml:base="…">p.html</link>).
  const inChannel = (node: XmlNode) => baseIn(node, finalUrl, channelBase);
  const alternate = hrefLinks.find((l) => relOf(l) === "alternate");
  const link =
    firstValue(own(channel, "link"), (l) => absoluteUrl(text(l), inChannel(l))) ??
    (alternate ? absoluteUrl(attribute(alternate, "href"), inChannel(alternate)) : null) ??
    absoluteUrl(attribute(channel, "href"), channelBase);
  // Relative item links resolve against the xml:base in scope, else the channel's own link,
  // else the final URL.
  const itemFallback = link ?? finalUrl;
  const channelAuthors = [child(channel, "author", [NS.itunes]), child(channel, "creator", [NS.dc]), own(channel, "author")[0]];
  const itemNodes = entriesIn(channel, (n) => childrenNamed(n, "item"));
  // RSS 1.0 puts items beside the channel (one by one: a spread of 125,000 overflows).
  if (channel !== root) for (const item of entriesIn(root, (n) => childrenNamed(n, "item"))) itemNodes.push(item);
  const items = itemNodes.slice(0, MAX_ITEMS).map((item): FeedItem => {
    const base = baseIn(item, finalUrl, itemFallback);
    const inItem = (node: XmlNode) => baseIn(node, finalUrl, base);
    const guid = child(item, "guid");
    const guidText = text(guid);
    const permaLink = guid ? attribute(guid, "isPermaLink")?.trim().toLowerCase() : undefined;
    // A guid is the item's URL when it says so (isPermaLink="true", maybe relative, but not a
    // bare word such as "123456" or "xorg": an id mislabelled) or, by default (no attribute, or
    // one that is neither "true" nor "false"), when it looks like an absolute URL or a path ("/posts/1").
    const guidIsLink =
      !!guidText &&
      (permaLink === "true" ? !/^[^\s/.:?#]+$/.test(guidText) : permaLink !== "false" && /^(?:https?:\/\/|\/(?!\/))/i.test(guidText));
    const enclosure = child(item, "enclosure");
    // RSS 1.0 names an item by rdf:about; a bare "about" is RDF's only as a full URL (sloppy feeds).
    const bareAbout = item.el.attribs.about?.trim();
    const about = namespacedAttribute(item, "about", NS.rdf) ?? (bareAbout && /^https?:\/\//i.test(bareAbout) ? bareAbout : undefined);
    const anyTitle = child(item, "title");
    const media = mediaContent(item);
    const itemHrefLinks = childrenNamed(item, "link").filter((l) => attribute(l, "href") !== undefined && !NOT_THE_PAGE.has(relOf(l)));
    const url =
      // FeedBurner's original link, not its redirect through feedproxy.
      firstValue(childrenNamed(item, "origlink"), (l) => absoluteUrl(text(l), inItem(l))) ??
      firstValue(own(item, "link"), (l) => absoluteUrl(text(l), inItem(l))) ??
      firstValue(itemHrefLinks, (l) => absoluteUrl(attribute(l, "href"), inItem(l))) ??
      (guid && guidIsLink ? absoluteUrl(guidText, inItem(guid)) : null) ??
      absoluteUrl(about, base) ??
      (enclosure ? absoluteUrl(attribute(enclosure, "url") ?? attribute(enclosure, "resource"), inItem(enclosure)) : null) ??
      (media ? absoluteUrl(attribute(media, "url"), inItem(media)) : null);
    return {
      id: guidText ?? url ?? about?.trim() ?? null,
      // Then the episode's iTunes title, and Media RSS's. A media:content's title names the
      // item only when it has no title element at all: beside an empty <title> (an untitled
      // post) WordPress.com's first media:content is the author's avatar.
      title: firstValue([...own(item, "title"), child(item, "title", [NS.itunes]), anyTitle, mediaTitle(item, !anyTitle)], (t) =>
        textToPlainText(markup(t), 500, TITLE_MARKUP),
      ),
      url,
      published: firstValue(childrenByPreference(item, RSS_DATES), dateOf),
      // The first that has text: a description that is only a tracking pixel, or only a
      // "Read more" link, says nothing.
      summary:
        firstValue(
          [
            ...own(item, "description"),
            child(item, "encoded", [NS.content]),
            // A <content> of its own (not content:encoded), as some hand-made feeds write it.
            ...own(item, "content"),
            child(item, "description", [NS.dc]),
            child(item, "summary", [NS.itunes]),
            mediaDescription(item),
            child(item, "subtitle", [NS.itunes]),
          ],
          (d) => notOnlyReadMore(htmlToPlainText(markup(d))),
        ) ??
        // Atom's summary or content inside an RSS item (.NET's SyndicationFeed writes a10:content).
        firstValue([child(item, "summary", [NS.atom]), child(item, "content", [NS.atom])], (d) => atomText(d)) ??
        // An XHTML body inside the item (feedparser reads it as the content).
        firstValue([child(item, "body", [NS.xhtml])], (d) => xhtmlText(d)),
      author: authorOf([
        ...childrenNamed(item, "author").slice(0, MAX_FEED_AUTHORS),
        ...childrenNamed(item, "creator", [NS.dc, NS.dcterms]).slice(0, MAX_FEED_AUTHORS),
        ...channelAuthors,
      ]),
    };
  });
  return {
    format: "rss2",
    feed: {
      title: firstValue([...own(channel, "title"), child(channel, "title")], (t) => textToPlainText(text(t), 500, TITLE_MARKUP)),
      link,
      description: firstValue(
        [
          ...own(channel, "description"),
          child(channel, "summary", [NS.itunes]),
          child(channel, "subtitle", [NS.itunes]),
          child(channel, "description"),
        ],
        (d) => htmlToPlainText(markup(d)),
      ),
      feed_url: selfLink(self ? absoluteUrl(attribute(self, "href"), inChannel(self)) : null, link, finalUrl),
    },
    items,
  };
}

function parseAtom(root: XmlNode, finalUrl: string): ParsedFeed {
  // Atom's own elements, in the document's Atom namespace: an extension element placed first
  // (media:title, itunes:summary) is not the entry's title or summary.
  const A = [root.ns];
  const links = (node: XmlNode) => childrenNamed(node, "link", A);
  /**
   * The link with a relation, else (for "alternate") the first link that can be the page;
   * among several alternates (one per type), the HTML one.
   */
  const linkOf = (node: XmlNode, rel: string, fallback: string) => {
    const all = links(node);
    const withRel = all.filter((l) => relOf(l) === rel);
    const html = (l: XmlNode) => /^(?:text\/html|application\/xhtml\+xml)?(?:\s*;.*)?$/i.test((attribute(l, "type") ?? "").trim());
    // In order of preference, the first that gives an http(s) URL: an alternate without an
    // href, or with a mailto: one, gives way to the next.
    const candidates = [
      ...withRel.filter(html),
      ...withRel.filter((l) => !html(l)),
      ...(rel === "alternate" ? all.filter((l) => relOf(l) !== rel && !NOT_THE_PAGE.has(relOf(l))) : []),
    ];
    return firstValue(candidates, (l) => {
      const href = attribute(l, "href");
      const base = baseIn(l, finalUrl, fallback);
      // A link that writes its URL as text (seen) is read too.
      if (href === undefined) return absoluteUrl(text(l), base);
      if (href.trim() !== "") return absoluteUrl(href, base);
      // An empty href is the base itself: in an entry, only a base the entry declares (on the
      // link or the entry) names its page; the feed's base, or the URL fetched, is the feed's
      // (WordPress's wp-atom.php writes href="" for a link post without its link).
      return node === root || declaresBase(l, node) ? absoluteUrl(base, base) : null;
    });
  };
  const feedLink = linkOf(root, "alternate", finalUrl);
  // The feed's own authors, found once for every entry (at most a few: no feed names thousands).
  const feedAuthors = [
    ...childrenNamed(root, "author", A),
    ...childrenNamed(root, "creator", [NS.dc]),
    ...childrenNamed(root, "author", [NS.itunes]),
  ].slice(0, MAX_FEED_AUTHORS);
  const itemFallback = feedLink ?? finalUrl;
  const items = entriesIn(root, (n) => childrenNamed(n, "entry", A))
    .slice(0, MAX_ITEMS)
    .map((entry): FeedItem => {
      const id = text(child(entry, "id", A));
      const content = child(entry, "content", A);
      const source = child(entry, "source", A);
      const url =
        // FeedBurner's original link, not its redirect through feedproxy (as for RSS).
        firstValue(childrenNamed(entry, "origlink"), (l) => absoluteUrl(text(l), baseIn(l, finalUrl, itemFallback))) ??
        linkOf(entry, "alternate", itemFallback) ??
        (content && attribute(content, "src") ? absoluteUrl(attribute(content, "src"), baseIn(content, finalUrl, itemFallback)) : null) ??
        (id && /^https?:\/\//i.test(id) ? id : null);
      return {
        id: id ?? url,
        title: atomTitle(child(entry, "title", A)) ?? textToPlainText(text(mediaTitle(entry)), 500, TITLE_MARKUP),
        url,
        published: firstValue(
          [...childrenByPreference(entry, ATOM_DATES, A), ...childrenByPreference(entry, ["date", ...ATOM_DATES])],
          dateOf,
        ),
        // A summary that is only "Read more" gives way to the content, as in RSS.
        summary: firstValue([child(entry, "summary", A), content, mediaDescription(entry)], (d) => notOnlyReadMore(atomText(d))),
        // The entry's authors (Atom's, else Dublin Core's or iTunes'), else those of the feed it
        // was copied from (atom:source), else the feed's.
        author: authorOf([
          ...childrenNamed(entry, "author", A),
          ...childrenNamed(entry, "creator", [NS.dc, NS.dcterms]),
          ...childrenNamed(entry, "author", [NS.itunes]),
          ...(source ? childrenNamed(source, "author", A) : []),
          ...feedAuthors,
        ]),
      };
    });
  return {
    format: "atom",
    feed: {
      title: atomTitle(child(root, "title", A)),
      link: feedLink,
      description: atomText(child(root, ["subtitle", "tagline"], A)),
      feed_url: selfLink(linkOf(root, "self", finalUrl), feedLink, finalUrl),
    },
    items,
  };
}

/**
 * A feed's items (entries) in document order, at most MAX_ITEMS, with those nested in an item
 * left unclosed ("<item>…<item>…": each opens inside the one before, as a lenient parser reads
 * it). An item's own fields are its direct children, so the nesting does not mix them.
 */
function entriesIn(parent: XmlNode, itemsOf: (node: XmlNode) => XmlNode[]): XmlNode[] {
  const found: XmlNode[] = [];
  const pending = [...itemsOf(parent)].reverse();
  while (pending.length && found.length < MAX_ITEMS) {
    const item = pending.pop()!;
    found.push(item);
    const nested = itemsOf(item);
    for (let i = nested.length - 1; i >= 0; i--) if (!isEmptyElement(nested[i]!)) pending.push(nested[i]!);
  }
  return found;
}

/** An element with no attributes, no child elements and no text: a stray `<item />` inside an item is none. */
const isEmptyElement = (node: XmlNode) =>
  Object.keys(node.el.attribs).length === 0 && node.el.children.every((c) => isText(c) && !c.data.trim());

/**
 * A description that is only a link onwards: "Read more", or Medium's "Continue reading on
 * Medium »" (on a publication's name, or on nothing when the name is lost): after "on" or "at",
 * a name of a few words, none in lower case ("on The Startup"), not a phrase ("on how we built it").
 */
const ONLY_READ_MORE =
  /^(?:(?:read more|continue reading|read the rest|read full (?:article|story))(?:\s+(?:on|at)(?:\s+[^\s.!?]+){0,6})?|more|weiterlesen|lire la suite|leer más|leia mais)\W{0,4}$/i;
/** The words after "on" or "at" in such a link. */
const READ_MORE_PLACE = /^(?:read more|continue reading|read the rest|read full (?:article|story))\s+(?:on|at)\s+(.*)$/i;
const notOnlyReadMore = (summary: string | null) => {
  if (!summary || !ONLY_READ_MORE.test(summary)) return summary;
  const place = READ_MORE_PLACE.exec(summary)?.[1] ?? "";
  return place.split(/\s+/).some((w) => /^\p{Ll}/u.test(w)) ? summary : null;
};

/**
 * A self link that is the site's page (a publisher's slip: "self" pointing at the home page)
 * names no feed; one whose path says feed is the feed, even when the site link repeats it
 * (Reddit's `/.rss` as both).
 */
function selfLink(self: string | null, siteLink: string | null, finalUrl: string): string | null {
  return self && self === siteLink && self !== finalUrl && !FEED_LIKE_PATH.test(new URL(self).pathname) ? null : self;
}
const FEED_LIKE_PATH = /(?:rss|atom|feed|rdf|xml|json)(?:[./]|$)/i;

/** Whether an xml:base is declared on `node` or on an element between it and `upTo` (inclusive). */
function declaresBase(node: XmlNode, upTo: XmlNode): boolean {
  for (let n: XmlNode | undefined = node; n; n = n.parent) {
    if (n.el.attribs["xml:base"]?.trim()) return true;
    if (n === upTo) return false;
  }
  return false;
}

/** An Atom title: at most 500 characters, read as a title is (see TITLE_MARKUP). */
const atomTitle = (node: XmlNode | undefined) => atomText(node, 500, true);

/** Atom text constructs: text, html (escaped) and xhtml (inline markup) all become plain text. */
function atomText(node: XmlNode | undefined, max?: number, title = false): string | null {
  if (!node) return null;
  const type = (attribute(node, "type") ?? "text").toLowerCase();
  const titleMarkup = title ? TITLE_MARKUP : undefined;
  if (type === "xhtml" || type === "application/xhtml+xml") return xhtmlText(node, max);
  // Atom 0.3 could carry content in base64.
  if ((attribute(node, "mode") ?? "").toLowerCase() === "base64") {
    const raw = text(node);
    const decoded = raw ? Buffer.from(raw.replace(/\s+/g, ""), "base64").toString("utf8") : null;
    return /html/.test(type) ? htmlToPlainText(decoded, max, titleMarkup) : textToPlainText(decoded, max, titleMarkup);
  }
  // markup(): HTML left unescaped inside the element (invalid, but seen) keeps its blocks apart.
  // A title's HTML is read again (escaped once more than its type says) only when it plainly
  // holds markup, as any title: "Using &lt;br&gt; in posts" names the element.
  if (type === "html" || type === "text/html") return htmlToPlainText(markup(node), max, titleMarkup);
  // Any other media type that is not text or XML is base64 (RFC 4287 §4.1.3.3): an image or
  // a file, not words to show.
  if (type.includes("/") && !type.startsWith("text/") && !/[/+]xml\b/.test(type)) return null;
  // A title declared text is literal ("Why </div> matters"), unless the publisher put
  // elements in it. Summaries declared text that hold escaped HTML are read as HTML: shown
  // as written, their tags would be noise, and publishers mislabel them often.
  if (title && attribute(node, "type") !== undefined && type === "text" && !node.el.children.some(isTag))
    return literalText(text(node), max);
  return textToPlainText(markup(node), max, titleMarkup);
}

/**
 * Inline XHTML: its text as it reads, blocks apart ("<p>One</p><p>Two</p>" is "One Two"), whatever
 * prefix it uses. Read as the HTML it is, not flattened first: text such as "&lt;/li&gt;" inside
 * its `<code>` is what the author wrote, not markup escaped once more.
 */
function xhtmlText(node: XmlNode, max?: number): string | null {
  const html = markup(node)?.replace(/<(\/?)[\w.-]+:(?=[\w.-])/g, "<$1");
  return html ? htmlToPlainText(html, max) : null;
}

/** A byline's lead before a name ("By Jane Doe", "by: Jane"). */
const BY_LEAD = /^by:?\s+(?=\S)/i;

/**
 * The first candidate that names a person, in order; only when none does, the first bare
 * address ("taverncast@…" gives way to the show's "Taverncast" in itunes:author).
 */
function authorOf(candidates: (XmlNode | undefined)[]): string | null {
  return (
    firstValue(candidates, (n) => {
      const name = knownPersonName(n);
      return name && !BARE_ADDRESS.test(name) ? name : null;
    }) ?? firstValue(candidates, knownPersonName)
  );
}
/** Authors of one item or of the feed that are considered at most. */
const MAX_FEED_AUTHORS = 20;

/** personName, once per element: a channel's authors are candidates for every item. */
const personNames = new WeakMap<object, string | null>();
function knownPersonName(node: XmlNode): string | null {
  let name = personNames.get(node.el);
  if (name === undefined) personNames.set(node.el, (name = personName(node)));
  return name;
}
const BARE_ADDRESS = /^[^\s@]+@[^\s@]+$/;

/** An Atom person's (or an RSS 0.3-era person's) parts: an element holding one of them is a person construct. */
const PERSON_PARTS = ["name", "email", "uri", "url", "homepage"];

/**
 * A person: `<author><name>…` (Atom, else its email), `<author>email (Name)</author>` and
 * `Name <email>` (RSS), or plain text; entities decoded.
 */
function personName(node: XmlNode): string | null {
  const name = text(child(node, "name"));
  // Without a person's parts, markup in the element is its text ("<author><p>Editor</p></author>",
  // a dc:creator written as a link).
  const hasElements = node.el.children.some(isTag);
  const construct = hasElements && child(node, PERSON_PARTS) !== undefined;
  const whole = construct ? text(child(node, "email")) : hasElements ? htmlToPlainText(markup(node), 512) : text(node);
  const raw = (name ?? whole)?.replace(/^mailto:/i, "");
  if (!raw) return null;
  // The two patterns only on name-sized text: on 160 KB of "@" they take seconds.
  const short = raw.length <= 512;
  // "email (Name)" (RSS), "Name (email)", "Name <email>": the name, whatever side it is on.
  // The address's classes exclude "(": one way to split, so no backtracking on "a@((((…".
  const paren = short ? /^[^\s@()]+@[^\s()]+\s*\((.+)\)$/.exec(raw) : null;
  const nameFirst = short ? /^(.+?)\s*[(<]\s*[^()<>\s]+@[^()<>\s]+\s*[)>]$/.exec(raw) : null;
  // A bare "<jane@example.com>" is the address; a mailbox's display name loses its quotes
  // ("\"Doe, John\" <john@example.com>", as mail archives write it).
  const bracketed = short ? /^<\s*([^\s<>@]+@[^\s<>@]+)\s*>$/.exec(raw) : null;
  const display = (paren?.[1] ?? nameFirst?.[1])?.replace(/^(["'])(.+)\1$/, "$2");
  const person = textToPlainText(display ?? bracketed?.[1] ?? raw, 200);
  // Blogger names a hidden profile "Unknown" ("noreply@blogger.com (Unknown)" in RSS).
  return person && /^unknown$/i.test(person) ? null : person;
}

interface JsonFeedDoc {
  version?: unknown;
  title?: unknown;
  home_page_url?: unknown;
  feed_url?: unknown;
  description?: unknown;
  author?: unknown;
  authors?: unknown;
  items?: unknown;
}

function parseJsonFeed(body: string, finalUrl: string): ParsedFeed | null {
  let doc: JsonFeedDoc;
  try {
    doc = JSON.parse(body) as JsonFeedDoc;
  } catch {
    // Line breaks and tabs written raw inside strings (hand-made JSON): spaces, as they read.
    // A comma left before a closing brace or bracket (a template's loop that writes one after
    // every item, the last too): left out.
    const repaired = withoutTrailingCommas(replaceControls(body, " ", true));
    const wasRepaired = repaired !== body;
    body = repaired;
    // Text printed after the document (a PHP warning, a cache plugin's "<!-- … -->"): the
    // object that opens the body, up to its closing brace.
    const end = jsonObjectEnd(body);
    // A body cut off before its object closes (a server that stopped mid-stream): its values
    // up to the last one whole, the brackets still open closed, as a cut XML feed reads.
    const text = end < 0 ? closedAfterLastWholeValue(body) : end === body.length && !wasRepaired ? null : body.slice(0, end);
    if (text === null) return null;
    try {
      doc = JSON.parse(text) as JsonFeedDoc;
    } catch {
      return null;
    }
  }
  if (!doc || typeof doc !== "object" || Array.isArray(doc)) return null;
  // With its version URL it is a feed, even before its first item. Without, only if it looks
  // like one: a title, and items beside JSON Feed's own keys (home_page_url, feed_url), or
  // items with its own fields (content or a publication date) or shaped as posts (a url with
  // a title or summary); not any API's list of objects with ids.
  const versioned = typeof doc.version === "string" && /jsonfeed\.org\/version\/1/i.test(doc.version);
  const feedLike = (i: unknown) => {
    if (!i || typeof i !== "object") return false;
    const item = i as Record<string, unknown>;
    if (["content_html", "content_text", "date_published"].some((k) => k in item)) return true;
    return typeof item.url === "string" && (typeof item.title === "string" || typeof item.summary === "string");
  };
  const ownKeys = typeof doc.home_page_url === "string" || typeof doc.feed_url === "string";
  const isJsonFeed = versioned || (typeof doc.title === "string" && Array.isArray(doc.items) && (ownKeys || doc.items.some(feedLike)));
  if (!isJsonFeed) return null;

  const str = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : null);
  // A date written as a number (epoch seconds or milliseconds, as some generators do) reads as
  // its whole digits would (a fraction of a second, 1709600000.5, is dropped).
  const jsonDate = (v: unknown) => toIsoDate(typeof v === "number" && Number.isFinite(v) ? String(Math.trunc(v)) : str(v));
  const feedAuthor = jsonAuthor(doc.authors, doc.author);
  const homePage = absoluteUrl(str(doc.home_page_url), finalUrl);
  const base = homePage ?? finalUrl;
  const items = ((Array.isArray(doc.items) ? doc.items : []) as Record<string, unknown>[])
    .filter((i) => i && typeof i === "object")
    .slice(0, MAX_ITEMS)
    .map((item): FeedItem => {
      // Strings and numbers only: String() of an array nested 10,000 deep overflows the stack.
      const id = typeof item.id === "number" ? String(item.id) : str(item.id);
      // JSON Feed ids are often the permalink: use one when the item has no url.
      const url =
        absoluteUrl(str(item.url), base) ?? absoluteUrl(str(item.external_url), base) ?? (id && /^https?:\/\//i.test(id) ? id : null);
      return {
        id: id ?? url,
        title: textToPlainText(str(item.title), 500, TITLE_MARKUP),
        url,
        // The first that reads as a date: a garbled date_published beside a good date_modified.
        published: jsonDate(item.date_published) ?? jsonDate(item.date_modified),
        // A summary that is only "Read more" gives way, as in RSS and Atom.
        summary:
          notOnlyReadMore(textToPlainText(str(item.summary))) ??
          textToPlainText(str(item.content_text)) ??
          htmlToPlainText(str(item.content_html)),
        author: jsonAuthor(item.authors, item.author) ?? feedAuthor,
      };
    });
  return {
    format: "json",
    feed: {
      title: textToPlainText(str(doc.title), 500, TITLE_MARKUP),
      link: homePage,
      description: htmlToPlainText(str(doc.description)),
      feed_url: absoluteUrl(str(doc.feed_url), finalUrl),
    },
    items,
  };
}

/**
 * The positions of a JSON text's structural characters, in order: each character outside
 * strings (a string's escapes skipped) is given to `visit`, which stops the scan by returning
 * false. One pass.
 */
function scanJson(text: string, visit: (at: number, c: number) => boolean | void): void {
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (visit(i, c) === false) return;
  }
}

/** JSON with each comma that only a closing brace or bracket follows (white space between) left out. */
function withoutTrailingCommas(text: string): string {
  let out = "";
  let from = 0;
  scanJson(text, (i, c) => {
    if (c !== 0x2c) return;
    let j = i + 1;
    while (j < text.length && /\s/.test(text[j]!)) j++;
    if (text[j] === "}" || text[j] === "]") {
      out += text.slice(from, i);
      from = i + 1;
    }
  });
  return from === 0 ? text : out + text.slice(from);
}

/** Where the JSON object or array that opens the text ends, or -1. */
function jsonObjectEnd(text: string): number {
  let depth = 0;
  let end = -1;
  scanJson(text, (i, c) => {
    if (c === 0x7b || c === 0x5b) depth++;
    else if ((c === 0x7d || c === 0x5d) && --depth === 0) {
      end = i + 1;
      return false;
    }
  });
  return end;
}

/**
 * A JSON text whose opening object never closes, cut after the last object or array it
 * closed and ended with the brackets then open; null when it closed none. One pass.
 */
function closedAfterLastWholeValue(text: string): string | null {
  const open: number[] = [];
  let cut = -1;
  let depthAtCut = 0;
  scanJson(text, (i, c) => {
    if (c === 0x7b || c === 0x5b) open.push(c);
    else if (c === 0x7d || c === 0x5d) {
      open.pop();
      if (open.length > 0) {
        cut = i + 1;
        depthAtCut = open.length;
      }
    }
  });
  if (cut < 0) return null;
  let closers = "";
  for (let d = depthAtCut - 1; d >= 0; d--) closers += open[d] === 0x7b ? "}" : "]";
  return text.slice(0, cut) + closers;
}

/** JSON Feed 1.1 `authors[]` (the first with a name), else 1.0 `author` (an object, or a bare name in the wild). */
function jsonAuthor(authors: unknown, author: unknown): string | null {
  const nameOf = (a: unknown): string | null => {
    const name = typeof a === "string" ? a : a && typeof a === "object" ? (a as { name?: unknown }).name : null;
    return typeof name === "string" && name.trim() ? textToPlainText(name.trim(), 200) : null;
  };
  // `authors` written as one object instead of a list of them is read too.
  for (const a of [...(Array.isArray(authors) ? authors : [authors]), author]) {
    const name = nameOf(a);
    if (name) return name;
  }
  return null;
}

/** Media RSS (media:content, also inside media:group), used by video and podcast feeds. */
function mediaContent(node: XmlNode): XmlNode | undefined {
  return (
    child(node, "content", [NS.media]) ??
    (child(node, "group", [NS.media]) && child(child(node, "group", [NS.media])!, "content", [NS.media]))
  );
}

function mediaDescription(node: XmlNode): XmlNode | undefined {
  return mediaElement(node, "description");
}

/** Media RSS's title, the fallback of items that have none of their own (video and podcast feeds). */
function mediaTitle(node: XmlNode, inContent = true): XmlNode | undefined {
  return mediaElement(node, "title", inContent);
}

/** A Media RSS element on the item, else in its media:group, else (unless told not to) in its media:content. */
function mediaElement(node: XmlNode, local: string, inContent = true): XmlNode | undefined {
  const group = child(node, "group", [NS.media]);
  const content = inContent ? mediaContent(node) : undefined;
  return child(node, local, [NS.media]) ?? (group && child(group, local, [NS.media])) ?? (content && child(content, local, [NS.media]));
}
