import type { Element } from "domhandler";
import { getDomain, getDomainWithoutSuffix } from "tldts";
import {
  boundedText,
  closestElement,
  collapse,
  elements,
  findFirst,
  hasBlockChild,
  inlineTextOf,
  textOf,
  tokens,
  textWords,
  lettersAndDigits,
  lowerWords,
  wordLine,
} from "../../html/dom";
import { readJsonLd, schemaTypes } from "../../html/json-ld";
import { type ParsedPage, parseHtml } from "../../html/parse";
import { resolveUrl } from "../../html/urls";

export interface PageMetadata {
  title: string | null;
  byline: string | null;
  description: string | null;
  canonical_url: string | null;
}

/**
 * Separators between a title's parts: "Article | Site", "Site – Article", "A • B", "A / B", the
 * other choices Yoast offers ("⋆ ~ « < > *"), and, unspaced, "|", the full-width "｜", an
 * underscore between Chinese or Japanese words ("新闻_新浪网"), a hyphen or two after such a word
 * ("新闻标题-新华网", see CJK_HYPHEN), and the " [" that opens a last bracketed part (DokuWiki's
 * "page [Wiki name]").
 */
const SEPARATORS =
  /\s+(?:[|\-–—·•»›/:⋆~«<>*]|::)\s+|[|｜]|(?<=[\u0080-\uFFFF])_(?=[\u0080-\uFFFF])|(?<=[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uff01-\uff60])-{1,2}(?=[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff])|\s+\[(?=[^[\]]+\]$)/g;
/** Separators after which a short last part is, by custom, the site's name (not "/": "TCP / IP Explained"). */
const SUFFIX_SEPARATOR = /^\s+(?:[|\-–—·•»›⋆~«<>*]|::)\s+$|^[|｜_]$/;
/**
 * A hyphen or two between Chinese or Japanese words ("新闻标题-新华网", "标题--时政--人民网"): a
 * separator, but one that names the site only at the end ("東京-大阪間の新幹線" is a route).
 */
const CJK_HYPHEN = /^-{1,2}$/;

