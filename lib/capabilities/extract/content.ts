import { type AnyNode, type Element, isTag, isText, type Text } from "domhandler";
import {
  boundedText,
  closestElement,
  collapse,
  findAll,
  findFirst,
  hasBlockChild,
  nodesInOrder,
  HEADINGS,
  isDataTable,
  isIconLigature,
  isLetterAvatar,
  TABLE_PARTS,
  tableRows,
  textOf,
  textWords,
  lettersAndDigits,
  SKIPPED_TEXT,
  HAS_WORD,
  lowerWords,
} from "../../html/dom";
import { documentJsonLd, schemaTypes } from "../../html/json-ld";
import type { Document } from "../../html/parse";
import { isAddressStore, isCodeWithoutToggle, isRewordingOf } from "./hidden-boxes";
import { hostLabel } from "./metadata";
import {
  BOILERPLATE_ROLES,
  SOFT_BOILERPLATE_ROLES,
  BOILERPLATE_TAGS,
  BOILERPLATE_TOKEN,
  COMMENTS_TOKEN,
  CONTENT_TOKEN,
  classWords,
  declaredStory,
  declaresDiscussion,
  declaresProduct,
  isBlockDisclaimer,
  isButtonWithContent,
  isSourceStamp,
  REVIEWS_TOKEN,
  REVIEW_WIDGET_SHOWS,
  REVIEW_WIDGET_TOKEN,
  SECTION_BOILERPLATE_TOKEN,
  TESTIMONIALS_TOKEN,
  STRUCTURAL,
} from "./boilerplate";
import {
  cardGrids,
  dropBeforeMainHeading,
  dropBuyBox,
  dropCardGridsBesideProse,
  dropFeedbackPrompts,
  dropLinkListsBesideProse,
  dropPictureCaptions,
  dropAdLabels,
  dropDatelines,
  dropNewsTeasers,
  dropPullQuotes,
  dropResponsesBesideProse,
  withoutItemFields,
  dropResponseSections,
  dropShippingSections,
  dropSuggestionSections,
  dropOptionLists,
  dropSignupBoxes,
  isSuggestionsHeading,
  formBox,
  titleCounter,
  PROSE_BESIDE_GRIDS,
  proseWords,
  repeatedFragments,
  dropSequenceLinks,
  dropCopyrightFooter,
  dropResultCounts,
  dropCallsToAction,
  dropInterfaceControls,
  dropMemberStats,
  readsAsDateline,
} from "./refinements";

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
 *    item of the container that holds them; not below the main heading when prose would be
 *    left beside (the heading is written first when the root is below it); the page's one
 *    <article> inside that root is the content when it holds most of what the root has from
 *    it on and has no introduction before it;
 * 4. content starts at the main heading: small blocks before the <h1> are left out;
 * 5. interface strings repeated across the content are left out, and so are grids of
 *    cards when the content also has substantial prose (a category page's editorial text);
 * 6. on a page that declares a product (schema.org Product, og:type product), customer
 *    review sections are left out.
 */
export interface ContentSelection {
  root: Element | Document;
  /** The page's main heading when it stands outside the root, to be written first. */
  title?: Element;
  skip: (el: Element) => boolean;
  /** Text fragments left out: interface strings repeated across the content. */
  skipText: (text: Text) => boolean;
}

/** Link text counts this much towards text mass: navigation is mostly links. */
const LINK_WEIGHT = 0.25;
/** Descend into a child that holds at least this share of its parent's text mass. */
const DESCEND_SHARE = 0.72;

/** A class-flagged element is boilerplate only while it holds less than this share of its parent. */
const SOFT_SHARE = 0.5;
/** A parent adding at most this text mass to its child only wraps it ("Add a comment" links, icons). */
const WRAPPER_EXTRA_WORDS = 3;
/** Prose beside the longest block that keeps the root at the main heading's level: one block of prose, and this share of the block's mass. */
const PROSE_LEFT_BESIDE_WORDS = 15;
const PROSE_LEFT_BESIDE_SHARE = 0.05;
/** The page's one <article> becomes the content when it holds at least this share of the root's text mass from it on… */
const LONE_ARTICLE_SHARE = 0.5;
/** …and what stands between the main heading and it is less than this share of it. */
const INTRODUCTION_SHARE = 0.1;
/** A comments or reviews box with less text mass than this is no conversation. */
const RESPONSES_MIN_WORDS = 20;
/** A data attribute's value longer than this is data, not a kind of element. */
const DATA_KIND_CHARS = 30;
/** A data attribute that names a tab's, a panel's or a slide's kind (`data-tab`, `data-panel-id`, `data-tab-content`). */
const DATA_KIND_NAME = /^data-(?:[a-z0-9]+-)*(?:tabs?|panels?|panes?|slides?|content)(?:-[a-z0-9]+)*$/i;
/** A hidden element of at most this many words is a label, never a panel. */
const HIDDEN_LABEL_WORDS = 2;
/** Levels above a hidden copy where the card that shows its words is sought (Redfin's photo box sits three deep). */
const SHOWN_COPY_DEPTH = 6;
/** A card's size (a title, a price or an address and a few facts), read no further: past it the text is a page's. */
const SHOWN_COPY_NODES = 200;
const SHOWN_COPY_CHARS = 600;
/** A screen reader's copy of a value is a short phrase: "current price $50.00", "4.5 out of 5 Stars. 120 reviews". */
const SCREEN_READER_TWIN_WORDS = 12;
/** Below this share of the page's text, the page is read from its <noscript> content too. */
const NOSCRIPT_PAGE_SHARE = 0.3;

export function selectContent(doc: Document, baseUrl?: string): ContentSelection {
  const body = pageBody(doc);
  const skipped = new Set<Element>();
  /** Soft candidates: flagged by class or id words; or hidden in the static page, or in a soft role. */
  const flagged = new Set<Element>();
  const judgedInParent = new Set<Element>();
  const responseBoxes: Element[] = [];
  const noscripts: Element[] = [];
  /** Forms to write in (a reply box with its guidance): boilerplate unless they hold most of the page. */
  const writingForms: Element[] = [];
  let textareas = 0;
  /** Ancestors of the page's <main> or an <article>: never boilerplate, whatever their class says. */
  const holdsMain = new Set<AnyNode>();
  /** The page's <article> elements, met in the first pass. */
  const articles: Element[] = [];
  const mass = new Map<AnyNode, number>();
  /** Words inside links under an element, unweighted (only elements that have some). */
  const linkedWords = new Map<AnyNode, number>();

  /** Hard rules: semantics, roles and hidden elements. */
  const isBoilerplate = (el: Element, inArticle: boolean): boolean => {
    // A quotation's <footer> is its attribution ("— Robert Frost"), not the page's footer.
    if (
      BOILERPLATE_TAGS.has(el.name) &&
      !isButtonWithContent(el) &&
      !(el.name === "footer" && el.parent && isTag(el.parent) && el.parent.name === "blockquote") &&
      !(el.name === "footer" && isEntryFooter(el)) &&
      !(el.name === "aside" && inArticle && isCallout(el)) &&
      // A <menu> is a toolbar of commands, but one of text items is a list (browsers show it as a <ul>).
      !(el.name === "menu" && isTextList(el)) &&
      // A <label> that labels no control (no "for", no field inside) is styled text: OXID's price.
      !(el.name === "label" && el.attribs.for === undefined && !labelsAField(el))
    )
      return true;
    // A popover (menus, tooltips, pickers) is shown only when a control opens it, as a <dialog> is.
    if (el.attribs.popover !== undefined) return true;
    // An icon font's ligature ("local_offer") is a glyph, not words.
    if (isIconLigature(el)) return true;
    // rustdoc's "1.0.0 · Source" beside each member.
    if (isSourceStamp(el)) return true;
    // A letter avatar's initials ("K" for karma12) draw the poster's picture, not words.
    if (isLetterAvatar(el)) return true;
    const role = el.attribs.role?.toLowerCase();
    if (role && BOILERPLATE_ROLES.has(role) && !(role === "banner" && inArticle)) return true;
    // HTML makes a <header> the page's banner only outside sectioning content: in a <section>
    // one with a heading and no menu is that section's title and introduction (landing pages
    // built by hand, with Tailwind or Astro); a site header inside a page-wide <section> still
    // holds the menu.
    return el.name === "header" && !inArticle && !(withinSectioning(el) && isSectionTitle(el));
  };
  /**
   * Hidden in the static page: often a collapsed accordion or an inactive tab (content), often
   * a menu or modal. `hidden="until-found"` is an accordion's answer that find-in-page opens: content, as a <details> is.
   * An inline `display` other than none overrides `hidden` (the browser's own rule for it is a
   * style); `visibility: collapse` hides as `hidden` does outside tables (and in them, the row).
   */
  const isHidden = (el: Element): boolean =>
    (el.attribs.hidden !== undefined &&
      el.attribs.hidden.trim().toLowerCase() !== "until-found" &&
      !/(?:^|;)\s*display\s*:\s*(?!none)[a-z]/i.test(el.attribs.style ?? "")) ||
    /display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse)/i.test(el.attribs.style ?? "") ||
    hiddenByClass(el.attribs.class);
  /**
   * A hidden element beside a shown sibling of the same kind (same tag, a class or a data attribute in common)
   * is an inactive tab or slide: the same content as the shown one, a click away.
   */
  // The shown children's "tag.class" and "tag[data-tab=…]" pairs, once per parent: 20,000 hidden siblings would
  // otherwise each scan all the others.
  const shownKinds = new Map<AnyNode, Set<string>>();
  const kindsOf = (el: Element) => {
    const kinds = (el.attribs.class ?? "")
      .split(/\s+/)
      .filter((c) => c && !HIDDEN_CLASS.test(c))
      .map((c) => `${el.name}.${c}`);
    // A data attribute with the same value is a kind too (JD's tab panels: `<div data-tab="item">` and
    // `<div data-tab="item" class="hide">`); not a number, which is each item's own id. Only an attribute
    // named for a tab, a panel or a slide: an animation's (`data-aos="fade-up"`) is on the hidden offer too.
    for (const [name, value] of Object.entries(el.attribs))
      if (DATA_KIND_NAME.test(name) && value.length <= DATA_KIND_CHARS && /[a-z]/i.test(value)) kinds.push(`${el.name}[${name}=${value}]`);
    return kinds;
  };
  const twinOfShownPanel = (el: Element): boolean => {
    if (!isHidden(el) || INLINE_ELEMENTS.has(el.name) || !el.parent) return false;
    let shown = shownKinds.get(el.parent);
    if (!shown) {
      shown = new Set();
      for (const s of el.parent.children) if (isTag(s) && !isHidden(s)) for (const k of kindsOf(s)) shown.add(k);
      shownKinds.set(el.parent, shown);
    }
    const own = shown;
    return kindsOf(el).some((k) => own.has(k));
  };
  /**
   * A hidden label of a few words (BigCommerce's "MSRP:", "Was:" and "Now:" before prices a
   * script fills in): no tab or accordion panel is that short, whatever stands beside it.
   */
  const hiddenLabel = (el: Element): boolean => isHidden(el) && (mass.get(el) ?? 0) > 0 && (mass.get(el) ?? 0) <= HIDDEN_LABEL_WORDS;
  const productPage = declaresProduct(doc);
  /**
   * The page's words with their counts, read once and only when a copy for small screens is met:
   * such a copy goes when its words stand elsewhere on the page.
   */
  let pageWords: Map<string, number> | undefined;
  let copiesRead = 0;
  /** What the copies may still read together (nodes and characters): twice the page, however they nest. */
  let copyBudget = 0;
  const saidElsewhere = (el: Element): boolean => {
    // Each reads its subtree: a bounded number, and within a budget, so that copies nested in
    // copies (whose words are said nowhere else, each holding the page) cannot each read the page.
    if (copiesRead++ >= MAX_SMALL_SCREEN_COPIES || (pageWords && copyBudget <= 0)) return false;
    if (!pageWords) {
      const page = wordCounts(body, Infinity)!;
      pageWords = page.counts;
      copyBudget = SMALL_SCREEN_READS * page.cost;
    }
    const read = wordCounts(el, copyBudget);
    copyBudget -= read?.cost ?? copyBudget;
    if (!read) return false;
    const own = read.counts;
    let total = 0;
    let outside = 0;
    for (const [word, n] of own) {
      total += n;
      outside += Math.min(n, (pageWords.get(word) ?? 0) - n);
    }
    return total > 0 && outside >= total * SMALL_SCREEN_TWIN_SHARE;
  };
  /** A short `aria-label` names its element's role as a class does ("Advertisement", "Breadcrumb", "Share"); a longer one describes it. */
  const ariaWords = (el: Element): string => {
    const label = el.attribs["aria-label"];
    if (!label || label.length > 40) return "";
    const words = label
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    return words.length <= 3 ? words.join(" ") : "";
  };
  // A page repeats its class names on every card, row and item: each distinct combination is read once.
  const tokensByNames = new Map<string, readonly string[]>();
  /** The class and id words of an element (BEM element names too); shared, never changed by callers. */
  const tokensOf = (el: Element): readonly string[] => {
    if (STRUCTURAL.has(el.name)) return NO_TOKENS;
    const names = `${el.attribs.class ?? ""} ${namedForItsHeading(el) ? "" : (el.attribs.id ?? "")} ${el.name.includes("-") ? el.name : ""} ${ariaWords(el)}`;
    let tokens = tokensByNames.get(names);
    if (!tokens) {
      tokens = names
        .split(/\s+/)
        // A post's categories and tags ("category-reviews", "tag-sidebar") name its subject, not its role.
        .filter((t) => t && !TAXONOMY_CLASS.test(t))
        .flatMap(classWords);
      tokensByNames.set(names, tokens);
    }
    return tokens;
  };
  /** Customer reviews and testimonials: on a page that declares a product they are never its description. */
  const isReviews = (tokens: readonly string[]): boolean => tokens.some((t) => REVIEWS_TOKEN.test(t));
  /** A vendor's review or question widget (Bazaarvoice, PowerReviews, Judge.me…): read on a product's page only. */
  const isReviewWidget = (el: Element, tokens: readonly string[]): boolean =>
    tokens.some((t) => REVIEW_WIDGET_TOKEN.test(t)) || REVIEW_WIDGET_SHOWS.test(el.attribs["data-bv-show"] ?? "");
  /** Readers' comments, and reviews other than testimonials: left out when the page has prose of its own. */
  const isResponses = (tokens: readonly string[]): boolean =>
    tokens.some((t) => COMMENTS_TOKEN.test(t)) || (isReviews(tokens) && !tokens.some((t) => TESTIMONIALS_TOKEN.test(t)));
  /** Soft rule: class and id tokens, judged later against the element's share of text. */
  const hasBoilerplateTokens = (tokens: readonly string[]): boolean =>
    // A content word keeps an element ("entry-content sidebar"), unless that token itself names
    // a section around the content: "post-related" is the related box, "post-navigation" links
    // to other posts ("product-overlay" is still the product's own box).
    tokens.some((t) => BOILERPLATE_TOKEN.test(t)) && !tokens.some((t) => CONTENT_TOKEN.test(t) && !SECTION_BOILERPLATE_TOKEN.test(t));

  // Pass 1: hard boilerplate out, soft candidates noted, text mass measured bottom-up.
  const measure = (node: AnyNode, inArticle: boolean, inLink: boolean): number => {
    if (isText(node)) {
      const words = textWords(node.data);
      return inLink ? words * LINK_WEIGHT : words;
    }
    if (!isTag(node)) return 0;
    // Counted as met, so a form knows whether it holds one without searching its subtree (forms can nest deep).
    if (node.name === "textarea") textareas++;
    const textareasBefore = textareas;
    if (node.name === "article") articles.push(node);
    // An <article> among sibling <article>s is an entry of a list (a box of related stories
    // written as teaser cards), not the page's composition.
    if (
      node.name === "main" ||
      node.attribs.role === "main" ||
      (node.name === "article" && !(node.parent && articleSiblings(node.parent) >= LISTED_ARTICLES))
    )
      for (let p = node.parent; p && isTag(p) && !holdsMain.has(p); p = p.parent) holdsMain.add(p);
    const tokens = tokensOf(node);
    if (node.name === "noscript") noscripts.push(node);
    else if (
      isBoilerplate(node, inArticle) ||
      (productPage && (isReviews(tokens) || isReviewWidget(node, tokens))) ||
      (hiddenOnDesktop(node.attribs.class) && saidElsewhere(node))
    ) {
      skipped.add(node);
      // A label is not walked, but its field counts for the form around it (`<label>Comment <textarea>`); labels are small.
      if (node.name === "label" && findFirst(node, (e) => e.name === "textarea")) textareas++;
      return 0;
    }
    if (isResponses(tokens)) responseBoxes.push(node);
    // A <details> is content a click away, whatever its class ("sd-dropdown" in Sphinx docs).
    // A note in the text (GOV.UK's "application-notice" with role="note") is not judged by its class.
    if (
      hasBoilerplateTokens(tokens) &&
      node.name !== "details" &&
      node.attribs.role !== "note" &&
      !(node.name === "footer" && isEntryFooter(node))
    )
      flagged.add(node);
    // A soft role and hidden state are judged against the element's own parent, the box it
    // stands in (an FAQ's question and answers, an accordion item). An inactive tab panel is
    // content the reader gets with one click.
    else if (SOFT_BOILERPLATE_ROLES.has(node.attribs.role?.toLowerCase() ?? "") || (isHidden(node) && node.attribs.role !== "tabpanel"))
      judgedInParent.add(node);
    const article = inArticle || node.name === "article" || node.name === "main" || node.attribs.role === "main";
    const link = inLink || node.name === "a";
    let total = 0;
    let linked = 0;
    for (const c of node.children) {
      if (isText(c)) {
        // Counted once for both sums (a text's weight and, in a link, its linked words).
        const words = textWords(c.data);
        total += link ? words * LINK_WEIGHT : words;
        if (link) linked += words;
      } else {
        total += measure(c, article, link);
        linked += linkedWords.get(c) ?? 0;
      }
    }
    // Named only for a menu, but its words are mostly not links: a restaurant's food menu
    // ("menu-section", "menu-item": a dish, its description, its price), not navigation.
    if (flagged.has(node) && namedOnlyForNavigation(tokens) && mostlyUnlinked(total, linked)) flagged.delete(node);
    // A tooltip is shown only on hover (Etsy's "Etsy's Picks are hand selected…", an ads
    // notice); one whose words are mostly a link is the control mislabelled (Medium puts
    // role="tooltip" on a post's author link).
    if (node.attribs.role?.toLowerCase() === "tooltip" && mostlyUnlinked(total, linked)) {
      skipped.add(node);
      return 0;
    }
    // Forms are boilerplate when they are small (search boxes, comment forms), not when
    // they wrap the whole page (ASP.NET and similar), nor when they show no field at all (old
    // Reddit wraps each comment's text in a form holding only hidden inputs, for editing).
    if (node.name === "form" && ((total < 40 && showsField(node)) || postsToCart(node))) {
      skipped.add(node);
      if (textareas > textareasBefore) writingForms.push(node);
      return 0;
    }
    if (node.name === "form" && textareas > textareasBefore) writingForms.push(node);
    // A value hidden from screen readers beside the phrase that speaks it (`<div
    // aria-hidden="true">$50.00</div><span>current price $50.00</span>`, "(111)" beside "111
    // reviews with an average rating of 4.5…"), whatever hashed class hides the phrase on
    // screen: the value is written once, in the phrase, as the corpus's truths keep it.
    // A phrase named for screen readers only (`sr-only`) goes by its class, and the value stays.
    if (total > 0 && total <= SCREEN_READER_TWIN_WORDS && spokenBeside(node, (el) => hasBoilerplateTokens(tokensOf(el)))) {
      skipped.add(node);
      return 0;
    }
    if (linked > 0) linkedWords.set(node, linked);
    mass.set(node, total);
    return total;
  };
  const measureRoot = (): number =>
    isTag(body) ? measure(body, false, false) : body.children.reduce((s, c) => s + measure(c, false, false), 0);
  const pageMass = measureRoot();

  // Pass 2: soft candidates that are a small part of their parent go; noscript content is
  // kept only on pages that show little text without it (apps that render in the browser).
  const massOf = (node: AnyNode | null): number => (node ? (mass.get(node) ?? 0) : pageMass);
  // Once per parent: 20,000 flagged siblings would otherwise each scan all the others.
  const headingParents = new Map<AnyNode, boolean>();
  const hasHeadingChild = (parent: Element): boolean => {
    let known = headingParents.get(parent);
    if (known === undefined) headingParents.set(parent, (known = parent.children.some((c) => isTag(c) && HEADINGS.has(c.name))));
    return known;
  };
  // The page's main heading, and every box around it: a hero "banner" holding the <h1> is the
  // page's title and lead, not a banner.
  // Only a page's one <h1> is its main heading: with several, which one names the page is a
  // guess. Not counted: a logo heading (Twenty Thirteen's and Substack's site title, a link to
  // the home page) and, while others stand outside them, one inside left-out boilerplate (a
  // modal's title), nor a section of suggestions titled with the page's one <h1> (vBulletin's
  // "Similar Threads" widget: the thread's title is an <h2>).
  const candidates = findAll(
    body as Element,
    (el) => el.name === "h1" && !skipped.has(el) && !isLogoHeading(el) && !isSuggestionsHeading(textOf(el)),
  );
  const shown = candidates.filter((h) => !closestElement(h, (el) => skipped.has(el), true));
  // Copies of one title (a mobile and a desktop h1, as Salesforce Commerce themes write) are one heading.
  const titles = new Map<string, Element>();
  for (const h of shown.length > 0 ? shown : candidates) {
    const key = textOf(h);
    if (!titles.has(key)) titles.set(key, h);
  }
  const h1s = [...titles.values()];
  // A page without an <h1> (many shops and portals in China, Japan and Korea title the page
  // with a <div>, an <h2> or an <h3>): the heading or line whose text is the page's own name.
  const standIn = shown.length === 0 ? titleStandIn(doc, body, skipped, siteLabel(baseUrl)) : undefined;
  const mainHeading = standIn ?? (h1s.length === 1 ? h1s[0] : undefined);
  const holdsHeading = new Set<AnyNode>();
  for (let p = mainHeading?.parent; p; p = p.parent) holdsHeading.add(p);
  const authorPanels: [Element, Element][] = [];
  // Author panels that outweigh their post (a one-line reply beside a poster's join date,
  // counts and location): read as panels only once the thread shows others.
  const heavyPanels: [Element, Element][] = [];
  for (const el of flagged) {
    if (holdsMain.has(el) || holdsHeading.has(el)) continue;
    // Named for boilerplate and hidden as well (a promotion bar's carousel of 20 localised
    // messages, a closed drawer or modal): out whatever its share.
    if (isHidden(el) && !twinOfShownPanel(el)) {
      skipped.add(el);
      continue;
    }
    // A wrapper that adds next to nothing (an "Add a comment" link) is one box with the
    // element: judge the element against the first ancestor that holds something else too.
    // A titled section is a box of its own, however short its title.
    let parent = el.parent;
    while (
      parent &&
      isTag(parent) &&
      !STRUCTURAL.has(parent.name) &&
      massOf(parent) - massOf(el) <= WRAPPER_EXTRA_WORDS &&
      !hasHeadingChild(parent)
    )
      parent = parent.parent;
    // A block's fine print named as its BEM element goes whatever its share of its block:
    // Samsung's footnotes under a feature's two lines run longer than the feature. Not when it
    // holds most of the page's words: a disclaimer page's text ("legal__disclaimer").
    if ((isBlockDisclaimer(el) && massOf(el) < pageMass * DISCLAIMER_PAGE_SHARE) || massOf(el) < massOf(parent) * SOFT_SHARE) {
      const name = AUTHOR_PANEL_TOKEN.test(el.attribs.class ?? "") ? posterName(el) : undefined;
      if (name) authorPanels.push([el, name]);
      else skipped.add(el);
    } else if (AUTHOR_PANEL_TOKEN.test(el.attribs.class ?? "")) {
      const name = posterName(el);
      if (name) heavyPanels.push([el, name]);
    }
  }
  // In a thread (two or more panels by their share) a short post's panel is one of them: its
  // statistics go as the others' do. A lone heavy one (a profile card that is the page) stays.
  if (authorPanels.length >= 2) authorPanels.push(...heavyPanels);
  // A thread's author panels (two or more: one per post) go but for the poster's name, which the
  // forum truths keep above each post; a lone author box (an article's) goes whole.
  const panels = new Set(authorPanels.map(([panel]) => panel));
  // A panel inside another (XenForo's "message-userDetails" in its "message-user") is read with the outer one.
  const outerPanels = authorPanels.filter(([panel]) => !closestElement(panel, (e) => panels.has(e)));
  // Each in a post of its own: author boxes side by side (an article's co-authors) share one.
  const postOf = new Map(outerPanels.map(([panel]) => [panel, postAround(panel)]));
  const posts = new Map<AnyNode, Element>();
  const shared = new Set<Element>();
  for (const [panel, post] of postOf) {
    if (!post) continue;
    const other = posts.get(post);
    if (other) shared.add(other).add(panel);
    else posts.set(post, panel);
  }
  for (const [panel] of outerPanels)
    for (let p = panel.parent; p; p = p.parent) {
      const owner = posts.get(p);
      if (owner && owner !== panel) shared.add(owner);
    }
  for (const [panel, name] of outerPanels) {
    if (outerPanels.length < 2 || shared.has(panel) || !postOf.get(panel)) {
      skipped.add(panel);
      continue;
    }
    // The post names its author again (phpBB's "by Name » date" beside its profile): said once.
    if (linkedElsewhere(panel, name)) {
      skipped.add(panel);
      continue;
    }
    for (let n: Element = name; n !== panel && n.parent && isTag(n.parent); n = n.parent) {
      // A box on the way that was flagged on its own ("message-userDetails") keeps the name too.
      skipped.delete(n);
      for (const s of n.parent.children) if (s !== n && isTag(s)) skipped.add(s);
    }
  }
  // Judged against the own parent: a collapsed answer is most of its FAQ item, whose
  // question is a button. A hidden run of text beside shown text is no collapsed panel,
  // however much of its line it holds (a sort key, "<span style=display:none>0001</span>Tokyo").
  const hiddenBesideText = (el: Element): boolean => INLINE_ELEMENTS.has(el.name) && isHidden(el) && massOf(el.parent) > massOf(el);
  /**
   * A hidden copy of words its small card shows (Redfin's `<address style="display:none">`
   * under each photo, beside the card's address link; microdata or SEO copies of a title): a
   * reader sees them once. Sought in the nearest box around it with shown text, or one a few
   * levels up, read to a card's size only (a bigger box ends the search: an FAQ's hidden
   * answer whose words the page says elsewhere is still the answer).
   */
  const copyOfShownText = (el: Element): boolean => {
    if (!isHidden(el)) return false;
    const own = boundedText(el, SHOWN_COPY_NODES, SHOWN_COPY_CHARS, (e) => SKIPPED_TEXT.has(e.name));
    const ownWords = own === null ? [] : lowerWords(own);
    if (ownWords.length === 0) return false;
    const notShown = (e: Element) => e === el || SKIPPED_TEXT.has(e.name) || isHidden(e);
    let up = 0;
    for (let box = el.parent; box && isTag(box) && up < SHOWN_COPY_DEPTH; box = box.parent, up++) {
      const text = boundedText(box, SHOWN_COPY_NODES, SHOWN_COPY_CHARS, notShown, true);
      if (text === null) return false;
      const shown = new Set(lowerWords(text));
      if (shown.size > 0) return ownWords.every((w) => shown.has(w));
    }
    return false;
  };
  /**
   * A hidden twin that says again what a shown one beside it says, a word added or left out
   * (Mailchimp's plan blurb with and without "risk-free", one shown): another wording, not an
   * inactive tab. Card-sized texts only, compared with the twins a few elements away.
   */
  const variantOfShownTwin = (el: Element): boolean => {
    const own = boundedText(el, SHOWN_COPY_NODES, SHOWN_COPY_CHARS, (e) => SKIPPED_TEXT.has(e.name));
    const ownWords = own === null ? [] : lowerWords(own);
    if (ownWords.length === 0) return false;
    const kinds = new Set(kindsOf(el));
    const isShownTwin = (s: AnyNode | null): s is Element => !!s && isTag(s) && !isHidden(s) && kindsOf(s).some((k) => kinds.has(k));
    const sameWords = (s: Element) => {
      const shown = boundedText(s, SHOWN_COPY_NODES, SHOWN_COPY_CHARS, (e) => SKIPPED_TEXT.has(e.name) || isHidden(e));
      return shown !== null && isRewordingOf(ownWords, lowerWords(shown));
    };
    for (const dir of ["prev", "next"] as const) {
      let seen = 0;
      for (let s = el[dir]; s && seen < VARIANT_SIBLINGS; s = s[dir]) {
        if (!isTag(s)) continue;
        seen++;
        if (isShownTwin(s) && sameWords(s)) return true;
      }
    }
    return false;
  };
  for (const el of judgedInParent) {
    if (holdsMain.has(el)) continue;
    // A "read more" expansion: the hidden full text beside the shown excerpts it opens with (one
    // per screen width) is the text; the excerpts go. Not an inactive tab of the shown one's
    // kind, which may open with the same words (plans' "All plans include…", then a price each).
    const twin = twinOfShownPanel(el);
    const excerpts = isHidden(el) && !twin ? excerptsBefore(el, mass) : [];
    if (excerpts.length > 0) for (const x of excerpts) skipped.add(x);
    else if (
      hiddenLabel(el) ||
      (twin && variantOfShownTwin(el)) ||
      (!twin &&
        (hiddenBesideText(el) ||
          massOf(el) < massOf(el.parent) * SOFT_SHARE ||
          copyOfShownText(el) ||
          // Holding most of its parent, and still no panel to open: a live example's code, a script's data.
          (isHidden(el) && massOf(el) > 0 && (isCodeWithoutToggle(el) || isAddressStore(el)))))
    )
      skipped.add(el);
  }
  // With its title and guidance around it ("Your answer", "Leave a Reply", "Answers can be
  // marked as accepted…"): the largest box that adds a few words to the form and holds
  // neither the main heading nor the main content, nor a second title.
  const titlesIn = titleCounter();
  for (const f of writingForms) {
    if (massOf(f) >= pageMass * SOFT_SHARE) continue;
    const fits = (p: Element, up: number) =>
      p !== body && !holdsMain.has(p) && !holdsHeading.has(p) && up < WRITING_BOX_DEPTH && massOf(p) - massOf(f) <= WRITING_BOX_EXTRA_WORDS;
    skipped.add(formBox(f, fits, titlesIn) ?? f);
  }
  // A box of a few words named for comments holds no conversation: a listing's field
  // (arXiv's "Comments: 10 pages, 4 figures") or a count ("12 comments"). On a page that
  // declares a forum thread the replies are its content, however short the first post.
  if (!declaresDiscussion(doc))
    dropResponsesBesideProse(
      body,
      withoutItemFields(responseBoxes, mass).filter((b) => (mass.get(b) ?? 0) >= RESPONSES_MIN_WORDS),
      skipped,
    );
  const noscriptMass = noscripts.reduce((sum, n) => sum + (mass.get(n) ?? 0), 0);
  if (pageMass - noscriptMass >= pageMass * NOSCRIPT_PAGE_SHARE) for (const n of noscripts) skipped.add(n);

  // Pass 3: masses again without everything skipped.
  // Whether a text is inside a link is passed down, not looked up per text node.
  const remeasure = (node: AnyNode, inLink: boolean): number => {
    if (isText(node)) {
      const words = textWords(node.data);
      return inLink ? words * LINK_WEIGHT : words;
    }
    if (!isTag(node) || skipped.has(node)) return 0;
    const link = inLink || node.name === "a";
    let total = 0;
    for (const c of node.children) total += remeasure(c, link);
    mass.set(node, total);
    return total;
  };
  const bodyMass = isTag(body) ? remeasure(body, false) : body.children.reduce((s, c) => s + remeasure(c, false), 0);

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
    // Not below the page's main heading when what would be left beside the longest block is
    // prose too (an introduction, the sections after it: Sphinx's nested sections, a service
    // page's hero and its other sections) or titled sections (a specifications table after a
    // product's description, a recipe card after the story), not only a title, a byline and
    // an author's note.
    // A stand-in title (a page without an <h1>) holds the root only on a product's page, whose
    // title block with its price and specifications is content; an article's body is the content
    // and its title is written first.
    if (holdsHeading.has(root) && !holdsHeading.has(best) && (!standIn || productPage)) {
      const chosen = best;
      const beside =
        proseWords(root, (el) => el === chosen || skipped.has(el)) +
        titledSectionsBeside(root, chosen, mass, skipped) +
        standfirstWords(mainHeading, root, chosen, skipped);
      if (beside >= PROSE_LEFT_BESIDE_WORDS && beside >= bestMass * PROSE_LEFT_BESIDE_SHARE) break;
      // A grid of cards beside a short text (a category's product grid, whole cards in links,
      // beside its few lines of editorial text): the grid is the listing, and the text would not
      // outweigh it where grids beside prose are weighed (PROSE_BESIDE_GRIDS). A block without
      // prose (a sidebar's list of categories) is weighed by its mass alone.
      const prose = proseWords(chosen, (el) => skipped.has(el));
      if (prose >= PROSE_LEFT_BESIDE_WORDS && prose < PROSE_BESIDE_GRIDS) {
        const grids = gridWordsBeside(root, chosen, skipped);
        if (grids >= PROSE_LEFT_BESIDE_WORDS && grids >= bestMass * PROSE_LEFT_BESIDE_SHARE) break;
      }
    } else if (mainHeading && headingJustBefore(mainHeading, root)) {
      // The heading stands in a title block just before the root (Stack Exchange's question
      // header beside the question and its answers): the prose between it and the longest
      // block (the question) is content too.
      const chosen = best;
      const after = new Set(root.children.slice(root.children.indexOf(chosen)));
      const before = proseWords(root, (el) => after.has(el) || skipped.has(el));
      if (before >= PROSE_LEFT_BESIDE_WORDS && before >= bestMass * PROSE_LEFT_BESIDE_SHARE) break;
    }
    // Stay at a container of several blocks rather than descending into a lone paragraph.
    if (
      best.name === "p" ||
      best.name === "li" ||
      best.name === "pre" ||
      best.name === "blockquote" ||
      (best.name === "table" && !dominantLayoutCell(best, mass, skipped)) ||
      best.name === "ul" ||
      best.name === "ol" ||
      best.name === "dl"
    )
      break;
    root = best;
    rootMass = bestMass;
  }
  // Stopped inside a layout table short of its cell (a title row beside it): the table is the root.
  while (isTag(root) && TABLE_PARTS.has(root.name) && root.parent) [root, rootMass] = [root.parent as Element, mass.get(root.parent) ?? 0];
  const article = loneArticleWithin(articles, root, mass, skipped, mainHeading);
  if (article) [root, rootMass] = [article, mass.get(article) ?? 0];
  dropBeforeMainHeading(root, rootMass, mass, skipped, standIn);
  dropSequenceLinks(doc, root, mass, skipped, baseUrl);
  dropSuggestionSections(root, rootMass, mass, skipped);
  dropFeedbackPrompts(root, rootMass, mass, skipped);
  dropAdLabels(root, skipped, mass, rootMass);
  dropSignupBoxes(root, mass, skipped);
  if (productPage) {
    dropShippingSections(root, rootMass, mass, skipped);
    dropResponseSections(root, rootMass, mass, skipped);
  }
  dropBuyBox(root, rootMass, mass, mainHeading, skipped);
  dropOptionLists(root, skipped);
  dropCardGridsBesideProse(root, skipped, productPage);
  dropLinkListsBesideProse(root, skipped);
  dropCopyrightFooter(root, mass, skipped);
  dropCallsToAction(root, skipped);
  dropInterfaceControls(root, skipped);
  dropMemberStats(root, skipped);
  if (!productPage) dropResultCounts(root, mass, skipped);
  // A story's captions, byline and pull quotes, and a newsroom's teasers; a product's page may call itself an article too (og:type), and keeps them.
  const story = productPage ? undefined : declaredStory(doc);
  if (story?.story) {
    dropPictureCaptions(root, skipped);
    dropDatelines(root, mainHeading, skipped);
    dropPullQuotes(root, skipped);
  }
  if (story?.news) dropNewsTeasers(root, skipped);
  const repeated = repeatedFragments(root, skipped);
  // The root went below the page's main heading (a title block beside the body): the heading
  // still names the content.
  const title =
    mainHeading && !holdsHeading.has(root) && root !== mainHeading && !closestElement(mainHeading, (el) => skipped.has(el), true)
      ? mainHeading
      : undefined;
  return { root, title, skip: (el) => skipped.has(el), skipText: (t) => repeated.has(t) };
}

