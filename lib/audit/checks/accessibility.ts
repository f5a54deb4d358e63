import type { Element } from "domhandler";
import { elementsById, textOf } from "../../html/dom";
import { describe } from "./artifacts";
import type { AuditArtifacts, Check } from "./types";

/** WAI-ARIA 1.2 roles (plus the DPUB doc-* and graphics-* modules, accepted by prefix). */
const ARIA_ROLES = new Set(
  (
    "alert alertdialog application article banner blockquote button caption cell checkbox code columnheader combobox complementary contentinfo " +
    "definition deletion dialog directory document emphasis feed figure form generic grid gridcell group heading img insertion link list listbox " +
    "listitem log main marquee math menu menubar menuitem menuitemcheckbox menuitemradio meter navigation none note option paragraph presentation " +
    "progressbar radio radiogroup region row rowgroup rowheader scrollbar search searchbox separator slider spinbutton status strong subscript " +
    "superscript switch tab table tablist tabpanel term textbox time timer toolbar tooltip tree treegrid treeitem"
  ).split(" "),
);

/** WAI-ARIA 1.2 states and properties. */
const ARIA_ATTRIBUTES = new Set(
  (
    "activedescendant atomic autocomplete braillelabel brailleroledescription busy checked colcount colindex colindextext colspan controls current " +
    "describedby description details disabled dropeffect errormessage expanded flowto grabbed haspopup hidden invalid keyshortcuts label labelledby " +
    "level live modal multiline multiselectable orientation owns placeholder posinset pressed readonly relevant required roledescription rowcount " +
    "rowindex rowindextext rowspan selected setsize sort valuemax valuemin valuenow valuetext"
  )
    .split(" ")
    .map((a) => `aria-${a}`),
);

const isHidden = (el: Element) => el.attribs["aria-hidden"] === "true" || el.attribs.hidden !== undefined;

/** More ids than any label names; a hostile list of 80,000 stops here. */
const MAX_LABELLED_BY_IDS = 16;
const idMaps = new WeakMap<AuditArtifacts, Map<string, Element>>();

/** Elements by id, built once per page (a search per reference was quadratic). */
function pageElementsById(a: AuditArtifacts): Map<string, Element> {
  let map = idMaps.get(a);
  if (!map) idMaps.set(a, (map = elementsById(a.elements)));
  return map;
}

/** The accessible name an element gets from its content or ARIA (enough for markup checks). */
function accessibleName(el: Element, a: AuditArtifacts): string {
  const label = el.attribs["aria-label"]?.trim();
  if (label) return label;
  const labelledBy = el.attribs["aria-labelledby"]?.trim();
  if (labelledBy) {
    const byId = pageElementsById(a);
    const names = labelledBy
      .split(/\s+/)
      .slice(0, MAX_LABELLED_BY_IDS)
      .map((id) => byId.get(id))
      .filter((e): e is Element => !!e)
      .map((e) => textOf(e));
    if (names.join("").trim()) return names.join(" ");
  }
  const text = textOf(el);
  if (text) return text;
  const img = [...el.children].find((c): c is Element => "name" in c && (c as Element).name === "img");
  return img?.attribs.alt?.trim() || el.attribs.title?.trim() || "";
}

const failing = (els: Element[], what: string, pass: string) =>
  els.length ? { pass: false, detail: `${els.length} ${what}.`, evidence: els.slice(0, 10).map(describe) } : { pass: true, detail: pass };