/** Title (without the " | Site" suffix), byline, description and absolute canonical URL. */
export function pageMetadata(parsed: ParsedPage): PageMetadata {
  const meta = new Map<string, string>();
  let titleTag: string | null = null;
  let h1: string | null = null;
  let logo: string | null = null;
  let canonical: string | null = null;
  const scripts: Element[] = [];
  const authors: string[] = [];
  let authorParent: Element["parent"] = null;
  // At most a few, each once: a byline names a few people, not a staff page.
  const addAuthor = (name: string | null) => {
    if (name && name.length <= 100 && authors.length < MAX_AUTHORS && !authors.includes(name)) authors.push(name);
  };
  const authorMetas = new Map<string, string[]>();
  // Names in elements classed as bylines: one only when they all agree (a listing's or a
  // thread's bylines name many people, none of them the page's author).
  const classBylines = new Set<string>();
  // A <template>'s content is inert: not on the page until a script stamps it out.
  for (const el of elements(parsed.doc, (e) => e.name === "template")) {
    if (el.name === "meta") {
      // Named metas only: an itemprop meta belongs to whatever item it sits in (a review, an
      // embedded video), not to the page.
      const key = (el.attribs.property || el.attribs.name || "").toLowerCase();
      const content = collapse(el.attribs.content ?? "");
      if (key && content && !meta.has(key)) meta.set(key, content);
      // Several authors are written as several metas.
      if (content && AUTHOR_METAS.has(key)) {
        const list = authorMetas.get(key);
        if (!list) authorMetas.set(key, [content]);
        else if (list.length < MAX_AUTHORS) list.push(content);
      }
      // A microdata author that is only a meta: <meta itemprop="author" content="…">.
      if (content && !key && tokens(el, "itemprop").includes("author") && isAuthorElement(el)) addAuthor(personName(content));
    } else if (el.name === "title" && titleTag === null && !closestElement(el, (a) => a.name === "svg")) titleTag = textOf(el) || null;
    else if (el.name === "h1" && h1 === null) {
      // A logo heading names the site, not the page.
      if (isLogoHeading(el, parsed.baseUrl)) logo ??= headingText(el) || null;
      else h1 = headingText(el) || null;
    } else if (el.name === "link" && canonical === null && tokens(el, "rel").includes("canonical") && el.attribs.href) {
      canonical = resolveUrl(el.attribs.href, parsed.baseUrl);
    } else if (el.name === "script") scripts.push(el);
    else if (
      authors.length < MAX_AUTHORS &&
      el.name !== "meta" &&
      // Further authors only beside the first, in one byline ("by A and B"): elsewhere on the
      // page they are the authors of answers, comments or listed books.
      (authorParent === null || el.parent === authorParent) &&
      isAuthorElement(el)
    ) {
      authorParent ??= el.parent;
      // A Person in microdata names itself in its own itemprop=name (text, or a content attribute).
      const name = findFirst(el, (c) => tokens(c, "itemprop").includes("name"));
      // Its text as a byline reads, "Von Hans Becker" as "Hans Becker".
      addAuthor(personName(name ? (name.attribs.content ?? inlineTextOf(name)) : withoutBylineLead(collapse(inlineTextOf(el)))));
    } else if (classBylines.size < 2 && isBylineClassed(el)) {
      const name = classByline(el);
      if (name) classBylines.add(name);
    }
  }
  const authorElement = authors.length ? joinNames(authors) : null;
  const siteName = meta.get("og:site_name") ?? null;
  const finalUrl = URL.canParse(parsed.page.finalUrl) ? new URL(parsed.page.finalUrl) : null;
  const host = finalUrl?.hostname ?? "";
  // An og:title that is only the site's name names no page ("Logitech" on a product page).
  const socialTitle = meta.get("og:title") ?? meta.get("twitter:title");
  const ogTitle =
    socialTitle && titleTag && (loose(socialTitle) === loose(siteName ?? "") || loose(socialTitle) === hostLabel(host))
      ? undefined
      : socialTitle;
  const rawTitle = ogTitle ?? titleTag ?? h1;
  // In order of trust, each read only when those before it name no one (the JSON-LD is parsed
  // only then); one that is the site's own name is kept back for when no one else is named.
  const metaAuthors = (key: string) => {
    const names = (authorMetas.get(key) ?? [])
      .map((n) => (INVERTED_NAME_METAS.has(key) ? uninverted(n) : n))
      .map(personName)
      .filter((n): n is string => n !== null);
    return names.length ? joinNames([...new Set(names)]) : undefined;
  };
  const bylines = [
    () => metaAuthors("author"),
    () => metaAuthors("article:author"),
    () => meta.get("byl"),
    () => metaAuthors("parsely-author"),
    () => metaAuthors("citation_author"),
    () => jsonLdAuthor(scripts),
    () => metaAuthors("dc.creator") ?? metaAuthors("dcterms.creator") ?? metaAuthors("dc.creator.personalname"),
  ];
  // Names in the page's markup, read only when no meta and no JSON-LD names anyone.
  const markupBylines = [() => authorElement, () => (classBylines.size === 1 ? [...classBylines][0] : undefined)];
  // Not when the page's heading shows the same reference as text: the site meant it ("&nbsp; vs &#160;").
  const title = rawTitle ? readOnceMore(rawTitle, h1) : null;
  const cleaned = title
    ? cleanTitle(title, siteName, h1, { fromTitleTag: !ogTitle && rawTitle === titleTag, host, logo, root: finalUrl?.pathname === "/" })
    : null;
  // A site-wide author that is the site's own name gives way to a person a later meta or the
  // JSON-LD names, not to a link's text: on a personal site named for its author
  // (martinfowler.com), "Martin Fowler" in the meta is the site's name and the author's.
  const siteKeys = [loose(siteName ?? ""), hostLabel(host)].filter((k) => k.length >= 3);
  const isSiteName = (name: string) => siteKeys.includes(loose(name));
  const byline = firstName(bylines, isSiteName) ?? firstName(markupBylines, isSiteName);
  const description = meta.get("description") ?? meta.get("og:description") ?? meta.get("twitter:description") ?? null;
  return {
    title: cleaned,
    byline: byline ? readOnceMore(byline) : null,
    description: description ? unwrapped(readOnceMore(description)) : null,
    canonical_url: canonical ?? headerCanonical(parsed.page.headers?.link, parsed.page.finalUrl),
  };
}

/**
 * The page's author in markup: a `rel=author` link or an `itemprop=author` element, but not
 * one in navigation or an aside ("Our authors"), nor the author of a review or a comment.
 */
