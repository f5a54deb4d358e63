import { type AnyNode, type Element, isTag, isText, type Text } from "domhandler";
import { findAll, findFirst, textOf } from "../../html/dom";
import type { Document } from "../../html/parse";

/**
 * Finds the main content of a page with general rules, no per-site knowledge:
 * 1. boilerplate is recognised by semantics (nav, aside, footer, page headers, form
 *    controls, small forms, ARIA landmark roles) for certain, and by class/id words (cookie
 *    banners, share widgets, ads, related lists, comment forms, sidebars, menus, filters,
 *    disclaimers) or by being hidden, only while the element is a small part of its parent
 *    (a wrapper called "container sidebar-right" holding the page is not boilerplate, and a
 *    collapsed FAQ answer is content);
 * 2. the text mass of every element is measured without the boilerplate, link text
 *    counting for little; <noscript> content counts only on pages that show little else;
 * 3. the root is found by descending from <body> while one child holds most of the mass,
 *    so articles narrow to their body while listings, forums and product pages keep every
 *    item of the container that holds them;
 * 4. content starts at the main heading: small blocks before the <h1> are left out;
 * 5. interface strings repeated across the content are left out, and so are grids of
 *    cards when the content also has substantial prose (a category page's editorial text);
 * 6. on a page that declares a product (schema.org Product, og:type product), customer
 *    review sections are left out.
 */
export interface ContentSelection {
  root: Element | Document;
  skip: (el: Element) => boolean;
  /** Text fragments left out: interface strings repeated across the content. */
  skipText: (text: Text) => boolean;
}

const BOILERPLATE_TAGS = new Set([
  "nav",
  "aside",
  "footer",
  "dialog",
  "menu",
  "select",
  "button",
  "label",
  "legend",
  "option",
  "template",
  "script",
  "style",
  "svg",
  "iframe",
]);
const BOILERPLATE_ROLES = new Set([
  "navigation",
  "banner",
  "contentinfo",
  "complementary",
  "search",
  "menu",
  "menubar",
  "dialog",
  "alertdialog",
  "toolbar",
  "tablist",
]);
const BOILERPLATE_WORDS =
  "nav|navbar|navigation|menu|breadcrumb|breadcrumbs|footer|sidebar|cookie|cookies|consent|gdpr|advert|adverts|ads|adsbygoogle|adslot|sponsored|promo|share|sharing|sharebar|related|recommended|recommendations|newsletter|subscribe|signup|popup|modal|commentform|comment-form|respond|pagination|pager|skiplink|skip-link|toolbar|masthead|outbrain|taboola|topbar|banner|" +
  "disclaimer|disclaimers|filter|filters|facets|sorting|sr-only|visually-hidden|screen-reader-text|screenreader|offscreen|tooltip|popover|dropdown|drawer|offcanvas|overlay|signature|notice|actions|upsell|upsells|cross-sell|crosssell|recently-viewed|recentlyviewed|also-bought|you-may-also-like";
/**
 * A class or id token is boilerplate when it is one of the words, or the word with one
 * affix ("site-footer", "nav-menu", "related_posts"); longer compounds such as
 * "elementor-widget-wrap" or "post-share-count-label" are not judged by their parts.
 */
const BOILERPLATE_TOKEN = new RegExp(`^(?:(?:${BOILERPLATE_WORDS})(?:[-_][a-z0-9]+)?|[a-z0-9]+[-_](?:${BOILERPLATE_WORDS}))$`, "i");
const CONTENT_TOKEN = /^(?:content|article|post|main|body|entry|product|thread|story)(?:[-_][a-z0-9]+)?$/i;
/** Link text counts this much towards text mass: navigation is mostly links. */
const LINK_WEIGHT = 0.25;
/** Descend into a child that holds at least this share of its parent's text mass. */
const DESCEND_SHARE = 0.72;

/** A class-flagged element is boilerplate only while it holds less than this share of its parent. */
const SOFT_SHARE = 0.5;
/** Below this share of the page's text, the page is read from its <noscript> content too. */
const NOSCRIPT_PAGE_SHARE = 0.3;
const STRUCTURAL = new Set(["html", "body", "main", "article"]);

