import type { Document, Element } from "domhandler";
import { parseDocument } from "htmlparser2";
import type { FetchedPage } from "../net/safe-fetch";
import { findFirst } from "./dom";
import { resolveUrl } from "./urls";

/** One parsed HTML page: the DOM and the URL that relative links resolve against. */
export interface ParsedPage {
  page: FetchedPage;
  doc: Document;
  /** `<base href>` resolved against the final URL, else the final URL. */
  baseUrl: string;
}

// One parse per fetched page, shared by every capability that reads it (audits run several).
const parsed = new WeakMap<FetchedPage, ParsedPage>();

export function parsePage(page: FetchedPage): ParsedPage {
  const hit = parsed.get(page);
  if (hit) return hit;
  const doc = parseHtml(page.text);
  const base = findFirst(doc, (el) => el.name === "base" && !!el.attribs.href);
  const baseUrl = (base && resolveUrl(base.attribs.href ?? "", page.finalUrl)) || page.finalUrl;
  const result = { page, doc, baseUrl };
  parsed.set(page, result);
  return result;
}

export function parseHtml(html: string): Document {
  return parseDocument(withHtmlCdata(html), { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true });
}

const CDATA_OUTSIDE_RAW_TEXT = /(<script\b[\s\S]*?<\/script\s*>|<style\b[\s\S]*?<\/style\s*>)|<!\[CDATA\[/gi;

/**
 * In HTML (outside SVG and MathML) `<![CDATA[` opens a bogus comment that ends at the next
 * `>`, but htmlparser2 reads it as a CDATA section up to `]]>`, so a stray, unclosed one
 * swallows the rest of the page (some forum themes emit one at the top of <body>). Written
 * as `<?`, which htmlparser2 ends at the next `>`, it gets the HTML meaning; script and
 * style content is left as it is.
 */
function withHtmlCdata(html: string): string {
  if (!html.includes("<![CDATA[")) return html;
  return html.replace(CDATA_OUTSIDE_RAW_TEXT, (match, rawText: string | undefined) => rawText ?? "<?[CDATA[");
}

export type { Document, Element };