function isAuthorElement(el: Element): boolean {
  if (!tokens(el, "rel").includes("author") && !tokens(el, "itemprop").includes("author")) return false;
  // An <address> is its article's contact by HTML's definition: the Guardian's byline sits in
  // one in the meta column, an <aside>.
  const inAddress = !!closestElement(el, (a) => a.name === "address");
  return !closestElement(el, (a) => notThePagesAuthor(a) && !(inAddress && a.name === "aside"));
}

/**
 * A byline named only by its class ("byline", "author-name", "wp-block-post-author__name",
 * "c-byline__author"): the container of the name, not an author's box ("author-bio",
 * "author-avatar") nor a list of bylines with dates ("bylines").
 */
const BYLINE_CLASS = /^(?:[\w-]*[-_])?(?:byline|author)(?:[-_]+(?:name|link|author))?$/i;
/** Someone else's name: a quotation's, a testimonial's, a book's, a comment's or a review's author. */
const OTHER_AUTHOR_CLASS =
  /^(?:[\w-]*[-_])?(?:quote|blockquote|testimonial|book|comment|review|reply|product|recipe|photo|image|video)[-_]+author/i;
/**
 * What goes before a name in a byline: "By", "Posted by:", "Written by", and the same word in
 * German, French, Spanish and Dutch ("Von", "Par", "Por", "Door").
 */
const BYLINE_LEAD = /^(?:(?:(?:posted|written|words|story|text)\s+)?by|von|par|por|door):?(?:\s+|$)/i;

/**
 * A byline's lead dropped ("By Jane", "Posted by: Jane", "Von Hans Becker"). "Von", "Par",
 * "Por" and "Door" are also the start of names ("Von Miller"): dropped only before a name of two
 * capitalised words or more.
 */
function withoutBylineLead(text: string): string {
  const lead = BYLINE_LEAD.exec(text);
  if (!lead) return text;
  const rest = text.slice(lead[0].length);
  return /^(?:von|par|por|door)\b/i.test(lead[0]) && !/^\p{Lu}\S*\s+\p{Lu}/u.test(rest) ? text : rest;
}
/** Words in a class-named byline at most: a name or two ("Jane Doe and John Roe"). */
const CLASS_BYLINE_WORDS = 6;

/** A byline is a line: more nodes or characters than this under one are an author's card or a page. */
const BYLINE_MAX_NODES = 60;
const BYLINE_MAX_CHARACTERS = 300;

/** Whether an element is small enough to be a byline, stopping at the bound (nested "author" boxes around a page would otherwise each read it all). */
function isLineSized(el: Element): boolean {
  return boundedText(el, BYLINE_MAX_NODES, BYLINE_MAX_CHARACTERS) !== null;
}

function isBylineClassed(el: Element): boolean {
  const classes = el.attribs.class;
  // Most classes name no byline nor author: one test of the whole attribute before splitting it.
  return (
    !!classes && /byline|author/i.test(classes) && tokens(el, "class").some((c) => BYLINE_CLASS.test(c) && !OTHER_AUTHOR_CLASS.test(c))
  );
}

/** The name in an element named a byline by its class, when its text is a short name (no date, no sentence). */
function classByline(el: Element): string | null {
  // A box of blocks is an author's card or a page, not a line naming someone.
  if (hasBlockChild(el) || !isLineSized(el) || notThePagesAuthor(el) || closestElement(el, notThePagesAuthor)) return null;
  const text = withoutBylineLead(collapse(inlineTextOf(el)));
  if (!text || /\d/.test(text) || textWords(text) > CLASS_BYLINE_WORDS) return null;
  return personName(text);
}

/** Ancestors judged once each: a page may hold thousands of author links under one box. */
const judgedAncestors = new WeakMap<Element, boolean>();
function notThePagesAuthor(a: Element): boolean {
  let known = judgedAncestors.get(a);
  if (known === undefined) {
    // A post's taxonomy classes ("category-reviews", "tag-comments") name its subject, not a review.
    const classes = (a.attribs.class ?? "")
      .split(/\s+/)
      .filter((c) => !/^(?:category|tag|post_tag|tags|topic)-/i.test(c))
      .join(" ");
    known =
      ["nav", "aside", "footer"].includes(a.name) ||
      /review|comment/i.test(`${a.attribs.itemprop ?? ""} ${a.attribs.itemtype ?? ""} ${classes}`);
    judgedAncestors.set(a, known);
  }
  return known;
}

