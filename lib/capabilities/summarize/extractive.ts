/**
 * A deterministic extractive summary of a page's Markdown, for when no language model is
 * configured: sentences ranked by the weight of their content words (frequency across the
 * page, boosted by the caller's focus), with a small bonus for coming early; key facts are
 * the best sentences carrying numbers, dates or amounts; entities are capitalised names that
 * recur.
 */
export interface ExtractiveSummary {
  summary: string;
  key_facts: string[];
  entities: string[];
}

const STOPWORDS = new Set(
  (
    "a about above after again against all am an and any are as at be because been before being below between both but by can could did do does " +
    "doing down during each few for from further had has have having he her here hers herself him himself his how i if in into is it its itself " +
    "just me more most my myself no nor not now of off on once only or other our ours ourselves out over own same she should so some such than " +
    "that the their theirs them themselves then there these they this those through to too under until up very was we were what when where which " +
    "while who whom why will with would you your yours yourself yourselves also may might must shall one two new use used using get got"
  ).split(" "),
);

/** Markdown to plain prose: code, tables and images dropped, links and emphasis unwrapped. */
export function markdownToProse(markdown: string): string[] {
  return markdown
    .replace(/```[\s\S]*?```/g, "\n")
    .replace(/!\[[^\]]*\]\([^)]*\)/g, "")
    .replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
    .split(/\n{2,}/)
    .map((block) => block.trim())
    .filter((block) => block && !block.startsWith("|") && !/^#{1,6}\s/.test(block))
    .map((block) =>
      block
        .replace(/^\s*(?:[-*+]|\d+\.)\s+/gm, "")
        .replace(/[*_`~]/g, "")
        .replace(/\s+/g, " ")
        .trim(),
    );
}

/** Sentences of the prose, split after ., ! or ? before a capital, digit or quote. */
export function sentences(paragraphs: string[]): string[] {
  return paragraphs
    .flatMap((p) => p.split(/(?<=[.!?])\s+(?=["“(]?[\p{Lu}\d])/u))
    .map((s) => s.trim())
    .filter((s) => s.split(" ").length >= 4);
}

const words = (s: string) => s.toLowerCase().match(/[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu) ?? [];
/** A light stem (plural -s), so "tour" in a focus meets "Tours" in the page. */
const stem = (w: string) => (w.length > 4 && w.endsWith("s") && !w.endsWith("ss") ? w.slice(0, -1) : w);
const content = (s: string) =>
  words(s)
    .filter((w) => w.length > 2 && !STOPWORDS.has(w))
    .map(stem);

export function extractiveSummary(markdown: string, focus: string | null = null, maxSentences = 4): ExtractiveSummary {
  const all = sentences(markdownToProse(markdown));
  if (all.length === 0) return { summary: "", key_facts: [], entities: [] };
  const frequency = new Map<string, number>();
  for (const s of all) for (const w of new Set(content(s))) frequency.set(w, (frequency.get(w) ?? 0) + 1);
  const focusWords = new Set(focus ? content(focus) : []);
  const scored = all.map((text, index) => {
    const terms = content(text);
    const weight = terms.reduce((sum, w) => sum + (frequency.get(w) ?? 0), 0);
    // Sentences about the focus come first (each focus word they contain counts tenfold);
    // page-wide frequency ranks them among themselves.
    const focusHits = new Set(terms.filter((w) => focusWords.has(w))).size;
    const focusBoost = 10 ** focusHits;
    const length = words(text).length;
    const lengthPenalty = length > 45 ? 0.7 : 1;
    const position = 1 + 0.5 / (1 + index / 3);
    return { text, index, score: (weight / Math.sqrt(Math.max(terms.length, 1))) * position * lengthPenalty * focusBoost };
  });
  const ranked = [...scored].sort((a, b) => b.score - a.score || a.index - b.index);
  const chosen = ranked.slice(0, Math.min(maxSentences, Math.max(1, Math.ceil(all.length / 5)))).sort((a, b) => a.index - b.index);
  const facts = ranked
    .filter((s) => /\d/.test(s.text) && words(s.text).length <= 45)
    .slice(0, 5)
    .sort((a, b) => a.index - b.index)
    .map((s) => s.text);
  return { summary: chosen.map((s) => s.text).join(" "), key_facts: facts, entities: entities(all) };
}

/** Capitalised names (one to four words) that occur at least twice, or once as a multi-word name; most frequent first. */
export function entities(all: string[], limit = 10): string[] {
  const counts = new Map<string, number>();
  for (const s of all) {
    const matches =
      s.match(/(?<![.!?]\s)\b\p{Lu}[\p{L}\p{N}&'’.-]*(?:\s+(?:of|de|von|van|the|and|&)?\s*\p{Lu}[\p{L}\p{N}&'’.-]*){0,3}/gu) ?? [];
    for (const raw of matches) {
      const name = raw.replace(/[.’']+$/, "").trim();
      const first = name.split(/\s+/)[0]!.toLowerCase();
      if (name.length < 2 || (STOPWORDS.has(first) && !name.includes(" "))) continue;
      if (s.startsWith(name) && !name.includes(" ")) continue; // a sentence's first word is capitalised anyway
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
  }
  return [...counts]
    .filter(([name, n]) => n >= 2 || name.includes(" "))
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, limit)
    .map(([name]) => name);
}
