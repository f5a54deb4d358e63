/**
 * The llms.txt rule (Lighthouse's `llms-txt` audit: an H1, a Markdown link, at least 50
 * characters) and our own stricter reading of the llmstxt.org format: the H1 is the first
 * content line, a blockquote summary follows, links are absolute http(s) URLs.
 */
export interface LlmsTxtCheck {
  /** The Lighthouse rule: H1, link, length. */
  lighthouse: boolean;
  /** Ours: the Lighthouse rule plus H1 first, a summary and absolute links. */
  valid: boolean;
  title: string | null;
  links: { text: string; url: string }[];
  problems: string[];
}

const LINK = /\[([^\]]+)\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g;

export function checkLlmsTxt(raw: string): LlmsTxtCheck {
  const text = raw.replace(/^\uFEFF/, "");
  const problems: string[] = [];
  const h1 = /^#\s+(.+)$/m.exec(text);
  const links = [...text.matchAll(LINK)].map((m) => ({ text: m[1]!.trim(), url: m[2]!.trim() }));
  if (!h1) problems.push("no H1 heading (a line starting with `# `)");
  if (links.length === 0) problems.push("no Markdown link ([name](url))");
  if (text.trim().length < 50) problems.push(`only ${text.trim().length} characters (at least 50 expected)`);
  const lighthouse = problems.length === 0;
  const firstLine = text.split("\n").find((l) => l.trim() !== "") ?? "";
  if (h1 && !/^#\s+/.test(firstLine)) problems.push("the H1 is not the first line");
  if (!/^>\s?\S/m.test(text)) problems.push("no blockquote summary (a line starting with `> `)");
  const relative = links.filter((l) => !/^https?:\/\//i.test(l.url));
  if (relative.length) problems.push(`${relative.length} link(s) are not absolute http(s) URLs`);
  return { lighthouse, valid: problems.length === 0, title: h1 ? h1[1]!.trim() : null, links, problems };
}
