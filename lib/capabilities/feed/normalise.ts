import { type AnyNode, type Element, hasChildren, isTag, isText, Text } from "domhandler";
import { collapse, inlineTextOf } from "../../html/dom";
import { parseHtml } from "../../html/parse";
import { withWindows1252Punctuation } from "../../net/charset";

/** Summaries are plain text of at most this many characters (cut at a word boundary). */
export const SUMMARY_MAX_CHARS = 1000;

/** An entity still escaped after one pass ("&amp;amp;" in the source). */
const ESCAPED_ENTITY = /&(?:amp|lt|gt|quot|apos|nbsp|#\d{2,5}|#x[0-9a-f]{2,4});/i;
/** Markup beyond doubt, escaped: "&lt;/p&gt;", "&lt;br", "&lt;!--". */
const ESCAPED_MARKUP = /&lt;\/[a-z][a-z0-9]*\s*&gt;|&lt;(?:br|img|hr)\b|&lt;!--/i;
/** Markup beyond doubt: a closing tag, a line break, an image or rule, a comment. */
const LOOKS_LIKE_MARKUP = /<\/[a-z][a-z0-9]*\s*>|<(br|img|hr)\b[^<>]*>|<!--/i;
/**
 * Markup in a title: a closing tag, a comment, or a line break, image or rule written with
 * attributes or self-closed (WordPress's emoji `<img class="emoji" alt="🎉">`, "one<br/>two");
 * "The <br> element" names a tag, as feedparser reads it.
 */
export const TITLE_MARKUP: MarkupTest = {
  // A closing tag counts when the title opened that element too ("<b>Bold</b> news"): one alone
  // is a tag named in prose ("Why </div> matters"), which feedparser leaves as written too.
  test: (text) => TITLE_VOID_OR_COMMENT.test(text) || (TITLE_CLOSING.test(text) && closesWhatItOpens(text)),
};
const TITLE_VOID_OR_COMMENT = /<!--|<(?:br|img|hr)(?:\s[^<>]*>|\s*\/>)/i;
const TITLE_CLOSING = /<\/[a-z][a-z0-9]*\s*>/i;
/** What decides whether a text is markup: a pattern, or a test of the whole text. */
export interface MarkupTest {
  test(text: string): boolean;
}

/**
 * What an HTML parser would take for a tag's start: "<" or "</" and a letter, and the name
 * up to a space, "/" or ">" ("x<y$" names "y$", "<john@example.com>" names the address).
 */
const TAG_START = /<(\/?)([A-Za-z][^\s/><]*)(\s*\/?>)?/g;
/** Attributes then the end of a tag, read within a bounded window after the name. */
const ATTRIBUTES_THEN_END = /^(?:\s+[\w:.-]+(?:\s*=\s*(?:"[^"<>]*"|'[^'<>]*'|[^\s<>"']+))?)*\s*\/?>/;
const ATTRIBUTES_WINDOW = 300;
const CLOSING_TAG = /<\/([A-Za-z][^\s/><]*)/g;
/** A custom element ("my-card") or a prefixed name ("o:p"), read as a tag when written as one (closed at once, or closed later). */
const CUSTOM_OR_PREFIXED = /^[a-z][a-z0-9]*(?:-[a-z][a-z0-9-]*|:[a-z0-9.-]+)$/i;
/** HTML's elements (current and obsolete) and the SVG and MathML ones a description may embed. */
const HTML_ELEMENTS = new Set(
  (
    "a abbr acronym address area article aside audio b base basefont bdi bdo big blink blockquote body br button canvas caption " +
    "center cite code col colgroup data datalist dd del details dfn dialog dir div dl dt em embed fieldset figcaption figure " +
    "font footer form frame frameset h1 h2 h3 h4 h5 h6 head header hgroup hr html i iframe img input ins kbd label legend li " +
    "link main map mark marquee menu meta meter nav nobr noembed noframes noscript object ol optgroup option output p param " +
    "picture plaintext pre progress q rb rp rt rtc ruby s samp script search section select slot small source span strike " +
    "strong style sub summary sup table tbody td template textarea tfoot th thead time title tr track tt u ul var video wbr xmp " +
    "svg path g circle rect line polyline polygon ellipse text tspan defs use symbol image lineargradient radialgradient stop " +
    "clippath mask filter pattern foreignobject math mi mn mo ms mtext mrow msup msub mfrac msqrt semantics annotation"
  ).split(" "),
);

/** Elements whose content is raw text or never shown: opened and never closed, they would take all the text after them. */
const RAW_TEXT = new Set(["script", "style", "title", "textarea", "xmp", "iframe", "noembed", "noframes", "noscript", "template"]);
/** One of them written self-closed, "<iframe src=… />" (linear: its attributes hold no "<" or ">"). */
const SELF_CLOSED_RAW = /<(?:script|style|title|textarea|xmp|iframe|noembed|noframes|noscript|template)(?:\s[^<>]*?)?\/>/gi;

/** A CDATA section's start or end, as written or escaped. */
const CDATA_MARKER = /<!\[CDATA\[|&lt;!\[CDATA\[|\]\]>|\]\]&gt;/gi;

/** Elements whose text is code: markup written in them is their text. */
const CODE = new Set(["pre", "code", "kbd", "samp", "textarea", "xmp", "plaintext"]);

/**
 * The text of parsed HTML as a reader sees it: a <video>'s or <audio>'s fallback ("Your browser
 * does not support the video tag.", WordPress's link to the file) is shown only by browsers that
 * cannot play it; a hidden element (an e-mail's preview line in a newsletter archive) not at all;
 * MathML's annotation is the formula's source (TeX), not what is shown.
 */
export const shownTextOf = (node: AnyNode): string => inlineTextOf(node, isNotShown);
const isNotShown = (el: Element) =>
  NOT_SHOWN.has(el.name) ||
  el.attribs.hidden !== undefined ||
  /(?:^|;)\s*display\s*:\s*none\s*(?:!important\s*)?(?:;|$)/i.test(el.attribs.style ?? "");
const NOT_SHOWN = new Set(["video", "audio", "annotation", "annotation-xml"]);

/** HTML (or escaped HTML, or plain text) to plain text, whitespace collapsed, entities decoded. */
export function htmlToPlainText(
  value: string | null | undefined,
  maxChars = SUMMARY_MAX_CHARS,
  markupTest: MarkupTest = LOOKS_LIKE_MARKUP,
): string | null {
  if (!value) return null;
  // A CDATA section wrapped in another, or escaped, leaves its markers in the text; a "]]>"
  // without one is text ("x ]]> y", written as two sections).
  if (value.includes("[CDATA[")) value = value.replace(CDATA_MARKER, "");
  // "List<String>", "if x<y and y>z", "$a<b+1$", "John <john@example.com>": a "<" before a
  // name that is no HTML element is text.
  if (value.includes("<")) value = tagsAsWritten(value);
  const doc = /[<&]/.test(value) ? parseHtml(value) : null;
  const hadElements = doc !== null && doc.children.some(isTag);
  if (doc && hadElements) {
    // Double-escaped HTML beside real markup (Reddit's item bodies): text that is still markup
    // beyond doubt is read again, except in code, where "<div>" is the text. One walk that does
    // not enter code elements.
    const stack: AnyNode[] = [doc];
    while (stack.length) {
      const n = stack.pop()!;
      if (isText(n)) {
        // Escaped once more than its neighbours ("&lt;/p&gt;" as text beside real elements).
        const data = !LOOKS_LIKE_MARKUP.test(n.data) && ESCAPED_MARKUP.test(n.data) ? readAgain(n.data) : n.data;
        if (LOOKS_LIKE_MARKUP.test(data) && escapedOnceMore(data)) n.data = ` ${readAgain(data)} `;
      } else if (isTag(n) && n.name === "img") showEmojiImage(n);
      else if (hasChildren(n) && !(isTag(n) && CODE.has(n.name))) for (const c of n.children) stack.push(c);
    }
  }
  // Text runs joined as a reader sees them: "<a>this link</a>, or" is "this link, or".
  // Without markup too, characters that show nothing (a soft hyphen, a zero-width space, written as
  // references the XML parse already decoded) are left out, as in HTML.
  let out = doc ? shownTextOf(doc) : collapse(value);
  // Wholly double-escaped HTML is still markup after one pass: read it again. Not when the
  // first pass found elements: then "&amp;copy;" was meant as the text "&copy;".
  if (!hadElements && (markupTest.test(out) || ESCAPED_ENTITY.test(out))) out = readAgain(out);
  out = withWindows1252Punctuation(out);
  // A newsletter's preview-line filler ("&#847;&zwnj;&nbsp;" repeated, as mailing tools pad it)
  // shows nothing: a combining grapheme joiner never does, nor a non-joiner beside no letter (one
  // between letters, as Persian writes it, stays).
  if (/[\u034F\u200C]/.test(out))
    out = out
      .replace(/\u034F/g, "")
      .replace(LONE_NON_JOINER, "")
      .replace(/\s+/g, " ")
      .trim();
  if (!out) return null;
  if (out.length <= maxChars) return out;
  // Room for the ellipsis: the result is at most maxChars long, cut between characters as a
  // reader sees them (never half a flag, an emoji family or a letter and its accent).
  const cut = out.slice(0, graphemeBoundary(out, maxChars - 1));
  const space = cut.lastIndexOf(" ");
  return `${(space > maxChars * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

const LONE_NON_JOINER = /(?<![\p{L}\p{M}])\u200C|\u200C(?![\p{L}\p{M}])/gu;

/**
 * An image that stands for an emoji shows that emoji: WordPress writes every emoji of a feed's
 * content as `<img class="wp-smiley" alt="🎉">`, Twemoji as `<img class="emoji" alt="🎉">`. Its
 * alt becomes its text; any other image's alt (a description) stays unshown.
 */
function showEmojiImage(img: Element): void {
  const alt = img.attribs.alt?.trim();
  if (!alt || !EMOJI_ONLY.test(alt) || img.children.length) return;
  const text = new Text(alt);
  text.parent = img;
  img.children.push(text);
}
const EMOJI_ONLY =
  /^(?=[^]*[\p{Extended_Pictographic}\p{Regional_Indicator}])(?:[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}#*0-9]|\u200d|\ufe0f|\u20e3){1,32}$/u;

/** Text that is still markup, read as HTML with the same care for tags named in prose as the first pass. */
const readAgain = (text: string): string => shownTextOf(parseHtml(text.includes("<") ? tagsAsWritten(text) : text));

/**
 * Markup with each "<" that starts no tag escaped: "List<String>", "if x<y and y>z", "$a<b+1$",
 * "John <john@example.com>", "a crafted <script> tag" (an element that would hide all the text
 * after it, opened and not closed after it).
 */
function tagsAsWritten(value: string): string {
  // A script, iframe or the like written self-closed (XHTML's "<iframe … />") is empty, so it
  // shows nothing: left out (an HTML parser would take all the text after it for its content).
  if (value.includes("/>")) value = value.replace(SELF_CLOSED_RAW, "");
  const source = value;
  // Where each name is closed last, found once when first asked (not a search of the text per tag).
  let lastClosing: Map<string, number> | undefined;
  const closedAt = (name: string) =>
    (lastClosing ??= new Map(Array.from(source.matchAll(CLOSING_TAG), (m) => [m[1]!.toLowerCase(), m.index]))).get(name.toLowerCase()) ??
    -1;
  return value.replace(TAG_START, (m, slash: string, name: string, end: string | undefined, offset: number) =>
    // "a crafted <script> tag", "the <title> element": an element that would hide all the
    // text after it, opened and not closed after, is a tag named in prose.
    (HTML_ELEMENTS.has(name.toLowerCase()) && (slash !== "" || !RAW_TEXT.has(name.toLowerCase()) || closedAt(name) > offset)) ||
    (CUSTOM_OR_PREFIXED.test(name) &&
      (end !== undefined ||
        closedAt(name) >= 0 ||
        ATTRIBUTES_THEN_END.test(source.slice(offset + m.length, offset + m.length + ATTRIBUTES_WINDOW))))
      ? m
      : `&lt;${m.slice(1)}`,
  );
}

/**
 * Whether markup found in a text is HTML escaped once more than its neighbours, not tags named
 * in a sentence ("Close it with </div> always."): the text opens with markup, or closes an
 * element it opened ("Example <b>Atom</b>").
 */
function escapedOnceMore(text: string): boolean {
  if (/^\s*<[a-z!/]/i.test(text)) return true;
  const opened = new Set<string>();
  for (const [, slash, name] of text.matchAll(TAG_START)) if (!slash) opened.add(name!.toLowerCase());
  return opened.size > 0 && Array.from(text.matchAll(CLOSING_TAG), (m) => m[1]!.toLowerCase()).some((name) => opened.has(name));
}

/** Whether a text closes, with a closing tag of its own, an element it opens before that ("<b>Bold</b>"). */
function closesWhatItOpens(text: string): boolean {
  const openedAt = new Map<string, number>();
  for (const m of text.matchAll(TAG_START)) {
    const name = m[2]!.toLowerCase();
    if (m[1]) {
      if ((openedAt.get(name) ?? Infinity) < m.index) return true;
    } else if (!openedAt.has(name)) openedAt.set(name, m.index);
  }
  return false;
}

/** The last grapheme boundary at or before `at`. */
function graphemeBoundary(text: string, at: number): number {
  let boundary = 0;
  for (const { index } of GRAPHEMES.segment(text.slice(0, at + 16))) {
    if (index > at) break;
    boundary = index;
  }
  // The whole prefix is one grapheme boundary short only when the text ends exactly at `at`.
  return text.length <= at ? text.length : boundary;
}
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: "grapheme" });

/**
 * Text that is plain unless it plainly holds markup (titles, Atom type="text", JSON Feed's
 * content_text): "Vec<T>" or "I <3 feeds" stay as written instead of being read as tags.
 */
export function textToPlainText(
  value: string | null | undefined,
  maxChars = SUMMARY_MAX_CHARS,
  markupTest: MarkupTest = LOOKS_LIKE_MARKUP,
): string | null {
  if (!value) return null;
  // Without markup, only whole references are escapes ("&amp;", "&eacute;", "&#233;"): HTML's
  // legacy names without a semicolon would read a URL's "&copy=2" or "&param=" as "©=2", "¶m=".
  const asText = (v: string) => v.replace(/</g, "&lt;").replace(INCOMPLETE_REFERENCE, "&amp;");
  if (!markupTest.test(value)) return htmlToPlainText(asText(value), maxChars, markupTest);
  // Closing tags alone, which HTML drops when nothing opened them ("</example>", a title about a
  // tag), leave no text: such a value is the text as written. An element or comment is markup.
  return (
    htmlToPlainText(value, maxChars, markupTest) ?? (OPENS_MARKUP.test(value) ? null : htmlToPlainText(asText(value), maxChars, NEVER))
  );
}
const OPENS_MARKUP = /<[a-z!]/i;
/**
 * An "&" that does not start a reference closed by its semicolon, nor XML's own "&amp", "&lt",
 * "&gt" or "&quot" left without it before a space or punctuation ("Q &amp A": an escape that lost
 * its semicolon, never a URL's parameter, which a letter, digit or "=" follows).
 */
const INCOMPLETE_REFERENCE = /&(?!(?:[a-z][a-z0-9]{1,31}|#[0-9]{1,7}|#x[0-9a-f]{1,6});|(?:amp|lt|gt|quot)(?![\w=;]))/gi;

/** Text that is literal whatever it holds (Atom's explicit `type="text"`): whitespace collapsed, cut as a summary is. */
export function literalText(value: string | null | undefined, maxChars = SUMMARY_MAX_CHARS): string | null {
  return value ? htmlToPlainText(value.replace(/&/g, "&amp;").replace(/</g, "&lt;"), maxChars, NEVER) : null;
}
const NEVER = /(?!)/;

const ZONES: Record<string, string> = {
  UT: "+0000",
  UTC: "+0000",
  GMT: "+0000",
  Z: "+0000",
  EST: "-0500",
  EDT: "-0400",
  CST: "-0600",
  CDT: "-0500",
  MST: "-0700",
  MDT: "-0600",
  PST: "-0800",
  PDT: "-0700",
  AKST: "-0900",
  AKDT: "-0800",
  HST: "-1000",
  AST: "-0400",
  ADT: "-0300",
  NST: "-0330",
  NDT: "-0230",
  BST: "+0100",
  IST: "+0530",
  CET: "+0100",
  CEST: "+0200",
  MET: "+0100",
  MEST: "+0200",
  EET: "+0200",
  EEST: "+0300",
  WET: "+0000",
  WEST: "+0100",
  MSK: "+0300",
  JST: "+0900",
  KST: "+0900",
  HKT: "+0800",
  SGT: "+0800",
  AEST: "+1000",
  AEDT: "+1100",
  ACST: "+0930",
  AWST: "+0800",
  NZST: "+1200",
  NZDT: "+1300",
  BRT: "-0300",
  BRST: "-0200",
  CLST: "-0300",
  IRST: "+0330",
  AFT: "+0430",
  NPT: "+0545",
  ART: "-0300",
  CLT: "-0400",
  COT: "-0500",
  PET: "-0500",
  WIB: "+0700",
  WITA: "+0800",
  WIT: "+0900",
  ICT: "+0700",
  PHT: "+0800",
  MYT: "+0800",
  PKT: "+0500",
  GST: "+0400",
  TRT: "+0300",
  IDT: "+0300",
  EAT: "+0300",
  CAT: "+0200",
  SAST: "+0200",
  WAT: "+0100",
  MEZ: "+0100",
  MESZ: "+0200",
  ACDT: "+1030",
  ET: "-0500",
  CT: "-0600",
  MT: "-0700",
  PT: "-0800",
};

/**
 * Month names of feeds written in other languages, full or abbreviated, to English: Portuguese,
 * Spanish, French, German, Italian, Dutch, Hungarian, Russian, Greek, Czech, Polish, Turkish,
 * Swedish, Danish and Norwegian (Czech and Polish "listopad" is November). Keys are lower-case
 * without accents (see monthKey).
 */
const MONTHS: Record<string, string> = Object.fromEntries(
  Object.entries({
    Jan: "janeiro janv janvier januar jänner jän ene enero gen gennaio januari januar január янв январь января ιαν ιανουαριου leden ledna led styczeń stycznia sty ocak oca",
    Feb: "fev fevereiro févr fevr fév février februar feb febrero febbraio februari február febr фев февр февраль февраля φεβ φεβρουαριου únor února úno luty lutego lut şubat şub",
    Mar: "março marco mars mär maer märz marz mrz marzo maart maa mrt márc március мар март марта μαρ μαρτιου březen března bře marzec marca mart marts",
    Apr: "abr abril avr avril aprile april ápr április апр апрель апреля απρ απριλιου duben dubna dub kwiecień kwietnia kwi nisan nis",
    May: "mai maio mayo mag maggio mei máj május май мая μαι μαιου květen května kvě maja mayıs",
    Jun: "junho juin juni giu giugno junio jún június июн июнь июня ιουν ιουνιου červen června čvn czerwiec czerwca cze haziran haz",
    Jul: "julho juil juill juillet juli lug luglio julio júl július июл июль июля ιουλ ιουλιου červenec července čvc lipiec lipca lip temmuz tem",
    Aug: "ago agosto août aout aoû augustus aug augusztus авг август августа αυγ αυγουστου srpen srpna srp sierpień sierpnia sie ağustos ağu augusti",
    Sep: "set setembro sept septembre septiembre settembre szept szeptember сен сент сентябрь сентября σεπ σεπτεμβριου září zář wrzesień września wrz eylül eyl",
    Oct: "out outubro octobre okt oktober octubre ott ottobre október окт октябрь октября οκτ οκτωβριου říjen října říj październik października paź ekim eki",
    Nov: "novembro novembre noviembre nov november ноя нояб ноябрь ноября νοε νοεμβριου listopad listopadu listopada lis kasım kas",
    Dec: "dez dezembro déc décembre dezember dic diciembre dicembre december dec december дек декабрь декабря δεκ δεκεμβριου prosinec prosince pro grudzień grudnia gru aralık ara desember des",
  }).flatMap(([english, names]) => names.split(" ").map((name) => [monthKey(name), english])),
);

/** A month name as the table above keys it: lower-case, accents and final periods gone. */
function monthKey(name: string): string {
  // Turkish's dotless "ı" has no accent to strip: "KASIM" lower-cases to "kasim", not "kasım".
  return name.normalize("NFD").replace(/\p{M}/gu, "").replace(/\.$/, "").toLowerCase().replace(/ı/g, "i");
}

const MAX_DATE_CHARS = 200;

/** A feed date (RFC 822 in its real-world variants, ISO 8601, W3C-DTF) as ISO 8601 UTC, or null. */
export function toIsoDate(value: string | null | undefined): string | null {
  // No date is this long; the patterns below are not meant for megabytes of text.
  if (!value || value.length > MAX_DATE_CHARS) return null;
  // RFC 822 allows comments wherever white space may stand, as in "-0400 (EDT)" (the numeric
  // zone already says it) or "Fri(day), 05 Nov(ember) 94": they say nothing the date needs.
  let v = value
    .replace(/\s*\([^()]*\)/g, "")
    .trim()
    .replace(/\s+/g, " ");
  if (!v) return null;
  v = rewriteForms(v);
  if (!v) return null;
  // Epoch seconds (or milliseconds), which some feeds write.
  if (/^\d{9,13}$/.test(v)) return new Date(Number(v) * (v.length > 11 ? 1 : 1000)).toISOString();
  // ISO 8601's basic form, "20060101T100000Z", in its extended form.
  v = v.replace(
    /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})?(Z|[+-]\d{2}:?\d{2})?$/i,
    (_, y: string, mo: string, d: string, h: string, mi: string, s?: string, z?: string) =>
      `${y}-${mo}-${d}T${h}:${mi}:${s ?? "00"}${z ?? ""}`,
  );
  // An ISO offset of hours only, "+05" (PostgreSQL writes "+00").
  v = v.replace(/^(\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?) ?([+-]\d{2})$/, "$1$2:00");
  // W3C-DTF allows a year alone ("2024"): its first day. Otherwise a date has at least two
  // numbers ("0" or "1" is not one), and its day must exist (no 31 Feb).
  if (/^\d{4}$/.test(v)) return `${v}-01-01T00:00:00.000Z`;
  if (!/\d+\D+\d+/.test(v) || !calendarDayExists(v)) return null;
  // Day names in other languages or misspelt, and a comma without a day name.
  v = v.replace(/^\p{L}{2,}\.?,\s*/u, "");
  v = v.replace(/^(\d{1,2})\s+(\p{L}{3,12})\.?\s/u, (m, day: string, month: string) => {
    const english = MONTHS[monthKey(month)];
    return english ? `${day} ${english} ` : m;
  });
  // A year before feeds existed is a placeholder (.NET's "01 Jan 0001"), not a date.
  const year = /^(\d{4})-|\b\d{1,2}[ -](?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?[ -](\d{4})\b/i.exec(v);
  if (year && Number(year[1] ?? year[2]) < 1900) return null;
  // POSIX zones with daylight saving ("EST5EDT") and IANA names ("Europe/Berlin"): the offset
  // the zone had at that moment.
  const named = /\s(EST5EDT|CST6CDT|MST7MDT|PST8PDT|[A-Za-z]+\/[A-Za-z_]+(?:\/[A-Za-z_]+)?)$/i.exec(v);
  if (named) {
    const zone = /^[A-Z]{3}\d[A-Z]{3}$/i.test(named[1]!) ? named[1]!.toUpperCase() : named[1]!;
    // One zone only: "… EST5EDT EST5EDT" is no date.
    if (named.index === 0 || /(?:EST5EDT|CST6CDT|MST7MDT|PST8PDT|\/[A-Za-z_]+)$/i.test(v.slice(0, named.index))) return null;
    const wall = toIsoDate(v.slice(0, named.index));
    return wall ? inZone(Date.parse(wall), zone) : null;
  }
  // "GMT+2", "UTC-05:30": an offset from GMT.
  v = v.replace(
    /\b(?:GMT|UTC)([+-])(\d{1,2})(?::?(\d{2}))?$/i,
    (_, sign: string, h: string, m?: string) => `${sign}${h.padStart(2, "0")}${m ?? "00"}`,
  );
  // A zone's name after its offset says it again ("2024-03-05T04:30:00-05:00 EST").
  v = v.replace(/([+-]\d{2}:?\d{2})\s+[A-Za-z]{1,5}$/, "$1");
  const zone = /\b([A-Za-z]{1,5})$/.exec(v);
  if (zone && ZONES[zone[1]!.toUpperCase()]) v = v.slice(0, zone.index) + ZONES[zone[1]!.toUpperCase()];
  // "+0200" written as "+02:00" after an RFC 822 date, or a missing space before the zone.
  const iso = /^\d{4}-\d{2}-\d{2}/.test(v);
  if (!iso) {
    v = v.replace(/(\d{2}:\d{2}(?::\d{2})?)([+-]\d{2}):?(\d{2})$/, "$1 $2$3");
    // An offset of hours only, "+1" or "+01": hours, not a zone to ignore.
    v = v.replace(
      /(\d{2}:\d{2}(?::\d{2})?)\s*([+-])(\d{1,2})$/,
      (_, time: string, sign: string, h: string) => `${time} ${sign}${h.padStart(2, "0")}00`,
    );
  }
  // "2006-01-03T10:00:00 +01:00": ISO with a space before its offset.
  else v = v.replace(/(\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)\s+([+-]\d{2}:?\d{2}|Z)$/i, "$1$2");
  // A date without a zone is UTC: say so, or Date.parse would read the server's local time.
  const hasZone = /(?:Z|[+-]\d{2}:?\d{2}|\b(?:GMT|UTC?))\s*$/i.test(v);
  if (!hasZone && iso && /\d{1,2}:\d{2}/.test(v)) v = `${v.replace(" ", "T")}Z`;
  else if (!hasZone && !iso) v = `${v} GMT`;
  // A date names its year: V8 would fill in 2001 for "Fri, 02 Jan 03:04:05" or "3/4".
  const withoutZone = v.replace(/\s*(?:[+-]\d{2}:?\d{2}|Z|GMT)$/i, "");
  if (!/\d{4}/.test(withoutZone) && !TWO_DIGIT_YEAR.test(withoutZone)) return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}
/** RFC 822's and RFC 850's two-digit year after a day and a month's name ("02 Jan 26", "02-Jan-26"), not an hour. */
const TWO_DIGIT_YEAR = /\b\d{1,2}[ -][A-Za-z]{3,}\.?[ -]\d{2}(?![:\d])/;

/**
 * Date forms rewritten into ones the rest reads: leap seconds, decimal commas, ordinals
 * ("1st"), Spanish "12 de diciembre de 2023", East Asian "2004년 05월 28일" and "2024年03月01日"
 * (Korean AM/PM too), ISO dates with a month's name ("2004-július-13T9:15"), the basic date
 * "20031231", asctime ("Sun Jan  4 16:29:06 PST 2004") and RFC 2822's military zones (read as
 * UTC, as it says). An ambiguous two-digit year in "03-12-31" is no date ("").
 */
function rewriteForms(value: string): string {
  let v = value
    .replace(/(\d{2}:\d{2}):60(?!\d)/, "$1:59")
    .replace(/(\d{2}:\d{2}:\d{2}),(\d+)/, "$1.$2")
    .replace(/\b(\d{1,2})(?:st|nd|rd|th)\b/i, "$1")
    .replace(/(^|\s)(\d{1,2}) de (\p{L}+) de (\d{4})/iu, "$1$2 $3 $4")
    // German writes the day as an ordinal with a dot ("5. März 2024").
    .replace(/(^|\s)(\d{1,2})\. (?=\p{L}{3,}\.? \d{4})/u, "$1$2 ")
    // A 12-hour clock written tight ("3:04PM", SQL Server's default) or by the hour ("3pm").
    .replace(/\b(\d{1,2}:\d{2}(?::\d{2})?) ?([AaPp])\.?[Mm]\.?(?=\s|$)/, "$1 $2M")
    .replace(/(?<![:\d])(\d{1,2}) ?([AaPp])\.?[Mm]\.?(?=\s|$)/, "$1:00 $2M")
    // ISO written without leading zeros ("2026-1-2T3:04:05Z").
    .replace(
      /^(\d{4})-(\d{1,2})-(\d{1,2})(?=[T ]|$)/,
      (_, y: string, m: string, d: string) => `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`,
    )
    // A "Z" after an offset ("+00:00Z"), and Java's zone id after its offset ("+01:00[Europe/Paris]",
    // "Z[UTC]").
    .replace(/([+-]\d{2}:?\d{2})(?:Z|\[[\w/+-]{1,60}\])$/i, "$1")
    .replace(/(\d)Z\[[\w/+-]{1,60}\]$/i, "$1Z")
    // A dash between the date and its time ("Tuesday, March 5, 2024 - 09:00", Drupal's long format),
    // or an "at" ("March 5, 2024 at 10:00 am", as WordPress and social sites write it for people).
    .replace(/([\s/.,]\d{4}) - (?=\d{1,2}:\d{2})/, "$1 ")
    .replace(/([\s/.,]\d{4}),? at (?=\d{1,2}(?::\d{2}|\s?[ap]\.?m\b))/i, "$1 ");
  if (/^\d{2}-\d{2}-\d{2}$/.test(v)) return "";
  // A day name before a dotted date ("Di, 05.03.2024 21:00"): the date is still day first.
  v = v.replace(/^\p{L}{2,}\.?,? (?=\d{1,2}\.\d{1,2}\.\d{4}\b)/u, "");
  // Numeric dates: day.month.year with dots (German, Russian); with slashes or dashes, day first
  // when the first number cannot be a month, month first when the second cannot, else too ambiguous.
  // Its time may follow a comma, have a 12-hour clock and a zone ("05.03.2024 10:30 +0100",
  // "13/03/2024 09:30 PM", "05.03.2024, 10:30"): read here too, never month first as V8 would.
  const numeric = NUMERIC_DATE.exec(v);
  if (numeric) {
    const [a, b] = [Number(numeric[1]), Number(numeric[3])];
    const dayFirst = numeric[2] === "." || a > 12;
    // Both could be the month: too ambiguous, but for slashes with a 12-hour clock, the US's
    // way (.NET's en-US default, "3/5/2024 9:30:00 AM"), month first.
    if (!dayFirst && b <= 12 && !(numeric[2] === "/" && numeric[8])) return "";
    const [day, month] = dayFirst ? [a, b] : [b, a];
    let hour = numeric[5];
    if (hour !== undefined && numeric[8]) {
      const h = Number(hour);
      if (h < 1 || h > 12) return "";
      hour = String((h % 12) + (numeric[8].toUpperCase() === "P" ? 12 : 0));
    }
    const zone = numeric[9] ? ` ${numeric[9]}` : "Z";
    return isoFrom([numeric[4], String(month), String(day), hour, numeric[6], numeric[7]], zone);
  }
  // Year first with slashes ("2026/01/02 03:04"), as Japanese and Chinese sites write it.
  const slashed = /^(\d{4})\/(\d{1,2})\/(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (slashed) return isoFrom(slashed.slice(1), "Z");
  // ISO 8601's ordinal date, year and day of the year ("2003-335" is 1 December).
  const ordinal = /^(\d{4})-?(\d{3})$/.exec(v);
  if (ordinal) {
    const [year, day] = [Number(ordinal[1]), Number(ordinal[2])];
    const date = new Date(Date.UTC(year, 0, day));
    return day >= 1 && date.getUTCFullYear() === year ? date.toISOString().slice(0, 10) : "";
  }
  const korean = /^(\d{4})년 ?(\d{1,2})월 ?(\d{1,2})일(?: ?(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (korean) return isoFrom(korean.slice(1), "+09:00");
  const ampm = /^(\d{4}-\d{2}-\d{2}) (오전|오후) (\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(v);
  if (ampm) {
    const hour = (Number(ampm[3]) % 12) + (ampm[2] === "오후" ? 12 : 0);
    return `${ampm[1]}T${String(hour).padStart(2, "0")}:${ampm[4]}:${ampm[5] ?? "00"}+09:00`;
  }
  const cjk = /^(\d{4})年(\d{1,2})月(\d{1,2})日 ?(?:(\d{1,2}):(\d{2})(?::(\d{2}))?)?$/.exec(v);
  if (cjk) return isoFrom(cjk.slice(1), "");
  v = v.replace(/^(\d{4})-(\p{L}{3,12})\.?-(\d{1,2})(?=T|$)/u, (m, y: string, month: string, d: string) => {
    const number = MONTH_NUMBERS[(MONTHS[monthKey(month)] ?? month.slice(0, 3)).toLowerCase()];
    return number ? `${y}-${String(number).padStart(2, "0")}-${d.padStart(2, "0")}` : m;
  });
  v = v.replace(/^(\d{4}-\d{2}-\d{2}T)(\d):/, "$10$2:");
  v = v.replace(/^(19\d{2}|20\d{2})(0[1-9]|1[0-2])([0-3]\d)$/, "$1-$2-$3");
  const asctime = /^(?:\p{L}{2,}\.? )?(\p{L}{3,})\.? (\d{1,2}) (\d{1,2}:\d{2}(?::\d{2})?) (?:([A-Za-z]{1,5}|[+-]\d{4}) )?(\d{4})$/u.exec(v);
  if (asctime) v = `${asctime[2]} ${asctime[1]} ${asctime[5]} ${asctime[3]} ${asctime[4] ?? "GMT"}`;
  return v.replace(/(\d{1,2}:\d{2}(?::\d{2})?) ?([A-IK-Ya-ik-y])$/, "$1 +0000");
}

/** A numeric date, day or month first, then maybe its time (a 12-hour clock too) and a zone: an offset, a name, an IANA id. */
const NUMERIC_DATE =
  /^(\d{1,2})([./-])(\d{1,2})\2(\d{4})(?:(?:,? |T)(\d{1,2}):(\d{2})(?::(\d{2}(?:\.\d+)?))?(?: ([AP])M)?(?: ?(Z|[+-]\d{2}(?::?\d{2})?|[A-Z]{1,5}(?:[+-]\d{1,2}(?::?\d{2})?)?|[A-Z]+\/[A-Z_]+(?:\/[A-Z_]+)?))?)?$/i;

/** An ISO 8601 string from year, month, day and optional hour, minute and second. */
function isoFrom([y, mo, d, h, mi, s]: (string | undefined)[], zone: string): string {
  const two = (n: string | undefined) => (n ?? "0").padStart(2, "0");
  return h === undefined ? `${y}-${two(mo)}-${two(d)}` : `${y}-${two(mo)}-${two(d)}T${two(h)}:${two(mi)}:${two(s)}${zone}`;
}

/** One formatter per zone Intl knows (a few hundred at most): building one is costly. */
const zoneFormats = new Map<string, Intl.DateTimeFormat>();

/** A formatter of wall-clock times in the zone, or null when Intl knows no such zone. */
function zoneFormat(timeZone: string): Intl.DateTimeFormat | null {
  try {
    return new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
  } catch {
    return null;
  }
}

/** The instant at which a zone's clocks showed `wall` (a wall-clock time read as if UTC), daylight saving included. */
function inZone(wall: number, timeZone: string): string | null {
  // A zone name Intl does not know is no zone (and is not remembered: feeds may name any).
  let zone = zoneFormats.get(timeZone);
  if (!zone) {
    const built = zoneFormat(timeZone);
    if (!built) return null;
    zoneFormats.set(timeZone, (zone = built));
  }
  const offsetAt = (instant: number): number => {
    const parts = zone.formatToParts(instant);
    const n = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    return Date.UTC(n("year"), n("month") - 1, n("day"), n("hour"), n("minute"), n("second")) - Math.floor(instant / 1000) * 1000;
  };
  try {
    // Twice: the offset at the first guess may differ from the offset at the answer near a change.
    const guess = wall - offsetAt(wall);
    return new Date(wall - offsetAt(guess)).toISOString();
  } catch {
    return null;
  }
}

/** Whether the day a date names exists: "Thu, 31 Feb 2003" and "2003-02-31" do not (Date.parse rolls them over). */
function calendarDayExists(v: string): boolean {
  const iso = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  const named = iso ? null : /\b(\d{1,2}) ([A-Za-z]{3})[a-z]*\.? (\d{2,4})\b/.exec(v);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : named
      ? [Number(named[3]), MONTH_NUMBERS[named[2]!.toLowerCase()] ?? 0, Number(named[1])]
      : [0, 0, 0];
  if (!month) return true;
  const fullYear = year < 100 ? 2000 + year : year;
  return month >= 1 && month <= 12 && day >= 1 && day <= new Date(Date.UTC(fullYear, month, 0)).getUTCDate();
}
const MONTH_NUMBERS: Record<string, number> = Object.fromEntries(
  ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"].map((m, i) => [m, i + 1]),
);

const SCHEMELESS_HOST = /^www\.[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:[/?#:]|$)/i;

/** An absolute http(s) URL for a possibly relative reference, or null. */
export function absoluteUrl(value: string | null | undefined, base: string): string | null {
  // "&amp;" left after the XML's own decoding is an ampersand escaped twice ("?a=1&amp;amp;b=2"
  // in the document): no URL means a parameter named "amp;b".
  const v = value?.trim().replace(/&amp;/gi, "&");
  if (!v) return null;
  // A relative reference whose path holds characters no URL writes raw ("|date >/tmp/x", a
  // template's "{id}") is no address on the feed's host: a shell command, markup, a placeholder.
  if (!/^[a-z][a-z\d+.-]*:/i.test(v) && /^[^?#]*[<>"|`{}^]/.test(v)) return null;
  try {
    // "www.example.com/a" in a hand-made feed names a host, not a path under the feed's.
    const url = new URL(SCHEMELESS_HOST.test(v) ? `http://${v}` : v, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.toString() : null;
  } catch {
    return null;
  }
}
