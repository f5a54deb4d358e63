import { type Document, type Element, isTag, isText } from "domhandler";
import { boundedText, findAll, findFirst, HAS_WORD, HEADINGS, nodesInOrder, textOf, textWords } from "../../html/dom";
import { documentJsonLd, schemaTypes } from "../../html/json-ld";

/**
 * What counts as boilerplate. Certain: semantic elements and ARIA landmarks that are never
 * main content. Probable: class/id words and hidden state, which the content finder judges
 * against the element's share of text.
 */
export const BOILERPLATE_TAGS = new Set([
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
/**
 * A button that is content, not a control: an accordion's question (Bootstrap, Kadence,
 * Squarespace, Tailwind UI FAQs), which sits in a heading or a term, or controls a panel and
 * says more than "Show more"; or a button holding a passage, as an unclosed `<button>` holds
 * the paragraphs after it (browsers show them).
 */
export function isButtonWithContent(el: Element): boolean {
  if (el.name !== "button" && el.name !== "label") return false;
  let known = contentButtons.get(el);
  if (known === undefined) contentButtons.set(el, (known = judgeButton(el)));
  return known;
}
/** Judged once per button: the content finder and the Markdown writer both ask. */
const contentButtons = new WeakMap<Element, boolean>();
function judgeButton(el: Element): boolean {
  if (opensAnswer(el)) return true;
  if (el.name === "label") return false;
  // An accordion's title written as a heading inside its button (Walmart, Wix, Etsy: "<button><h3>Specifications</h3>").
  if (findFirst(el, (e) => HEADINGS.has(e.name))) return true;
  const parent = el.parent;
  if (parent && isTag(parent) && /^(?:h[1-6]|dt|summary)$/.test(parent.name)) return true;
  return (
    ((el.attribs["aria-expanded"] !== undefined || el.attribs["aria-controls"] !== undefined) && hasWords(el, 4)) ||
    hasWords(el, PASSAGE_WORDS)
  );
}
/**
 * An accordion's question written as a bare button or as a CSS-only toggle's label, the panel
 * it opens right after it (W3Schools' `<button class="accordion">…?</button><div
 * class="panel">`, `<label for="q1">…?</label><div>`): a few words that ask, or name an
 * accordion, then a passage. "Add to cart" before a description is no question.
 */
function opensAnswer(el: Element): boolean {
  let next = el.next;
  while (next && !isTag(next)) next = next.next;
  if (!next || !isTag(next) || next.name === "button" || next.name === "input") return false;
  if (!hasWords(el, 3) || hasWords(el, PASSAGE_WORDS) || !hasWords(next, ANSWER_WORDS)) return false;
  return /\?\s*$/.test(textOf(el)) || ACCORDION_CLASS.test(`${el.attribs.class ?? ""} ${next.attribs.class ?? ""}`);
}
const ANSWER_WORDS = 15;
const ACCORDION_CLASS = /accordion|collaps|panel|faq|answer|toggle/i;

/** No control's label runs this long. */
const PASSAGE_WORDS = 25;

/** Whether an element's text has at least `n` words; stops reading once it has (buttons can nest deep, texts run long). */
function hasWords(el: Element, n: number): boolean {
  let words = 0;
  for (const node of nodesInOrder(el)) {
    if (!isText(node)) continue;
    const run = /\S+/g;
    for (let m = run.exec(node.data); m; m = run.exec(node.data)) if ((words += textWords(m[0])) >= n) return true;
  }
  return false;
}

export const BOILERPLATE_ROLES = new Set([
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
  // A picker's list of options (a size or colour swatch list drawn as a listbox) is a form control, as a <select> is.
  "listbox",
]);
/**
 * Roles that are usually interface but that pages also put on content: a "tablist" is often
 * an FAQ accordion holding the answers. Judged like class words, by their share of text.
 */
export const SOFT_BOILERPLATE_ROLES = new Set(["tablist"]);
const BOILERPLATE_WORDS =
  "nav|navbar|navigation|menu|breadcrumb|breadcrumbs|footer|sidebar|cookie|cookies|consent|gdpr|ad|advert|adverts|advertisement|ads|adsbygoogle|adslot|sponsor|sponsored|promo|share|sharing|sharebar|social|socials|related|recommended|recommendations|newsletter|subscribe|signup|popup|modal|commentform|comment-form|respond|pagination|pager|skiplink|skip-link|toolbar|masthead|outbrain|taboola|topbar|banner|" +
  "disclaimer|disclaimers|user-info|userinfo|user-details|userdetails|user-stats|userstats|user-statistics|user-extras|userextras|author-info|author-information|author-stats|author-statistics|poster-stats|member-info|member-stats|author-box|authorbox|author-bio|about-author|author-card|authorcard|poster-info|postprofile|favatar|message-user|usertitle|user-title|user-card|usercard|filter|filters|facets|sorting|sr-only|sronly|visible-sr|visually-hidden|visuallyhidden|screen-reader-text|screen-reader-only|screenreader|offscreen|elementor-screen-only|show-for-sr|element-invisible|assistive-text|a11y-hidden|tagcloud|tags-cloud|tooltip|popover|dropdown|drawer|offcanvas|overlay|notice|actions|upsell|upsells|cross-sell|crosssell|recently-viewed|recentlyviewed|also-bought|you-may-also-like|" +
  // XenForo's thread status box ("Status: Not open for further replies.", a wiki-post notice) above and below the posts.
  "blockstatus|" +
  // Other conventions: Japanese sites' "navi" (gnavi, lnavi), "pankuzu" and "topicpath" (breadcrumbs), "sns" share
  // buttons; Chinese sites' pinyin (daohang: navigation, dibu: footer, fenxiang: share, pinglun: comments, xiangguan:
  // related, tuijian: recommended, guanggao: ad, dqwz: "current location", xgwz: "related articles"); "paging";
  // Zhihu's "Question-sideColumn".
  "navi|pankuzu|topicpath|sns|paging|sidecolumn|side-column|daohang|dibu|fenxiang|pinglun|xiangguan|tuijian|guanggao|mianbaoxie|dqwz|xgwz|xgxw|xgwj|xgxx|xgyd|xglj|xgtj";
/** A forum post's signature ("signature", "message-signature", "post-signature"), not an API member's (Javadoc's "member-signature", TypeDoc's "tsd-signature"). */
const FORUM_SIGNATURE = "(?:(?:message|post|user|forum|bb)[-_]?)?signatures?(?:[-_](?:container|wrapper|block))?";
/**
 * A cookie or consent widget, whose class names compound freely: "cookie-consent-banner",
 * "cookie-law-info-bar", "onetrust-consent-sdk", "cmplz-cookiebanner", "CybotCookiebotDialog".
 */
const CONSENT_WIDGET =
  "(?:^|[-_])(?:consent|gdpr|cookie[-_]?(?:banner|bar|notice|notification|consent|law|popup|modal|dialog|message|info|box|overlay|wrapper|container|settings|preferences))(?:[-_]|$)|cookiebot|onetrust";
/**
 * A listing's filter panel, whose names carry the facet they filter on ("filter-insulation_type",
 * "refinement-brand", "facet_Color"): the word, then any name after it.
 */
const FACET = "(?:filter|filters|facet|facets|refinement|refinements)(?:[-_][a-z0-9]+)+|facet|refinement|refinements";
/** The words with "_" as good as "-" inside them (SMF's "user_info", MyBB's "author_statistics"). */
const BOILERPLATE_WORDS_ANY_SEPARATOR = BOILERPLATE_WORDS.replace(/-/g, "[-_]");
/**
 * A class or id token is boilerplate when it is one of the words, or the word with one
 * affix ("site-footer", "nav-menu", "related_posts"); longer compounds such as
 * "elementor-widget-wrap" or "post-share-count-label" are not judged by their parts.
 */
export const BOILERPLATE_TOKEN = new RegExp(
  `^(?:(?:${BOILERPLATE_WORDS_ANY_SEPARATOR})(?:[-_][a-z0-9]+)?|[a-z0-9]+[-_](?:${BOILERPLATE_WORDS_ANY_SEPARATOR})|${FORUM_SIGNATURE}|${FACET})$|${CONSENT_WIDGET}`,
  "i",
);
/** Words that name a whole section around the content (not a part of an item, as "overlay" or "actions" can be). */
const SECTION_WORDS =
  "nav|navbar|navigation|menu|breadcrumb|breadcrumbs|footer|sidebar|related|recommended|recommendations|share|sharing|sharebar|newsletter|subscribe|pagination|pager|promo|sponsored|ad|ads|advert|advertisement|upsell|upsells|cross-sell|crosssell|recently-viewed|recentlyviewed|also-bought|you-may-also-like|comment-form|commentform" +
  "|navi|pankuzu|topicpath|paging|sidecolumn|side-column|daohang|dibu|fenxiang|xiangguan|tuijian|guanggao|dqwz|xgwz|xgxw|xgwj|xgxx|xgyd|xglj|xgtj";
export const SECTION_BOILERPLATE_TOKEN = new RegExp(`^(?:(?:${SECTION_WORDS})(?:[-_][a-z0-9]+)?|[a-z0-9]+[-_](?:${SECTION_WORDS}))$`, "i");
/** A readers' comment section: "comments", "comment-list", "comments-area", "post-comments". */
export const COMMENTS_TOKEN = /^(?:[a-z0-9]+[-_]){0,2}(?:comments|comment[-_]?list|comments[-_](?:list|area|section|container|wrapper))$/i;
export const CONTENT_TOKEN = /^(?:content|article|post|main|body|entry|product|thread|story)(?:[-_][a-z0-9]+)?$/i;
/** Elements whose class words are never judged: the page's own structure. */
export const STRUCTURAL = new Set(["html", "body", "main", "article"]);

/**
 * Section words glued to another without a separator, as some themes write them: "entryfooter",
 * "leftsidebar", "relatedposts", "ce_relatedArticles"; a menu or a Japanese site's "navi" after
 * a place ("gnavi", "lnavi", "topmenu", "navmenu"). Only after a few known first words for
 * footers, sidebars and menus ("nosidebar" on a page's wrapper says the opposite).
 */
const GLUED_SECTION =
  /^(?:(entry|post|page|site|article|blog|story|content|left|right|main|sub|pre)(footer|sidebar)|(related)([a-z]{3,})|(g|l|s|f|global|local|side|sub|foot|head|top|main|nav|left|right)(navi|menu))$/i;

export /** A class token, and for BEM names ("card__disclaimer-wrap--dark") its element part too; a glued section word apart. */
function classWords(token: string): string[] {
  // CSS Modules' generated names (`[name]_[local]__[hash]`, the default of Next.js and webpack's
  // css-loader: "ProductList_filtersDesktop__hrVLK") carry the author's class in the middle; its
  // camelCase words are read as a hyphenated class ("filters-desktop").
  // Read as BEM's "block__element", so the exceptions below hold ("Hero_overlay__x1Y2z").
  const module = CSS_MODULE.exec(token);
  if (module) return classWords(`${module[1]!.toLowerCase()}__${module[2]!.replace(/([a-z0-9])([A-Z])/g, "$1-$2").toLowerCase()}`);
  const element = token.split("__").pop()!.split("--")[0]!;
  // A BEM element named "overlay" is the text laid over a picture (a slideshow's or a hero's
  // caption: "slideshow__overlay", "hero__overlay"), not a modal's backdrop.
  const words = element !== token && element && element !== "overlay" ? [token, element] : [token];
  // Without "__", "block--element" may be Shopware 5's element name ("content--product-reviews",
  // "buttons--offcanvas"), or a BEM modifier: "related-content--article" is a variant of a
  // related box. So the part after "--" counts only when it names boilerplate or responses,
  // never to rescue an element as content.
  if (token.includes("--") && !token.includes("__")) {
    // The part after the last "--": Vox Media's "duet--article--related-inset" nests block names too.
    const after = /^[a-z0-9]+(?:-{1,2}[a-z0-9]+)*?--([a-z0-9]+(?:-[a-z0-9]+)*)$/i.exec(token)?.[1];
    if (after && !words.includes(after) && (BOILERPLATE_TOKEN.test(after) || REVIEWS_TOKEN.test(after) || COMMENTS_TOKEN.test(after)))
      words.push(after);
  }
  // The last part only, found without splitting: this runs for every class of every element.
  const glued = GLUED_SECTION.exec(token.slice(Math.max(token.lastIndexOf("-"), token.lastIndexOf("_")) + 1));
  if (glued) words.push(glued[1] ? `${glued[1]}-${glued[2]}` : glued[3] ? `${glued[3]}-${glued[4]}` : `${glued[5]}-${glued[6]}`);
  // A sign-up box, a box of related stories or a "like" widget in a longer compound, camelCase too
  // ("newsletter-signup-inline", "c-newsletterSignup", "tnt-newsletter-signup",
  // "jnews_inline_related_post_wrapper"); not "newsletter-post" or "newsletter-toc", an issue's own parts.
  if (token.length <= COMPOUND_MAX_CHARS) {
    if (NEWSLETTER_BOX.test(token) && !words.includes("newsletter")) words.push("newsletter");
    if (RELATED_BOX.test(token) && !words.includes("related")) words.push("related");
    if (LIKES_WIDGET.test(token) && !words.includes("share")) words.push("share");
    if (RECOMMEND_BOX.test(token) && !words.includes("related")) words.push("related");
  }
  return words;
}

/** A CSS Modules name: the component's, "_", the author's class, "__", a hash of five characters or more. */
const CSS_MODULE = /^([A-Z][A-Za-z0-9]*)_([a-z][A-Za-z0-9]*)__[A-Za-z0-9_-]{5,}$/;

/** Class names longer than this are not searched for compounds. */
const COMPOUND_MAX_CHARS = 60;
const NEWSLETTER_BOX =
  /newsletter[-_]?(?:sign[-_]?up|subscri(?:be|ption)|form|promo|cta|box|widget|inline|module|block|banner|opt[-_]?in)|(?:sign[-_]?up|subscribe)[-_]?(?:to[-_]?)?newsletter/i;
const RELATED_BOX = /(?:^|[-_])related[-_]?(?:posts?|articles?|stor(?:y|ies)|content|links|news|reads?|reading|coverage)(?:[-_]|$)/i;

/**
 * A box of recommendations named in the imperative, as Chinese and Japanese sites write it
 * (CSDN's "recommend-box" under every post, "recommend-list", "shop-recommend"); not a
 * modifier alone ("p-plan-card--recommend" is the featured plan, おすすめ) nor a recommended product.
 */
const RECOMMEND_BOX =
  /(?:^|[-_])recommend[-_]?(?:box|list|area|widget|wrap(?:per)?|items?|posts?|articles?|news)(?:[-_]|$)|^[a-z]+[-_]recommend$/i;

/** A "like" button's box, a share widget of its kind: Jetpack's "jetpack-likes-widget-wrapper", "like-button". */
const LIKES_WIDGET = /(?:^|[-_])likes?[-_]?(?:widget|button|box|bar)s?(?:[-_]|$)/i;

/**
 * A block's fine print written as a BEM element of it: "feature-benefit__disclaimer-wrap"
 * (Samsung's notes under each feature), "card__disclaimer". The block's author names it a part
 * of the block, so it is never the block's text itself, however long it runs beside a short
 * feature; a plain "disclaimer" class may name a whole page's text.
 */
const BLOCK_DISCLAIMER = /^(?:[a-z0-9]+[-_])?disclaimers?(?:[-_][a-z0-9]+)?$/i;
export function isBlockDisclaimer(el: Element): boolean {
  const cls = el.attribs.class;
  if (!cls || !cls.includes("__")) return false;
  return cls.split(/\s+/).some((t) => t.includes("__") && BLOCK_DISCLAIMER.test(t.split("__").pop()!.split("--")[0]!));
}

/**
 * rustdoc's box beside each item and member (std's and every docs.rs page): the Rust version it
 * is stable since and a link to its source listing, "1.0.0 (const: 1.48.0) · Source". A pointer
 * to other pages and a version stamp, not the documentation. Read from the box's own children:
 * `<span class="since">` and `<a class="src">Source</a>`, with nothing but separators between them.
 */
export function isSourceStamp(el: Element): boolean {
  if (el.name !== "span" || el.children.length > SOURCE_STAMP_CHILDREN) return false;
  let links = 0;
  for (const c of el.children) {
    if (isText(c)) {
      if (HAS_WORD.test(c.data)) return false;
    } else if (isTag(c)) {
      const cls = ` ${c.attribs.class ?? ""} `;
      // The link says "Source" ("[src]" in older versions): an `src` class on a credit's link ("Reuters") is no stamp.
      if (c.name === "a" && cls.includes(" src ") && SOURCE_LINK_TEXT.test(boundedText(c, SOURCE_STAMP_CHILDREN, SOURCE_LINK_CHARS) ?? ""))
        links++;
      else if (!(c.name === "span" && cls.includes(" since "))) return false;
    }
  }
  return links > 0;
}
const SOURCE_STAMP_CHILDREN = 8;
const SOURCE_LINK_TEXT = /^\s*(?:source|\[src\])\s*$/i;
/** The link's text is read to this length at most: stamps nest in hostile pages, and each would read the rest. */
const SOURCE_LINK_CHARS = 80;

/** Customer reviews and testimonials: "reviews", "customer-reviews_feature", "pdp-reviews", "review-list", "testimonials". */
export const REVIEWS_TOKEN =
  /^(?:[a-z0-9]+[-_])?(?:(?:customer|product|user)[-_]?)?(?:reviews|review[-_]?list|reviews[-_]list|ratings[-_]reviews|testimonials)(?:[-_]+[a-z0-9]+)*$/i;

/**
 * The review and question widgets shops embed from a vendor, named in its own words rather than
 * "reviews": Bazaarvoice's `BVRRContainer`, `BVQAContainer`, `bv_main_container` and
 * `bv-content-list-reviews`; PowerReviews' `pr-review-display`; Judge.me's `jdgm-review-widget`;
 * Yotpo's and Stamped's `yotpo-main-widget`, `stamped-main-widget`; any "review" box named a widget,
 * display, container or list. Read only on a page that declares a product, where reviews always go.
 */
export const REVIEW_WIDGET_TOKEN =
  /^(?:bvrr|bvqa)[a-z0-9]*$|^bv[-_]main[-_]container$|[-_]list[-_]reviews$|(?:^|[-_])reviews?[-_]?(?:widget|display|container|list)(?:[-_]|$)|^(?:yotpo|stamped|jdgm|okendo|loox)[-_]main[-_]widget$/i;
/** Bazaarvoice's own attribute on its containers: `data-bv-show="reviews"`, `"questions"`. */
export const REVIEW_WIDGET_SHOWS = /^(?:reviews|questions)$/i;

/** Testimonials: on a service's own page they are part of what it says about itself. */
export const TESTIMONIALS_TOKEN = /testimonials/i;

/**
 * What a page says it is, when it says it is a story: `og:type` article or a schema.org
 * article in JSON-LD or microdata ("story": a news article, a blog post; not a TechArticle or a
 * ScholarlyArticle, whose figures' captions are part of the text), and whether a news
 * publisher's ("news": NewsArticle and its kinds, a live blog). Read once per document.
 */
export function declaredStory(doc: Document): { story: boolean; news: boolean } {
  const { ogTypes, types } = declaredTypes(doc);
  const news = types.some((t) => NEWS_TYPES.test(t));
  return { story: news || ogTypes.some((t) => /^\s*article\s*$/i.test(t)) || types.some((t) => STORY_TYPES.test(t)), news };
}

/**
 * What a page declares itself to be, read once per document for the questions asked of it
 * (product, story): its `og:type` values, and its schema.org types from JSON-LD and microdata
 * (microdata names them by URL, several at once: "https://schema.org/NewsArticle").
 */
function declaredTypes(doc: Document): { ogTypes: string[]; types: string[] } {
  let known = declaredTypesOf.get(doc);
  if (known) return known;
  const ogTypes: string[] = [];
  const types = documentJsonLd(doc).flatMap(schemaTypes);
  for (const e of findAll(doc, (el) => (el.name === "meta" && el.attribs.property === "og:type") || el.attribs.itemtype !== undefined)) {
    if (e.attribs.content !== undefined) ogTypes.push(e.attribs.content);
    for (const url of (e.attribs.itemtype ?? "").split(/\s+/)) if (url) types.push(url.replace(/^.*schema\.org\//i, ""));
  }
  known = { ogTypes, types };
  declaredTypesOf.set(doc, known);
  return known;
}
const declaredTypesOf = new WeakMap<Document, { ogTypes: string[]; types: string[] }>();
const NEWS_TYPES =
  /^(?:NewsArticle|ReportageNewsArticle|AnalysisNewsArticle|OpinionNewsArticle|BackgroundNewsArticle|ReviewNewsArticle|LiveBlogPosting)$/;
const STORY_TYPES = /^(?:Article|BlogPosting)$/;

/** A page that says it is a forum thread (schema.org DiscussionForumPosting; not a QAPage, whose comments under answers are no answers). */
export function declaresDiscussion(doc: Document): boolean {
  return declaredTypes(doc).types.some((t) => DISCUSSION_TYPES.test(t));
}
const DISCUSSION_TYPES = /^DiscussionForumPosting$/;

/**
 * A page that says it is a product (schema.org Product in JSON-LD or microdata, or og:type product).
 * Not a shop's collection: Open Graph's "product.group" names a group of products (IKEA's,
 * Target's, Thomann's category pages). A count of declared Products is no sign: microdata marks
 * related products' tiles on a product's own page as Products too.
 */
export function declaresProduct(doc: Document): boolean {
  const { ogTypes, types } = declaredTypes(doc);
  if (ogTypes.some((t) => /product\.group/i.test(t))) return false;
  return ogTypes.some((t) => /product/i.test(t)) || types.includes("Product");
}
