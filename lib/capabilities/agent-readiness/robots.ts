/**
 * robots.txt as AI crawlers read it: the group that applies to each crawler (its own name,
 * else `*`), whether the audited path is allowed (longest match wins, Allow on a tie, as
 * RFC 9309), Content-Signal lines and Sitemap lines. Crawlers are grouped by purpose, after
 * the ai.robots.txt list.
 */
export const AI_CRAWLERS = {
  training: [
    "GPTBot",
    "ClaudeBot",
    "anthropic-ai",
    "CCBot",
    "Google-Extended",
    "Applebot-Extended",
    "Bytespider",
    "meta-externalagent",
    "cohere-training-data-crawler",
  ],
  search: ["OAI-SearchBot", "Claude-SearchBot", "PerplexityBot", "Amazonbot", "DuckAssistBot"],
  user_initiated: ["ChatGPT-User", "Claude-User", "Perplexity-User", "Meta-ExternalFetcher", "MistralAI-User"],
} as const;
export type CrawlerPurpose = keyof typeof AI_CRAWLERS;

interface Group {
  agents: string[];
  rules: { allow: boolean; path: string }[];
  signals: string[];
}

export interface RobotsFacts {
  sitemaps: string[];
  /** Content-Signal values, e.g. {search: "yes", "ai-train": "no"} (last one wins). */
  contentSignals: Record<string, string>;
  /** Per purpose: the crawlers that may fetch the path and those that may not. */
  access: Record<CrawlerPurpose, { allowed: string[]; blocked: string[] }>;
  /** Crawlers named in their own group. */
  named: string[];
}

export function parseRobots(text: string): Group[] {
  const groups: Group[] = [];
  let current: Group | null = null;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/#.*$/, "").trim();
    const m = /^([A-Za-z-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1]!.toLowerCase();
    const value = m[2]!.trim();
    if (key === "user-agent") {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [], signals: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current) continue;
    if (key === "allow" || key === "disallow") {
      // Bounded work on hostile files: at most 1000 rules a group, patterns up to 500 characters.
      if ((value !== "" || key === "allow") && current.rules.length < 1000)
        current.rules.push({ allow: key === "allow", path: value.slice(0, 500) });
    } else if (key === "content-signal") current.signals.push(value);
  }
  return groups;
}

function pathAllowed(groups: Group[], path: string): boolean {
  let best: { allow: boolean; length: number } | null = null;
  for (const rule of groups.flatMap((g) => g.rules)) {
    if (!matches(rule.path, path)) continue;
    const length = rule.path.length;
    if (!best || length > best.length || (length === best.length && rule.allow)) best = { allow: rule.allow, length };
  }
  return best ? best.allow : true;
}

/**
 * RFC 9309 path matching: `*` matches any run of characters, a final `$` anchors the end.
 * Linear: the pieces between wildcards are found left to right with indexOf (the leftmost
 * match of each piece is always a safe choice), never through a backtracking regex.
 */
export function matches(pattern: string, path: string): boolean {
  if (pattern === "") return true;
  const anchored = pattern.endsWith("$");
  const pieces = (anchored ? pattern.slice(0, -1) : pattern).split("*");
  const first = pieces[0]!;
  if (!path.startsWith(first)) return false;
  if (pieces.length === 1) return !anchored || path.length === first.length;
  let at = first.length;
  for (let i = 1; i < pieces.length - 1; i++) {
    const found = path.indexOf(pieces[i]!, at);
    if (found < 0) return false;
    at = found + pieces[i]!.length;
  }
  const last = pieces[pieces.length - 1]!;
  if (anchored) return path.length - last.length >= at && path.endsWith(last);
  return path.indexOf(last, at) >= 0;
}

export function robotsFacts(text: string, path: string): RobotsFacts {
  const groups = parseRobots(text);
  // Every group naming the crawler applies (RFC 9309 merges them), else every `*` group.
  const groupsFor = (agent: string) => {
    const own = groups.filter((g) => g.agents.includes(agent.toLowerCase()));
    return own.length ? own : groups.filter((g) => g.agents.includes("*"));
  };
  const access = {} as RobotsFacts["access"];
  for (const [purpose, crawlers] of Object.entries(AI_CRAWLERS) as [CrawlerPurpose, readonly string[]][]) {
    access[purpose] = { allowed: [], blocked: [] };
    for (const crawler of crawlers) access[purpose][pathAllowed(groupsFor(crawler), path) ? "allowed" : "blocked"].push(crawler);
  }
  const contentSignals: Record<string, string> = {};
  for (const g of groups) {
    for (const line of g.signals) {
      for (const part of line.split(",")) {
        const [k, v] = part.split("=").map((s) => s.trim().toLowerCase());
        if (k && v) contentSignals[k] = v;
      }
    }
  }
  const sitemaps = [...text.matchAll(/^\s*sitemap\s*:\s*(\S+)/gim)].map((m) => m[1]!);
  const all = Object.values(AI_CRAWLERS)
    .flat()
    .map((c) => c.toLowerCase());
  const named = [...new Set(groups.flatMap((g) => g.agents).filter((a) => all.includes(a)))];
  return { sitemaps, contentSignals, access, named };
}