/**
 * A form that posts to the shop's cart (`/cart`, `/cart/update`, `/basket`: Shopify's cart drawer
 * and quick order list, WooCommerce's cart) holds the cart's lines and controls, the shop's
 * interface whatever its size; not one that holds a page's title (a cart page of its own), nor
 * a Shopify or WooCommerce product's form, which posts to `/cart/add` (PrestaShop's posts to
 * `/cart` and goes here, as its controls would by the buy-box rule). A cart's lines carry
 * quantity fields and a checkout button: one that shows no field is a list of items to add,
 * whose buttons are script links (Steam's "Add all DLC to Cart" under the game's add-ons).
 */
function postsToCart(form: Element): boolean {
  return CART_ACTION.test(form.attribs.action ?? "") && !findFirst(form, (e) => e.name === "h1") && showsField(form);
}
const CART_ACTION = /\/(?:cart|basket)(?:\/update)?\/?(?:[?#].*)?$/i;

/**
 * The shown siblings just before a hidden element that are excerpts of it: a passage (15 words
 * or more) that the hidden text opens with, word for word but for a few (an ellipsis, a "Read
 * more" link, an edit made to one copy only), the hidden text being longer. Shops and CMSs write
 * a long text so, collapsed to its excerpt (often one copy per screen width) until a click.
 */
function excerptsBefore(hidden: Element, mass: Map<AnyNode, number>): Element[] {
  const hiddenMass = mass.get(hidden) ?? 0;
  if (hiddenMass <= PROSE_LEFT_BESIDE_WORDS) return [];
  const candidates: Element[] = [];
  let seen = 0;
  for (let s = hidden.prev; s && seen < EXCERPT_SIBLINGS; s = s.prev) {
    if (!isTag(s)) continue;
    seen++;
    const m = mass.get(s) ?? 0;
    if (m >= PROSE_LEFT_BESIDE_WORDS && m < hiddenMass) candidates.push(s);
  }
  if (candidates.length === 0) return [];
  const excerpts = candidates.map((c) => lowerWords(textOf(c)));
  // The full text's opening only, a word past the longest excerpt: such texts nest, and each would read all of it.
  const full = openingWords(hidden, Math.max(...excerpts.map((e) => e.length)) + 1);
  if (!full) return [];
  return candidates.filter((_, k) => {
    const excerpt = excerpts[k]!;
    if (excerpt.length >= full.length) return false;
    let same = 0;
    for (let i = 0; i < excerpt.length; i++) if (excerpt[i] === full[i]) same++;
    return same >= excerpt.length * EXCERPT_SAME_SHARE;
  });
}
/**
 * The first `count` words of an element's text (fewer if it has no more), read no further; undefined
 * if they do not come within EXCERPT_READ_NODES nodes.
 */
function openingWords(el: Element, count: number): string[] | undefined {
  const words: string[] = [];
  let nodes = 0;
  for (const n of nodesInOrder(el, (e) => SKIPPED_TEXT.has(e.name))) {
    if (++nodes > EXCERPT_READ_NODES) return undefined;
    if (!isText(n)) continue;
    // A long text node is read only as far as the words wanted, at a few dozen characters each
    // (a node cut short before them ends the opening read: the words after it would not follow on).
    const chars = (count - words.length) * OPENING_WORD_CHARS;
    for (const w of lowerWords(collapse(n.data.slice(0, chars)))) words.push(w);
    if (words.length >= count) return words.slice(0, count);
    if (n.data.length > chars) break;
  }
  return words;
}
const EXCERPT_READ_NODES = 2000;
const OPENING_WORD_CHARS = 40;
/** A block's fine print holding at least this share of the page's words is the page's text. */
const DISCLAIMER_PAGE_SHARE = 0.5;

/** A hidden twin's shown wording is sought among this many elements on each side. */
const VARIANT_SIBLINGS = 4;
/** Excerpts are sought among this many elements before the hidden text. */
const EXCERPT_SIBLINGS = 4;
/** Share of an excerpt's words that stand at the same place in the full text. */
const EXCERPT_SAME_SHARE = 0.8;

/** Whether a form shows a reader any field or button (not only `type="hidden"` inputs). */
function showsField(form: Element): boolean {
  return !!findFirst(
    form,
    (e) =>
      e.name === "textarea" ||
      e.name === "select" ||
      e.name === "button" ||
      (e.name === "input" && (e.attribs.type ?? "").trim().toLowerCase() !== "hidden"),
  );
}

/**
 * Whether the element's id is the anchor of its heading, as documentation generators write
 * them: a heading with its own words as id (`<h3 id="actions">Actions`), or a heading or
 * section whose heading links to that id (Sphinx's `<section id="cookies"><h3>Cookies<a
 * href="#cookies">¶`). Such an id names a section's subject, not its role; a box of readers'
 * comments titled "Comments" has no such link.
 */
function namedForItsHeading(el: Element): boolean {
  const id = el.attribs.id;
  if (!id) return false;
  const heading = HEADINGS.has(el.name) ? el : el.children.find((c) => isTag(c) || (isText(c) && c.data.trim() !== ""));
  if (!heading || !isTag(heading) || !HEADINGS.has(heading.name)) return false;
  if (heading === el && lettersAndDigits(textOf(el)) === lettersAndDigits(id)) return true;
  return !!findFirst(heading, (a) => a.name === "a" && a.attribs.href?.trim() === `#${id}`);
}

/**
 * A note set in the text as an <aside> (Astro Starlight's `starlight-aside--note`, a "tip" or
 * "warning" callout, `role="note"`): part of the documentation, not a sidebar.
 */
function isCallout(aside: Element): boolean {
  return aside.attribs.role === "note" || CALLOUT_CLASS.test(aside.attribs.class ?? "");
}
const CALLOUT_CLASS = /(?:^|[\s_-])(?:note|tip|warning|caution|callout|admonition|important|danger)(?:$|[\s_-])/i;

/** A header that titles its section: a heading, no menu. */
function isSectionTitle(header: Element): boolean {
  return !!findFirst(header, (e) => HEADINGS.has(e.name)) && !findFirst(header, (e) => e.name === "nav" || e.attribs.role === "navigation");
}

/** A standfirst is a sentence or two: fewer words than a block of prose, more than a kicker. */
const STANDFIRST_MIN_WORDS = 5;
/**
 * The words of a standfirst: the paragraph right after the page's main heading, in its box
 * (The Verge's "It's slow, it's strange, and it shows…" under the headline), which the truths
 * keep; short of a block of prose, it still keeps the root above the story's body.
 */
function standfirstWords(heading: Element | undefined, root: Element | Document, chosen: Element, skipped: Set<Element>): number {
  if (!heading || closestElement(heading, (e) => e === chosen, true)) return 0;
  // The first paragraph a few nodes after the heading (past a "Copy page" button beside it), outside the chosen child.
  let budget = STANDFIRST_REACH;
  let after = false;
  for (const n of nodesInOrder(root as Element, (e) => e === chosen || skipped.has(e) || e === heading)) {
    if (n === heading) after = true;
    else if (after && --budget < 0) break;
    else if (after && isTag(n) && n.name === "p" && !skipped.has(n)) {
      const text = boundedText(n, 200, 2000) ?? "";
      // A byline or a date line under the headline ("Posted on March 5, 2024 by admin") is no standfirst.
      if (readsAsDateline(n, text)) return 0;
      const words = textWords(text);
      return words >= STANDFIRST_MIN_WORDS ? Math.max(words, PROSE_LEFT_BESIDE_WORDS) : 0;
    }
  }
  return 0;
}
/** Nodes after the heading within which its standfirst is looked for. */
const STANDFIRST_REACH = 12;

/** Whether an element stands inside a section, an aside or a nav (walks up a few levels only: sections sit near their headers). */
function withinSectioning(el: Element): boolean {
  let up = 0;
  for (let p = el.parent; p && isTag(p) && up < SECTIONING_DEPTH; p = p.parent, up++) if (SECTIONING.has(p.name)) return true;
  return false;
}
const SECTIONING = new Set(["section", "aside", "nav"]);
const SECTIONING_DEPTH = 8;

/**
 * The element that titles a page that has no `<h1>`: the first heading (`<h2>`–`<h6>`), else the
 * first line of text (an element with no block inside: JD's `<div class="sku-name">`, Naver's
 * title paragraph), whose text is the page's own name as its metadata gives it (see pageNames:
 * "쿠쿠 6인용 … - 밥솥 | 쿠팡" names "쿠쿠 6인용 …"). It may add a few words to that name (a "[일반]"
 * tag, "送料無料") but the name is most of it. Not a link, a list item, a cell or a control
 * (breadcrumbs and cards repeat the title), nor anything already left out. One walk: no
 * descent into a heading or a line, so each text is read once.
 */
function titleStandIn(doc: Document, body: Element | Document, skipped: Set<Element>, host: string): Element | undefined {
  const names = pageNames(doc, host);
  if (names.length === 0) return undefined;
  // The longest of the names the element's text is: a title's part that is the site's or a
  // section's name ("휴대용 게임기 갤러리", a breadcrumb's "美的MB-HS4075") is shorter than the page's own.
  const nameIn = (text: string): number => {
    let best = 0;
    if (text.length >= NAME_MIN_CHARS)
      for (const n of names)
        if (n.length > best && (text === n || (n.length >= text.length * NAME_SHARE_OF_LINE && text.includes(n)))) best = n.length;
    return best;
  };
  let found: Element | undefined;
  let foundName = 0;
  let foundHeading = false;
  let foundChars = 0;
  // The longest name first; then a heading before a line; then the line that adds least to the
  // name (a breadcrumb that ends with the name adds its crumbs); then the first.
  const consider = (el: Element, heading: boolean) => {
    const text = lettersAndDigits(textOf(el));
    const name = nameIn(text);
    if (name === 0 || whollyLinked(el, text)) return;
    if (name > foundName || (name === foundName && ((heading && !foundHeading) || (heading === foundHeading && text.length < foundChars))))
      [found, foundName, foundHeading, foundChars] = [el, name, heading, text.length];
  };
  // A list item's heading or line is a card's or a crumb's, as is a title that is all link.
  const walk = (el: Element, inItem: boolean): void => {
    if (skipped.has(el) || STAND_IN_NEVER.has(el.name) || el.attribs.hidden !== undefined) return;
    const item = inItem || el.name === "li";
    if (HEADINGS.has(el.name)) {
      if (el.name !== "h1" && !item) consider(el, true);
      return;
    }
    if (!hasBlockChild(el)) {
      if (!item && !NOT_A_LINE.has(el.name) && textWords(textOf(el)) <= LINE_MAX_WORDS) consider(el, false);
      return;
    }
    for (const c of el.children) if (isTag(c)) walk(c, item);
  };
  for (const c of body.children) if (isTag(c)) walk(c, false);
  return found;
}
/** An element whose text is all its links' text (a card's linked title). */
function whollyLinked(el: Element, text: string): boolean {
  const links = findAll(el, (e) => e.name === "a");
  return links.length > 0 && lettersAndDigits(links.map((a) => textOf(a)).join("")) === text;
}
/** A name shorter than this (letters and digits) could be any label. */
const NAME_MIN_CHARS = 8;
/** The page's name is at least this share of its stand-in's letters. */
const NAME_SHARE_OF_LINE = 0.6;
/** A line longer than this is text, not a title. */
const LINE_MAX_WORDS = 60;
/** Never read for a title: controls, links (a card's or a breadcrumb's), what is not shown. */
const STAND_IN_NEVER = new Set(["a", "button", "label", "option", "select", "summary", "script", "style", "template", "title", "noscript"]);
/** Lines that are an item or a cell, not a title (a breadcrumb's last crumb, a table's cell). */
const NOT_A_LINE = new Set(["li", "td", "th", "dt", "dd", "caption", "figcaption"]);
/** Separators between a title's parts, as sites write them ("Product - Category | Shop", "【楽天市場】…：Shop"). */
const TITLE_PARTS = /\s+[|｜\-–—·•»:]\s+|[|｜_：【】「」]/;

/**
 * The page's name as its metadata gives it: the `<title>`, `og:title` and the headline or name
 * of the JSON-LD's one product, article or question (a listing's JSON-LD names many
 * items: none of them names the page), each whole and by its longest part between separators ("Build your first app | Get
 * started | Android Developers" names "Build your first app", not its section), never the
 * site's name (`og:site_name`, the host's: a home page titled "The Verge").
 */
function pageNames(doc: Document, host: string): string[] {
  const raw: string[] = [];
  let site = "";
  for (const el of findAll(doc, (e) => e.name === "title" || e.name === "meta")) {
    if (el.name === "title" && !closestElement(el, (a) => a.name === "svg")) raw.push(textOf(el));
    else if (el.name === "meta") {
      const key = el.attribs.property ?? el.attribs.name ?? "";
      if (/^(?:og|twitter):title$/i.test(key)) raw.push(el.attribs.content ?? "");
      else if (/^og:site_name$/i.test(key)) site = lettersAndDigits(el.attribs.content ?? "");
    }
  }
  // Only the page's one named item: a listing describes many (a calendar's events, a category's products).
  const named = documentJsonLd(doc).filter((node) => schemaTypes(node).some((t) => NAMED_TYPES.has(t)));
  if (named.length === 1) {
    const [node] = named as [Record<string, unknown>];
    for (const key of ["headline", "name"]) if (typeof node[key] === "string") raw.push(node[key]);
  }
  const names = new Set<string>();
  const isSite = (n: string) => n === site || n === host || n === `${host}com`;
  // Collapsed first (a meta's content is raw: TITLE_PARTS's "\s+" would rescan a long run of spaces at each of its
  // characters), and no longer than a title is.
  for (const r of raw.slice(0, MAX_NAMES).map((t) => collapse(t).slice(0, NAME_MAX_CHARS))) {
    const parts = r
      .split(TITLE_PARTS)
      .map(lettersAndDigits)
      .filter((n) => !isSite(n));
    const longest = parts.reduce((a, b) => (b.length > a.length ? b : a), "");
    for (const n of [lettersAndDigits(r), longest]) if (n.length >= NAME_MIN_CHARS && !isSite(n)) names.add(n);
  }
  return [...names];
}
/** The name of the page's host ("theverge" for www.theverge.com), as a site names itself. */
function siteLabel(url: string | undefined): string {
  return url && URL.canParse(url) ? hostLabel(new URL(url).hostname) : "";
}
const NAMED_TYPES = new Set(["Product", "Question", "Article", "NewsArticle", "BlogPosting", "DiscussionForumPosting"]);
/** A title's characters read at most. */
const NAME_MAX_CHARS = 1000;
/** Titles read at most (a hostile page may hold thousands of metas). */
const MAX_NAMES = 20;

/** A site's logo written as a heading: inside a link to the home page, or wholly one. */
function isLogoHeading(heading: Element): boolean {
  for (let p = heading.parent; p && isTag(p); p = p.parent) if (p.name === "a") return leadsHome(p);
  const links = findAll(heading, (e) => e.name === "a");
  return links.length === 1 && leadsHome(links[0]!) && textOf(links[0]!) === textOf(heading);
}
const leadsHome = (link: Element): boolean => HOME_HREF.test(link.attribs.href?.trim() ?? "");
/** "/", "./", "index.html", or a site's root URL. */
const HOME_HREF = /^(?:\.?\/|\/?index\.\w+|(?:https?:)?\/\/[^/?#]+\/?)$/i;

/** Levels above the main heading a title block's box may be: a hero nests its title in an image box and a title box. */
const TITLE_BLOCK_DEPTH = 4;

/**
 * Whether the heading stands just before `el` in a title block beside it: their common
 * container is at most TITLE_BLOCK_DEPTH levels above the heading and one or two above `el`,
 * and the heading's branch comes first.
 */
function headingJustBefore(heading: Element, el: Element | Document): boolean {
  if (!isTag(el) || !el.parent) return false;
  const containers: AnyNode[] = [el.parent, ...(el.parent.parent ? [el.parent.parent] : [])];
  let branch: AnyNode = heading;
  for (
    let container = heading.parent, up = 0;
    container && up < TITLE_BLOCK_DEPTH;
    branch = container, container = container.parent, up++
  ) {
    const k = containers.indexOf(container);
    if (k < 0) continue;
    const siblings = container.children;
    return siblings.indexOf(branch as never) < siblings.indexOf((k === 0 ? el : el.parent) as never);
  }
  return false;
}

/**
 * The cell of a layout table that holds most of its text (DESCEND_SHARE), as old sites lay out
 * a page: menu, text and news in the cells of one table. A table with header cells or a
 * caption is data, never a layout.
 */
function dominantLayoutCell(table: Element, mass: Map<AnyNode, number>, skipped: Set<Element>): Element | undefined {
  if (isDataTable(table)) return undefined;
  let best: Element | undefined;
  let bestMass = 0;
  for (const row of tableRows(table)) {
    if (skipped.has(row)) continue;
    for (const cell of row.children) {
      const m = mass.get(cell) ?? 0;
      if (isTag(cell) && cell.name === "td" && !skipped.has(cell) && m > bestMass) [best, bestMass] = [cell, m];
    }
  }
  return best && bestMass >= (mass.get(table) ?? 0) * DESCEND_SHARE ? best : undefined;
}

/**
 * The page's one `<article>`, when it lies inside the root found by text mass and is plainly
 * the composition the root was built around:
 * - only a few words follow it in its own container (a first post before its replies, a
 *   description before its specifications table, a story before its recipe card do not);
 * - it holds at least half of what the root has from it on: what follows further out
 *   (testimonials, a sign-up box, a slider of other products) is the page around it;
 * - nothing of weight stands between the main heading and it (a category page's
 *   introduction and grid above its editorial article, a post above its one comment or
 *   author box, a list above a notice; what stands before the main heading does not count,
 *   as content starts at the heading).
 */
function loneArticleWithin(
  pageArticles: Element[],
  root: Element | Document,
  mass: Map<AnyNode, number>,
  skipped: Set<Element>,
  mainHeading: Element | undefined,
): Element | undefined {
  const articles = pageArticles.filter((el) => !closestElement(el, (e) => skipped.has(e), true));
  if (articles.length !== 1 || articles[0] === root) return undefined;
  const article = articles[0]!;
  const massOf = (n: AnyNode | null) => (n ? (mass.get(n) ?? 0) : 0);
  const articleMass = massOf(article);
  if (articleMass < PROSE_LEFT_BESIDE_WORDS) return undefined;
  /** The later (earlier) siblings of an element and of each of its ancestors inside the root; undefined when it is not in the root. */
  const siblingsInRoot = (from: Element, step: (n: AnyNode) => AnyNode | null): Element[] | undefined => {
    const found: Element[] = [];
    let p: AnyNode = from;
    for (; p.parent && p !== root; p = p.parent) for (let s = step(p); s; s = step(s)) if (isTag(s) && !skipped.has(s)) found.push(s);
    return p === root ? found : undefined;
  };
  const after = siblingsInRoot(article, (n) => n.next);
  if (!after) return undefined;
  // What follows it in its own container goes with it (replies, a specifications table, a
  // recipe card): only a few words may (a share bar, a "back to top" link).
  let nextToIt = 0;
  for (let s = article.next; s; s = s.next) nextToIt += isTag(s) ? (skipped.has(s) ? 0 : massOf(s)) : isText(s) ? textWords(s.data) : 0;
  if (nextToIt >= PROSE_LEFT_BESIDE_WORDS && nextToIt >= articleMass * PROSE_LEFT_BESIDE_SHARE) return undefined;
  const afterMass = after.reduce((sum, el) => sum + massOf(el), 0);
  if (articleMass < (articleMass + afterMass) * LONE_ARTICLE_SHARE) return undefined;
  // Between the heading and the article: everything before the article in the root, less
  // the heading and what precedes it.
  const notBetween = new Set<Element>();
  // An earlier block that holds the heading (a hero) counts without the heading and what
  // precedes it there: their mass, per ancestor of the heading.
  const heldBefore = new Map<AnyNode, number>();
  if (mainHeading && !closestElement(mainHeading, (el) => el === article || after.includes(el), true)) {
    notBetween.add(mainHeading);
    let held = massOf(mainHeading);
    for (let p: AnyNode = mainHeading; p.parent && p !== root; p = p.parent) {
      for (let s = p.prev; s; s = s.prev)
        if (isTag(s) && !skipped.has(s)) {
          notBetween.add(s);
          held += massOf(s);
        }
      heldBefore.set(p.parent, held);
    }
  }
  const between = (siblingsInRoot(article, (n) => n.prev) ?? []).reduce(
    (sum, el) => sum + (notBetween.has(el) ? 0 : Math.max(0, massOf(el) - (heldBefore.get(el) ?? 0))),
    0,
  );
  return between < PROSE_LEFT_BESIDE_WORDS || between < articleMass * INTRODUCTION_SHARE ? article : undefined;
}

/**
 * The mass of the titled sections among the root's other children: what follows a subheading
 * there, and boxes that open with one (a specifications table, a recipe card, an
 * ingredients list). They are sections of the content, not the page around it.
 */
function titledSectionsBeside(root: Element | Document, chosen: Element, mass: Map<AnyNode, number>, skipped: Set<Element>): number {
  let total = 0;
  let titled = false;
  for (const c of root.children) {
    if (!isTag(c) || skipped.has(c)) continue;
    if (c === chosen) titled = false;
    else if (SUBHEADING.test(c.name)) titled = true;
    else if (titled || opensWithSubheading(c, skipped)) total += mass.get(c) ?? 0;
  }
  return total;
}
const SUBHEADING = /^h[2-6]$/;

/**
 * Words (links in full) of the grids of cards among the root's children before `chosen`: a
 * category's grid comes before its editorial text; a grid after a short story (its "More
 * stories" cards) is what the story is followed by, not the page's listing.
 */
function gridWordsBeside(root: Element | Document, chosen: Element, skipped: Set<Element>): number {
  let words = 0;
  for (const c of root.children) {
    if (c === chosen) break;
    if (!isTag(c) || skipped.has(c)) continue;
    for (const grid of cardGrids(c, skipped))
      for (const n of nodesInOrder(grid, (e) => skipped.has(e))) if (isText(n)) words += textWords(n.data);
  }
  return words;
}
function opensWithSubheading(el: Element, skipped: Set<Element>): boolean {
  const first = el.children.find((c): c is Element => isTag(c) && !skipped.has(c));
  return (!!first && SUBHEADING.test(first.name)) || labelledByOwnHeading(el, skipped);
}

/**
 * A box that `aria-labelledby` names after a subheading inside it is a titled section, however
 * deep the heading sits (a shop's "Top Sellers" carousel, its heading in the grid's header row).
 * Read no further than a few hundred nodes: the title opens its box.
 */
function labelledByOwnHeading(el: Element, skipped: Set<Element>): boolean {
  const ids = (el.attribs["aria-labelledby"] ?? "").split(/\s+/).filter(Boolean);
  if (ids.length === 0) return false;
  let nodes = 0;
  for (const n of nodesInOrder(el, (e) => skipped.has(e))) {
    if (++nodes > LABEL_HEADING_NODES) return false;
    if (isTag(n) && SUBHEADING.test(n.name) && ids.includes(n.attribs.id ?? "")) return true;
  }
  return false;
}
const LABEL_HEADING_NODES = 300;

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

/** WordPress's and Squarespace's taxonomy classes on a post: "category-…", "tag-…", "post_tag-…". */
const TAXONOMY_CLASS = /^(?:category|tag|post_tag|tags|topic)-/i;
const NO_TOKENS: readonly string[] = [];

/**
 * The footer of one entry in a list of entries (a blog index's `<article>`s, each with its date,
 * reading time and author in a `<footer class="entry-footer">`): HTML makes it that entry's
 * footer, not the page's, and it dates the entry: a `<time>` or a date written out, in words
 * mostly outside links (a forum post's "Like · Reply · Report" bar is actions, not a date line).
 */
function isEntryFooter(footer: Element): boolean {
  let known = entryFooters.get(footer);
  if (known === undefined) entryFooters.set(footer, (known = judgeEntryFooter(footer)));
  return known;
}
/** Judged once per footer: both the hard rule (a `<footer>`) and the class words ask. */
const entryFooters = new WeakMap<Element, boolean>();
function judgeEntryFooter(footer: Element): boolean {
  let entry: AnyNode | null = footer.parent;
  for (let up = 0; entry && isTag(entry) && entry.name !== "article" && up < ENTRY_FOOTER_DEPTH; entry = entry.parent, up++);
  if (!entry || !isTag(entry) || entry.name !== "article" || !listedEntry(entry)) return false;
  let words = 0;
  let linked = 0;
  let dated = false;
  let budget = ENTRY_FOOTER_MAX_NODES;
  const walk = (n: AnyNode, inLink: boolean): void => {
    if (--budget < 0) return;
    if (isText(n)) {
      const w = textWords(n.data);
      words += w;
      if (inLink) linked += w;
      dated ||= WRITTEN_DATE.test(n.data);
    } else if (isTag(n) && !BOILERPLATE_TAGS.has(n.name)) {
      dated ||= n.name === "time";
      for (const c of n.children) walk(c, inLink || n.name === "a");
    }
  };
  for (const c of footer.children) walk(c, false);
  return budget >= 0 && dated && words >= 2 && linked * 2 < words;
}
/** Sibling <article>s that make a list of entries. */
const LISTED_ARTICLES = 2;
/** How far up from a footer its entry's `<article>` may be. */
const ENTRY_FOOTER_DEPTH = 3;
/** Entries in a list at least: one article's footer beside two more. */
const ENTRY_SIBLINGS = 3;
/** A date line is small: past this many nodes a footer is something else. */
const ENTRY_FOOTER_MAX_NODES = 100;
/** "March 2, 2024", "2 Mar 2024", "2024-03-02". */
const WRITTEN_DATE =
  /\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}(?:st|nd|rd|th)?,? \d{4}\b|\b\d{1,2} (?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{4}\b|\b\d{4}-\d{2}-\d{2}\b/i;
/** Boxes around an entry that hold only it: WordPress's query loop writes `<li><div><article>` for each. */
const ENTRY_WRAPPERS = 2;
/**
 * Whether the `<article>` is one entry in a list: beside sibling `<article>`s, or alone in a box
 * (up to two levels) whose siblings each hold one the same way (a list item per entry).
 */
function listedEntry(article: Element): boolean {
  if (article.parent && articleSiblings(article.parent) >= ENTRY_SIBLINGS) return true;
  let box: Element = article;
  for (let up = 0; up < ENTRY_WRAPPERS; up++) {
    const parent = box.parent;
    if (!parent || !isTag(parent) || onlyChild(parent) !== box) return false;
    box = parent;
    if (box.parent && wrappedEntries(box.parent, up + 1) >= ENTRY_SIBLINGS) return true;
  }
  return false;
}
/** The element's one element child, if it has exactly one. */
function onlyChild(el: Element): Element | undefined {
  let only: Element | undefined;
  for (const c of el.children) {
    if (!isTag(c)) continue;
    if (only) return undefined;
    only = c;
  }
  return only;
}
/** Children of `parent` that each hold one `<article>` alone, `depth` boxes down; counted once per parent and depth. */
const wrappedCounts = new WeakMap<AnyNode, number[]>();
function wrappedEntries(parent: AnyNode, depth: number): number {
  const known = wrappedCounts.get(parent) ?? [];
  let count = known[depth];
  if (count === undefined) {
    count = 0;
    for (const c of "children" in parent ? (parent.children as AnyNode[]) : []) {
      let at: Element | undefined = isTag(c) ? c : undefined;
      for (let d = 0; at && d < depth; d++) at = onlyChild(at);
      if (at?.name === "article") count++;
    }
    known[depth] = count;
    wrappedCounts.set(parent, known);
  }
  return count;
}
/** `<article>` children per parent, counted once: a listing of 10,000 entries has as many footers. */
const articleCounts = new WeakMap<AnyNode, number>();
function articleSiblings(parent: AnyNode): number {
  let count = articleCounts.get(parent);
  if (count === undefined) {
    count = "children" in parent ? (parent.children as AnyNode[]).filter((c) => isTag(c) && c.name === "article").length : 0;
    articleCounts.set(parent, count);
  }
  return count;
}

/** Class words of navigation's family: "menu", "menu-item", "nav-section", "site-navigation". */
const NAVIGATION_WORD = /^(?:[a-z0-9]+[-_])?(?:nav|navbar|navigation|menu|menus)(?:[-_][a-z0-9]+)?$/i;
/** An element flagged only by navigation's words (not also as a footer, a share bar…: "footer-menu" is the footer's). */
function namedOnlyForNavigation(tokens: readonly string[]): boolean {
  const flaggedBy = tokens.filter((t) => BOILERPLATE_TOKEN.test(t));
  return (
    flaggedBy.length > 0 &&
    flaggedBy.every(
      (t) => NAVIGATION_WORD.test(t) && t.split(/[-_]/).every((part) => NAVIGATION_PART.test(part) || !BOILERPLATE_TOKEN.test(part)),
    )
  );
}
const NAVIGATION_PART = /^(?:nav|navbar|navigation|menu|menus)$/i;
/** Words a menu of text holds at least, to be judged by its links: "Home" alone says nothing. */
const MENU_TEXT_MIN_WORDS = 4;
/** Whether most of an element's words are outside links, from its weighted mass and its linked words. */
function mostlyUnlinked(weightedMass: number, linkedWords: number): boolean {
  const words = weightedMass + linkedWords * (1 - LINK_WEIGHT);
  return words >= MENU_TEXT_MIN_WORDS && linkedWords * 2 < words;
}

/** Text-level elements: a hidden one beside a shown twin is an alternative wording, not a panel. */
const INLINE_ELEMENTS = new Set(["span", "a", "b", "i", "em", "strong", "small", "sup", "sub", "abbr", "time", "label", "code"]);

/**
 * Utility classes that hide an element on every screen ("hide", "d-none"), unless a responsive one shows it again ("hidden lg:block");
 * and those of what is shown only on paper (MediaWiki's "Retrieved from …" printfooter, Bootstrap 3's visible-print-block, Foundation's show-for-print).
 */
const HIDDEN_CLASS =
  /^(?:hide|hidden|is-hidden|d-none|u-hidden|js-hidden|display-none|printfooter|print-only|printonly|visible-print(?:-block|-inline|-inline-block)?|show-for-print)$/i;
/** A breakpoint's display utility that shows the element again ("lg:block", "md:flex", "d-md-block"); not "md:hidden" or "hover:…". */
const SHOWN_AT_SOME_WIDTH =
  /^(?:(?:sm|md|lg|xl|2xl):(?:block|inline|inline-block|flex|inline-flex|grid|inline-grid|table|contents|flow-root)|d-(?:sm|md|lg|xl|xxl)-(?!none))/i;
/**
 * Hidden at a desktop's width by its class, a copy for small screens: responsive themes write a
 * section, a table's stacked cells or a title twice, one copy per screen size, and the stylesheet
 * shows one. Read at 1200px and up: Bootstrap's `d-lg-none` (unless `d-xl-block` shows it again),
 * Tailwind's `md:hidden` (unless `lg:block`…), Bootstrap 3's `hidden-lg` and `visible-xs`,
 * Foundation's `hide-for-large` and `show-for-small-only`, Bulma's `is-hidden-desktop`, Elementor's
 * `elementor-hidden-desktop`, Shopify Dawn's `large-up-hide`, Invision Community's
 * `ipsResponsive_showPhone` (its author pane for phones), and themes' own `hidden-desktop`,
 * `hide-on-desktop`, `desktop-hide`, `mobile-only`. A breakpoint above 1400px (`2xl:`, `-xxl-`) says nothing
 * of a desktop.
 */
function hiddenOnDesktop(classes: string | undefined): boolean {
  // Most class lists name no screen size: one test before reading their tokens.
  if (!classes || !SCREEN_SIZE_HINT.test(classes)) return false;
  let named = false;
  // Hidden, and shown again only on small screens ("hidden mobile__block", "hidden max-md:block").
  let hidden = false;
  let shownOnSmall = false;
  // The display a breakpoint utility sets at the widest breakpoint up to a desktop's (Bootstrap's
  // d-{bp}-*, Tailwind's {bp}:*), the last one wins as in the stylesheet's order.
  let widest = -1;
  let hiddenAtWidest = false;
  for (const token of classes.split(/\s+/)) {
    if (!token) continue;
    if (DESKTOP_HIDDEN.test(token)) named = true;
    else if (DESKTOP_SHOWN.test(token)) return false;
    else if (HIDDEN_CLASS.test(token)) hidden = true;
    else if (SHOWN_ON_SMALL.test(token)) shownOnSmall = true;
    const bs = BOOTSTRAP_DISPLAY.exec(token);
    const tw = bs ? null : TAILWIND_DISPLAY.exec(token);
    const m = bs ?? tw;
    if (!m) continue;
    const rank = BREAKPOINTS.indexOf(m[1]!.toLowerCase());
    if (rank < widest) continue;
    widest = rank;
    hiddenAtWidest = /^(?:none|hidden)$/i.test(m[2]!);
  }
  return widest >= 0 ? hiddenAtWidest : named || (hidden && shownOnSmall);
}
const SCREEN_SIZE_HINT = /hid|only|visible|show|d-(?:sm|md|lg|xl)-|(?:sm|md|lg|xl):/i;
const BREAKPOINTS = ["sm", "md", "lg", "xl"];
const BOOTSTRAP_DISPLAY =
  /^d-(sm|md|lg|xl)-(none|block|inline|inline-block|flex|inline-flex|grid|inline-grid|table|table-cell|table-row|contents)$/i;
const TAILWIND_DISPLAY = /^(sm|md|lg|xl):(hidden|block|inline|inline-block|flex|inline-flex|grid|inline-grid|table|contents|flow-root)$/i;
const DESKTOP_HIDDEN =
  /^(?:[a-z0-9]+[-_])*?(?:hidden|hide)[-_]+(?:on[-_]+|for[-_]+)?(?:desktop|large|lg)(?:[-_]+up)?$|^(?:hidden|hide)[-_](?:sm|md)[-_]up$|^(?:[a-z0-9]+[-_])*?desktop[-_]+(?:hidden|hide)$|^(?:mobile|phone)[-_]+only$|^only[-_]+(?:mobile|phone)$|^visible[-_]+(?:xs|sm)(?:[-_](?:block|inline|inline-block))?$|^(?:[a-z0-9]+[-_])*?show[-_]?phone$|^show[-_]+for[-_]+(?:small|medium)[-_]+only$|^is[-_]hidden[-_](?:desktop|tablet)$|^large[-_]up[-_]hide$/i;
/** A class that shows an element on small screens only: "mobile__block", "mobile-show", Tailwind's "max-md:block". */
const SHOWN_ON_SMALL =
  /^(?:mobile|phone)[-_]+(?:block|flex|grid|inline|inline-block|show|visible)$|^max-(?:sm|md|lg):(?:block|inline|inline-block|flex|inline-flex|grid|table|contents)$/i;
/** A class that shows the element on a desktop after all ("visible-lg", "desktop-only", "show-desktop"). */
const DESKTOP_SHOWN =
  /^(?:visible[-_](?:md|lg)(?:[-_][a-z-]+)?|(?:desktop|large)[-_]only|only[-_]desktop|show[-_](?:on[-_])?desktop|show[-_]for[-_]large(?:[-_]up)?)$/i;
/** A copy for small screens goes when this share of its words stands elsewhere on the page. */
const SMALL_SCREEN_TWIN_SHARE = 0.8;
/** Copies for small screens read per page. */
const MAX_SMALL_SCREEN_COPIES = 200;

/** Times the page's text the copies for small screens read together at most. */
const SMALL_SCREEN_READS = 2;

/**
 * An element's words (letters and digits, in lower case) with their counts, script and style left
 * out, and the cost of reading them (nodes and characters); undefined once the cost passes `budget`.
 */
function wordCounts(el: Element | Document, budget: number): { counts: Map<string, number>; cost: number } | undefined {
  const counts = new Map<string, number>();
  let cost = 0;
  for (const n of nodesInOrder(el, (e) => SKIPPED_TEXT.has(e.name))) {
    cost += isText(n) ? 1 + n.data.length : 1;
    if (cost > budget) return undefined;
    if (isText(n)) for (const word of lowerWords(collapse(n.data))) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return { counts, cost };
}

function hiddenByClass(classes: string | undefined): boolean {
  if (!classes) return false;
  const tokens = classes.split(/\s+/);
  return tokens.some((t) => HIDDEN_CLASS.test(t)) && !tokens.some((t) => SHOWN_AT_SOME_WIDTH.test(t));
}

/** A list of text, not of commands or links: no control or link among its first nodes. */
function isTextList(list: Element): boolean {
  let nodes = 0;
  for (const n of nodesInOrder(list)) {
    if (++nodes > LABEL_MAX_NODES) return false;
    if (isTag(n) && (n.name === "a" || FORM_FIELDS.has(n.name))) return false;
  }
  return list.children.some((c) => isTag(c) && c.name === "li");
}

/** A form to write in goes with the box around it that adds at most this many words (its title and guidance). */
const WRITING_BOX_EXTRA_WORDS = 30;
/** Levels climbed from such a form to its box (a thread of deeply nested forms would otherwise climb each to the top). */
const WRITING_BOX_DEPTH = 8;
/** Controls a `<label>` can label. */
const FORM_FIELDS = new Set(["input", "select", "textarea", "button", "meter", "output", "progress"]);
/** A control's label is small: past this many nodes a `<label>` is styled text (and nested ones are not each searched to the end). */
const LABEL_MAX_NODES = 200;
function labelsAField(label: Element): boolean {
  let nodes = 0;
  for (const n of nodesInOrder(label)) {
    if (++nodes > LABEL_MAX_NODES) return false;
    if (isTag(n) && FORM_FIELDS.has(n.name)) return true;
  }
  return false;
}

/** A value's words as tokens, trailing punctuation aside: "Stars." and "Stars" are one word. */
const valueTokens = (text: string): string =>
  ` ${text
    .toLowerCase()
    .split(/\s+/)
    .map((t) => t.replace(/[.,:;!?)]+$|^[(]+/g, ""))
    .filter(Boolean)
    .join(" ")} `;

/**
 * Whether an element hidden from screen readers (`aria-hidden="true"`) stands beside a short
 * span, not hidden, that says its words again in a phrase: the accessible pattern of a shown
 * value and its spoken twin.
 */
function spokenBeside(el: Element, namedAway: (el: Element) => boolean): boolean {
  if (el.attribs["aria-hidden"] !== "true") return false;
  const shown = shortTextOf(el);
  if (!shown || !HAS_WORD.test(shown)) return false;
  const sibling = (from: AnyNode | null, step: (n: AnyNode) => AnyNode | null): Element | undefined => {
    for (let n = from; n; n = step(n)) {
      if (isTag(n)) return n;
      if (isText(n) && n.data.trim()) return undefined;
    }
    return undefined;
  };
  const words = valueTokens(shown);
  for (const s of [sibling(el.prev, (n) => n.prev), sibling(el.next, (n) => n.next)]) {
    if (!s || s.name !== "span" || s.attribs["aria-hidden"] === "true" || namedAway(s)) continue;
    const spoken = shortTextOf(s);
    if (spoken !== null && spoken.length <= SPOKEN_MAX_CHARS && spoken.length > shown.length && valueTokens(spoken).includes(words))
      return true;
  }
  return false;
}
/** A spoken twin is a short phrase. */
const SPOKEN_MAX_CHARS = 120;
const SPOKEN_MAX_NODES = 40;
/**
 * An element's text as textOf reads it, or null when it is longer than a spoken twin: read no
 * further than that (values and phrases nest, and each would read all the page below it).
 */
const shortTextOf = (el: Element): string | null =>
  boundedText(el, SPOKEN_MAX_NODES, SPOKEN_MAX_CHARS * 4, (e) => SKIPPED_TEXT.has(e.name)) === null ? null : textOf(el);

/**
 * A forum post's author panel, by the class words forum software gives it (XenForo's
 * `message-user`, phpBB's `postprofile`, SMF's `poster`, Invision's `cAuthorPane`, Discourse's
 * `trigger-user-card`, `user-info`, `author-info`…): the avatar, title, join date and counts go,
 * the name stays.
 */
const AUTHOR_PANEL_TOKEN =
  /(?:^|\s)(?:[a-z0-9]+[-_]{1,2})?(?:user[-_]?info|user[-_]?details|user[-_]?card|author[-_]?info|poster[-_]?info|member[-_]?info|postprofile|message[-_]user|favatar|cauthorpane)(?:[-_][a-z0-9]+)?(?:\s|$)/i;
/**
 * A poster's name: `itemprop="name"` (not a `<meta>`), or an element named for a user's or an
 * author's name, also as a BEM element of such a block (`MessageCard__user-info__name`).
 */
const POSTER_NAME_CLASS =
  /(?:^|\s)(?:username|user[-_]name|author[-_]?name|poster[-_]?name|member[-_]?name|message-name|(?:c|ipsType_)?author|(?:[a-z0-9-]+__)?(?:user|author|poster|member)(?:[-_][a-z0-9]+)*__name)(?:\s|$)/i;
const POSTER_NAME_MAX_NODES = 80;
const POSTER_NAME_MAX_WORDS = 6;

/** The first short name in an author panel, read no further than a panel's first nodes. */
function posterName(panel: Element): Element | undefined {
  let nodes = 0;
  const visit = (el: Element): Element | undefined => {
    for (const c of el.children) {
      if (++nodes > POSTER_NAME_MAX_NODES) return undefined;
      if (!isTag(c) || c.name === "meta" || c.name === "link" || c.name === "img") continue;
      if ((/(?:^|\s)name(?:\s|$)/.test(c.attribs.itemprop ?? "") || POSTER_NAME_CLASS.test(c.attribs.class ?? "")) && shortName(c))
        return c;
      const found = visit(c);
      if (found || nodes > POSTER_NAME_MAX_NODES) return found;
    }
    return undefined;
  };
  return visit(panel);
}

function shortName(el: Element): boolean {
  const text = boundedText(el, 12, 80);
  if (text === null) return false;
  const words = textWords(text);
  return words > 0 && words <= POSTER_NAME_MAX_WORDS;
}

const POST_READ_NODES = 400;

/** Whether the post around an author panel links the panel's name's profile again, read no further than a post's first nodes. */
/** The post around an author panel: the first box that holds something else too (XenForo's user cell holds the panel alone). */
function postAround(panel: Element): Element | undefined {
  let post = panel.parent;
  for (let up = 0; up < 3 && post && isTag(post) && onlyChild(post) !== undefined; up++) post = post.parent;
  return post && isTag(post) ? post : undefined;
}

function linkedElsewhere(panel: Element, name: Element): boolean {
  const link = name.name === "a" ? name : findFirst(name, (e) => e.name === "a");
  const href = link?.attribs.href;
  const post = postAround(panel);
  if (!href || !post) return false;
  let nodes = 0;
  for (const n of nodesInOrder(post, (e) => e === panel)) {
    if (++nodes > POST_READ_NODES) return false;
    // With words: an avatar's link to the same profile is no second name.
    // A letter avatar's initials are no name either.
    if (isTag(n) && n.name === "a" && n.attribs.href === href && boundedText(n, 12, 80)?.trim() && !isLetterAvatar(n)) return true;
  }
  return false;
}