export const accessibilityChecks: Check[] = [
  {
    id: "a11y-image-alt",
    category: "accessibility",
    weight: 4,
    title: "Images have alternative text",
    fix: 'Give every informative <img> an alt that says what it shows, and decorative ones alt="".',
    run: (a) =>
      failing(
        a.elements.filter((e) => e.name === "img" && e.attribs.alt === undefined && !isHidden(e) && e.attribs.role !== "presentation"),
        "images without alt",
        "Every image has an alt attribute.",
      ),
  },
  {
    id: "a11y-form-labels",
    category: "accessibility",
    weight: 4,
    title: "Form fields have labels",
    fix: "Associate a <label for> with each field, wrap it in a <label>, or give it aria-label or aria-labelledby.",
    run: (a) => {
      const labelled = new Set(a.elements.filter((e) => e.name === "label" && e.attribs.for).map((e) => e.attribs.for));
      const fields = a.elements.filter(
        (e) =>
          (e.name === "input" && !["hidden", "submit", "button", "reset", "image"].includes((e.attribs.type ?? "text").toLowerCase())) ||
          e.name === "select" ||
          e.name === "textarea",
      );
      const unlabelled = fields.filter((f) => {
        if (f.attribs["aria-label"]?.trim() || f.attribs["aria-labelledby"]?.trim() || f.attribs.title?.trim()) return false;
        if (f.attribs.id && labelled.has(f.attribs.id)) return false;
        for (let p = f.parent; p; p = p.parent) if ("name" in p && (p as Element).name === "label") return false;
        return true;
      });
      return failing(unlabelled, "form fields without a label", "Every form field has a label.");
    },
  },
  {
    id: "a11y-document-language",
    category: "accessibility",
    weight: 3,
    title: "The document language is declared",
    fix: 'Add a valid lang attribute to <html>, for example lang="en", so screen readers pronounce the text correctly.',
    run: (a) => {
      const lang = a.elements.find((e) => e.name === "html")?.attribs.lang?.trim() ?? "";
      return /^[a-z]{2,3}(-[a-z0-9]{2,8})*$/i.test(lang)
        ? { pass: true, detail: `lang="${lang}".` }
        : { pass: false, detail: lang ? `lang="${lang}" is not a valid language tag.` : "No lang on <html>." };
    },
  },
  {
    id: "a11y-document-title",
    category: "accessibility",
    weight: 3,
    title: "The document has a title",
    fix: "Add a <title> that says what the page is, so the tab and screen readers announce it.",
    run: (a) => {
      const title = a.elements.find((e) => e.name === "title");
      return title && textOf(title) ? { pass: true, detail: "The document has a title." } : { pass: false, detail: "No document title." };
    },
  },
  {
    id: "a11y-landmarks",
    category: "accessibility",
    weight: 2,
    title: "The page has a main landmark",
    fix: 'Wrap the main content in <main> (or role="main") so assistive technology can jump to it.',
    run: (a) => {
      const mains = a.elements.filter((e) => e.name === "main" || e.attribs.role === "main");
      return mains.length === 1
        ? { pass: true, detail: "One main landmark." }
        : { pass: false, detail: mains.length ? `${mains.length} main landmarks.` : "No main landmark." };
    },
  },
  {
    id: "a11y-heading-order",
    category: "accessibility",
    weight: 2,
    title: "Headings do not skip levels",
    fix: "Use heading levels in order (an <h2> before any <h3>, and so on) so the outline makes sense.",
    run: (a) => {
      const levels = a.elements.filter((e) => /^h[1-6]$/.test(e.name)).map((e) => ({ el: e, level: Number(e.name[1]) }));
      const skips = levels.filter((h, i) => i > 0 && h.level > levels[i - 1]!.level + 1).map((h) => h.el);
      return failing(skips, "headings skip a level", "Heading levels are in order.");
    },
  },
  {
    id: "a11y-link-names",
    category: "accessibility",
    weight: 3,
    title: "Links have accessible names",
    fix: "Give every link text, an image with alt, or aria-label, so it can be announced.",
    run: (a) =>
      failing(
        a.elements.filter((e) => e.name === "a" && e.attribs.href !== undefined && !isHidden(e) && !accessibleName(e, a)),
        "links without an accessible name",
        "Every link has a name.",
      ),
  },
  {
    id: "a11y-button-names",
    category: "accessibility",
    weight: 3,
    title: "Buttons have accessible names",
    fix: "Give every button text or aria-label.",
    run: (a) => {
      const buttons = a.elements.filter((e) => (e.name === "button" || e.attribs.role === "button") && !isHidden(e));
      const inputs = a.elements.filter(
        (e) =>
          e.name === "input" &&
          ["submit", "button", "reset"].includes((e.attribs.type ?? "").toLowerCase()) &&
          !e.attribs.value?.trim() &&
          !e.attribs["aria-label"]?.trim(),
      );
      return failing(
        [...buttons.filter((b) => !accessibleName(b, a)), ...inputs],
        "buttons without an accessible name",
        "Every button has a name.",
      );
    },
  },
  {
    id: "a11y-tabindex",
    category: "accessibility",
    weight: 1,
    title: "No element has a positive tabindex",
    fix: "Use tabindex 0 or -1 only; a positive tabindex breaks the natural keyboard order.",
    run: (a) =>
      failing(
        a.elements.filter((e) => Number(e.attribs.tabindex) > 0),
        "elements with a positive tabindex",
        "No positive tabindex.",
      ),
  },
  {
    id: "a11y-duplicate-ids",
    category: "accessibility",
    weight: 1,
    title: "Element ids are unique",
    fix: "Make every id unique: labels and ARIA references resolve to the first match only.",
    run: (a) => {
      const seen = new Map<string, number>();
      for (const e of a.elements) if (e.attribs.id) seen.set(e.attribs.id, (seen.get(e.attribs.id) ?? 0) + 1);
      const dup = [...seen].filter(([, n]) => n > 1).map(([id]) => id);
      return dup.length
        ? { pass: false, detail: `${dup.length} ids are used more than once.`, evidence: dup.slice(0, 10) }
        : { pass: true, detail: "Ids are unique." };
    },
  },
  {
    id: "a11y-aria-roles",
    category: "accessibility",
    weight: 2,
    title: "ARIA roles are valid",
    fix: "Use only roles defined by WAI-ARIA.",
    run: (a) =>
      failing(
        a.elements.filter((e) => {
          const roles = (e.attribs.role ?? "").trim().toLowerCase().split(/\s+/).filter(Boolean);
          return roles.length > 0 && !roles.some((r) => ARIA_ROLES.has(r) || r.startsWith("doc-") || r.startsWith("graphics-"));
        }),
        "elements with an invalid role",
        "ARIA roles are valid.",
      ),
  },
  {
    id: "a11y-aria-attributes",
    category: "accessibility",
    weight: 2,
    title: "ARIA attributes are valid",
    fix: "Use only aria-* attributes defined by WAI-ARIA, spelled correctly.",
    run: (a) =>
      failing(
        a.elements.filter((e) => Object.keys(e.attribs).some((k) => k.startsWith("aria-") && !ARIA_ATTRIBUTES.has(k))),
        "elements with an unknown aria-* attribute",
        "ARIA attributes are valid.",
      ),
  },
];
