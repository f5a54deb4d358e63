import { parse as parseHost } from "tldts";
/**
 * Topic tags of a link, from its URL, host, text and rel/type attributes. The rules in full
 * are in docs/link-map.md; in short:
 * - feed: typed alternates (RSS, Atom, JSON Feed, generic XML; RDF only when it says feed),
 *   feed paths and hosts, WordPress's and Squarespace's feed queries, "RSS" labels.
 * - social: a network's own hosts (not its company's other services), from another site.
 * - api: `api.` and `developer(s).` hosts, API paths, OpenAPI documents, "API" labels.
 * - docs: documentation hosts and paths, never legal, contact or donation pages or files.
 * - pricing and careers: their paths, and labels matched whole ("Pricing", "Careers at …").
 * Path segments are compared without a page extension; link text counts only as a label of
 * at most four words, never as a headline.
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
  "lnkd.in",
  "redd.it",
  "pin.it",
  "fb.watch",
  "lin.ee",
  // Networks of Korea, China, Japan and Russia, where the global ones are not the main ones.
  "bilibili.com",
  "zhihu.com",
  "douyin.com",
  "xiaohongshu.com",
  "note.com",
  "ameblo.jp",
  "dzen.ru",
  "rutube.ru",
  "vk.ru",
  "linktr.ee",
  "codeberg.org",
];
/** A network's face on its company's domain, whose other hosts are not social (naver.com is a portal, kakao.com a company). */
const SOCIAL_EXACT_HOSTS = [
  "api.whatsapp.com", // a chat with a business (send?phone=), or a share (send?text=)
  "page.line.me", // a LINE official account
  "pf.kakao.com", // a KakaoTalk channel
  "story.kakao.com",
  "blog.naver.com",
  "m.blog.naver.com",
  "cafe.naver.com",
  "m.cafe.naver.com",
  "space.bilibili.com", // a member's page
  "vm.tiktok.com", // TikTok's short links
  "vt.tiktok.com",
  "join.slack.com", // a Slack community's invitation
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
  "myworkdaysite.com",
  "teamtailor.com",
  "wellfound.com",
  "pinpointhq.com",
  "factorialhr.com",
];
/** Documentation hosting: every site there is documentation. */
const DOCS_HOSTS = [
  "documenter.getpostman.com",
  "readthedocs.io",
  "readthedocs.org",
  "readthedocs-hosted.com",
  "gitbook.io",
  "mintlify.app",
  "readme.io",
];
/** Feed services: their URLs are feeds whatever the path. */
const FEED_HOSTS = ["feeds.feedburner.com", "feedproxy.google.com", "feeds.feedblitz.com"];
/** `docs.` hosts that are not documentation (office documents and forms). */
const NOT_DOCS_HOSTS = ["docs.google.com"];
/** A generic XML alternate is a feed; oEmbed (`application/json+oembed`) and REST JSON alternates are not. */
const GENERIC_XML = /^(?:text|application)\/xml$/;
const PAGE_EXTENSION = /\.(?:html?|php|aspx?|jsp)$/;
/** Scripts that serve a feed ("/rss.php"); "/help/rss.html" is a page about RSS. */
const SCRIPT_EXTENSION = /\.(?:php|aspx?|jsp|cgi)$/;
/** A file to download: a `/docs/` folder of PDFs is not documentation of a product. */
const FILE_EXTENSION = /\.(?:pdf|docx?|xlsx?|pptx?|odt|rtf|zip|csv|txt|jpe?g|png|gif|webp|mp[34])$/;
const FEED_TYPES = new Set([
  "application/rss+xml",
  "application/x-rss+xml",
  "application/atom+xml",
  "application/x-atom+xml",
  "application/feed+json",
]);
/** RSS 1.0 is RDF, but so is any RDF export (MediaWiki's ExportRDF): a feed only when its link says so. */
const RDF_TYPE = "application/rdf+xml";
/** Link text is read for topics only on a label this short ("Pricing", "Open roles"): a headline that mentions jobs or prices is not a careers or pricing link. */
const LABEL_MAX_WORDS = 4;
const LABEL_MAX_CHARS = 120;

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
  const plainPath = path.replace(SCRIPT_EXTENSION, "");
  // "/pricing.html" names the same page as "/pricing".
  const segments = path
    .split("/")
    .filter(Boolean)
    .map((segment) => segment.replace(PAGE_EXTENSION, ""));
  const has = (names: string[]) => segments.some((s) => names.includes(s));
  const last = segments[segments.length - 1] ?? "";
  // A label's decoration is not part of it: "Pricing →", "Careers ↗", "Jobs (12)", "Join our
  // team!". Only short texts are labels (and only those are worth the scan).
  const whole = link.text.toLowerCase().trim();
  const text =
    whole.length > LABEL_MAX_CHARS ? whole : whole.replace(/\s*\([^()]*\)$/, "").replace(/^[^\p{L}\p{N}#@]+|[^\p{L}\p{N}]+$/gu, "");
  const label = text.split(/\s+/).filter(Boolean).length <= LABEL_MAX_WORDS;
  const words = (re: RegExp) => label && re.test(text);
  /** A page of the site's API reference (`/api/prices` documents prices, `/reference/jobs` an endpoint). */
  const apiReference = has(["api", "apis", "reference", "api-reference"]);
  // LinkedIn's profiles are /in/name ("/in/developers" is a member); elsewhere "/in/" is India's pages (apple.com/in/).
  const isLocale = (segment: string) => LOCALE.test(segment) && !(segment === "in" && hostMatches(host, ["linkedin.com"]));
  // A developer portal's root ("/developers", "/en/developers"), not a studio's page on a store ("/developer/valve").
  const developerPortal =
    (last === "developers" || last === "developer") && (segments.length === 1 || (segments.length === 2 && isLocale(segments[0]!)));
  const topics = new Set<Topic>();

  const mediaType = link.type?.split(";")[0]!.trim() || null;
  const feedPath =
    /(^|\/)(feed|rss|atom)\/?$|\.(rss|atom)$|(^|\/)(feed|rss|atom)\.(xml|json)$|(^|\/)index\.xml$|(^|\/)feeds\/|(^|\/)feed\/(rss2?|rdf|atom|podcast|json)\/?$|(^|\/)rss2\/?$|(^|\/)rss\/[^/]+\.(xml|rdf)$/.test(
      plainPath,
    ) ||
    // A site's /rss/ folder holds its feeds (news.google.com/rss/search, /rss/news/cat0.xml), not its pages.
    (/^\/rss\//.test(plainPath) && !PAGE_EXTENSION.test(path));
  if (
    (mediaType &&
      (FEED_TYPES.has(mediaType) ||
        (link.rel.includes("alternate") && GENERIC_XML.test(mediaType)) ||
        (mediaType === RDF_TYPE && (feedPath || /\b(rss|feed)\b/.test(text))))) ||
    feedPath ||
    hostMatches(host, FEED_HOSTS) ||
    hostStarts(host, ["rss", "feeds"]) ||
    // Medium's feeds: medium.com/feed/@name.
    (host === "medium.com" && path.startsWith("/feed/")) ||
    // A JSON alternate that calls itself a feed.
    (mediaType === "application/json" && link.rel.includes("alternate") && /\bfeed\b/.test(text)) ||
    // WordPress without pretty permalinks ("/?feed=rss2"), Squarespace ("?format=rss") and Joomla ("?format=feed&type=rss").
    /^(?:rss2?|atom|rdf)$/i.test(link.url.searchParams.get("feed") ?? "") ||
    /^(?:rss|atom|feed)$/i.test(link.url.searchParams.get("format") ?? "") ||
    // "Atom" alone names an editor as often as a feed.
    words(/\brss\b|^atom feeds?$/)
  ) {
    topics.add("feed");
  }
  // rel="me": the site's own profile elsewhere (Mastodon verification).
  // A network's developer section (discord.com/developers/docs) is its company's service, not a profile.
  const firstSegment = (segments[0] && isLocale(segments[0]) ? segments[1] : segments[0]) ?? "";
  const networkPage = isSocialHost(host) && firstSegment !== "developers" && firstSegment !== "developer";
  // A share button (twitter.com/intent/tweet, facebook.com/sharer.php) posts the page being read: no profile, and no API either.
  const shareButton = networkPage && isShareLink(host, path, link.url);
  const social = (networkPage && !shareButton) || (link.rel.includes("me") && !link.rel.includes("alternate"));
  if (social) topics.add("social");
  if (
    // A social network's api. host serves its share links (api.whatsapp.com/send), not an API of the site.
    (!social && !shareButton && hostStarts(host, ["api", "apis", "apidocs", "api-docs", "developer", "developers"])) ||
    // Postman's documenter publishes API documentation and nothing else; its workspaces and "Run in Postman" hold API collections.
    host === "documenter.getpostman.com" ||
    (host === "postman.com" && has(["workspace", "collection", "collections"])) ||
    (host === "app.getpostman.com" && has(["run-collection"])) ||
    developerPortal ||
    has([
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
    (/\.(json|ya?ml)$/.test(last) && /openapi|swagger/.test(path.slice(path.lastIndexOf("/")))) ||
    path.startsWith("/.well-known/api-catalog") ||
    words(/\bapis?\b/)
  ) {
    topics.add("api");
  }
  // Documentation beyond doubt: its hosts, its paths, its labels.
  const documentation =
    (hostStarts(host, ["docs", "doc", "apidocs", "api-docs", "developer", "developers", "learn", "wiki", "manual", "handbook"]) &&
      !NOT_DOCS_HOSTS.includes(host)) ||
    hostMatches(host, DOCS_HOSTS) ||
    developerPortal ||
    (!FILE_EXTENSION.test(last) &&
      (has([
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
        "learn",
        "getting-started",
        "quickstart",
        "quick-start",
        ...DOCS_ABROAD,
      ]) ||
        segments.some((segment) => AUDIENCE_GUIDE.test(segment)))) ||
    words(/\b(docs|documentation|tutorials?)\b|(?:^|\s)manuals?(?: pages?)?$|^(?:user |developer |getting started |style )?guides?$/) ||
    words(DOCS_LABELS_ABROAD);
  // A help centre is documentation too, but forums and publishers also put their terms,
  // privacy, contact and donation pages under /help/ or on a support. host: those, named so
  // by the path's last segment or by the whole label, are not.
  const helpCentre =
    hostStarts(host, ["help", "support", ...HELP_ABROAD]) ||
    hostMatches(host, ["intercom.help", "helpscoutdocs.com"]) ||
    (!FILE_EXTENSION.test(last) && has(["help", "support", "help-center", "help-centre", "helpcenter", "hc", ...HELP_ABROAD]));
  const notDocs =
    NOT_DOCS_SEGMENTS.includes(last) ||
    has(["subscribe", "subscription", "subscriptions", "checkout"]) ||
    words(
      /^(?:terms(?: of (?:service|use)| and (?:conditions|rules))?|privacy(?: policy| notice)?|cookies?(?: policy| notice)?|legal(?: notice)?|imprint|impressum|contact(?: us)?|donate|support us)$/,
    );
  if (documentation || (helpCentre && !notDocs)) topics.add("docs");
  if (
    !apiReference &&
    // "plans" and "prices" (Portuguese "planos") name a pricing page when they end its path ("/homes/plans/123" is a floor plan).
    // A price list ("/price-list", "/pricelist", German "/preisliste") is a pricing page too.
    (has([
      "pricing",
      "plans-and-pricing",
      "pricing-and-plans",
      "pricing-plans",
      "plans-pricing",
      "plans-and-prices",
      "price-list",
      "price-lists",
      "pricelist",
      ...PRICING_ABROAD,
    ]) ||
      ["plans", "prices", "price", "planos"].includes(last) ||
      words(/^(?:(?:see|view|compare|our) (?:all )?)?(?:pricing(?: plans)?|plans|prices|price list)(?: (?:and|&) (?:pricing|plans))?$/) ||
      words(PRICING_LABELS_ABROAD))
  )
    topics.add("pricing");
  if (
    hostStarts(host, ["jobs", "careers", "karriere", "recruit"]) ||
    // A job board's pages are on its subdomains (boards.greenhouse.io, acme.bamboohr.com); its own site sells the product.
    JOB_HOSTS.some((h) => host.endsWith(`.${h}`) && !VENDOR_SERVICES.includes(host.slice(0, -h.length - 1).split(".")[0]!)) ||
    (host === "join.com" && path.startsWith("/companies/")) ||
    (!apiReference &&
      !documentation &&
      has([
        "careers",
        "jobs",
        "job",
        "join-us",
        "work-with-us",
        "hiring",
        "recruitment",
        "vacancies",
        "open-positions",
        ...CAREERS_ABROAD,
      ])) ||
    (!documentation &&
      (words(
        /^(?:careers?|jobs|we(?:['’]re| are) hiring!?|join (?:our|the) team|work (?:with|at|for) us|(?:careers|jobs) at \S.*|(?:open (?:positions|roles)|job openings|(?:career|job) opportunities|(?:open )?vacancies)(?: (?:at|in) \S.*)?|internships?)$/,
      ) ||
        words(CAREERS_LABELS_ABROAD)))
  ) {
    topics.add("careers");
  }
  return TOPICS.filter((t) => topics.has(t));
}

/**
 * The topics' words in the languages most sites are written in besides English: German,
 * French, Spanish, Portuguese, Italian and Dutch as path segments (written without accents)
 * and whole labels; Japanese and Chinese labels, and Japanese sites' "/recruit/".
 */
const PRICING_ABROAD = [
  "preisliste",
  "preise",
  "tarife",
  "tarifs",
  "precios",
  "precos",
  "prezzi",
  "prijzen",
  "planes-y-precios",
  "planos-e-precos",
];
const PRICING_LABELS_ABROAD =
  /^(?:preise|tarife|tarifs|precios|preços|prezzi|prijzen|planos(?: e preços)?|planes y precios|料金(?:プラン)?|価格|价格|定价)$/u;
const CAREERS_ABROAD = [
  "karriere",
  "stellenangebote",
  "carrieres",
  "recrutement",
  "emplois",
  "offres-emploi",
  "offres-d-emploi",
  "nous-rejoindre",
  "bolsa-de-trabajo",
  "empleo",
  "empleos",
  "trabaja-con-nosotros",
  "carreras",
  "carreiras",
  "trabalhe-conosco",
  "vagas",
  "lavora-con-noi",
  "carriere",
  "vacatures",
  "werken-bij",
  "recruit",
];
const CAREERS_LABELS_ABROAD =
  /^(?:karriere|stellenangebote|jobs (?:und|&) karriere|(?:karriere|jobs) bei \S.*|carrières|recrutement|emplois|offres d['’]emploi|rejoignez notre équipe|empleo|trabaja con nosotros|únete a nuestro equipo|bolsa de trabajo|ofertas de (?:empleo|trabajo)|carreras|carreiras|trabalhe conosco|vagas|lavora con noi|carriere|vacatures|werken bij|(?:新卒|中途|キャリア|経験者)?採用(?:情報)?|求人(?:情報)?|(?:人才|社会|校园)?招聘|加入我们)$/u;
const DOCS_ABROAD = ["dokumentation", "documentacion", "documentacao", "documentazione", "documentatie"];
const DOCS_LABELS_ABROAD = /^(?:dokumentation|documentación|documentação|documentazione|documentatie|ドキュメント|文档)$/u;
const HELP_ABROAD = ["hilfe", "aide", "ayuda", "ajuda", "aiuto", "hulp"];

/** A job-board vendor's own services on its domain (support.greenhouse.io, developers.greenhouse.io, blog.workday.com), not its boards. */
const VENDOR_SERVICES = [
  "www",
  "support",
  "help",
  "docs",
  "developer",
  "developers",
  "api",
  "blog",
  "status",
  "community",
  "marketplace",
  "investor",
  "investors",
  "press",
  "news",
  "partners",
  "academy",
  "learn",
  "events",
  "app",
  "login",
];

/**
 * A guide or manual for a reader of a product's documentation (`/user-guide/`, pandas's
 * `user_guide`, `/admin-guide/`, `/installation-manual`); not a "gift-guide" or a "city-guide".
 */
const AUDIENCE_GUIDE =
  /^(?:users?|developers?|dev|admin|administrators?|administration|install|installation|setup|configuration|integration|migration|deployment|operators?|operations|api|sdk|programming|programmers?|reference|contributors?)[-_]?(?:guides?|manuals?)$/;

/**
 * A network's share endpoints: a button that posts the page being read, not the site's profile
 * on the network ("social means a profile elsewhere"). `host` is without `www.`; `path` lower-cased.
 */
const SHARE_PATHS: [string[], RegExp][] = [
  [["twitter.com", "x.com"], /^\/(?:intent\/(?:tweet|post|retweet|like)|share)\/?$/],
  [["facebook.com", "fb.com"], /^\/(?:sharer(?:\/sharer)?\.php|share\.php|sharer|dialog\/(?:share|feed|send))\/?$/],
  [["linkedin.com"], /^\/(?:sharing\/share-offsite|sharearticle|cws\/share)\/?$/],
  [["reddit.com"], /^\/submit\/?$/],
  [["t.me", "telegram.me"], /^\/share(?:\/url)?\/?$/],
  [["tumblr.com"], /^\/(?:widgets\/share\/tool|share(?:\/link)?)\/?$/],
  [["bsky.app"], /^\/intent\/compose\/?$/],
  [["threads.net", "threads.com"], /^\/intent\/post\/?$/],
  [["vk.com", "vk.ru"], /^\/share\.php$/],
  [["news.ycombinator.com"], /^\/submitlink$/],
];
/** Pinterest's "Pin it" button, under any of its domains. */
const PINTEREST_SHARE = /^\/pin\/create\/(?:button|link|bookmarklet)\/?$/;
function isShareLink(host: string, path: string, url: URL): boolean {
  for (const [hosts, share] of SHARE_PATHS) if (hostMatches(host, hosts)) return share.test(path);
  if (isPinterest(host)) return PINTEREST_SHARE.test(path);
  // WhatsApp with a message and no number to write to shares it (api.whatsapp.com/send?text=,
  // wa.me/?text=); with a number (wa.me/15551234567, send?phone=) it opens a chat with the business.
  if (hostMatches(host, ["whatsapp.com", "wa.me"]))
    return url.searchParams.has("text") && !url.searchParams.get("phone") && !/^\/\+?\d/.test(path);
  return false;
}

/** A locale path segment: a language or a country ("en", "en-us", "pt_BR", "in" for India). */
const LOCALE = /^[a-z]{2}(?:[-_][a-z]{2,4})?$/i;

/** Path segments of pages that are never documentation, wherever they live (`/help/terms`). */
const NOT_DOCS_SEGMENTS = [
  "terms",
  "terms-of-service",
  "terms-of-use",
  "terms-and-conditions",
  "tos",
  "privacy",
  "privacy-policy",
  "cookies",
  "cookie-policy",
  "legal",
  "imprint",
  "impressum",
  "contact",
  "contact-us",
  "donate",
  "contribute",
];

/** Networks where a subdomain is a member's page. */
const MEMBER_SUBDOMAINS = ["tumblr.com", "medium.com"];
/** A company's own services on its network's domain: not a member's page. */
const COMPANY_SUBDOMAINS = [
  "api",
  "developer",
  "developers",
  "docs",
  "help",
  "support",
  "status",
  "policy",
  "shop",
  "blog",
  "about",
  "business",
  "ads",
  "press",
  "investors",
  "careers",
  "jobs",
  "engineering",
  "design",
];

/**
 * A social network's host: the network itself, its `www.`, `m.`, `mobile.` host or a
 * language subdomain (`uk.linkedin.com`, `fr-fr.facebook.com`); not its company's other
 * services (`shop.github.com`, `policy.medium.com`, `developers.facebook.com`). Mastodon
 * servers are many, most named for it; Pinterest has a domain per country.
 */
function isSocialHost(host: string): boolean {
  if (hostStarts(host, ["mastodon", "mstdn"]) || isPinterest(host)) return true;
  if (SOCIAL_EXACT_HOSTS.includes(host)) return true;
  const network = SOCIAL_HOSTS.find((h) => host === h || host.endsWith(`.${h}`));
  if (!network || host === network) return !!network;
  const sub = host.slice(0, -network.length - 1);
  // Networks that give each member a subdomain (alice.tumblr.com, bob.medium.com), and the
  // other faces of a network (old.reddit.com, gist.github.com): all but its company's services.
  if (MEMBER_SUBDOMAINS.includes(network)) return !COMPANY_SUBDOMAINS.includes(sub);
  return /^(?:m|mobile|touch|web|chat|old|new|np|gist|music|[a-z]{2}(?:-[a-z]{2})?)$/.test(sub);
}

/** pinterest.com, pinterest.co.uk, uk.pinterest.com…: Pinterest's registrable domain under any public suffix (not pinterest.example.org). */
function isPinterest(host: string): boolean {
  return parseHost(host).domainWithoutSuffix === "pinterest";
}

function decodeSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}
