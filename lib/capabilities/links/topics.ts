/**
 * Topic tags of a link, from its URL, host, text and rel/type attributes. The rules, in
 * words (also in docs/link-map.md):
 * - feed: a `<link rel=alternate>` or anchor typed RSS/Atom/RDF/JSON Feed (media-type
 *   parameters ignored) or a generic XML alternate, never oEmbed or REST JSON; or a path ending in
 *   /feed, /rss, /atom, .rss, .atom, feed.xml, rss.xml, atom.xml, index.xml, feed.json, or under
 *   /feeds/; a `feed=rss2`/`format=rss` query; or a feed service's host.
 * - social: a known social network or community host (list below), a `mastodon.` or
 *   `mstdn.` host, or Pinterest's country domains.
 * - Path segments are compared without a page extension (.html, .htm, .php, .asp(x), .jsp).
 * - Link text counts only as a label of at most four words, never as a headline.
 * - api: an `api.` or `developer(s).` host (not a social network's); a path segment api, apis,
 *   graphql, graphiql, openapi, swagger, swagger-ui, redoc, reference or api-reference;
 *   openapi/swagger documents; /.well-known/api-catalog; link text that names an API.
 * - docs: a `docs.`, `doc.`, `developer(s).`, `help.`, `support.`, `learn.`, `wiki.` or
 *   `manual.` host (not docs.google.com) or a documentation host; a path segment docs, doc, documentation, guide(s), manual, tutorial(s),
 *   handbook, kb, knowledge-base, knowledgebase, help, learn, getting-started, quickstart;
 *   link text "docs", "documentation", "guide", "manual", "tutorial".
 * - pricing: a path segment pricing, prices, price, plans, plans-and-pricing and its
 *   variants; link text
 *   "pricing", "plans", "prices".
 * - careers: a `jobs.` or `careers.` host or a job-board host; a path segment careers,
 *   career, jobs, job, join-us, work-with-us, hiring, vacancies, open-positions; link text
 *   "careers", "jobs", "we're hiring", "join us", "join our team", "open positions"…
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
  "discordapp.com",
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
  "mas.to",
  "line.me",
  "messenger.com",
  "m.me",
  "fb.me",
  "instagr.am",
  "youtube-nocookie.com",
  "ok.ru",
];
const JOB_HOSTS = [
  "greenhouse.io",
  "lever.co",
  "workable.com",
  "ashbyhq.com",
  "smartrecruiters.com",
  "recruitee.com",
  "jobs.personio.de",
  "jobs.personio.com",
  "breezy.hr",
  "applytojob.com",
  "taleo.net",
  "jobvite.com",
  "icims.com",
  "join.com",
  "bamboohr.com",
  "workday.com",
  "myworkdayjobs.com",
  "teamtailor.com",
  "wellfound.com",
  "pinpointhq.com",
  "factorialhr.com",
];
/** Documentation hosting: every site there is documentation. */
const DOCS_HOSTS = ["readthedocs.io", "readthedocs.org", "readthedocs-hosted.com", "gitbook.io", "mintlify.app", "readme.io"];
/** Feed services: their URLs are feeds whatever the path. */
const FEED_HOSTS = ["feeds.feedburner.com", "feedproxy.google.com", "feeds.feedblitz.com"];
/** `docs.` hosts that are not documentation (office documents and forms). */
const NOT_DOCS_HOSTS = ["docs.google.com"];
/** A generic XML alternate is a feed; oEmbed (`application/json+oembed`) and REST JSON alternates are not. */
const GENERIC_XML = /^(?:text|application)\/xml$/;
const PAGE_EXTENSION = /\.(?:html?|php|aspx?|jsp)$/;
const FEED_TYPES = new Set([
  "application/rss+xml",
  "application/x-rss+xml",
  "application/atom+xml",
  "application/x-atom+xml",
  "application/feed+json",
  "application/rdf+xml",
]);
/** Link text is read for topics only on a label this short ("Pricing", "Open roles"): a headline that mentions jobs or prices is not a careers or pricing link. */
const LABEL_MAX_WORDS = 4;
/** Subdomains of a social network that serve its developers, status or help, not profiles (api.whatsapp.com is a share endpoint, and social). */
const SERVICE_SUBDOMAINS = ["api", "apis", "developer", "developers", "docs", "status", "help", "support"];

export interface LinkFacts {
  url: URL;
  text: string;
  rel: string[];
  type: string | null;
}

const hostMatches = (host: string, list: string[]) => list.some((h) => host === h || host.endsWith(`.${h}`));
const hostStarts = (host: string, prefixes: string[]) => prefixes.some((p) => host.startsWith(`${p}.`));