/** Authors listed at most: a byline names a few people, not a staff page. */
const MAX_AUTHORS = 5;
const AUTHOR_METAS = new Set([
  "author",
  "article:author",
  "parsely-author",
  // Scholarly pages (Google Scholar's, Highwire Press's) and Dublin Core, often "Last, First".
  "citation_author",
  "dc.creator",
  "dcterms.creator",
  "dc.creator.personalname",
]);
const INVERTED_NAME_METAS = new Set(["citation_author", "dc.creator", "dcterms.creator", "dc.creator.personalname"]);

/** A suffix or a company's form after a comma, not a given name: "King, Jr.", "Acme, Inc.", "Acme, S.A.". */
const NAME_SUFFIX =
  /^(?:jr|sr|ii|iii|iv|phd|ph\.d|md|m\.d|inc|ltd|llc|gmbh|co|corp|plc|sa|s\.a|ag|a\.g|bv|b\.v|nv|n\.v|srl|s\.r\.l|oy|ab|as|spa|s\.p\.a)\.?$/i;
/**
 * An organisation's name before a comma ("University of California, Berkeley", "World Health
 * Organization, Geneva"): a function word in lower case or a word that names an institution.
 */
const ORGANISATION =
  /\b(?:of|for|the|and|de|du|der|für|university|universität|université|universidad|institute|institut|instituto|college|school|organi[sz]ation|ministry|department|office|agency|council|association|society|foundation|center|centre|company|corporation|group|press|team|staff|editors?|board)\b/i;

/** "Vaswani, Ashish" as it is said, "Ashish Vaswani"; a name with no comma or more than one as it is. */
function uninverted(name: string): string {
  const comma = name.indexOf(",");
  if (comma < 0 || name.indexOf(",", comma + 1) >= 0) return name;
  const [family, given] = [name.slice(0, comma).trim(), name.slice(comma + 1).trim()];
  if (
    !family ||
    !given ||
    /\d/.test(name) ||
    NAME_SUFFIX.test(given) ||
    ORGANISATION.test(family) ||
    textWords(family) > 3 ||
    textWords(given) > 3
  )
    return name;
  return `${given} ${family}`;
}

/** "A", "A and B", "A, B and C". */
function joinNames(names: string[]): string {
  const list = names.slice(0, MAX_AUTHORS);
  return list.length <= 1 ? (list[0] ?? "") : `${list.slice(0, -1).join(", ")} and ${list[list.length - 1]}`;
}

/** A heading that is the site's logo: a link to the site's home page, or in the page's `role=banner`. */
function isLogoHeading(el: Element, baseUrl: string): boolean {
  if (closestElement(el, (a) => a.attribs.role === "banner")) return true;
  // The link home around the heading, or in it at most two levels down (not a search of a
  // subtree that may hold the page).
  const around = el.parent && "name" in el.parent && (el.parent as Element).name === "a" ? (el.parent as Element) : undefined;
  const inside = (e: Element, depth: number): Element | undefined => {
    for (const c of e.children) {
      if (!("name" in c)) continue;
      const child = c as Element;
      if (child.name === "a") return child;
      if (depth > 1) {
        const found = inside(child, depth - 1);
        if (found) return found;
      }
    }
    return undefined;
  };
  const link = around ?? inside(el, 2);
  const href = link ? resolveUrl(link.attribs.href, baseUrl) : null;
  const home = href && URL.canParse(href) ? new URL(href) : null;
  return !!home && home.pathname === "/" && !home.search;
}

