/**
 * Topic tags of a link, from its URL, host, text and rel/type attributes. The rules, in
 * words (also in docs/link-map.md):
 * - feed: a `<link rel=alternate>` or anchor typed RSS/Atom/RDF/JSON Feed (media-type
 *   parameters ignored) or a generic XML alternate, never oEmbed or REST JSON; or a path ending in
 *   /feed, /rss, /atom, .rss, .atom, feed.xml, rss.xml, atom.xml, feed.json, or under /feeds/.
 * - social: a known social network or community host (list below), or a `mastodon.` or
 *   `mstdn.` host.
 * - Path segments are compared without a page extension (.html, .htm, .php, .asp(x), .jsp).
 * - api: an `api.` or `developer(s).` host; a path segment api, apis, graphql, openapi,
 *   swagger, reference or api-reference; openapi/swagger documents; /.well-known/api-catalog;
 *   link text that names an API.
 * - docs: a `docs.`, `doc.`, `developer(s).`, `help.`, `support.`, `learn.`, `wiki.` or
 *   `manual.` host; a path segment docs, doc, documentation, guide(s), manual, tutorial(s),
 *   handbook, kb, knowledge-base, knowledgebase, help, learn, getting-started, quickstart;
 *   link text "docs", "documentation", "guide", "manual", "tutorial".
 * - pricing: a path segment pricing, prices, price, plans, plans-and-pricing; link text
 *   "pricing", "plans", "prices".
 * - careers: a `jobs.` or `careers.` host or a job-board host; a path segment careers,
 *   career, jobs, job, join-us, work-with-us, hiring, vacancies, open-positions; link text
 *   "careers", "jobs", "we're hiring", "join us", "open positions".
 */
export const TOPICS = ["docs", "pricing", "api", "careers", "social", "feed"] as const;
export type Topic = (typeof TOPICS)[number];

const SOCIAL_HOSTS = [
  "twitter.com",
  "x.com",
  "facebook.com",
  "fb.com",
  "instagram.com",
  "linkedin.com",
  "youtube.com",
  "youtu.be",
  "tiktok.com",
  "pinterest.com",
  "reddit.com",
  "threads.net",
  "threads.com",
  "bsky.app",
  "mastodon.social",
  "mastodon.online",
  "mastodon.world",
  "mstdn.social",
  "fosstodon.org",
  "hachyderm.io",
  "infosec.exchange",
  "discord.gg",
  "discord.com",
  "t.me",
  "telegram.me",
  "whatsapp.com",
  "wa.me",
  "snapchat.com",
  "tumblr.com",
  "vk.com",
  "weibo.com",
  "github.com",
  "gitlab.com",
  "medium.com",
  "dribbble.com",
  "behance.net",
  "twitch.tv",
  "news.ycombinator.com",
  "producthunt.com",
  "slack.com",
  "xing.com",
  "quora.com",
  "flickr.com",
  "vimeo.com",
];
const JOB_HOSTS = [
  "greenhouse.io",
  "lever.co",
  "workable.com",
  "ashbyhq.com",
  "smartrecruiters.com",
  "recruitee.com",
  "personio.de",
  "bamboohr.com",
  "workday.com",
  "myworkdayjobs.com",
  "teamtailor.com",
  "wellfound.com",
];
/** A generic XML alternate is a feed; oEmbed (`application/json+oembed`) and REST JSON alternates are not. */
const GENERIC_XML = /^(?:text|application)\/xml$/;
const PAGE_EXTENSION = /\.(?:html?|php|aspx?|jsp)$/;
const FEED_TYPES = new Set(["application/rss+xml", "application/atom+xml", "application/feed+json", "application/rdf+xml"]);

export interface LinkFacts {
  url: URL;
  text: string;
  rel: string[];
  type: string | null;
}

const hostMatches = (host: string, list: string[]) => list.some((h) => host === h || host.endsWith(`.${h}`));
const hostStarts = (host: string, prefixes: string[]) => prefixes.some((p) => host.startsWith(`${p}.`));

export function linkTopics(link: LinkFacts): Topic[] {
  const host = link.url.hostname.toLowerCase().replace(/^www\./, "");
  const path = decodeSafe(link.url.pathname.toLowerCase());
  // "/pricing.html" names the same page as "/pricing".
  const segments = path
    .split("/")
    .filter(Boolean)
    .map((segment) => segment.replace(PAGE_EXTENSION, ""));
  const has = (names: string[]) => segments.some((s) => names.includes(s));
  const text = link.text.toLowerCase();
  const words = (re: RegExp) => re.test(text);
  const topics = new Set<Topic>();

  const mediaType = link.type?.split(";")[0]!.trim() || null;
  if (
    (mediaType && (FEED_TYPES.has(mediaType) || (link.rel.includes("alternate") && GENERIC_XML.test(mediaType)))) ||
    /(^|\/)(feed|rss|atom)\/?$|\.(rss|atom)$|(^|\/)(feed|rss|atom|index)\.(xml|json)$|(^|\/)feeds\//.test(path) ||
    words(/^(rss|atom)( feed)?$/)
  ) {
    topics.add("feed");
  }
  // Mastodon servers are many; most are named for it.
  if (hostMatches(host, SOCIAL_HOSTS) || hostStarts(host, ["mastodon", "mstdn"])) topics.add("social");
  if (
    hostStarts(host, ["api", "apis", "developer", "developers"]) ||
    has(["api", "apis", "graphql", "openapi", "swagger", "reference", "api-reference", "api-docs", "apidocs"]) ||
    // Last segment only, and two simple tests: /(openapi|swagger)[^/]*\.json$/ is quadratic
    // on a path of "swaggerswagger…".
    (/\.(json|ya?ml)$/.test(segments[segments.length - 1] ?? "") && /openapi|swagger/.test(path.slice(path.lastIndexOf("/")))) ||
    path.startsWith("/.well-known/api-catalog") ||
    words(/\bapis?\b/)
  ) {
    topics.add("api");
  }
  if (
    hostStarts(host, ["docs", "doc", "developer", "developers", "help", "support", "learn", "wiki", "manual"]) ||
    has([
      "docs",
      "doc",
      "documentation",
      "guide",
      "guides",
      "manual",
      "tutorial",
      "tutorials",
      "handbook",
      "kb",
      "knowledge-base",
      "knowledgebase",
      "help",
      "learn",
      "getting-started",
      "quickstart",
    ]) ||
    words(/\b(docs|documentation|guides?|manual|tutorials?)\b/)
  ) {
    topics.add("docs");
  }
  if (has(["pricing", "prices", "price", "plans", "plans-and-pricing"]) || words(/\b(pricing|plans|prices)\b/)) topics.add("pricing");
  if (
    hostStarts(host, ["jobs", "careers"]) ||
    hostMatches(host, JOB_HOSTS) ||
    has(["careers", "career", "jobs", "job", "join-us", "work-with-us", "hiring", "vacancies", "open-positions"]) ||
    words(/\b(careers?|jobs|we['’]re hiring|join us(?! (?:on|at|in|for)\b)|open positions)\b/)
  ) {
    topics.add("careers");
  }
  return TOPICS.filter((t) => topics.has(t));
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