export function selectContent(doc: Document): ContentSelection {
  const body = pageBody(doc);
  const skipped = new Set<Element>();
  const soft = new Set<Element>();
  const noscripts: Element[] = [];
  const mass = new Map<AnyNode, number>();

  /** Hard rules: semantics, roles and hidden elements. */
  const isBoilerplate = (el: Element, inArticle: boolean): boolean => {
    if (BOILERPLATE_TAGS.has(el.name)) return true;
    const role = el.attribs.role?.toLowerCase();
    if (role && BOILERPLATE_ROLES.has(role) && !(role === "banner" && inArticle)) return true;
    return el.name === "header" && !inArticle;
  };
  /** Hidden in the static page: often a collapsed accordion or an inactive tab (content), often a menu or modal. */
  const isHidden = (el: Element): boolean =>
    el.attribs.hidden !== undefined ||
    el.attribs["aria-hidden"] === "true" ||
    /display\s*:\s*none|visibility\s*:\s*hidden/i.test(el.attribs.style ?? "");
  const productPage = declaresProduct(doc);
  /** On a page that declares a product, its reviews are not the product's description. */
  const isReviews = (el: Element): boolean =>
    productPage &&
    !STRUCTURAL.has(el.name) &&
    `${el.attribs.class ?? ""} ${el.attribs.id ?? ""}`
      .split(/\s+/)
      .flatMap(classWords)
      .some((t) => REVIEWS_TOKEN.test(t));
  /** Soft rule: class and id tokens, judged later against the element's share of text. */
  const hasBoilerplateTokens = (el: Element): boolean => {
    if (STRUCTURAL.has(el.name)) return false;
    const tokens = `${el.attribs.class ?? ""} ${el.attribs.id ?? ""}`.split(/\s+/).filter(Boolean).flatMap(classWords);
    return tokens.some((t) => BOILERPLATE_TOKEN.test(t)) && !tokens.some((t) => CONTENT_TOKEN.test(t));
  };

  // Pass 1: hard boilerplate out, soft candidates noted, text mass measured bottom-up.
  const measure = (node: AnyNode, inArticle: boolean, inLink: boolean): number => {
    if (isText(node)) {
      const words = node.data.trim() ? node.data.trim().split(/\s+/).length : 0;
      return inLink ? words * LINK_WEIGHT : words;
    }
    if (!isTag(node)) return 0;
    if (node.name === "noscript") noscripts.push(node);
    else if (isBoilerplate(node, inArticle) || isReviews(node)) {
      skipped.add(node);
      return 0;
    }
    if (hasBoilerplateTokens(node) || isHidden(node)) soft.add(node);
    const article = inArticle || node.name === "article" || node.name === "main" || node.attribs.role === "main";
    const link = inLink || node.name === "a";
    let total = 0;
    for (const c of node.children) total += measure(c, article, link);
    // Forms are boilerplate when they are small (search boxes, comment forms), not when
    // they wrap the whole page (ASP.NET and similar).
    if (node.name === "form" && total < 40) {
      skipped.add(node);
      return 0;
    }
    mass.set(node, total);
    return total;
  };
  const measureRoot = (): number =>
    isTag(body) ? measure(body, false, false) : body.children.reduce((s, c) => s + measure(c, false, false), 0);
  const pageMass = measureRoot();

  // Pass 2: soft candidates that are a small part of their parent go; noscript content is
  // kept only on pages that show little text without it (apps that render in the browser).
  for (const el of soft) {
    const parent = el.parent;
    const parentMass = parent ? (mass.get(parent) ?? 0) : pageMass;
    if ((mass.get(el) ?? 0) < parentMass * SOFT_SHARE) skipped.add(el);
  }
  const noscriptMass = noscripts.reduce((sum, n) => sum + (mass.get(n) ?? 0), 0);
  if (pageMass - noscriptMass >= pageMass * NOSCRIPT_PAGE_SHARE) for (const n of noscripts) skipped.add(n);

  // Pass 3: masses again without everything skipped.
  const remeasure = (node: AnyNode): number => {
    if (isText(node)) return mass.get(node) ?? (node.data.trim() ? node.data.trim().split(/\s+/).length : 0);
    if (!isTag(node) || skipped.has(node)) return 0;
    let total = 0;
    for (const c of node.children) total += isText(c) ? textMass(c) : remeasure(c);
    mass.set(node, total);
    return total;
  };
  const textMass = (t: AnyNode): number => {
    if (!isText(t) || !t.data.trim()) return 0;
    let inLink = false;
    for (let p = t.parent; p; p = p.parent) if (isTag(p) && p.name === "a") inLink = true;
    const words = t.data.trim().split(/\s+/).length;
    return inLink ? words * LINK_WEIGHT : words;
  };
  const bodyMass = isTag(body) ? remeasure(body) : body.children.reduce((s, c) => s + remeasure(c), 0);

  let root: Element | Document = body;
  let rootMass = bodyMass;
  for (;;) {
    let best: Element | undefined;
    let bestMass = 0;
    for (const c of root.children) {
      if (!isTag(c) || skipped.has(c)) continue;
      const m = mass.get(c) ?? 0;
      if (m > bestMass) {
        best = c;
        bestMass = m;
      }
    }
    if (!best || rootMass === 0 || bestMass < rootMass * DESCEND_SHARE) break;
    // Stay at a container of several blocks rather than descending into a lone paragraph.
    if (best.name === "p" || best.name === "li" || best.name === "pre" || best.name === "table" || best.name === "ul" || best.name === "ol")
      break;
    root = best;
    rootMass = bestMass;
  }
  dropBeforeMainHeading(root, rootMass, mass, skipped);
  dropCardGridsBesideProse(root, skipped);
  const repeated = repeatedFragments(root, skipped);
  return { root, skip: (el) => skipped.has(el), skipText: (t) => repeated.has(t) };
}