/** A heading's text, without the anchor marks documentation generators put after it ("Installation¶"). */
function headingText(el: Element): string {
  // A loop from the end, not /\s*[¶#§]+$/: that pattern is quadratic on a long run of "#".
  const text = inlineTextOf(el);
  let end = text.length;
  while (end > 0 && /[\s¶#§]/.test(text[end - 1]!)) end--;
  if (end >= 2 && text.slice(end - 2, end) === "🔗") {
    end -= 2;
    while (end > 0 && /\s/.test(text[end - 1]!)) end--;
  }
  return text.slice(0, end);
}

/** The author's name of the page's article in JSON-LD (a Person or an organisation, or the first of several). */
function jsonLdAuthor(scripts: Element[]): string | undefined {
  const nodes = readJsonLd(scripts).nodes;
  // Authors given by reference ("@id") are named where the graph defines them.
  const byId = new Map<string, Record<string, unknown>>();
  for (const node of nodes) if (typeof node["@id"] === "string") byId.set(node["@id"], node);
  const nameOf = (a: unknown): string | undefined => {
    if (typeof a === "string") return a.trim() || undefined;
    if (!a || typeof a !== "object") return undefined;
    const named = (a as { name?: unknown }).name;
    if (typeof named === "string" && named.trim()) return named.trim();
    const ref = (a as { "@id"?: unknown })["@id"];
    const target = typeof ref === "string" ? byId.get(ref) : undefined;
    return target && typeof target.name === "string" && target.name.trim() ? target.name.trim() : undefined;
  };
  // A page's main entity is often written inside it: {"@type": "WebPage", "mainEntity": {"@type": "Article", …}}.
  const described: Record<string, unknown>[] = [];
  for (const node of nodes) {
    described.push(node);
    for (const entity of [node.mainEntity].flat())
      if (entity && typeof entity === "object" && !Array.isArray(entity)) described.push(entity as Record<string, unknown>);
  }
  // The article's authors first, then a page's or a video's or a recipe's.
  for (const kinds of [/Article|Posting|Report/, /WebPage|VideoObject|Recipe/]) {
    for (const node of described) {
      if (!schemaTypes(node).some((t) => kinds.test(t))) continue;
      const names = (Array.isArray(node.author) ? node.author : [node.author]).map(nameOf).filter((n): n is string => !!n);
      if (names.length) return joinNames([...new Set(names)]);
    }
  }
  return undefined;
}

/** The first candidate that is a name; one that `isFallback` marks only when no other is. */
function firstName(candidates: (() => string | null | undefined)[], isFallback: (name: string) => boolean): string | null {
  let fallback: string | null = null;
  for (const candidate of candidates) {
    const name = personName(candidate() ?? "");
    if (name === null) continue;
    if (!isFallback(name)) return name;
    fallback ??= name;
  }
  return fallback;
}

/** A byline as a name: "By " dropped; a profile URL or an e-mail address is not a name. */
function personName(value: string): string | null {
  // "By Jane", "By: Jane", "Reporting by Jane; Editing by John" (the reporter is the author).
  const v = collapse(value)
    .replace(/^(?:(?:reporting|written|words|text|story)\s+)?by:?\s+/i, "")
    .replace(/\s*;\s*(?:additional\s+)?(?:editing|edited|reporting|writing)\s+by\b.*$/i, "");
  // No name is this long, and the patterns below are not meant for pages of text.
  if (!v || v.length > 200 || /^(?:https?:\/\/|www\.)\S+$/i.test(v) || (/^[^\s@]+@[^\s@]+$/.test(v) && v.includes("."))) return null;
  return v;
}

/** A character reference left in decoded text ("TFC8&reg;"): the site escaped its text twice. */
const ENTITY_LEFT = /&(?:#\d{1,7}|#x[\da-f]{1,6}|[a-z][a-z\d]{1,31});/i;

/**
 * Text escaped twice by its site (`content="TFC8&amp;reg;"`) read once more, as the site meant
 * it ("TFC8®"). Text that holds a "<" is left as it is: read again, a tag named in it would go;
 * so is text whose reference `shown` (the page's heading) shows as written.
 */
function readOnceMore(text: string, shown?: string | null): string {
  const left = ENTITY_LEFT.exec(text);
  if (!left || text.includes("<") || shown?.includes(left[0])) return text;
  return collapse(textOf(parseHtml(text))) || text;
}

/** An opening tag of the kinds CMSs wrap a summary in: `<p>`, `<div>`, `<span>`. */
const WRAPPER_TAG = /^<(p|div|span)(?:\s[^<>]{0,200})?>/i;

/**
 * A description its site wrote as escaped HTML (`content="&lt;p&gt;Text&lt;/p&gt;"`, shown as
 * "<p>Text</p>"): its text. Only a whole text in one such element: "Use <b> for bold" stays.
 */
function unwrapped(text: string): string {
  const open = WRAPPER_TAG.exec(text);
  if (!open || !text.slice(-8).toLowerCase().endsWith(`</${open[1]!.toLowerCase()}>`)) return text;
  return collapse(textOf(parseHtml(text))) || text;
}

/**
 * The canonical URL an HTTP `Link` header gives (`Link: <https://example.com/a>; rel="canonical"`,
 * RFC 8288, as search engines read it), relative to the page's URL; the first, as for the element.
 */
function headerCanonical(link: string | undefined, pageUrl: string): string | null {
  if (!link) return null;
  for (const m of link.matchAll(/<([^<>]*)>([^<]*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,"]+))/i.exec(m[2]!);
    if (rel && (rel[1] ?? rel[2] ?? "").toLowerCase().split(/\s+/).includes("canonical")) return resolveUrl(m[1], pageUrl);
  }
  return null;
}

/** A site's tagline is a phrase of at least this many words ("The heart of the internet"). */
const TAGLINE_MIN_WORDS = 3;

/** A page's name that only says it is the home page, in the usual languages. */
const HOME_TITLE =
  /^(?:home|home\s*page|homepage|start|startseite|accueil|inicio|início|página inicial|pagina iniziale|home-page|welcome|ホーム|首页|首頁|홈)$/i;

/** Bounds of the title part the `<h1>` holds: a heading of a line, a title of a few parts. */
const HELD_HEADING_CHARS = 300;
const HELD_MAX_PARTS = 8;

/**
 * Letters and digits only, lower case, Latin letters without their accents: "The Guardian",
 * "theguardian" and "the-guardian" compare equal, and so do "Clarín" and clarin.com.
 */
const loose = (s: string) =>
  lettersAndDigits(
    ACCENTED_LATIN.test(s)
      ? s
          .normalize("NFD")
          .replace(/[\u0300-\u036f]+/g, "")
          .normalize("NFC")
      : s,
  );
/** Latin letters with accents, precomposed or combining (most titles have none: they skip the normalisation). */
const ACCENTED_LATIN = /[\u00c0-\u024f\u1e00-\u1eff]|[\u0300-\u036f]/;

/**
 * Drops the site's name from "Article | Site" or "Site – Article" titles, slicing the title as
 * written (its own separators kept). A part is the site's name when it matches `og:site_name`,
 * the host's name or a logo heading loosely ("Acme Corp" on acme.com). Without such a match, a
 * part that is the page's `<h1>`, or the one part the `<h1>` holds in longer words, is the title; else only a `<title>` loses a short last part
 * after a separator ("Brewing Guide | Fixture Coffee"): an og:title is the headline itself, and
 * "Vue vs React - Which one?" keeps its second half. When the title holds the `<h1>`, the
 * `<h1>` is the title. Also (docs/extraction.md, "title", has each rule with its examples):
 * the site's sections between the page's name and the site's go; "Site - Tagline" off the root
 * page gives way to an `<h1>` sharing no word with the tagline; the site's exact name joined
 * by a colon goes; a Substack-style "by Author" part goes; a title that only says "Home" names
 * the site.
 */
export function cleanTitle(
  title: string,
  siteName: string | null,
  h1: string | null,
  options: { fromTitleTag?: boolean; host?: string; logo?: string | null; root?: boolean } = {},
): string {
  const t = collapse(title);
  const parts: { start: number; end: number }[] = [];
  const separators: string[] = [];
  let at = 0;
  for (const m of t.matchAll(SEPARATORS)) {
    parts.push({ start: at, end: m.index });
    separators.push(m[0]);
    at = m.index + m[0].length;
  }
  parts.push({ start: at, end: t.length });
  // DokuWiki's "page [Wiki name]": the last part is read without its closing bracket.
  const bracketed = separators.at(-1)?.trimStart() === "[";
  const text = (i: number) => t.slice(parts[i]!.start, bracketed && i === parts.length - 1 ? t.length - 1 : parts[i]!.end);
  const hostName = options.host ? hostLabel(options.host) : "";
  // The site named by its domain, as shops write it ("Amazon.co.uk", "Walmart.com").
  const domainName = options.host ? loose(getDomain(options.host.toLowerCase().replace(/\.$/, "")) ?? "") : "";
  // An og:site_name that is the whole title (some generators copy it) names nothing.
  const site = siteName && loose(siteName) !== loose(t) ? loose(siteName) : "";
  // A logo heading (a link home, or in the page's banner) is the site's name too, unless it is the whole title.
  const logo = options.logo && loose(options.logo) !== loose(t) ? loose(options.logo) : "";
  const keys = [site, hostName, domainName, logo].filter((k) => k.length >= 3);
  // The site's name exactly; or, failing that, a short part that starts with it ("Acme Corp" on acme.com).
  const isSiteExactly = (part: string) => keys.includes(loose(part));
  // A prefix of whole words: "Newsom signs…" does not start with the site "news".
  const startsWithSite = (part: string) => {
    const words = part.split(/\s+/);
    let joined = "";
    for (const w of words) {
      joined += loose(w);
      if (keys.includes(joined)) return true;
      if (!keys.some((k) => k.startsWith(joined))) return false;
    }
    return false;
  };
  const isSite = (part: string) => isSiteExactly(part) || (textWords(part) <= 4 && startsWithSite(part));
  let first = 0;
  let last = parts.length - 1;
  // The site's name with any tagline after it ("Article — Site - Tagline"), then at the start
  // ("Site | Article"); exact matches first, so "Apple | Apple Watch Ultra 2" keeps the product.
  for (const matches of [isSiteExactly, isSite]) {
    const siteAt = parts.findIndex((_, i) => i > first && i <= last && matches(text(i)));
    if (siteAt > first) last = siteAt - 1;
    while (first < last && matches(text(first))) first++;
    if (first > 0 || last < parts.length - 1) break;
  }
  // "Site - Tagline", the same on every page of a site that writes its pages in the browser
  // ("Reddit - The heart of the internet" above a thread): off the root page, a tagline (a
  // phrase, not a label such as "Pricing") that shares no word with the page's <h1> does not
  // name the page, and the <h1> does.
  const heading = h1 ? collapse(h1) : "";
  if (
    first > 0 &&
    first === last &&
    !options.root &&
    textWords(text(first)) >= TAGLINE_MIN_WORDS &&
    textWords(heading) >= 2 &&
    !isSite(heading)
  ) {
    // The heading's words read once: a word-by-word search of it would be quadratic on long texts.
    const headingWordSet = new Set(lowerWords(heading));
    if (
      !wordLine(text(first))
        .split(" ")
        .some((w) => headingWordSet.has(w))
    )
      return heading;
  }
  // Between the page's name and the site's, a short part joined by the same separator is a
  // section of the site ("Thread / Arch Discussion / Arch Linux Forums").
  const dropSections = () => {
    // The page's name counted once (it does not change here): counted per part, a long title is quadratic.
    const nameWords = textWords(text(first));
    while (last > first && separators[last - 1] === separators[last]) {
      const words = textWords(text(last));
      if (words > 3 || nameWords <= words) break;
      last--;
    }
  };
  if (last < parts.length - 1) dropSections();
  // Without a match, the site's name is by custom the short part at one end, after a suffix
  // separator: in a <title> any of them, in an og:title only a pipe or a bullet (a dash or a
  // colon there belongs to the headline).
  const customary = (separator: string) =>
    (options.fromTitleTag ?? true) ? SUFFIX_SEPARATOR.test(separator) : /^\s*[|·•]\s*$|^\|$/.test(separator);
  if (first === 0 && last === parts.length - 1 && last > 0) {
    // A part that is the page's own heading is the page's name ("Installation — Requests 2.31.0
    // documentation" under an <h1> "Installation").
    const looseHeading = loose(heading);
    const named = heading && !keys.includes(looseHeading) ? parts.findIndex((_, i) => loose(text(i)) === looseHeading) : -1;
    if (named >= 0) return text(named).trim();
    // A part the heading holds ("Nörd Zero | Nörd Republic® minimalist sandals…" under an <h1>
    // "Minimalist Sandals Nörd Zero"): the page's name in the heading's longer wording.
    // Compared word by word ("Art Co" is not in "Heart Complications"); a part that opens the
    // heading before a colon ("Coffee Guide: brewing pour-over") is a series' or site's name.
    const headingWords = ` ${wordLine(heading)} `;
    const opensBeforeColon = (part: string) => {
      const [h, p] = [collapse(heading).toLowerCase(), collapse(part).toLowerCase()];
      return h.startsWith(p) && /^\s*:/.test(h.slice(p.length));
    };
    // Only a name-sized heading and a few parts: each part is searched for in the heading.
    const held =
      heading &&
      heading.length <= HELD_HEADING_CHARS &&
      parts.length <= HELD_MAX_PARTS &&
      !keys.includes(looseHeading) &&
      !headingWords.includes(` ${wordLine(t)} `)
        ? parts
            .map((_, i) => i)
            .filter((i) => textWords(text(i)) >= 2 && headingWords.includes(` ${wordLine(text(i))} `) && !opensBeforeColon(text(i)))
        : [];
    if (held.length === 1) return text(held[0]!).trim();
    const [head, tail] = [textWords(text(0)), textWords(text(last))];
    const lastSeparator = separators[last - 1]!;
    if (tail <= 4 && head >= tail && (customary(lastSeparator) || (CJK_HYPHEN.test(lastSeparator) && (options.fromTitleTag ?? true)))) {
      last--;
      // The site's sections before its name, as when the name matched ("Headline :: Politics :: RBC").
      dropSections();
    } else if (head <= 3 && tail > head && customary(separators[0]!)) first++;
  }
  // An attribution after the page's name is not part of it ("Title - by Jane Roe - Newsletter").
  while (last > first && text(last).length <= 100 && BY_PART.test(text(last)) && textWords(text(last)) <= 5) last--;
  const kept = t.slice(parts[first]!.start, parts[last]!.end).trim() || t;
  // On the site's root page "Airtable: Build AI apps" is the site's name and its tagline.
  const cleaned = options.root ? kept : withoutColonSiteName(kept, isSiteExactly);
  // A name that only says it is the home page: the page is the site ("Home" with og:site_name
  // "The GitHub Blog"; "Home | Acme Corp" is "Acme Corp").
  if (HOME_TITLE.test(cleaned)) {
    if (siteName && !HOME_TITLE.test(collapse(siteName))) return collapse(siteName);
    // The parts cut off: after the page's name, else before it.
    // ("start [Example Wiki]", DokuWiki's home page, is "Example Wiki", without the bracket).
    if (last < parts.length - 1) return t.slice(parts[last + 1]!.start, bracketed ? t.length - 1 : t.length).trim();
    if (first > 0) return t.slice(0, parts[first - 1]!.end).trim();
  }
  // The page's own heading when the title holds it (not a logo heading that is the site's name).
  if (heading && cleaned !== heading && cleaned.includes(heading) && heading.length >= 10 && !keys.includes(loose(heading))) return heading;
  // The same name as the heading writes it ("searching" under an <h1> "Searching").
  if (heading && cleaned.toLowerCase() === heading.toLowerCase() && !keys.includes(loose(heading))) return heading;
  return cleaned;
}

/**
 * A part that only credits its author, as Medium and Substack write it: "by Jane Roe", "by J. R.
 * R. Tolkien" (lower-case "by": "By Appointment Only" is a phrase).
 */
const BY_PART = /^by\s+\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*)*$/u;

/** A colon that joins a title's parts: "Blog: Post", "Product: Amazon.co.uk: Category", "記事：朝日新聞デジタル". */
const COLON = /(?<=\S):\s+|\s?：\s?/g;

/**
 * The site's exact name joined by a colon, which headlines use too ("Apple: a history"), so
 * only a part that is the site's name goes: at the start ("Cooking Diary: Lemon tart"), or with
 * what follows it, a section or a category ("AirPods Pro: Amazon.co.uk: Electronics").
 */
function withoutColonSiteName(title: string, isSite: (part: string) => boolean): string {
  let start = 0;
  let colonAt = -1;
  for (const m of title.matchAll(COLON)) {
    if (isSite(title.slice(start, m.index))) {
      if (colonAt < 0) return title.slice(m.index + m[0].length).trim() || title;
      return title.slice(0, colonAt).trim() || title;
    }
    start = m.index + m[0].length;
    colonAt = m.index;
  }
  return colonAt >= 0 && isSite(title.slice(start)) ? title.slice(0, colonAt).trim() || title : title;
}

/**
 * The name a host stands for, by the Public Suffix List with its private section:
 * "www.theguardian.com" is "theguardian", "shop.acme.co.uk" is "acme", "jane.github.io" is
 * "jane" (a platform's host is not the site's name).
 */
export function hostLabel(host: string): string {
  return loose(getDomainWithoutSuffix(host.toLowerCase().replace(/\.$/, ""), { allowPrivateDomains: true }) ?? "");
}