export function linkTopics(link: LinkFacts): Topic[] {
  const host = link.url.hostname
    .toLowerCase()
    .replace(/\.$/, "")
    .replace(/^www\./, "");
  const path = decodeSafe(link.url.pathname.toLowerCase());
  // "/rss.php" names a feed as "/rss" does.
  const plainPath = path.replace(PAGE_EXTENSION, "");
  // "/pricing.html" names the same page as "/pricing".
  const segments = path
    .split("/")
    .filter(Boolean)
    .map((segment) => segment.replace(PAGE_EXTENSION, ""));
  const has = (names: string[]) => segments.some((s) => names.includes(s));
  const text = link.text.toLowerCase();
  const label = text.split(/\s+/).filter(Boolean).length <= LABEL_MAX_WORDS;
  const words = (re: RegExp) => label && re.test(text);
  const topics = new Set<Topic>();

  const mediaType = link.type?.split(";")[0]!.trim() || null;
  if (
    (mediaType && (FEED_TYPES.has(mediaType) || (link.rel.includes("alternate") && GENERIC_XML.test(mediaType)))) ||
    /(^|\/)(feed|rss|atom)\/?$|\.(rss|atom)$|(^|\/)(feed|rss|atom)\.(xml|json)$|(^|\/)index\.xml$|(^|\/)feeds\//.test(plainPath) ||
    hostMatches(host, FEED_HOSTS) ||
    hostStarts(host, ["rss", "feeds"]) ||
    // Medium's feeds: medium.com/feed/@name.
    (host === "medium.com" && path.startsWith("/feed/")) ||
    // A JSON alternate that calls itself a feed.
    (mediaType === "application/json" && link.rel.includes("alternate") && /\bfeed\b/.test(text)) ||
    // WordPress without pretty permalinks ("/?feed=rss2") and Squarespace ("?format=rss").
    /^(?:rss2?|atom|rdf)$/i.test(link.url.searchParams.get("feed") ?? "") ||
    /^(?:rss|atom)$/i.test(link.url.searchParams.get("format") ?? "") ||
    words(/\brss\b|^atom( feeds?)?$/)
  ) {
    topics.add("feed");
  }
  // Mastodon servers are many; most are named for it. Pinterest has a domain per country.
  const serviceSubdomain = hostStarts(host, SERVICE_SUBDOMAINS) && host !== "api.whatsapp.com";
  const social =
    ((hostMatches(host, SOCIAL_HOSTS) || hostStarts(host, ["mastodon", "mstdn"]) || isPinterest(host)) && !serviceSubdomain) ||
    // rel="me": the site's own profile elsewhere (Mastodon verification).
    (link.rel.includes("me") && !link.rel.includes("alternate"));
  if (social) topics.add("social");
  if (
    // A social network's api. host serves its share links (api.whatsapp.com/send), not an API of the site.
    (!social && hostStarts(host, ["api", "apis", "developer", "developers"])) ||
    has([
      "developers",
      "developer",
      "wp-json",
      "api",
      "apis",
      "graphql",
      "graphiql",
      "openapi",
      "swagger",
      "swagger-ui",
      "redoc",
      "reference",
      "api-reference",
      "api-docs",
      "apidocs",
    ]) ||
    // Last segment only, and two simple tests: /(openapi|swagger)[^/]*\.json$/ is quadratic
    // on a path of "swaggerswagger…".
    (/\.(json|ya?ml)$/.test(segments[segments.length - 1] ?? "") && /openapi|swagger/.test(path.slice(path.lastIndexOf("/")))) ||
    path.startsWith("/.well-known/api-catalog") ||
    words(/\bapis?\b/)
  ) {
    topics.add("api");
  }
  if (
    (hostStarts(host, ["docs", "doc", "developer", "developers", "help", "support", "learn", "wiki", "manual"]) &&
      !NOT_DOCS_HOSTS.includes(host)) ||
    hostMatches(host, DOCS_HOSTS) ||
    has([
      "developers",
      "developer",
      "support",
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
    words(/\b(docs|documentation|manual|tutorials?)\b|^(?:user |developer |getting started |style )?guides?$/)
  ) {
    topics.add("docs");
  }
  if (
    has([
      "pricing",
      "prices",
      "price",
      "plans",
      "plans-and-pricing",
      "pricing-and-plans",
      "pricing-plans",
      "plans-pricing",
      "plans-and-prices",
    ]) ||
    words(/\b(pricing|plans|prices)\b/)
  )
    topics.add("pricing");
  if (
    hostStarts(host, ["jobs", "careers"]) ||
    hostMatches(host, JOB_HOSTS) ||
    has(["careers", "career", "jobs", "job", "join-us", "work-with-us", "hiring", "vacancies", "open-positions"]) ||
    words(
      /\b(careers?|jobs|we(?:['’]re| are) hiring|join us(?! (?:on|at|in|for)\b)|join (?:our|the) team|work (?:with|at) us|work at|open (?:positions|roles)|job openings|internships?)\b/,
    )
  ) {
    topics.add("careers");
  }
  return TOPICS.filter((t) => topics.has(t));
}

/** pinterest.com, pinterest.co.uk, uk.pinterest.com…: labels, not a regex (a long host made one backtrack for seconds). */
function isPinterest(host: string): boolean {
  const labels = host.split(".");
  const at = labels.lastIndexOf("pinterest");
  return at >= 0 && at < labels.length - 1 && labels.length - at <= 3;
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