/**
 * The page's body. Markup that embeds a second document (a stray `<html><body>` inside the
 * head, as some page builders emit) gives several; the one with the most text is the page.
 */
function pageBody(doc: Document): Element | Document {
  const bodies = findAll(doc, (el) => el.name === "body");
  if (bodies.length <= 1) return bodies[0] ?? doc;
  let best = bodies[0]!;
  let bestLength = -1;
  for (const b of bodies) {
    const length = textOf(b).length;
    if (length > bestLength) [best, bestLength] = [b, length];
  }
  return best;
}

/** A class token, and for BEM names ("card__disclaimer-wrap--dark") its element part too. */
function classWords(token: string): string[] {
  const element = token.split("__").pop()!.split("--")[0]!;
  return element !== token && element ? [token, element] : [token];
}

/** What may go before the main heading: at most this share of the root's text. */
const BEFORE_HEADING_SHARE = 0.25;

/**
 * Content starts at the main heading: along the path from the root down to the first <h1>,
 * siblings that come before the path (promotion bars, breadcrumbs, filters placed before
 * the title) are left out, as long as together they are a small share of the root's text.
 */
function dropBeforeMainHeading(root: Element | Document, rootMass: number, mass: Map<AnyNode, number>, skipped: Set<Element>): void {
  const h1 = findFirst(root as Element, (el) => el.name === "h1" && !skipped.has(el));
  if (!h1) return;
  for (let el: Element = h1; el.parent && el !== root; el = el.parent as Element) {
    if (isTag(el.parent) && skipped.has(el.parent)) return;
    const siblings = el.parent.children;
    const before = siblings.slice(0, siblings.indexOf(el)).filter((c): c is Element => isTag(c) && !skipped.has(c));
    const beforeMass = before.reduce((sum, c) => sum + (mass.get(c) ?? 0), 0);
    if (beforeMass > rootMass * BEFORE_HEADING_SHARE) return;
    for (const c of before) skipped.add(c);
    if (el.parent === root) return;
  }
}

/** A short fragment repeated this many times inside the content is interface text. */
const REPEAT_MIN = 3;
const REPEAT_MIN_WORDS = 2;
const REPEAT_MAX_WORDS = 8;
const PRICE_OR_NUMBER = /^[\p{Sc}]?\s*[\d.,:%+\-/ ]+\s*[\p{Sc}]?$|^[\p{Sc}][\d.,]/u;

/**
 * Short text fragments that repeat identically across the content ("Add to cart",
 * "Rate this book", "Reply", "1 of 5 stars") are interface, not content. Prices and bare
 * numbers are kept even when they repeat.
 */
function repeatedFragments(root: Element | Document, skipped: Set<Element>): Set<Text> {
  const byText = new Map<string, Text[]>();
  const walk = (node: AnyNode) => {
    if (isText(node)) {
      const key = node.data.replace(/\s+/g, " ").trim().toLowerCase();
      const words = key ? key.split(" ").length : 0;
      if (words < REPEAT_MIN_WORDS || words > REPEAT_MAX_WORDS || PRICE_OR_NUMBER.test(key)) return;
      const list = byText.get(key);
      if (list) list.push(node);
      else byText.set(key, [node]);
    } else if (isTag(node) && !skipped.has(node)) for (const c of node.children) walk(c);
  };
  for (const c of root.children) walk(c);
  const out = new Set<Text>();
  for (const nodes of byText.values()) if (nodes.length >= REPEAT_MIN) for (const n of nodes) out.add(n);
  return out;
}

