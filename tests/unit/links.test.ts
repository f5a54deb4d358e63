import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { countLinks, mapLinks } from "../../lib/capabilities/links";
import { linkTopics } from "../../lib/capabilities/links/topics";
import { parsePage } from "../../lib/html/parse";
import { LINKS_PAGE } from "../support/fixture-site";
import { htmlPage } from "../support/pages";

const page = htmlPage;

describe("link map", () => {
  const links = mapLinks(parsePage(page(LINKS_PAGE, "https://www.site.test/index.html")));
  const byUrl = new Map(links.map((l) => [l.url, l]));

  it("resolves against <base>, drops fragments and merges equivalent forms", () => {
    assert.ok(byUrl.has("https://www.site.test/section/docs/intro"), "relative to <base href=/section/>");
    assert.equal(links.filter((l) => l.url === "https://www.site.test/section/docs/intro").length, 1, "#setup merged");
    assert.equal(byUrl.get("http://www.site.test/pricing")?.text, "plans", "HTTP://WWW.Site.Test:80 is http://www.site.test");
    assert.ok(byUrl.has("https://www.site.test/pricing"));
  });

  it("keeps http(s) links only and takes text from the anchor, an image alt or aria-label", () => {
    assert.ok(links.every((l) => /^https?:\/\//.test(l.url)));
    assert.ok(!links.some((l) => l.url.startsWith("mailto:") || l.url.startsWith("javascript:")));
    assert.equal(byUrl.get("https://other.test/partner?x=1")?.text, "Partner logo");
    assert.equal(byUrl.get("https://github.com/site")?.text, "GitHub");
  });

  it("classifies by registrable domain, not host", () => {
    assert.equal(byUrl.get("https://blog.site.test/posts/1")?.kind, "internal");
    assert.equal(byUrl.get("https://api.site.test/v1/")?.kind, "internal");
    assert.equal(byUrl.get("https://other.test/partner?x=1")?.kind, "external");
    assert.equal(byUrl.get("https://twitter.com/site")?.kind, "external");
  });

  it("tags topics from rel/type, host, path and text", () => {
    assert.deepEqual(byUrl.get("https://www.site.test/feed.xml")?.topics, ["feed"]);
    assert.deepEqual(byUrl.get("https://www.site.test/section/docs/intro")?.topics, ["docs"]);
    assert.deepEqual(byUrl.get("https://www.site.test/pricing")?.topics, ["pricing"]);
    assert.deepEqual(byUrl.get("https://api.site.test/v1/")?.topics, ["api"]);
    assert.deepEqual(byUrl.get("https://www.site.test/careers")?.topics, ["careers"]);
    assert.deepEqual(byUrl.get("https://twitter.com/site")?.topics, ["social"]);
    assert.deepEqual(byUrl.get("https://github.com/site")?.topics, ["social"]);
  });

  it("counts kinds and topics", () => {
    const counts = countLinks(links);
    assert.equal(counts.internal + counts.external, links.length);
    assert.equal(counts.feed, 1);
    assert.equal(counts.social, 2);
  });

  it("uses public-suffix rules (example.co.uk, github.io)", () => {
    const html = `<a href="https://shop.example.co.uk/">a</a><a href="https://other.co.uk/">b</a><a href="https://alice.github.io/">c</a>`;
    const uk = mapLinks(parsePage(page(html, "https://www.example.co.uk/")));
    assert.deepEqual(
      uk.map((l) => l.kind),
      ["internal", "external", "external"],
    );
    const gh = mapLinks(parsePage(page(`<a href="https://bob.github.io/">x</a>`, "https://alice.github.io/")));
    assert.equal(gh[0]?.kind, "external", "github.io is a public suffix: alice and bob are different sites");
  });

  it("keeps the first 200 distinct links in document order", () => {
    const html = Array.from({ length: 260 }, (_, i) => `<a href="/p/${i}">p${i}</a><a href="/p/${i}#again">again</a>`).join("");
    const many = mapLinks(parsePage(page(html, "https://x.test/")));
    assert.equal(many.length, 200);
    assert.equal(many[0]?.url, "https://x.test/p/0");
    assert.equal(many[199]?.url, "https://x.test/p/199");
  });
});

describe("link topics", () => {
  const t = (url: string, text = "", rel: string[] = [], type: string | null = null) => linkTopics({ url: new URL(url), text, rel, type });
  const table: [string, string, string[]][] = [
    ["https://docs.example.com/", "", ["docs"]],
    ["https://example.com/documentation/start", "", ["docs"]],
    ["https://example.com/x", "Read the docs", ["docs"]],
    ["https://developer.example.com/", "", ["docs", "api"]],
    ["https://api.example.com/", "", ["api"]],
    ["https://example.com/reference/v2", "", ["api"]],
    ["https://example.com/openapi.json", "", ["api"]],
    ["https://example.com/.well-known/api-catalog", "", ["api"]],
    ["https://example.com/pricing", "", ["pricing"]],
    ["https://example.com/plans", "", ["pricing"]],
    ["https://example.com/jobs/123", "", ["careers"]],
    ["https://boards.greenhouse.io/example", "", ["careers"]],
    ["https://www.linkedin.com/company/example", "", ["social"]],
    ["https://x.com/example", "", ["social"]],
    ["https://example.com/blog/rss.xml", "", ["feed"]],
    ["https://example.com/feed/", "", ["feed"]],
    ["https://example.com/index.atom", "", ["feed"]],
    ["https://example.com/about", "", []],
    ["https://example.com/apiary-news", "", []],
  ];
  for (const [url, text, expected] of table)
    it(`${url} ${text} → [${expected.join(", ")}]`, () => assert.deepEqual(t(url, text), expected));

  it("treats a typed rel=alternate as a feed", () => {
    assert.deepEqual(t("https://example.com/updates", "", ["alternate"], "application/atom+xml"), ["feed"]);
    assert.deepEqual(t("https://example.com/updates.json", "", ["alternate"], "application/feed+json"), ["feed"]);
  });
});

describe("link map: real-world forms", () => {
  const map = (body: string, head = "") =>
    new Map(
      mapLinks(parsePage(page(`<html><head>${head}</head><body>${body}</body></html>`, "https://site.test/page"))).map((l) => [l.url, l]),
    );

  it("lists feed alternates, and not oEmbed, REST JSON, favicons or alternate stylesheets", () => {
    const links = map(
      "",
      `<link rel="alternate" type="application/json+oembed" href="/oembed?url=x">
       <link rel="alternate" type="text/xml+oembed" href="/oembed?format=xml">
       <link rel="alternate" type="application/json" href="/wp-json/wp/v2/pages/2">
       <link rel="alternate icon" href="/favicon.png"><link rel="alternate stylesheet" href="/dark.css" title="Dark">
       <link rel="alternate" type="application/rss+xml; charset=utf-8" href="/feed/">
       <link rel="alternate" type="application/xml" href="/updates.xml">`,
    );
    // Alternates that describe the page to machines are not links of the page: oEmbed, WordPress's REST JSON.
    for (const u of ["oembed?url=x", "oembed?format=xml", "wp-json/wp/v2/pages/2", "favicon.png", "dark.css"])
      assert.ok(!links.has(`https://site.test/${u}`), u);
    assert.deepEqual(links.get("https://site.test/feed/")?.topics, ["feed"]);
    assert.deepEqual(links.get("https://site.test/updates.xml")?.topics, ["feed"]);
  });

  it("reads topics through page extensions and from every occurrence of a URL", () => {
    const links = map(
      `<a href="/pricing.html">See</a><a href="/careers.php">x</a><a href="/x"><img src="/i.png"></a><a href="/x">Pricing</a>`,
    );
    assert.deepEqual(links.get("https://site.test/pricing.html")?.topics, ["pricing"]);
    assert.deepEqual(links.get("https://site.test/careers.php")?.topics, ["careers"]);
    assert.deepEqual(links.get("https://site.test/x")?.topics, ["pricing"]);
    assert.equal(links.get("https://site.test/x")?.text, "Pricing");
  });

  it("merges an empty query and percent-escapes of either case, in path and query", () => {
    const links = [
      ...map(
        `<a href="/a?">1</a><a href="/a">2</a><a href="/x%aFy">3</a><a href="/x%AFy">4</a><a href="/s?q=%c3%a9">5</a><a href="/s?q=%C3%A9">6</a>`,
      ).keys(),
    ];
    assert.deepEqual(links, ["https://site.test/a", "https://site.test/x%AFy", "https://site.test/s?q=%C3%A9"]);
  });

  it("joins link text as it reads and falls back past an empty aria-label", () => {
    const links = map(
      `<a href="/p"><b>Pri</b>cing</a><a href="/d">API<span>s</span><br>and docs</a><a href="/h" aria-label="" title="Home"></a>`,
    );
    assert.equal(links.get("https://site.test/p")?.text, "Pricing");
    assert.equal(links.get("https://site.test/d")?.text, "APIs and docs");
    assert.equal(links.get("https://site.test/h")?.text, "Home");
  });

  it("knows Mastodon servers and Threads, and does not take 'Join us' (on Discord, or alone) for careers", () => {
    const links = map(
      `<a href="https://fosstodon.org/@e">a</a><a href="https://mastodon.example/@e">b</a><a href="https://www.threads.com/@e">c</a><a href="https://example.com/chat">Join us on Discord</a><a href="https://example.com/team">Join us</a><a href="https://example.com/join-us">Join</a>`,
    );
    for (const u of ["https://fosstodon.org/@e", "https://mastodon.example/@e", "https://www.threads.com/@e"])
      assert.deepEqual(links.get(u)?.topics, ["social"], u);
    assert.deepEqual(links.get("https://example.com/chat")?.topics, []);
    // "Join us" alone is a shop's membership as often as a careers page; the path tells.
    assert.deepEqual(links.get("https://example.com/team")?.topics, []);
    assert.deepEqual(links.get("https://example.com/join-us")?.topics, ["careers"]);
  });
});

/** A second reader's edge cases: each failed before its fix. */
describe("link map: real-world forms, second round", () => {
  const map = (body: string, head = "") =>
    new Map(
      mapLinks(parsePage(page(`<html><head>${head}</head><body>${body}</body></html>`, "https://www.example.com/blog/post"))).map((l) => [
        l.url,
        l,
      ]),
    );
  const topics = (href: string, text = "x") => map(`<a href="${href}">${text}</a>`).values().next().value?.topics;

  it("does not take share links on a social api. host for an API, nor office documents for docs", () => {
    assert.deepEqual(topics("https://api.whatsapp.com/send?phone=15551234567&text=hello", "WhatsApp"), ["social"]);
    assert.deepEqual(topics("https://docs.google.com/forms/d/e/1FAIpQL/viewform", "Fill out our survey"), []);
  });

  it("reads an icon link by its label, never by an SVG's tooltip glued to its text", () => {
    const links = map(
      `<a href="https://github.com/acme"><svg><title>GitHub icon</title></svg><span class="sr-only">GitHub</span></a><a href="/pricing-x"><svg><title>Tag icon</title></svg>Pricing</a><a href="https://x.com/acme"><svg role="img" aria-label="X (Twitter)"></svg></a>`,
    );
    assert.equal(links.get("https://github.com/acme")?.text, "GitHub");
    assert.equal(links.get("https://www.example.com/pricing-x")?.text, "Pricing");
    assert.deepEqual(links.get("https://www.example.com/pricing-x")?.topics, ["pricing"]);
    assert.equal(links.get("https://x.com/acme")?.text, "X (Twitter)");
  });

  it("knows more careers phrases and job boards, docs and feed hosts, pricing and API paths, and social domains", () => {
    assert.deepEqual(topics("/x", "We are hiring!"), ["careers"]);
    assert.deepEqual(topics("/y", "Join our team"), ["careers"]);
    assert.deepEqual(topics("https://acme.jobs.personio.com/"), ["careers"]);
    assert.deepEqual(topics("https://requests.readthedocs.io/en/latest/"), ["docs"]);
    assert.deepEqual(topics("https://acme.gitbook.io/acme/"), ["docs"]);
    assert.deepEqual(topics("https://feeds.feedburner.com/TechCrunch"), ["feed"]);
    assert.deepEqual(topics("/rss.php"), ["feed"]);
    assert.deepEqual(topics("/feed.php"), ["feed"]);
    assert.deepEqual(topics("/?feed=rss2"), ["feed"]);
    assert.deepEqual(topics("/blog?format=rss"), ["feed"]);
    assert.deepEqual(topics("/search?format=json"), []);
    assert.deepEqual(topics("/pricing-plans"), ["pricing"]);
    assert.deepEqual(topics("/swagger-ui.html"), ["api"]);
    assert.deepEqual(topics("https://discordapp.com/invite/abc"), ["social"]);
    assert.deepEqual(topics("https://www.pinterest.co.uk/acme"), ["social"]);
    assert.deepEqual(topics("https://twitter.com./acme"), ["social"]);
  });

  it("leaves out links inside a <template>, which is not on the page", () => {
    const links = map(`<a href="/shown">Shown</a><template><a href="/inert">Inert</a></template>`);
    assert.ok(links.has("https://www.example.com/shown"));
    assert.ok(!links.has("https://www.example.com/inert"));
  });

  it("does not take a Hugo search index for a feed", () => {
    const links = map("", `<link rel="alternate" type="application/json" href="https://www.example.com/index.json">`);
    assert.deepEqual(links.get("https://www.example.com/index.json")?.topics ?? [], []);
    assert.deepEqual(topics("https://www.example.com/index.xml"), ["feed"]);
  });

  it("merges escaped unreserved characters with the characters (RFC 3986 §6.2.2), follows SVG xlink:href, and caps long text", () => {
    const links = map(
      `<a href="/%7Euser">a</a><a href="/~user">b</a><a href="/a%2Db?q=x%5Fy">c</a><a href="/a-b?q=x_y">d</a><a href="/sp%20ace">e</a><svg><a xlink:href="/svgx"><text>X</text></a></svg><a href="/card"><p>${"word ".repeat(200)}</p></a>`,
    );
    assert.equal(links.get("https://www.example.com/~user")?.text, "a");
    assert.equal(links.get("https://www.example.com/a-b?q=x_y")?.text, "c");
    assert.ok(links.has("https://www.example.com/sp%20ace"));
    assert.equal(links.get("https://www.example.com/svgx")?.text, "X");
    assert.ok((links.get("https://www.example.com/card")?.text.length ?? 0) <= 300);
    assert.equal(links.size, 5);
  });
});

/** A third reader's cases, from real sites' headers, footers and front pages: each failed before its fix. */
describe("link map: real-world forms, third round", () => {
  const map = (body: string, head = "") =>
    new Map(
      mapLinks(parsePage(page(`<html><head>${head}</head><body>${body}</body></html>`, "https://example.com/"))).map((l) => [l.url, l]),
    );
  const only = (body: string, head = "") => map(body, head).values().next().value!;
  const topics = (href: string, text = "x") => only(`<a href="${href}">${text}</a>`).topics;

  it("reads topics from short labels only, not from headlines that mention jobs, prices or guides", () => {
    assert.deepEqual(topics("/2024/05/02/tech/apple.html", "Inside the Steve Jobs Archive"), []);
    assert.deepEqual(topics("/news/home-prices.html", "Home Prices Hit a Record"), []);
    assert.deepEqual(topics("/news/openai.html", "OpenAI Opens Its API to More Developers"), []);
    assert.deepEqual(topics("/collections/gift", "Holiday Gift Guide"), []);
    assert.deepEqual(topics("/a", "Pricing"), ["pricing"]);
    assert.deepEqual(topics("/b", "Open roles in Europe"), ["careers"]);
    assert.deepEqual(topics("/c", "Guides"), ["docs"]);
    assert.deepEqual(topics("/d", "Internships"), ["careers"]);
    assert.deepEqual(topics("/e", "Subscribe via RSS"), ["feed"]);
  });

  it("gives a social network's developer, API and docs hosts api and docs, not social", () => {
    assert.deepEqual(topics("https://api.slack.com/", "Slack platform"), ["api"]);
    assert.deepEqual(topics("https://developer.x.com/en", "X developer platform"), ["docs", "api"]);
    assert.deepEqual(topics("https://docs.github.com/en/rest", "REST"), ["docs"]);
    assert.deepEqual(topics("https://api.whatsapp.com/send?text=hi", "WhatsApp"), []);
    assert.deepEqual(topics("https://mas.to/@acme", "Mastodon"), ["social"]);
    assert.deepEqual(only(`<a rel="me" href="https://techhub.social/@acme">Mastodon</a>`).topics, ["social"]);
  });

  it("names a link by what a reader sees: no decorative icons or icon-font glyphs, then its label, then its icon's name", () => {
    assert.equal(only(`<a href="https://twitter.com/acme" aria-label="Twitter"><i class="icon">&#xf099;</i></a>`).text, "Twitter");
    assert.equal(
      only(`<a href="/docs/next" aria-label="Next page"><span class="material-icons" aria-hidden="true">arrow_forward</span></a>`).text,
      "Next page",
    );
    assert.equal(only(`<a href="https://docs.x.com/">Documentation <span aria-hidden="true">open_in_new</span></a>`).text, "Documentation");
    assert.equal(only(`<a href="https://facebook.com/acme"><svg><g><title>Facebook</title></g></svg></a>`).text, "Facebook");
    assert.equal(only(`<a href="https://instagram.com/acme"><img src="/i.svg" title="Instagram"></a>`).text, "Instagram");
    assert.equal(only(`<a href="/more">&rarr;</a>`).text, "→");
  });

  it("leaves out characters that show nothing", () => {
    assert.equal(only(`<a href="/docs/intro#x" aria-label="Direct link to Install">&#8203;</a>`).text, "Direct link to Install");
    const careers = only(`<a href="/karriere">Karri&shy;ere</a>`);
    assert.equal(careers.text, "Karriere");
    assert.deepEqual(only(`<a href="/x">Pri&shy;cing</a>`).topics, ["pricing"]);
  });

  it("knows more feeds, developer and support paths, and documentation hosts", () => {
    assert.deepEqual(topics("https://medium.com/feed/@acme"), ["social", "feed"]);
    assert.deepEqual(topics("https://rss.nytimes.com/services/xml/rss/nyt/HomePage.xml"), ["feed"]);
    assert.deepEqual(only("", `<link rel="alternate" type="application/x-rss+xml" href="/rss">`).topics, ["feed"]);
    assert.deepEqual(only("", `<link rel="alternate" type="application/json" title="JSON Feed" href="/feed.json">`).topics, ["feed"]);
    assert.deepEqual(topics("https://stripe.com/developers", "Developers"), ["docs", "api"]);
    assert.deepEqual(topics("/support"), ["docs"]);
    assert.deepEqual(topics("https://acme.mintlify.app/"), ["docs"]);
    assert.deepEqual(topics("https://acme.readthedocs-hosted.com/en/latest/"), ["docs"]);
  });
});

/** A fourth reader's cases (110 edge cases and the 255 corpus pages): each failed before its fix. */
describe("link map: real-world forms, fourth round", () => {
  const list = (body: string, head = "", finalUrl = "https://example.com/") =>
    mapLinks(parsePage(page(`<html><head>${head}</head><body>${body}</body></html>`, finalUrl)));
  const map = (body: string, head = "", finalUrl?: string) => new Map(list(body, head, finalUrl).map((l) => [l.url, l]));
  const only = (body: string, head = "") => list(body, head)[0]!;
  const topics = (href: string, text = "x") => only(`<a href="${href}">${text}</a>`).topics;

  it("does not let translations announced in <head> take the 200 places of the page's links", () => {
    const translations = Array.from({ length: 60 }, (_, i) => `<link rel="alternate" hreflang="l${i}" href="/l${i}/">`).join("");
    const anchors = Array.from({ length: 180 }, (_, i) => `<a href="/p/${i}">Page ${i}</a>`).join("");
    const links = list(anchors, `${translations}<link rel="alternate" type="application/rss+xml" href="/feed.xml">`);
    assert.equal(links.length, 181);
    assert.ok(!links.some((l) => /\/l\d+\/$/.test(l.url)), "translations are not listed");
    assert.ok(links.some((l) => l.url === "https://example.com/p/179"));
    // An RDF export is not a feed unless its link says so (RSS 1.0 is RDF too).
    assert.equal(list("", `<link rel="alternate" type="application/rdf+xml" href="/index.php?title=Special:ExportRDF/X">`).length, 0);
    assert.deepEqual(only("", `<link rel="alternate" type="application/rdf+xml" href="/index.rdf" title="RSS">`).topics, ["feed"]);
    // Alternates for agents stay: an API description, an llms.txt, a Markdown version.
    const agents = list(
      "",
      `<link rel="alternate" type="application/vnd.oai.openapi+json" href="/spec.json"><link rel="alternate" type="text/plain" href="/llms.txt"><link rel="alternate" type="text/markdown" href="/page.md">`,
    );
    assert.deepEqual(
      agents.map((l) => l.url),
      ["https://example.com/spec.json", "https://example.com/llms.txt", "https://example.com/page.md"],
    );
  });

  it("names a link seen twice by its best text: visible words over an image's alt, a symbol or an empty icon", () => {
    const links = map(
      `<a href="/post/1"><img alt="photo of a cat"></a><a href="/post/1">How cats think</a><a href="/p">→</a><a href="/p">See plans</a><a href="/q">Quick start</a><a href="/q"><img alt="Rocket"></a>`,
    );
    assert.equal(links.get("https://example.com/post/1")?.text, "How cats think");
    assert.equal(links.get("https://example.com/p")?.text, "See plans");
    assert.equal(links.get("https://example.com/q")?.text, "Quick start");
  });

  it("names links by an area's alt, an SVG title at any depth, aria-labelledby, and leaves out aria-hidden in any case", () => {
    assert.equal(only(`<map><area href="/b" title="Tooltip" alt="Building B"></map>`).text, "Building B");
    assert.equal(only(`<a href="https://github.com/acme"><svg><g><g><title>GitHub</title></g></g></svg></a>`).text, "GitHub");
    assert.equal(
      only(`<span id="l1">Annual</span><span id="l2">report</span><a href="/r" aria-labelledby="l1 l2"></a>`).text,
      "Annual report",
    );
    assert.equal(only(`<a href="/n">Next<span aria-hidden="TRUE">open_in_new</span></a>`).text, "Next");
    // A Material icon's ligature is a glyph, even without aria-hidden; other text in such a class stays.
    assert.equal(only(`<a href="/o"><span class="material-icons-outlined mr1">local_offer</span> Spring offers</a>`).text, "Spring offers");
    assert.equal(only(`<a href="/p"><span class="material-symbols-rounded">Pricing plans</span></a>`).text, "Pricing plans");
    // A repeated id names the first element that has it, as in browsers.
    assert.equal(only(`<h3 id="t1">Card title</h3><h3 id="t1">Another card</h3><a href="/c" aria-labelledby="t1"></a>`).text, "Card title");
  });

  it("reads hrefs as browsers do: a trailing dot on the host is the same site, a no-break space is part of the path, template placeholders are no links", () => {
    const links = list(`<a href="https://www.example.com./a">a</a><a href="https://www.example.com/a">b</a>`);
    assert.equal(links.length, 1);
    assert.equal(only(`<a href="&nbsp;/x">x</a>`).url, "https://example.com/%C2%A0/x");
    assert.equal(list(`<a href="{{ item.url }}">a</a><a href="\${url}">b</a><a href="undefined">c</a>`).length, 0);
  });

  it("does not take legal, contact, donation or file-download pages for documentation", () => {
    assert.deepEqual(topics("/help/terms/", "Terms and rules"), []);
    assert.deepEqual(topics("/help/privacy-policy/", "Privacy policy"), []);
    assert.deepEqual(topics("https://support.example.org/contribute", "Support us"), []);
    assert.deepEqual(topics("/docs/default-source/annual-report.pdf", "Annual report"), []);
    assert.deepEqual(topics("/help/getting-started", "Getting started"), ["docs"]);
    // Documentation beyond doubt stays documentation, whatever it is about; a help centre's own articles too.
    assert.deepEqual(topics("https://developer.mozilla.org/en-US/docs/Web/HTTP/Cookies", "HTTP cookies"), ["docs", "api"]);
    assert.deepEqual(topics("https://example.org/docs/terms", "Glossary of terms"), ["docs"]);
    assert.deepEqual(topics("https://help.example.com/privacy-settings", "Privacy settings"), ["docs"]);
    assert.deepEqual(topics("https://support.example.com/hc/articles/1-Contact-your-admin", "Contact your admin"), ["docs"]);
  });

  it("reads careers and pricing labels whole: not 'Steve Jobs', 'Career advice', 'Lesson Plans', a floor plan or an API's prices", () => {
    assert.deepEqual(topics("/wiki/Steve_Jobs", "Steve Jobs"), []);
    assert.deepEqual(topics("/advice", "Career advice"), []);
    assert.deepEqual(topics("/blog/remote", "Work at home tips"), []);
    assert.deepEqual(topics("/about", "Careers at Acme"), ["careers"]);
    assert.deepEqual(topics("/teach", "Lesson Plans"), []);
    assert.deepEqual(topics("/homes/plans/123"), []);
    assert.deepEqual(topics("https://docs.stripe.com/api/prices", "Prices"), ["docs", "api"]);
    assert.deepEqual(topics("/plans", "See plans"), ["pricing"]);
    assert.deepEqual(topics("https://store.steampowered.com/developer/valve", "Valve"), []);
    assert.deepEqual(topics("https://www.greenhouse.io/pricing", "Greenhouse pricing"), ["pricing"]);
    assert.deepEqual(topics("https://boards.greenhouse.io/acme", "Open roles"), ["careers"]);
    assert.deepEqual(topics("/company/join", "Career opportunities"), ["careers"]);
    assert.deepEqual(topics("/en/developers", "Developers"), ["docs", "api"]);
  });

  it("calls social only a network's own hosts, from another site", () => {
    assert.deepEqual(topics("https://shop.github.com/"), []);
    assert.deepEqual(topics("https://policy.medium.com/terms"), []);
    assert.deepEqual(topics("https://uk.linkedin.com/in/ada"), ["social"]);
    assert.deepEqual(topics("https://m.facebook.com/acme"), ["social"]);
    assert.deepEqual(topics("https://lnkd.in/abc"), ["social"]);
    assert.deepEqual(topics("https://pinterest.example.org/"), []);
    // Members' subdomains and a network's other faces are the network.
    for (const u of [
      "https://johndoe.medium.com/",
      "https://staff.tumblr.com/",
      "https://old.reddit.com/r/rust",
      "https://gist.github.com/ada",
    ])
      assert.deepEqual(topics(u), ["social"], u);
    assert.deepEqual(topics("https://www.pinterest.co.uk/acme"), ["social"]);
    // On a page a network hosts, its own links are its pages; rel="me" to an own page is no profile elsewhere.
    const onGithub = map(
      `<a href="/acme/repo/issues">Issues</a><a href="https://twitter.com/acme">X</a>`,
      "",
      "https://github.com/acme/repo",
    );
    assert.deepEqual(onGithub.get("https://github.com/acme/repo/issues")?.topics, []);
    assert.deepEqual(onGithub.get("https://twitter.com/acme")?.topics, ["social"]);
    assert.deepEqual(topics("/rss", "RSS").concat(only(`<a rel="me" href="/rss">RSS</a>`).topics), ["feed", "feed"]);
  });

  it("knows WordPress's typed feeds, and does not take a page about RSS or the Atom editor for a feed", () => {
    assert.deepEqual(topics("/feed/rss2/"), ["feed"]);
    assert.deepEqual(topics("/feed/podcast/"), ["feed"]);
    assert.deepEqual(topics("/help/rss.html", "About our feeds"), ["docs"]);
    assert.deepEqual(topics("https://atom.io/", "Atom"), []);
    assert.deepEqual(topics("/rss.php"), ["feed"]);
  });
});

/** A fifth reader's cases (110 new edge cases and the corpus): each failed before its fix. */
describe("link map: real-world forms, fifth round", () => {
  const only = (body: string, finalUrl = "https://example.com/") =>
    mapLinks(parsePage(page(`<html><head></head><body>${body}</body></html>`, finalUrl)))[0]!;
  const topics = (href: string, text = "x", finalUrl?: string) => only(`<a href="${href}">${text}</a>`, finalUrl).topics;

  it("reads labels past their decoration: arrows, counts, an exclamation mark", () => {
    assert.deepEqual(topics("/p1", "See pricing →"), ["pricing"]);
    assert.deepEqual(topics("/p2", "Compare all plans"), ["pricing"]);
    assert.deepEqual(topics("/c1", "Careers ↗"), ["careers"]);
    assert.deepEqual(topics("/c2", "Jobs (12)"), ["careers"]);
    assert.deepEqual(topics("/c3", "Join our team!"), ["careers"]);
    assert.deepEqual(topics("/c4", "Work for us"), ["careers"]);
  });

  it("does not take a documentation page about jobs, or a job board vendor's own services, for careers", () => {
    assert.deepEqual(topics("https://kubernetes.io/docs/concepts/workloads/controllers/job/"), ["docs"]);
    assert.deepEqual(topics("https://docs.gitlab.com/ci/jobs/"), ["docs"]);
    assert.deepEqual(topics("https://support.greenhouse.io/hc/en-us"), ["docs"]);
    assert.deepEqual(topics("https://blog.workday.com/en-us/"), []);
    assert.deepEqual(topics("https://boards.greenhouse.io/acme"), ["careers"]);
    assert.deepEqual(topics("https://join.com/companies/acme"), ["careers"]);
  });

  it("knows feeds in an /rss/ folder, help centres by their paths, a subscription on a support host, and a manual by its label's end", () => {
    assert.deepEqual(topics("https://www.lemonde.fr/rss/une.xml"), ["feed"]);
    assert.deepEqual(topics("https://news.google.com/rss/search?q=ai"), ["feed"]);
    assert.deepEqual(topics("https://www.tagesschau.de/xml/rss2/"), ["feed"]);
    assert.deepEqual(topics("https://manage.theguardian.com/help-centre", "Help"), ["docs"]);
    assert.deepEqual(topics("https://acme.zendesk.com/hc/en-us", "Support"), ["docs"]);
    assert.deepEqual(topics("https://support.theguardian.com/uk/subscribe/digital", "Print subscriptions"), []);
    assert.deepEqual(topics("/cars/stick-shift", "Manual Transmission"), []);
    assert.deepEqual(topics("/downloads", "Product Manuals"), ["docs"]);
    assert.deepEqual(topics("https://handbook.gitlab.com/"), ["docs"]);
  });

  it("reads the topics' words in the main European languages, and Japanese and Chinese labels", () => {
    assert.deepEqual(topics("https://www.acme.de/preise", "Preise", "https://www.acme.de/"), ["pricing"]);
    assert.deepEqual(topics("https://www.acme.de/karriere", "Karriere", "https://www.acme.de/"), ["careers"]);
    assert.deepEqual(topics("https://hilfe.acme.de/", "Hilfe", "https://www.acme.de/"), ["docs"]);
    assert.deepEqual(topics("https://www.acme.fr/x", "Carrières", "https://www.acme.fr/"), ["careers"]);
    assert.deepEqual(topics("https://www.acme.es/trabaja-con-nosotros", "Trabaja con nosotros", "https://www.acme.es/"), ["careers"]);
    assert.deepEqual(topics("https://www.acme.es/documentacion", "Documentación", "https://www.acme.es/"), ["docs"]);
    assert.deepEqual(topics("https://www.example.co.jp/recruit/", "採用情報", "https://www.example.co.jp/"), ["careers"]);
    assert.deepEqual(topics("https://www.example.cn/x", "价格", "https://www.example.cn/"), ["pricing"]);
    assert.deepEqual(topics("https://page.line.me/acme"), ["social"]);
  });
});

/** The third outside review's cases (101 held-out pages and edge cases): each failed before its fix. */
describe("link map: real-world forms, third review", () => {
  const only = (body: string, finalUrl = "https://example.com/") =>
    mapLinks(parsePage(page(`<html><head></head><body>${body}</body></html>`, finalUrl)))[0]!;
  const topics = (href: string, text = "x", finalUrl?: string) => only(`<a href="${href}">${text}</a>`, finalUrl).topics;

  it("knows the main social networks of China, Korea, Japan and Russia, and not their companies' portals", () => {
    assert.deepEqual(topics("https://space.bilibili.com/123"), ["social"]);
    assert.deepEqual(topics("https://www.zhihu.com/org/acme"), ["social"]);
    assert.deepEqual(topics("https://www.xiaohongshu.com/user/profile/abc"), ["social"]);
    assert.deepEqual(topics("https://pf.kakao.com/_xyz"), ["social"]);
    assert.deepEqual(topics("https://blog.naver.com/acme"), ["social"]);
    assert.deepEqual(topics("https://note.com/acme"), ["social"]);
    assert.deepEqual(topics("https://dzen.ru/acme"), ["social"]);
    assert.deepEqual(topics("https://vm.tiktok.com/ZMabc/"), ["social"]);
    assert.deepEqual(topics("https://join.slack.com/t/acme/shared_invite/zt-1"), ["social"]);
    assert.deepEqual(topics("https://linktr.ee/acme"), ["social"]);
    assert.deepEqual(topics("https://www.naver.com/"), []);
    assert.deepEqual(topics("https://www.kakaocorp.com/page/"), []);
  });

  it("reads job-offer labels in French, Spanish and German, Japanese and Chinese hiring labels, and a /recruitment/ path", () => {
    assert.deepEqual(topics("/x1", "Offres d’emploi"), ["careers"]);
    assert.deepEqual(topics("/x2", "Bolsa de trabajo"), ["careers"]);
    assert.deepEqual(topics("/x3", "Únete a nuestro equipo"), ["careers"]);
    assert.deepEqual(topics("/x4", "Karriere bei Acme"), ["careers"]);
    assert.deepEqual(topics("/x5", "新卒採用"), ["careers"]);
    assert.deepEqual(topics("/x6", "人才招聘"), ["careers"]);
    assert.deepEqual(topics("/about/recruitment", "Work here"), ["careers"]);
    assert.deepEqual(topics("/recruiter-certification-training/", "Recruitment"), [], "a course on an HR site");
    assert.deepEqual(topics("/fr/nous-rejoindre", "x"), ["careers"]);
    assert.deepEqual(topics("/x7", "Nous rejoindre"), []);
    assert.deepEqual(topics("/x8", "採用事例"), [], "adoption case studies");
  });

  it("reads 'Pricing plans', and Portuguese and Spanish plans", () => {
    assert.deepEqual(topics("/billing", "Pricing plans"), ["pricing"]);
    assert.deepEqual(topics("/assine", "Planos"), ["pricing"]);
    assert.deepEqual(topics("/br/planos", "Assine"), ["pricing"]);
    assert.deepEqual(topics("/x", "Planes y precios"), ["pricing"]);
    assert.deepEqual(topics("/aviation/planes", "Planes"), [], "aeroplanes");
  });

  it("knows Joomla's feed query and WordPress's JSON Feed path", () => {
    assert.deepEqual(topics("/index.php?option=com_content&view=category&id=2&format=feed&type=rss"), ["feed"]);
    assert.deepEqual(topics("/blog?format=feed&type=atom"), ["feed"]);
    assert.deepEqual(topics("/feed/json"), ["feed"]);
    assert.deepEqual(topics("/index.php?format=html"), []);
  });

  it("takes a network's developer section for its company's documentation, not a profile", () => {
    assert.deepEqual(topics("https://discord.com/developers/docs/intro"), ["docs"]);
    assert.deepEqual(topics("https://www.linkedin.com/en/developers/"), ["docs", "api"]);
    assert.deepEqual(topics("https://discord.com/invite/abc"), ["social"]);
    // LinkedIn's profiles are /in/name: "in" is no locale, and a member may be called "developers".
    assert.deepEqual(topics("https://www.linkedin.com/in/developers"), ["social"]);
  });

  it("knows quick-start guides, API documentation hosts and Postman's documenter as an API's", () => {
    assert.deepEqual(topics("/quick-start"), ["docs"]);
    assert.deepEqual(topics("https://apidocs.acme.com/"), ["docs", "api"]);
    assert.deepEqual(topics("https://documenter.getpostman.com/view/123/acme-api/"), ["docs", "api"]);
    assert.deepEqual(topics("https://www.postman.com/acme/workspace/acme-public-api"), ["api"]);
    assert.deepEqual(topics("https://app.getpostman.com/run-collection/123-abc"), ["api"]);
    assert.deepEqual(topics("https://www.postman.com/pricing/"), ["pricing"]);
  });
});

describe("link map: fourth review (URLs, base, text)", () => {
  const urls = (body: string) =>
    mapLinks(parsePage(page(`<html><head></head><body>${body}</body></html>`, "https://example.com/a/b"))).map((l) => l.url);
  const only = (body: string) => mapLinks(parsePage(page(`<html><head></head><body>${body}</body></html>`, "https://example.com/")))[0]!;

  it("merges a character no URL may hold as written with its escape (Google Fonts' '|'), and keeps reserved ones apart", () => {
    const fonts = "https://fonts.googleapis.com/css?family=Roboto";
    assert.deepEqual(urls(`<a href="${fonts}|Open+Sans">a</a><a href="${fonts}%7cOpen+Sans">b</a><a href="${fonts}%7COpen+Sans">c</a>`), [
      `${fonts}%7COpen+Sans`,
    ]);
    assert.deepEqual(
      urls(`<a href="/w/A|B^{c}">a</a><a href="/w/A%7CB%5E%7Bc%7D">b</a><a href="/q?x=a\\b">c</a><a href="/q?x=a%5Cb">d</a>`),
      ["https://example.com/w/A%7CB%5E%7Bc%7D", "https://example.com/q?x=a%5Cb"],
    );
    assert.equal(urls(`<a href="/q?a[]=1">a</a><a href="/q?a%5B%5D=1">b</a><a href="/q/a%2Fb">c</a><a href="/q/a/b">d</a>`).length, 4);
  });

  it("resolves against the first <base> with an href, as browsers do: not one in a <template>, and an empty one is the page", () => {
    const base = (head: string) => urls(`${head}<a href="z">z</a>`)[0];
    assert.equal(base(`<template><base href="/tpl/"></template>`), "https://example.com/a/z");
    assert.equal(base(`<base href=""><base href="/x/">`), "https://example.com/a/z");
    assert.equal(base(`<base target="_blank"><base href="/x/"><base href="/y/">`), "https://example.com/x/z");
  });

  it("leaves out icon-font glyphs beyond the Basic Multilingual Plane (Material Design Icons), and keeps emoji", () => {
    assert.equal(only(`<a href="/gh"><i class="mdi">\u{F02A4}</i> GitHub</a>`).text, "GitHub");
    assert.equal(only(`<a href="/x"><i class="mdi">\u{F02A4}</i></a>`).text, "");
    assert.equal(only(`<a href="/e">👍🏽</a>`).text, "👍🏽");
  });
});

describe("link map, an outside read", () => {
  it("reads the text of links that nested Material icon classes wrap in linear time", () => {
    const words = "Lorem ipsum dolor sit amet. ".repeat(25_000);
    const one = (i: number) => `<a href="/x${i}">${'<span class="material-icons">'.repeat(400)}${words}${"</span>".repeat(400)}</a>`;
    const html = `<html><body>${[0, 1, 2, 3].map(one).join("")}</body></html>`;
    const start = performance.now();
    const links = mapLinks(parsePage(page(html, "https://x.test/a")));
    const ms = performance.now() - start;
    // Before: 7 s (each icon class read the whole link's text below it).
    assert.ok(ms < 2_000, `${ms} ms`);
    assert.equal(links.length, 4);
    assert.match(links[0]!.text, /^Lorem ipsum/);
  });

  it("reads '/in/' as India's pages off LinkedIn, where it opens a member's profile", () => {
    const topics = (href: string) => mapLinks(parsePage(page(`<a href="${href}">x</a>`, "https://example.com/")))[0]!.topics;
    assert.deepEqual(topics("https://www.samsung.com/in/developers"), topics("https://www.samsung.com/uk/developers"));
    assert.deepEqual(topics("https://www.linkedin.com/in/developers"), ["social"]);
  });
});

describe("link map, a blind outside review", () => {
  const topics = (href: string, text = "x") =>
    mapLinks(parsePage(page(`<a href="${href}">${text}</a>`, "https://www.acme.test/")))[0]!.topics;

  it("does not take a share button for the site's profile on a network", () => {
    for (const share of [
      "https://twitter.com/intent/tweet?text=Hi&url=https%3A%2F%2Facme.test",
      "https://x.com/intent/post?url=https%3A%2F%2Facme.test",
      "https://www.facebook.com/sharer/sharer.php?u=https%3A%2F%2Facme.test",
      "https://m.facebook.com/sharer.php?u=x",
      "https://www.linkedin.com/sharing/share-offsite/?url=x",
      "https://www.reddit.com/submit?url=x&title=y",
      "https://www.pinterest.com/pin/create/button/?url=x",
      "https://t.me/share/url?url=x",
      "https://bsky.app/intent/compose?text=x",
      "https://wa.me/?text=x",
    ])
      assert.deepEqual(topics(share, "Share"), [], share);
    // Profiles, a follow button and a chat with the business stay social.
    for (const profile of [
      "https://x.com/acme",
      "https://x.com/shareacme",
      "https://x.com/intent/follow?screen_name=acme",
      "https://www.facebook.com/acme",
      "https://www.reddit.com/r/acme/",
      "https://t.me/acme",
      "https://wa.me/15551234567?text=Hi",
      "https://api.whatsapp.com/send?phone=15551234567",
    ])
      assert.deepEqual(topics(profile), ["social"], profile);
  });

  it("reads a guide or manual for a product's readers as documentation, not a gift or city guide", () => {
    assert.deepEqual(topics("https://www.mkdocs.org/user-guide/configuration/", "Configuration"), ["docs"]);
    assert.deepEqual(topics("https://scikit-learn.org/stable/user_guide.html", "Learn"), ["docs"]);
    assert.deepEqual(topics("https://www.acme.test/admin-guide/"), ["docs"]);
    assert.deepEqual(topics("https://www.acme.test/city-guide/paris"), []);
    assert.deepEqual(topics("https://www.acme.test/buying-guide"), []);
    assert.deepEqual(topics("https://www.acme.test/downloads/user-guide.pdf"), []);
  });

  it("reads a price list as pricing, but not an API's price-list endpoint", () => {
    assert.deepEqual(topics("https://www.acme.test/price-list"), ["pricing"]);
    assert.deepEqual(topics("https://www.acme.test/pricelist"), ["pricing"]);
    assert.deepEqual(topics("https://www.acme.test/de/preisliste"), ["pricing"]);
    assert.deepEqual(topics("https://www.acme.test/download/2025", "Price list"), ["pricing"]);
    assert.deepEqual(topics("https://www.acme.test/api/v2/price-list"), ["api"]);
  });
});