/** A card: has a link or an image, and at most this many words outside links. */
const CARD_OWN_WORDS = 12;
/** Prose: a block whose own text has at least this many words. */
const PROSE_BLOCK_WORDS = 15;
/** Grids go when the content has at least this many words of prose outside them. */
const PROSE_BESIDE_GRIDS = 250;

/**
 * On pages that have both prose and grids of cards (a category page with an editorial
 * text, a product page with "more products"), the prose is the content: repeated groups of
 * four or more similar siblings that are each a card (a link or an image with little text
 * of its own) are left out. Pages that are only a grid keep it.
 */
function dropCardGridsBesideProse(root: Element | Document, skipped: Set<Element>): void {
  const grids: Element[] = [];
  const inGrid = new Set<AnyNode>();
  const words = (s: string) => (s.trim() ? s.trim().split(/\s+/).length : 0);
  const cardStats = (el: Element) => {
    let own = 0;
    let media = false;
    const walk = (n: AnyNode, inLink: boolean) => {
      if (isText(n)) {
        if (!inLink) own += words(n.data);
      } else if (isTag(n) && !skipped.has(n)) {
        if (n.name === "img" || n.name === "a" || n.name === "picture") media = true;
        for (const c of n.children) walk(c, inLink || n.name === "a");
      }
    };
    walk(el, false);
    return media && own <= CARD_OWN_WORDS;
  };
  const findGrids = (el: Element | Document) => {
    const items = el.children.filter((c): c is Element => isTag(c) && !skipped.has(c));
    if (items.length >= 4) {
      const signature = (c: Element) => `${c.name}.${(c.attribs.class ?? "").trim().split(/\s+/)[0] ?? ""}`;
      const counts = new Map<string, number>();
      for (const c of items) counts.set(signature(c), (counts.get(signature(c)) ?? 0) + 1);
      const [top, n] = [...counts].sort((a, b) => b[1] - a[1])[0]!;
      const similar = items.filter((c) => signature(c) === top);
      if (n >= 4 && n >= items.length * 0.7 && similar.filter(cardStats).length >= similar.length * 0.7 && isTag(el)) {
        grids.push(el);
        return;
      }
    }
    for (const c of items) findGrids(c);
  };
  findGrids(root);
  if (grids.length === 0) return;
  for (const g of grids) inGrid.add(g);
  let prose = 0;
  const countProse = (n: AnyNode) => {
    if (!isTag(n) || skipped.has(n) || inGrid.has(n)) return;
    const own = n.children.reduce(
      (sum, c) =>
        sum + (isText(c) ? words(c.data) : isTag(c) && /^(a|b|strong|em|i|span|code|small|sup|sub)$/.test(c.name) ? words(textOf(c)) : 0),
      0,
    );
    if (own >= PROSE_BLOCK_WORDS) prose += own;
    for (const c of n.children) countProse(c);
  };
  countProse(root as AnyNode);
  if (prose >= PROSE_BESIDE_GRIDS) for (const g of grids) skipped.add(g);
}

const REVIEWS_TOKEN =
  /^(?:(?:customer|product|user)[-_]?)?(?:reviews|review-list|reviews-list|ratings-reviews|testimonials)(?:[-_][a-z0-9]+)?$/i;

/** A page that says it is a product (schema.org Product in JSON-LD or microdata, or og:type product). */
function declaresProduct(doc: Document): boolean {
  for (const el of findAll(doc, (e) => e.name === "script" || e.name === "meta" || e.attribs.itemtype !== undefined)) {
    if (
      el.name === "script" &&
      el.attribs.type === "application/ld+json" &&
      /"@type"\s*:\s*(?:"Product"|\[[^\]]*"Product")/.test(textContentRaw(el))
    )
      return true;
    if (el.name === "meta" && el.attribs.property === "og:type" && /product/i.test(el.attribs.content ?? "")) return true;
    if (/schema\.org\/Product\b/i.test(el.attribs.itemtype ?? "")) return true;
  }
  return false;
}

function textContentRaw(el: Element): string {
  return el.children.map((c) => (isText(c) ? c.data : "")).join("");
}
