import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { describe, it } from "node:test";
import { parseFeed } from "../../lib/capabilities/feed/formats";
import { htmlToPlainText, toIsoDate } from "../../lib/capabilities/feed/normalise";
import { decodeFeedBody } from "../../lib/net/charset";
import { ATOM_FEED, JSON_FEED, RSS_FEED } from "../support/fixture-site";

const CORPUS = resolve(import.meta.dirname, "../../../shared/corpus/feeds");
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function load(file: string) {
  const parsed = parseFeed(decodeFeedBody(readFileSync(join(CORPUS, file)), null).text, `https://feeds.example/dir/${file}`);
  assert.ok(parsed, `${file} should parse`);
  return parsed;
}

describe(
  "feed corpus (../shared/corpus/feeds)",
  { skip: existsSync(CORPUS) ? false : "the shared corpus is not beside this checkout" },
  () => {
    const files = existsSync(CORPUS) ? readdirSync(CORPUS).sort() : [];

    it("has the corpus", () => assert.ok(files.length >= 40));

    for (const file of files) {
      if (file === "rss-parser--unrecognized.rss") continue;
      it(`${file}: recognised and normalised`, () => {
        const feed = load(file);
        const expected = file.endsWith(".json") ? "json" : /atom/.test(file) && !/rss-feed|reddit-atom/.test(file) ? "atom" : feed.format;
        assert.equal(feed.format, expected);
        assert.ok(feed.items.length <= 50);
        for (const item of feed.items) {
          for (const u of [item.url]) if (u !== null) assert.match(u, /^https?:\/\/[^\s]+$/, `absolute URL: ${u}`);
          if (item.published !== null) assert.match(item.published, ISO);
          if (item.summary !== null) {
            assert.ok(item.summary.length <= 1001, "summary capped");
            assert.doesNotMatch(item.summary, /<\/?(p|div|br|a|img|table)\b/i, "summary is plain text");
          }
          assert.ok(item.id !== null || item.url === null, "id falls back to the link");
        }
        if (feed.feed.feed_url !== null) assert.match(feed.feed.feed_url, /^https?:\/\//);
      });
    }

    it("refuses a document that is not a feed", () => {
      const text = readFileSync(join(CORPUS, "rss-parser--unrecognized.rss"), "utf8");
      assert.equal(parseFeed(text, "https://feeds.example/x"), null);
    });

    it("reads the Atom 1.0 example exactly", () => {
      const feed = load("feed-extractor--atom-feed-standard.xml");
      assert.deepEqual(feed.feed, {
        title: "Example Feed",
        link: "http://example.org/",
        description: feed.feed.description,
        feed_url: feed.feed.feed_url,
      });
      assert.deepEqual(feed.items[0], {
        id: "urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a",
        title: "Atom-Powered Robots Run Amok",
        url: "http://example.org/2003/12/13/atom03",
        published: "2003-11-09T17:23:02.000Z",
        summary: "Some text.",
        author: "John Doe",
      });
    });

    it("resolves relative permalink guids against the channel link and the final URL", () => {
      const feed = load("feed-extractor--rss-feed-miss-base-url.xml");
      assert.equal(feed.feed.link, "https://feeds.example/blog");
      assert.equal(feed.items[0]?.url, "https://feeds.example/blog/intro-graphml");
    });

    it("falls back to the enclosure for podcast items without a link, keeping the guid as id", () => {
      const item = load("feed-extractor--podcast.rss").items[0]!;
      assert.equal(item.id, "dzpodtop10");
      assert.match(item.url ?? "", /toptenmyths\.mp3$/);
    });

    it("decodes entities and markup inside CDATA titles (RSS 1.0)", () => {
      const item = load("rss-parser--craigslist.rss").items[0]!;
      assert.match(item.title ?? "", /\$4300 3bd 1930ft2$/);
      assert.equal(item.published, "2017-06-21T17:33:10.000Z");
    });

    it("reads dates with Portuguese day and month names", () => {
      assert.equal(load("rss-parser--uolNoticias.rss").items[0]?.published, "2018-09-24T22:42:40.000Z");
    });

    it("reads an item body that mixes real and double-escaped HTML (Reddit) as text", () => {
      const summary = load("rss-parser--reddit-atom.rss").items.find((i) => /Hey Reddit/.test(i.summary ?? ""))?.summary ?? "";
      assert.match(summary, /^Hey Reddit! Benjamin Von Wong here/);
      assert.doesNotMatch(summary, /<|SC_OFF/);
    });

    it("reads JSON Feed authors and the home page link", () => {
      const feed = load("feed-extractor--json-feed-standard-realworld.json");
      assert.equal(feed.format, "json");
      assert.equal(feed.items[0]?.author, "Jeremy Keith");
      assert.equal(feed.feed.link, "https://adactio.com/journal/");
    });
  },
);

describe("feed edge cases", () => {
  it("RSS 2.0: relative links against the channel link, RFC 822 zones, dc:creator, escaped HTML", () => {
    const feed = parseFeed(RSS_FEED, "https://site.test/feed.xml")!;
    assert.equal(feed.format, "rss2");
    assert.deepEqual(feed.feed, {
      title: "Fixture & Friends",
      link: "https://site.test/blog/",
      description: "Posts from the fixture site",
      feed_url: "https://site.test/feed.xml",
    });
    assert.deepEqual(feed.items[0], {
      id: "post-1",
      title: "First post",
      url: "https://site.test/blog/posts/1",
      published: "2003-06-10T09:00:00.000Z",
      summary: "Hello & welcome",
      author: "Ada Lovelace",
    });
    assert.equal(feed.items[1]?.published, "2024-02-29T11:30:00.000Z");
    assert.equal(feed.items[1]?.id, "https://site.test/blog/posts/2", "id falls back to the link");
  });

  it("Atom with a namespace prefix, xml:base, html and xhtml text constructs", () => {
    const feed = parseFeed(ATOM_FEED, "https://site.test/atom.xml")!;
    assert.equal(feed.format, "atom");
    assert.deepEqual(feed.feed, {
      title: "News today",
      link: "https://site.test/news/",
      description: null,
      feed_url: "https://site.test/news/atom.xml",
    });
    assert.deepEqual(feed.items[0], {
      id: "tag:site.test,2024:1",
      title: "Entry one",
      url: "https://site.test/news/one",
      published: "2024-03-01T10:00:00.000Z",
      summary: "Inline XHTML body",
      author: "Grace",
    });
  });

  it("JSON Feed 1.1: numeric ids, relative URLs, feed-level authors", () => {
    const feed = parseFeed(JSON_FEED, "https://site.test/feed.json")!;
    assert.equal(feed.format, "json");
    assert.deepEqual(feed.items[0], {
      id: "7",
      title: "Seven",
      url: "https://site.test/j/7",
      published: "2024-01-01T00:00:00.000Z",
      summary: "Lucky",
      author: "Feed Author",
    });
    assert.equal(feed.feed.feed_url, "https://site.test/feed.json");
  });

  it("detects by content, not declared type, and tolerates broken XML", () => {
    const broken = `<?xml version="1.0"?><rss version="0.91"><channel><title>Caf&eacute; &amp; bar &nbsp;</title>
      <item><title>Unclosed <b>bold</title><link>http://x.test/1</link></item></channel>`;
    const feed = parseFeed(broken, "https://x.test/rss")!;
    assert.equal(feed.format, "rss2");
    assert.equal(feed.items.length, 1);
    assert.equal(feed.feed.title, "Café & bar");
    assert.equal(parseFeed("<!doctype html><html><body>hi</body></html>", "https://x.test/"), null);
    assert.equal(parseFeed('{"hello": "world"}', "https://x.test/"), null);
    assert.equal(parseFeed("plain text", "https://x.test/"), null);
  });

  it("reads UTF-8 bytes as UTF-8 whatever the declared charset", () => {
    const bytes = Buffer.from(RSS_FEED.replace("First post", "Première"), "utf8");
    const feed = parseFeed(decodeFeedBody(bytes, "application/xml; charset=iso-8859-1").text, "https://site.test/feed.xml")!;
    assert.equal(feed.items[0]?.title, "Première");
    const latin1 = Buffer.from(
      '<?xml version="1.0" encoding="iso-8859-1"?><rss><channel><title>Caf\u00e9</title></channel></rss>',
      "latin1",
    );
    assert.equal(parseFeed(decodeFeedBody(latin1, null).text, "https://x.test/")?.feed.title, "Café");
  });

  it("reads broken and extended shapes: text-less <link href>, Media RSS, JSON ids as permalinks", () => {
    const rss = parseFeed(
      `<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>V</title><link>https://v.test/</link>
      <item><media:title>Media title first</media:title><title>Real title</title><link href="/watch/1"/></item>
      <item><title>Clip</title><media:content url="https://cdn.v.test/clip.mp4" medium="video"><media:description>A clip.</media:description></media:content>
      <media:description>About the clip</media:description></item></channel></rss>`,
      "https://v.test/rss",
    )!;
    assert.equal(rss.items[0]?.title, "Real title");
    assert.equal(rss.items[0]?.url, "https://v.test/watch/1");
    assert.equal(rss.items[1]?.url, "https://cdn.v.test/clip.mp4");
    assert.equal(rss.items[1]?.summary, "About the clip");
    const youtube = parseFeed(
      `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"><title>Channel</title>
      <entry><id>yt:video:1</id><title>Video</title><link rel="alternate" href="https://www.youtube.com/watch?v=1"/>
      <published>2024-05-01T10:00:00+00:00</published><media:group><media:description>What the video shows.</media:description></media:group></entry></feed>`,
      "https://www.youtube.com/feeds/videos.xml?channel_id=x",
    )!;
    assert.equal(youtube.items[0]?.summary, "What the video shows.");
    const json = parseFeed(
      JSON.stringify({ version: "https://jsonfeed.org/version/1", title: "J", items: [{ id: "https://j.test/p/1", title: "One" }] }),
      "https://j.test/feed.json",
    )!;
    assert.equal(json.items[0]?.url, "https://j.test/p/1");
  });

  it("reads RSS 2.0 that declares a default namespace", () => {
    const feed = parseFeed(
      `<rss version="2.0" xmlns="http://backend.userland.com/rss2"><channel><title>NS</title><link>https://ns.test/</link>
      <item><title>Item</title><link>https://ns.test/1</link><description>Text</description></item></channel></rss>`,
      "https://ns.test/rss",
    )!;
    assert.deepEqual([feed.feed.link, feed.items[0]?.url, feed.items[0]?.summary], ["https://ns.test/", "https://ns.test/1", "Text"]);
  });

  it("decodes double-escaped entities and windows-1252 bytes declared as UTF-8", () => {
    const feed = parseFeed(`<rss><channel><title>Tom &amp;amp; Jerry &amp;#8217;s</title></channel></rss>`, "https://x.test/")!;
    assert.equal(feed.feed.title, "Tom & Jerry ’s");
    const bytes = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="utf-8"?><rss><channel><title>Caf'),
      Buffer.from([0xe9]),
      Buffer.from("</title></channel></rss>"),
    ]);
    assert.equal(parseFeed(decodeFeedBody(bytes, null).text, "https://x.test/")?.feed.title, "Café");
  });

  it("caps items at 50", () => {
    const items = Array.from({ length: 70 }, (_, i) => `<item><title>${i}</title><link>https://x.test/${i}</link></item>`).join("");
    const feed = parseFeed(`<rss version="2.0"><channel><title>Many</title>${items}</channel></rss>`, "https://x.test/")!;
    assert.equal(feed.items.length, 50);
    assert.equal(feed.items[49]?.title, "49");
  });
});

describe("feed dates to ISO 8601 UTC", () => {
  const table: [string, string | null][] = [
    ["Tue, 10 Jun 2003 04:00:00 GMT", "2003-06-10T04:00:00.000Z"],
    ["Tue, 10 Jun 2003 04:00:00 +0200", "2003-06-10T02:00:00.000Z"],
    ["Tue, 10 Jun 2003 04:00:00 +02:00", "2003-06-10T02:00:00.000Z"],
    ["10 Jun 2003 04:00:00 PDT", "2003-06-10T11:00:00.000Z"],
    ["Mon, 10 Jun 2003 04:00:00 CEST", "2003-06-10T02:00:00.000Z"],
    ["Seg, 24 Set 2018 19:42:40 -0300", "2018-09-24T22:42:40.000Z"],
    ["Di, 11 Okt 2022 08:00:00 +0200", "2022-10-11T06:00:00.000Z"],
    ["2003-12-13T18:30:02Z", "2003-12-13T18:30:02.000Z"],
    ["2003-12-13T18:30:02.25+01:00", "2003-12-13T17:30:02.250Z"],
    ["2003-12-13 18:30:02", "2003-12-13T18:30:02.000Z"],
    ["2003-12-13", "2003-12-13T00:00:00.000Z"],
    ["Tue, 10 Jun 2003 04:00:00 -0400 (EDT)", "2003-06-10T08:00:00.000Z"],
    ["2023-01-03T00:00:00.000+0000", "2023-01-03T00:00:00.000Z"],
    ["Monday, 01-Jan-18 00:00:00 GMT", "2018-01-01T00:00:00.000Z"],
    ["1136239445", "2006-01-02T22:04:05.000Z"],
    ["not a date", null],
    ["", null],
  ];
  for (const [input, expected] of table) it(`${input || "(empty)"} → ${expected}`, () => assert.equal(toIsoDate(input), expected));

  it("does not depend on the machine's time zone", () => {
    const script = `import { toIsoDate } from ${JSON.stringify(resolve(import.meta.dirname, "../../lib/capabilities/feed/normalise.ts"))};
      console.log(JSON.stringify(${JSON.stringify(table.map(([i]) => i))}.map(toIsoDate)));`;
    for (const tz of ["America/New_York", "Asia/Kolkata"]) {
      const out = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
        env: { ...process.env, TZ: tz },
      });
      assert.deepEqual(
        JSON.parse(out.toString()),
        table.map(([, e]) => e),
        tz,
      );
    }
  });
});

describe("summaries", () => {
  it("are plain text, entities decoded, scripts dropped, capped at a word boundary", () => {
    assert.equal(htmlToPlainText("<p>Hi&nbsp;<b>there</b></p><script>x()</script>"), "Hi there");
    // As a browser shows it: no space inside a word or before punctuation, one between blocks.
    assert.equal(htmlToPlainText('<p>See <a href="/x">this link</a>, or <em>that</em>.</p><p>Next</p>'), "See this link, or that. Next");
    assert.equal(htmlToPlainText("The <em>Star</em>s of <b>2024</b>: a review"), "The Stars of 2024: a review");
    // Escaped markup in code, or an escaped entity beside real markup, is the text itself.
    assert.equal(
      htmlToPlainText('<p>Wrap it:</p><pre><code>&lt;div class="x"&gt;Hello&lt;/div&gt;</code></pre>'),
      'Wrap it: <div class="x">Hello</div>',
    );
    assert.equal(htmlToPlainText("<p>Type &amp;copy; to get ©</p>"), "Type &copy; to get ©");
    // Wholly double-escaped HTML is read twice.
    assert.equal(htmlToPlainText("&lt;p&gt;Fish &amp;amp; chips&lt;/p&gt;"), "Fish & chips");
    const long = htmlToPlainText(`<p>${"word ".repeat(400)}</p>`)!;
    assert.ok(long.length <= 1001 && long.endsWith("…"));
    assert.equal(htmlToPlainText("   "), null);
  });
});

describe("feed dates and summaries, more forms", () => {
  it("reads GMT offsets, lower-case and short zones, and dates without a time as UTC", () => {
    assert.equal(toIsoDate("Tue, 03 Jan 2006 10:00:00 GMT+2"), "2006-01-03T08:00:00.000Z");
    assert.equal(toIsoDate("Tue, 03 Jan 2006 10:00:00 est"), "2006-01-03T15:00:00.000Z");
    assert.equal(toIsoDate("Tue, 03 Jan 2006 10:00:00 ET"), "2006-01-03T15:00:00.000Z");
    assert.equal(toIsoDate("2006-01-03T10:00:00 +01:00"), "2006-01-03T09:00:00.000Z");
    assert.equal(toIsoDate("03 Jan 2006"), "2006-01-03T00:00:00.000Z");
  });

  it("cuts a summary with no spaces to at most 1000 characters, ellipsis included", () => {
    assert.equal(htmlToPlainText("字".repeat(3000))!.length, 1000);
  });
});

describe("feeds as they are in the wild", () => {
  const U = "https://ex.com/feed";
  const rss = (items: string, channel = "", attrs = "") =>
    `<?xml version="1.0"?><rss version="2.0"${attrs}><channel><title>T</title><link>https://ex.com/</link>${channel}${items}</channel></rss>`;
  const DC = ` xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"`;
  const item = (body: string, channel = "") => parseFeed(rss(`<item>${body}</item>`, channel, DC), U)!.items[0]!;

  it("prefers the publication date over the update date, whatever comes first", () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><entry><id>1</id><updated>2024-05-02T10:00:00Z</updated><published>2024-05-01T10:00:00Z</published></entry></feed>`;
    assert.equal(parseFeed(atom, U)!.items[0]!.published, "2024-05-01T10:00:00.000Z");
    assert.equal(item(`<pubDate></pubDate><dc:date>2020-01-01T00:00:00Z</dc:date>`).published, "2020-01-01T00:00:00.000Z");
  });

  it("takes the first candidate that has a value: a pixel-only description gives way to the content", () => {
    const it1 = item(
      `<description>&lt;img src="https://t.example/p.gif"/&gt;</description><content:encoded>&lt;p&gt;Real words&lt;/p&gt;</content:encoded><author></author><dc:creator>Ana</dc:creator><link></link><link>https://ex.com/a</link>`,
    );
    assert.equal(it1.summary, "Real words");
    assert.equal(it1.author, "Ana");
    assert.equal(it1.url, "https://ex.com/a");
  });

  it("keeps a literal < in plain-text titles and reads Atom XHTML with its blocks apart", () => {
    assert.equal(item(`<title>Rust's Vec&lt;T&gt; explained</title>`).title, "Rust's Vec<T> explained");
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title type="text">I &lt;3 feeds</title><entry><id>1</id><summary type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>One</p><p>Two <b>bold</b>ly</p></div></summary></entry></feed>`;
    const feed = parseFeed(atom, U)!;
    assert.equal(feed.feed.title, "I <3 feeds");
    assert.equal(feed.items[0]!.summary, "One Two boldly");
  });

  it("reads a feed behind a server warning printed before it", () => {
    const feed = parseFeed(`<br />\n<b>Warning</b>: something in feed.php on line 3<br />\n${rss("<item><title>A</title></item>")}`, U);
    assert.equal(feed?.format, "rss2");
    assert.equal(feed?.items[0]?.title, "A");
  });

  it("cleans authors and falls back to the channel's author", () => {
    assert.equal(item(`<author>jo@ex.com (Jo&amp;nbsp;O&amp;rsquo;Neil)</author>`).author, "Jo O’Neil");
    assert.equal(item(`<author>Ann Lee &lt;ann@ex.com&gt;</author>`).author, "Ann Lee");
    assert.equal(item(`<title>Episode</title>`, "<itunes:author>Dafna</itunes:author>").author, "Dafna");
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><entry><id>1</id><author><email>ann@ex.com</email><uri>https://ann.ex</uri></author></entry></feed>`;
    assert.equal(parseFeed(atom, U)!.items[0]!.author, "ann@ex.com");
  });

  it("reads old feeds' windows-1252 references as the punctuation they mean", () => {
    assert.equal(item(`<title>It&#146;s &#150; ok</title>`).title, "It’s – ok");
  });

  it("applies a relative xml:base once", () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="blog/"><title>A</title><link href="index.html"/><entry xml:base="2024/"><id>1</id><link href="post.html"/></entry></feed>`;
    const feed = parseFeed(atom, "https://ex.com/feeds/atom.xml")!;
    assert.equal(feed.feed.link, "https://ex.com/feeds/blog/index.html");
    assert.equal(feed.items[0]!.url, "https://ex.com/feeds/blog/2024/post.html");
  });

  it("never takes an enclosure or a self link for the entry's page, whatever the case of rel", () => {
    const atom = `<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title><entry><id>1</id><link rel="enclosure" href="https://ex.com/a.mp3"/><link rel="Alternate" href="https://ex.com/a"/></entry><entry><id>2</id><link rel="enclosure" href="https://ex.com/b.mp3"/><link rel="related" href="https://ex.com/b"/></entry></feed>`;
    const items = parseFeed(atom, U)!.items;
    assert.equal(items[0]!.url, "https://ex.com/a");
    assert.equal(items[1]!.url, "https://ex.com/b");
  });

  it("survives markup nested thousands deep", () => {
    const deep = `<description>${"<p>para ".repeat(6000)}</description>`;
    assert.match(item(`<title>Deep</title>${deep}`).summary ?? "", /^para para/);
  });

  it("reads JSON Feed authors in their real forms and refuses any JSON with a title and a list", () => {
    const doc = (author: unknown) =>
      JSON.stringify({ version: "https://jsonfeed.org/version/1", title: "J", author, items: [{ id: "1" }] });
    assert.equal(parseFeed(doc("Bare Name"), U)!.items[0]!.author, "Bare Name");
    const v11 = JSON.stringify({
      version: "https://jsonfeed.org/version/1.1",
      title: "J",
      authors: [{ url: "https://x" }, { name: "Second" }],
      items: [{ id: "1" }],
    });
    assert.equal(parseFeed(v11, U)!.items[0]!.author, "Second");
    assert.equal(parseFeed(JSON.stringify({ title: "x", items: [1, 2] }), U), null);
  });

  it("prefers the channel's own title and description over extension elements", () => {
    const feed = parseFeed(
      rss("", "<itunes:title>IT</itunes:title>", DC).replace("<title>T</title>", "<itunes:title>IT</itunes:title><title>Own</title>"),
      U,
    )!;
    assert.equal(feed.feed.title, "Own");
  });
});

describe("feed bytes", () => {
  it("reads the XML declaration's encoding when a header says UTF-8 over bytes that are not", () => {
    const body = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="windows-1251"?><rss><channel><title>'),
      Buffer.from([0xcf, 0xf0, 0xe8, 0xe2, 0xe5, 0xf2]),
      Buffer.from("</title></channel></rss>"),
    ]);
    const parsed = parseFeed(decodeFeedBody(body, "application/rss+xml; charset=utf-8").text, "https://ex.com/feed");
    assert.equal(parsed?.feed.title, "Привет");
  });
});

/** A second reader's edge cases: each failed before its fix. */
describe("feeds as they are in the wild, second round", () => {
  const U = "https://ex.com/feed";
  const rss = (items: string, attrs = "") =>
    `<?xml version="1.0"?><rss version="2.0"${attrs}><channel><title>T</title><link>https://ex.com/</link>${items}</channel></rss>`;
  const atom = (entry: string, feed = "", attrs = "") =>
    `<feed xmlns="http://www.w3.org/2005/Atom"${attrs}><title>A</title>${feed}<entry><id>1</id>${entry}</entry></feed>`;

  it("knows extension namespaces however their URI is written, and the usual prefixes undeclared", () => {
    const podcast = rss(
      `<item><title>Real T</title><media:title>Media T</media:title><itunes:summary>Show notes</itunes:summary></item>`,
      ` xmlns:itunes="http://www.itunes.com/DTDs/PodCast-1.0.dtd" xmlns:media="http://search.yahoo.com/mrss"`,
    );
    const item = parseFeed(podcast, U)!.items[0]!;
    assert.equal(item.title, "Real T");
    assert.equal(item.summary, "Show notes");
    const slashless = rss(
      `<item><content:encoded>&lt;p&gt;Body&lt;/p&gt;</content:encoded><dc:creator>Ann</dc:creator></item>`,
      ` xmlns:content="http://purl.org/rss/1.0/modules/content" xmlns:dc="http://purl.org/dc/elements/1.1"`,
    );
    assert.equal(parseFeed(slashless, U)!.items[0]!.summary, "Body");
    assert.equal(parseFeed(slashless, U)!.items[0]!.author, "Ann");
    const undeclared = rss(
      `<item><content:encoded>&lt;p&gt;Undeclared&lt;/p&gt;</content:encoded><foo:title>Not it</foo:title><title>It</title></item>`,
    );
    assert.equal(parseFeed(undeclared, U)!.items[0]!.summary, "Undeclared");
    assert.equal(parseFeed(undeclared, U)!.items[0]!.title, "It");
  });

  it("reads Atom's own elements, not extension elements placed before them", () => {
    const entry = `<media:title>MT</media:title><title>Real</title><itunes:summary>IS</itunes:summary><summary>Own summary</summary><itunes:author>IA</itunes:author><author><name>Ann</name></author>`;
    const parsed = parseFeed(
      atom(entry, "", ` xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"`),
      U,
    )!.items[0]!;
    assert.deepEqual([parsed.title, parsed.summary, parsed.author], ["Real", "Own summary", "Ann"]);
  });

  it("keeps escaped text beside real markup as text, and blocks of unescaped Atom HTML apart", () => {
    assert.equal(
      parseFeed(rss(`<item><description>Use &lt;div&gt; for <b>layout</b></description></item>`), U)!.items[0]!.summary,
      "Use <div> for layout",
    );
    assert.equal(
      parseFeed(atom(`<content type="html"><p>First para.</p><p>Second para.</p><ul><li>One</li><li>Two</li></ul></content>`), U)!.items[0]!
        .summary,
      "First para. Second para. One Two",
    );
    const prefixed = atom(
      `<summary type="xhtml"><xhtml:div xmlns:xhtml="http://www.w3.org/1999/xhtml"><xhtml:p>Para one</xhtml:p><xhtml:p>Para two</xhtml:p></xhtml:div></summary>`,
    );
    assert.equal(parseFeed(prefixed, U)!.items[0]!.summary, "Para one Para two");
  });

  it("is not fooled by RDF metadata or a <feed> element inside an HTML page, and reads RSS 1.0 under a mistyped RDF namespace", () => {
    const foaf = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns:foaf="http://xmlns.com/foaf/0.1/"><foaf:Person><foaf:name>Ann</foaf:name></foaf:Person></rdf:RDF>`;
    assert.equal(parseFeed(foaf, U), null);
    assert.equal(parseFeed(`<!doctype html><html><body><p>Hi</p><feed><entry><title>x</title></entry></feed></body></html>`, U), null);
    const rss1 = `<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns" xmlns="http://purl.org/rss/1.0/"><channel rdf:about="https://ex.com/"><title>R</title><link>https://ex.com/</link></channel><item rdf:about="urn:x:1"><title>One</title></item></rdf:RDF>`;
    const parsed = parseFeed(rss1, U)!;
    assert.equal(parsed.format, "rss2");
    assert.equal(parsed.items[0]!.id, "urn:x:1");
  });

  it("reads RSS that declares Atom as its default namespace", () => {
    const body = rss(
      `<item><title>One</title><link>https://ex.com/1</link><description>Words</description></item>`,
      ` xmlns="http://www.w3.org/2005/Atom"`,
    );
    const parsed = parseFeed(body, U)!;
    assert.equal(parsed.feed.link, "https://ex.com/");
    assert.deepEqual([parsed.items[0]!.url, parsed.items[0]!.summary], ["https://ex.com/1", "Words"]);
  });

  it("takes an entry's authors from atom:source, and its HTML alternate among several", () => {
    const entry = `<link rel="alternate" type="application/json" href="https://ex.com/1.json"/><link rel="alternate" type="text/html" href="https://ex.com/1"/><source><author><name>Src</name></author></source>`;
    const parsed = parseFeed(atom(entry, "<author><name>Feed Auth</name></author>"), U)!.items[0]!;
    assert.equal(parsed.author, "Src");
    assert.equal(parsed.url, "https://ex.com/1");
  });

  it("reads a JSON Feed whose version is not the jsonfeed.org URL, podcast subtitles, and Atom 0.3 base64 content", () => {
    assert.equal(
      parseFeed(JSON.stringify({ version: "1.1", title: "J", items: [{ id: "1", content_text: "Hi" }] }), U)?.items[0]?.summary,
      "Hi",
    );
    const sub = rss(
      `<item><title>Ep</title><itunes:subtitle>A short one</itunes:subtitle></item>`,
      ` xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"`,
    );
    assert.equal(parseFeed(sub, U)!.items[0]!.summary, "A short one");
    const atom03 = `<feed version="0.3" xmlns="http://purl.org/atom/ns#"><title>Old</title><entry><id>1</id><content type="text/html" mode="base64">${Buffer.from("<p>Hello</p>").toString("base64")}</content></entry></feed>`;
    assert.equal(parseFeed(atom03, U)!.items[0]!.summary, "Hello");
  });

  it("reads ISO dates with an hours-only offset or in the basic form, and refuses junk and days that do not exist", () => {
    assert.equal(toIsoDate("2023-12-20 13:00:00+00"), "2023-12-20T13:00:00.000Z");
    assert.equal(toIsoDate("2023-12-20T13:00:00+05"), "2023-12-20T08:00:00.000Z");
    assert.equal(toIsoDate("20060101T100000Z"), "2006-01-01T10:00:00.000Z");
    for (const junk of ["0", "1", "Thu, 31 Feb 2003 10:00:00 GMT", "2003-02-31"]) assert.equal(toIsoDate(junk), null, junk);
    assert.equal(toIsoDate("Sat, 29 Feb 2020 10:00:00 GMT"), "2020-02-29T10:00:00.000Z");
    assert.equal(toIsoDate("2024"), "2024-01-01T00:00:00.000Z");
  });

  it("never cuts a summary inside a character outside the BMP", () => {
    const summary = htmlToPlainText("😀".repeat(600))!;
    assert.ok(!/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/.test(summary), "no lone high surrogate");
    assert.ok(summary.endsWith("…"));
  });
});

describe("feed bytes, second round", () => {
  const cyrillic = Buffer.concat([
    Buffer.from('<?xml version="1.0" encoding="windows-1251"?><rss><channel><title>'),
    Buffer.from([0xcf, 0xf0, 0xe8]),
    Buffer.from("</title></channel></rss>"),
  ]);
  it("lets the XML declaration speak when the header's charset is UTF-8 written otherwise, quoted, or unknown", () => {
    for (const header of ["text/xml; charset=UTF8", "text/xml; charset='utf-8'", "text/xml; charset=x-unknown"])
      assert.equal(parseFeed(decodeFeedBody(cyrillic, header).text, "https://ex.com/f")?.feed.title, "При", header);
  });
  it("reads UTF-16 without a byte-order mark", () => {
    const le = Buffer.from('<?xml version="1.0" encoding="UTF-16"?><rss><channel><title>Привет</title></channel></rss>', "utf16le");
    assert.equal(parseFeed(decodeFeedBody(le, "text/xml").text, "https://ex.com/f")?.feed.title, "Привет");
    const be = Buffer.from(le).swap16();
    assert.equal(parseFeed(decodeFeedBody(be, null).text, "https://ex.com/f")?.feed.title, "Привет");
  });
});

/** Each case was a defect a second reader found with feeds as publishers write them. */
describe("feeds as publishers write them, third round", () => {
  const rss = (item: string, channel = "") =>
    parseFeed(
      `<?xml version="1.0"?><rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/"><channel><title>T</title><link>https://ex.com/</link>${channel}<item>${item}</item></channel></rss>`,
      "https://feeds.ex/f.xml",
    )!;
  const first = (item: string) => rss(item).items[0]!;

  it("decodes HTML's named entities beside markup left unescaped", () => {
    const item = first("<title>Caf&eacute; <i>x</i></title><description>Caf&eacute; &mdash; <b>bold</b>&nbsp;and&hellip;</description>");
    assert.equal(item.title, "Café x");
    assert.equal(item.summary, "Café — bold and…");
    assert.equal(first("<description>Use &lt;div&gt; for <b>layout</b></description>").summary, "Use <div> for layout");
  });

  it("drops the markers of a CDATA section nested in another, or escaped", () => {
    const item = first("<title><![CDATA[<![CDATA[Title]]>]]></title><description><![CDATA[<![CDATA[Hello <b>world</b>]]>]]></description>");
    assert.equal(item.title, "Title");
    assert.equal(item.summary, "Hello world");
    assert.equal(first("<description>&lt;![CDATA[Escaped <p>x</p>]]&gt;</description>").summary, "Escaped x");
  });

  it("takes the title from Media RSS when the item has none: on the item, in its group or its content", () => {
    assert.equal(first("<title></title><media:title>Own</media:title>").title, "Own");
    assert.equal(first("<media:group><media:title>Grouped</media:title></media:group>").title, "Grouped");
    assert.equal(first('<media:content url="https://ex.com/v.mp4"><media:title>Clip</media:title></media:content>').title, "Clip");
    const atom = parseFeed(
      `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/"><title>F</title><entry><id>1</id><media:group><media:title>Video</media:title></media:group></entry></feed>`,
      "https://ex.com/f",
    )!;
    assert.equal(atom.items[0]?.title, "Video");
  });

  it("reads an Atom entry's author from dc:creator or itunes:author, and the feed's as a fallback", () => {
    const atom = (entry: string, feed = "") =>
      parseFeed(
        `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"><title>F</title>${feed}<entry><id>1</id><title>x</title>${entry}</entry></feed>`,
        "https://ex.com/f",
      )!.items[0]!.author;
    assert.equal(atom("<dc:creator>Dee</dc:creator>"), "Dee");
    assert.equal(atom("<itunes:author>Host</itunes:author>"), "Host");
    assert.equal(atom("", "<itunes:author>Show host</itunes:author>"), "Show host");
    assert.equal(atom("<author><name>Atom</name></author><dc:creator>Dee</dc:creator>"), "Atom");
  });

  it("refuses documents that only look like feeds: an error text naming <rss>, a <feed> of products", () => {
    assert.equal(parseFeed("Error: could not build the <rss> feed, try later", "https://ex.com/f"), null);
    assert.equal(parseFeed('<?xml version="1.0"?><feed><product><id>1</id></product></feed>', "https://ex.com/f"), null);
    assert.equal(parseFeed('<rss version="2.0"><channel></channel></rss>', "https://ex.com/f")?.format, "rss2");
    assert.equal(parseFeed('<feed xmlns="http://www.w3.org/2005/Atom"></feed>', "https://ex.com/f")?.format, "atom");
  });

  it("reads a link written without its scheme as a host", () => {
    assert.equal(first("<link>www.ex.com/a</link>").url, "http://www.ex.com/a");
    assert.equal(first("<link>posts/www.ex.com</link>").url, "https://ex.com/posts/www.ex.com");
  });

  it("gives no date for placeholders, reads hours-only offsets and POSIX zones, and more zone names", () => {
    assert.equal(toIsoDate("Mon, 01 Jan 0001 00:00:00 GMT"), null);
    assert.equal(toIsoDate("0001-01-01T00:00:00Z"), null);
    assert.equal(toIsoDate("Tue, 10 Jun 2003 12:00:00 +1"), "2003-06-10T11:00:00.000Z");
    assert.equal(toIsoDate("Tue, 10 Jun 2003 12:00:00 -05"), "2003-06-10T17:00:00.000Z");
    // Daylight saving in June, not in January.
    assert.equal(toIsoDate("Tue, 10 Jun 2003 12:00:00 EST5EDT"), "2003-06-10T16:00:00.000Z");
    assert.equal(toIsoDate("Fri, 10 Jan 2003 12:00:00 EST5EDT"), "2003-01-10T17:00:00.000Z");
    assert.equal(toIsoDate("Tue, 10 Jun 2003 12:00:00 WIB"), "2003-06-10T05:00:00.000Z");
    assert.equal(toIsoDate("Di, 10 Jun 2003 12:00:00 MESZ"), "2003-06-10T10:00:00.000Z");
    assert.equal(toIsoDate("Tue, 10 Jun 2003 12:00:00 SAST"), "2003-06-10T10:00:00.000Z");
  });
});

describe("feeds as publishers write them, fourth round", () => {
  const summary = (d: string) =>
    parseFeed(
      `<rss version="2.0"><channel><title>T</title><item><description>${d}</description></item></channel></rss>`,
      "https://ex.com/f",
    )!.items[0]!.summary;

  it("keeps angle brackets around names that are no HTML element as text", () => {
    assert.equal(summary("Use List&lt;String&gt; in Java"), "Use List<String> in Java");
    assert.equal(summary("if x&lt;y and y&gt;z"), "if x<y and y>z");
    assert.equal(summary("Use &lt;b&gt;List&lt;String&gt;&lt;/b&gt; now"), "Use List<String> now");
    assert.equal(summary("&lt;p&gt;Hello &lt;b&gt;there&lt;/b&gt;&lt;/p&gt;&lt;o:p&gt;&lt;/o:p&gt;"), "Hello there");
  });

  it("expands the entities a DOCTYPE declares, once (no billion laughs)", () => {
    const doc = `<?xml version="1.0"?><!DOCTYPE rss [<!ENTITY site "Example Site"><!ENTITY c "&#169;">]><rss version="2.0"><channel><title>&site; &c;</title><item><title>&site; &unknown;</title></item></channel></rss>`;
    const feed = parseFeed(doc, "https://ex.com/f")!;
    assert.equal(feed.feed.title, "Example Site ©");
    assert.equal(feed.items[0]?.title, "Example Site &unknown;");
    let laughs = '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol">';
    for (let i = 1; i < 10; i++) laughs += `<!ENTITY lol${i} "${`&lol${i - 1 || ""};`.repeat(10)}">`;
    const title = parseFeed(`${laughs}]><rss><channel><title>&lol9;</title></channel></rss>`, "https://ex.com/f")?.feed.title;
    assert.equal(title, "&lol8;".repeat(10));
  });

  it("gives the requested URL as feed_url when the feed has no self link", () => {
    const doc = `<rss version="2.0"><channel><title>T</title></channel></rss>`;
    assert.equal(parseFeed(doc, "https://ex.com/new.xml", "http://ex.com/old.xml")?.feed.feed_url, "http://ex.com/old.xml");
    const self = `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>T</title><atom:link rel="self" href="https://ex.com/new.xml"/></channel></rss>`;
    assert.equal(parseFeed(self, "https://ex.com/new.xml", "http://ex.com/old.xml")?.feed.feed_url, "https://ex.com/new.xml");
  });
});

/** Cases from the feed parsers' own test suites (feedparser's well-formed and ill-formed feeds, RFC 4287) that a second reader ran. */
describe("feeds as parsers' test suites write them", () => {
  const F = "http://example.com/feeds/feed.xml";
  const atomEntry = (entry: string, feed = "") =>
    parseFeed(
      `<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>${feed}<entry><id>1</id><title>t</title>${entry}</entry></feed>`,
      F,
    )!;
  const rssItem = (item: string, channel = "") =>
    parseFeed(
      `<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:a10="http://www.w3.org/2005/Atom"><channel><title>T</title>${channel}<item>${item}</item></channel></rss>`,
      F,
    )!;

  it("tries an entry's links in turn until one gives a page", () => {
    assert.equal(
      atomEntry(`<link rel="alternate"/><link rel="alternate" type="text/html" href="http://good.example/"/>`).items[0]?.url,
      "http://good.example/",
    );
    assert.equal(
      atomEntry(`<link rel="alternate" href="mailto:a@b.example"/><link href="http://good.example/"/>`).items[0]?.url,
      "http://good.example/",
    );
    assert.equal(
      atomEntry(
        `<link rel="alternate" type="text/html">http://www.example.com/alternate</link><link rel="enclosure" href="http://e.example/a.mp3"/>`,
      ).items[0]?.url,
      "http://www.example.com/alternate",
    );
    assert.equal(
      atomEntry(
        `<link rel="alternate" type="application/pdf" href="http://x.example/a.pdf"/><link rel="alternate" type="text/html; charset=utf-8" href="http://x.example/a.html"/>`,
      ).items[0]?.url,
      "http://x.example/a.html",
    );
    assert.equal(
      atomEntry(
        `<link rel="next" href="http://x.example/2"/><link rel="http://www.iana.org/assignments/relation/alternate" href="http://alt.example/"/>`,
      ).items[0]?.url,
      "http://alt.example/",
    );
    const self = atomEntry("", `<link rel="http://www.iana.org/assignments/relation/self" href="http://example.com/self.xml"/>`);
    assert.equal(self.feed.feed_url, "http://example.com/self.xml");
    const empty = parseFeed(
      `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://www.example.com/feed"><title>A</title><link rel="self" href=""/></feed>`,
      F,
    )!;
    assert.equal(empty.feed.feed_url, "http://www.example.com/feed");
  });

  it("applies an RSS URL element's own xml:base, and reads attributes whatever their case", () => {
    assert.equal(rssItem(`<link xml:base="http://m.example/dir/">p.html</link>`).items[0]?.url, "http://m.example/dir/p.html");
    assert.equal(
      rssItem(`<guid xml:base="http://m.example/dir/" isPermaLink="true">q.html</guid>`).items[0]?.url,
      "http://m.example/dir/q.html",
    );
    assert.equal(rssItem(`<enclosure xml:base="http://m.example/dir/" url="a.mp3"/>`).items[0]?.url, "http://m.example/dir/a.mp3");
    const misspelt = rssItem(`<guid isPermalink="false">https://x.example/?p=123</guid><enclosure url="https://cdn.example/ep1.mp3"/>`)
      .items[0]!;
    assert.equal(misspelt.url, "https://cdn.example/ep1.mp3");
    assert.equal(misspelt.id, "https://x.example/?p=123");
    assert.equal(rssItem(`<guid>/posts/1</guid>`, "<link>http://example.com/</link>").items[0]?.url, "http://example.com/posts/1");
  });

  it("reads an RSS item's summary from dc:description or Atom's content when it has no description", () => {
    assert.equal(rssItem(`<dc:description>Item dc desc</dc:description>`).items[0]?.summary, "Item dc desc");
    assert.equal(rssItem(`<a10:content type="text/html">&lt;p&gt;Body&lt;/p&gt;</a10:content>`).items[0]?.summary, "Body");
  });

  it("gives the name whichever side of the address it is on, trims JSON ids, and shows no binary content", () => {
    assert.equal(rssItem(`<author>John Doe (jdoe@example.com)</author>`).items[0]?.author, "John Doe");
    assert.equal(rssItem(`<author>j@x.example (John (JD) Doe)</author>`).items[0]?.author, "John (JD) Doe");
    const json = (id: unknown) =>
      parseFeed(
        JSON.stringify({ version: "https://jsonfeed.org/version/1.1", title: "J", items: [{ id, url: "https://x.example/1" }] }),
        F,
      )!;
    assert.equal(json("").items[0]?.id, "https://x.example/1");
    assert.equal(json(" padded ").items[0]?.id, "padded");
    assert.equal(atomEntry(`<content type="image/png">iVBORw0KGgo=</content>`).items[0]?.summary, null);
  });

  it("reads the date forms of feedparser's suite", () => {
    const dates: [string, string | null][] = [
      ["Sun Jan  4 16:29:06 PST 2004", "2004-01-05T00:29:06.000Z"],
      ["Thu, 31 Dec 2016 23:59:60 GMT", "2016-12-31T23:59:59.000Z"],
      ["2016-12-31T23:59:60Z", "2016-12-31T23:59:59.000Z"],
      ["Thu, 01 Jan 2004 19:48:21 N", "2004-01-01T19:48:21.000Z"],
      ["15 février 2024 10:00", "2024-02-15T10:00:00.000Z"],
      ["15 Dezember 2024", "2024-12-15T00:00:00.000Z"],
      ["martes, 12 de diciembre de 2023", "2023-12-12T00:00:00.000Z"],
      ["Κυρ, 11 Ιούλ 2004 12:00:00 EST", "2004-07-11T17:00:00.000Z"],
      ["2004-július-13T9:15-05:00", "2004-07-13T14:15:00.000Z"],
      ["2004년 05월 28일 01:31:15", "2004-05-27T16:31:15.000Z"],
      ["2004-05-25 오후 11:23:17", "2004-05-25T14:23:17.000Z"],
      ["2024年03月01日 10:00:00", "2024-03-01T10:00:00.000Z"],
      ["пт, 15 мар 2024 10:00:00 +0300", "2024-03-15T07:00:00.000Z"],
      ["2004-01-01 10:00:00 -05", "2004-01-01T15:00:00.000Z"],
      ["January 1st, 2004", "2004-01-01T00:00:00.000Z"],
      ["20031231", "2003-12-31T00:00:00.000Z"],
      ["2003-12-31T10:14:55,5Z", "2003-12-31T10:14:55.500Z"],
      ["Sat, 10 Jun 2003 12:00:00 IRST", "2003-06-10T08:30:00.000Z"],
      ["03-12-31", null],
    ];
    for (const [input, expected] of dates) assert.equal(toIsoDate(input), expected, input);
  });
});

/** A fourth reader's audit of the corpus and of publishers' feeds: each case failed before its fix. */
describe("feeds as publishers write them, audit round", () => {
  const rss = (item: string, channel = "") =>
    parseFeed(
      `<rss version="2.0" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd" xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel><title>T</title><link>https://ex.com/</link>${channel}<item>${item}</item></channel></rss>`,
      "https://feeds.ex/f.xml",
    )!;

  it("reads JavaScript's Date.toString() and numeric day-first dates, and gives none for ambiguous ones", () => {
    assert.equal(toIsoDate("Fri Mar 01 2024 10:00:00 GMT-0500 (Eastern Standard Time)"), "2024-03-01T15:00:00.000Z");
    assert.equal(toIsoDate("Mar 1 2024 10:00 UTC-0800"), "2024-03-01T18:00:00.000Z");
    assert.equal(toIsoDate("05.09.2018 19:42"), "2018-09-05T19:42:00.000Z");
    assert.equal(toIsoDate("24/09/2018 19:42:40"), "2018-09-24T19:42:40.000Z");
    assert.equal(toIsoDate("05/09/2018 19:42:40"), null);
  });

  it("prefers a name to a bare address for the author, whatever comes first", () => {
    assert.equal(rss(`<author>taverncast@taverncast.com</author><itunes:author>Taverncast</itunes:author>`).items[0]?.author, "Taverncast");
    assert.equal(rss(`<author>robot@ex.com</author>`, `<itunes:author>The Show</itunes:author>`).items[0]?.author, "The Show");
    assert.equal(rss(`<author>mailto:a@ex.com</author>`).items[0]?.author, "a@ex.com");
  });

  it("takes FeedBurner's original link, and no self link that is the site's home page", () => {
    const proxied = rss(
      `<link>http://feedproxy.google.com/~r/x/~3/abc/</link><feedburner:origLink>https://ex.com/real-post</feedburner:origLink>`,
    );
    assert.equal(proxied.items[0]?.url, "https://ex.com/real-post");
    assert.equal(rss("", `<atom:link rel="self" href="https://ex.com/"/>`).feed.feed_url, "https://feeds.ex/f.xml");
  });

  it("gives way from a description that is only 'Read more' to the content", () => {
    const item = rss(
      `<description><a href="https://ex.com/p">Read more »</a></description><content:encoded>&lt;p&gt;The whole post.&lt;/p&gt;</content:encoded>`,
    ).items[0];
    assert.equal(item?.summary, "The whole post.");
  });

  it("cuts a summary between characters as a reader sees them, and shows no iframe fallback", () => {
    assert.equal(htmlToPlainText(`${"x".repeat(997)}🇫🇷🇫🇷`)?.slice(-2), "x…");
    assert.ok(htmlToPlainText("e\u0301".repeat(600))!.endsWith("e\u0301…"));
    assert.equal(htmlToPlainText(`<iframe src="https://v.example/1">Fallback</iframe>Watch`), "Watch");
  });
});

/** A fifth reader's cases (243 edge-case documents and the 44 corpus feeds): each failed before its fix. */
describe("feeds as parsers' test suites write them, second round", () => {
  const rss = (item: string, channel = "") =>
    parseFeed(
      `<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dcterms="http://purl.org/dc/terms/"><channel><title>T</title><link>https://ex.com/</link>${channel}<item>${item}</item></channel></rss>`,
      "https://feeds.ex/f.xml",
    )!;
  const atom = (entry: string) =>
    parseFeed(
      `<feed xmlns="http://www.w3.org/2005/Atom" xmlns:feedburner="http://rssnamespace.org/feedburner/ext/1.0"><title>T</title><entry>${entry}</entry></feed>`,
      "https://feeds.ex/a.xml",
    )!;

  it("takes FeedBurner's original link in Atom as in RSS", () => {
    const entry = atom(
      `<title>P</title><link rel="alternate" href="http://feedproxy.google.com/~r/b/~3/xyz/post.html"/><feedburner:origLink>https://site.example.org/post.html</feedburner:origLink>`,
    );
    assert.equal(entry.items[0]?.url, "https://site.example.org/post.html");
    assert.equal(load("rss-parser--feedburner.atom").items[0]?.url?.startsWith("http://feedproxy.google.com/"), false);
  });

  it("keeps a self link whose path says feed even when the site link repeats it (Reddit's /.rss)", () => {
    assert.equal(load("rss-parser--reddit-home.rss").feed.feed_url, "https://www.reddit.com/.rss");
  });

  it("reads Blogger's 'Unknown' as no author in RSS too, and dcterms:creator as an author", () => {
    assert.equal(rss(`<author>noreply@blogger.com (Unknown)</author>`).items[0]?.author, null);
    assert.equal(rss(`<dcterms:creator>Ada Lovelace</dcterms:creator>`).items[0]?.author, "Ada Lovelace");
  });

  it("reads a '<' before a name that is no element as text (formulas, addresses), and a ']]>' without a CDATA section", () => {
    assert.equal(
      rss(`<description>We prove $x&lt;y$ whenever $a&lt;b+1$ holds.</description>`).items[0]?.summary,
      "We prove $x<y$ whenever $a<b+1$ holds.",
    );
    assert.equal(rss(`<description>Values where i&lt;n-1 are skipped</description>`).items[0]?.summary, "Values where i<n-1 are skipped");
    assert.equal(
      rss(`<description>Contact John &lt;john@example.com&gt; for details</description>`).items[0]?.summary,
      "Contact John <john@example.com> for details",
    );
    assert.equal(
      rss(`<description>&lt;p&gt;Custom &lt;my-card&gt;card&lt;/my-card&gt; here&lt;/p&gt;</description>`).items[0]?.summary,
      "Custom card here",
    );
    assert.equal(rss(`<description><![CDATA[x ]]]]><![CDATA[> y]]></description>`).items[0]?.summary, "x ]]> y");
    // Custom and prefixed elements written as tags with attributes are tags (a video embed, a like button).
    assert.equal(rss(`<description>Watch &lt;lite-youtube videoid="abc" /&gt; now</description>`).items[0]?.summary, "Watch now");
    assert.equal(rss(`<description>Post text &lt;fb:like href="https://x" send="true" /&gt;</description>`).items[0]?.summary, "Post text");
  });

  it("takes no JSON list for a JSON Feed without the version, and a versioned feed with no items yet for one", () => {
    const json = (doc: object) => parseFeed(JSON.stringify(doc), "https://ex.com/f.json");
    assert.equal(json({ title: "Search results", items: [{ id: 1, name: "Widget", price: 3 }] }), null);
    assert.equal(json({ title: "Cart", items: [] }), null);
    assert.equal(json({ title: "Posts", items: [{ id: "1", content_text: "Hello" }] })?.items[0]?.summary, "Hello");
    assert.equal(json({ title: "Posts", items: [{ id: "1", url: "https://ex.com/1", title: "First" }] })?.items[0]?.title, "First");
    const empty = json({ version: "https://jsonfeed.org/version/1.1", title: "No items yet" });
    assert.equal(empty?.format, "json");
    assert.equal(empty?.items.length, 0);
  });

  it("reads a title that names a tag as written, and Atom's declared text literally", () => {
    assert.equal(rss(`<title>Using the &lt;br&gt; tag properly</title>`).items[0]?.title, "Using the <br> tag properly");
    assert.equal(rss(`<title><![CDATA[Part one<br/>Part two]]></title>`).items[0]?.title, "Part one Part two");
    assert.equal(rss(`<title>Foo &lt;b&gt;bar&lt;/b&gt;</title>`).items[0]?.title, "Foo bar");
    assert.equal(atom(`<title type="text">Why &lt;/div&gt; and &lt;br&gt; matter</title>`).items[0]?.title, "Why </div> and <br> matter");
    assert.equal(atom(`<title type="html">Why &lt;b&gt;this&lt;/b&gt; matters</title>`).items[0]?.title, "Why this matters");
    // A summary declared text that holds escaped HTML is read as HTML (publishers mislabel them); an emoji image in a title is markup.
    assert.equal(
      atom(`<title>P</title><summary type="text">&lt;p&gt;First.&lt;/p&gt;&lt;p&gt;Second &lt;b&gt;bold&lt;/b&gt;.&lt;/p&gt;</summary>`)
        .items[0]?.summary,
      "First. Second bold.",
    );
    // (Its alt is the emoji it stands for, shown as a browser shows the image: see the eleventh review.)
    assert.equal(rss(`<title><![CDATA[Great news <img class="emoji" src="x.png" alt="🎉">]]></title>`).items[0]?.title, "Great news 🎉");
  });

  it("reads items left unclosed, tags closed in another case, and a declared ISO-2022-JP", () => {
    const unclosed = parseFeed(
      `<rss version="2.0"><channel><title>T</title><link>https://b.example/</link><item><title>one</title><link>https://b.example/1</link><item><title>two</title><link>https://b.example/2</link><item><title>three</title><link>https://b.example/3</link></channel></rss>`,
      "https://b.example/f",
    )!;
    assert.deepEqual(
      unclosed.items.map((i) => [i.title, i.url]),
      [
        ["one", "https://b.example/1"],
        ["two", "https://b.example/2"],
        ["three", "https://b.example/3"],
      ],
    );
    const mixedCase = rss(`<Title>one</title><Link>https://b.example/1</LINK>`);
    assert.deepEqual([mixedCase.items[0]?.title, mixedCase.items[0]?.url], ["one", "https://b.example/1"]);
    const jis = Buffer.concat([
      Buffer.from(`<?xml version="1.0" encoding="ISO-2022-JP"?><rss version="2.0"><channel><title>`),
      Buffer.from([0x1b, 0x24, 0x42, 0x46, 0x7c, 0x4b, 0x5c, 0x38, 0x6c, 0x1b, 0x28, 0x42]),
      Buffer.from(`</title></channel></rss>`),
    ]);
    assert.equal(parseFeed(decodeFeedBody(jis, null).text, "https://ex.com/f")?.feed.title, "日本語");
    // Not over a UTF-8 header and 8-bit bytes: a stale declaration beside a terminal colour code.
    const stale = Buffer.from(
      `<?xml version="1.0" encoding="iso-2022-jp"?><rss><channel><title>日本語 \u001b[31mred</title></channel></rss>`,
    );
    assert.equal(
      parseFeed(decodeFeedBody(stale, "application/rss+xml; charset=utf-8").text, "https://ex.com/f")?.feed.title,
      "日本語 [31mred",
    );
  });
});

describe("feeds from an independent review, third round", () => {
  const rss = (item: string, ns = "") =>
    parseFeed(
      `<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/" xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"${ns}><channel><title>T</title><link>https://ex.com/</link><item>${item}</item></channel></rss>`,
      "https://feeds.ex/f.xml",
    )!.items[0]!;

  it("gives an untitled post no title, not its author's avatar's name; an item with no title element takes Media RSS's", () => {
    const avatar = `<media:content url="https://0.gravatar.com/avatar/abc" medium="image"><media:title type="html">janedoe</media:title></media:content>`;
    assert.equal(rss(`<title></title>${avatar}<link>https://ex.com/1</link>`).title, null);
    assert.equal(rss(`${avatar}<link>https://ex.com/1</link>`).title, "janedoe");
    assert.equal(rss(`<title></title><itunes:title>Episode 12</itunes:title>`).title, "Episode 12");
  });

  it("takes RSS's own title, link and description before another namespace's", () => {
    const item = rss(
      `<foo:title>Not mine</foo:title><title>Mine</title><foo:link>https://other.example/</foo:link><link>https://ex.com/mine</link><foo:description>Theirs</foo:description><description>Ours</description>`,
      ` xmlns:foo="http://foo.example/ns"`,
    );
    assert.deepEqual([item.title, item.url, item.summary], ["Mine", "https://ex.com/mine", "Ours"]);
  });

  it("keeps a '<' run into another tag as text in a hand-written title, but not inside CDATA", () => {
    const feed = parseFeed(
      `<rss version="2.0"><channel><title>T</title><item><title>5 < 6 and a<b</title><link>https://ex.com/a</link></item><item><title><![CDATA[x<y<z]]></title></item></channel></rss>`,
      "https://ex.com/f",
    )!;
    assert.deepEqual(
      feed.items.map((i) => [i.title, i.url]),
      [
        ["5 < 6 and a<b", "https://ex.com/a"],
        ["x<y<z", null],
      ],
    );
  });

  it("reads an XHTML body inside an RSS item as its summary", () => {
    assert.equal(
      rss(`<title>x</title><body xmlns="http://www.w3.org/1999/xhtml"><p>Example content</p></body>`).summary,
      "Example content",
    );
  });

  it("reads a JSON Feed after a server's notice, and the first readable of its dates", () => {
    const feed = JSON.stringify({
      version: "https://jsonfeed.org/version/1.1",
      title: "J",
      items: [{ id: "1", url: "https://j.example/1", date_published: "not a date", date_modified: "2026-01-02T03:04:05Z" }],
    });
    const parsed = parseFeed(
      `<br />\n<b>Notice</b>: Undefined index: page in feed.php on line 4<br />\n${feed}`,
      "https://j.example/feed.json",
    );
    assert.equal(parsed?.format, "json");
    assert.equal(parsed?.items[0]?.published, "2026-01-02T03:04:05.000Z");
    assert.equal(parseFeed(`<!doctype html><html><body><pre>${feed}</pre></body></html>`, "https://j.example/page"), null);
  });

  it("gives no date without a year or for a day that does not exist, and reads ordinal, slashed, unpadded and zoned forms", () => {
    for (const none of ["2026/02/30", "Fri, 02 Jan 03:04:05 GMT", "3/4", "2023-366", "2026-01-02 03:04:05 Foo/Bar"])
      assert.equal(toIsoDate(none), null, none);
    const cases: [string, string][] = [
      ["2026-002", "2026-01-02T00:00:00.000Z"],
      ["2003-335", "2003-12-01T00:00:00.000Z"],
      ["2026/1/2 03:04", "2026-01-02T03:04:00.000Z"],
      ["2026-1-2T3:04:05Z", "2026-01-02T03:04:05.000Z"],
      ["2026-01-02T03:04:05+00:00Z", "2026-01-02T03:04:05.000Z"],
      ["2026-01-02T03:04:05.000+01:00[Europe/Paris]", "2026-01-02T02:04:05.000Z"],
      ["Fri, 02 Jan 2026 03:04:05 Europe/Berlin", "2026-01-02T02:04:05.000Z"],
      ["2026-07-02 03:04:05 America/New_York", "2026-07-02T07:04:05.000Z"],
      ["Fri, 02 Jan 26 03:04:05 GMT", "2026-01-02T03:04:05.000Z"],
      ["Jan  2 2026  3:04PM", "2026-01-02T15:04:00.000Z"],
      ["January 2nd, 2026 3pm", "2026-01-02T15:00:00.000Z"],
    ];
    for (const [date, iso] of cases) assert.equal(toIsoDate(date), iso, date);
  });
});

/** Cases from a sweep of another parser's test data (312 documents): each failed before its fix. */
describe("feeds from a sweep of another parser's test data", () => {
  const channel = (inner: string, ns = "") =>
    parseFeed(
      `<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/"${ns}><channel><title>T</title><link>https://ex.com/</link>${inner}</channel></rss>`,
      "https://ex.com/f.xml",
    )!;

  it("reads a plain-text '&' that starts no whole reference as itself, not as a legacy entity ('&copy=2', '&param=')", () => {
    assert.equal(
      parseFeed(`<rss version="2.0"><channel><title>?page=1&copy=2;mode=x &amp; done</title></channel></rss>`, "https://ex.com/f")?.feed
        .title,
      "?page=1&copy=2;mode=x & done",
    );
    assert.equal(
      channel(`<item><title>Docs for ?a=1&amp;param=2 &amp;not sure</title></item>`).items[0]?.title,
      "Docs for ?a=1&param=2 &not sure",
    );
    const json = JSON.stringify({
      version: "https://jsonfeed.org/version/1.1",
      title: "J",
      items: [{ id: "1", content_text: "Read https://ex.com/s?q=x&section=news&region=eu&current=1" }],
    });
    assert.equal(parseFeed(json, "https://ex.com/f.json")?.items[0]?.summary, "Read https://ex.com/s?q=x&section=news&region=eu&current=1");
    // Whole references still read, escaped once more or not.
    assert.equal(channel(`<item><title>Caf&amp;eacute; &amp;amp; Bar</title></item>`).items[0]?.title, "Café & Bar");
  });

  it("reads a mailbox's quoted display name, a bracketed address alone, and an author written inside markup", () => {
    const authors = channel(
      [
        `<author>"Doe, John" &lt;john@ex.com&gt;</author>`,
        `<author>&lt;john@ex.com&gt;</author>`,
        `<author><p>Example editor</p></author>`,
        `<dc:creator><a href="/u/jane">Jane Roe</a></dc:creator>`,
      ]
        .map((a) => `<item><title>x</title>${a}</item>`)
        .join(""),
    ).items.map((i) => i.author);
    assert.deepEqual(authors, ["Doe, John", "john@ex.com", "Example editor", "Jane Roe"]);
    // An Atom person with only a URI still names nobody.
    const atom = parseFeed(
      `<feed xmlns="http://www.w3.org/2005/Atom"><title>F</title><entry><id>urn:1</id><title>t</title><author><uri>https://ex.com/</uri></author></entry></feed>`,
      "https://ex.com/a",
    );
    assert.equal(atom?.items[0]?.author, null);
  });

  it("takes an RSS 1.0 item's URL and id from rdf:about, whatever its prefix, not from a bare 'about' that is no URL", () => {
    const rdf = (attrs: string) =>
      parseFeed(
        `<r:RDF xmlns:r="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><channel r:about="https://ex.org/feed"><title>E</title></channel><item ${attrs}><title>One</title></item></r:RDF>`,
        "https://ex.com/rdf",
      )!.items[0]!;
    assert.deepEqual(
      [rdf(`r:about="https://ex.org/items/1"`).url, rdf(`r:about="https://ex.org/items/1"`).id],
      ["https://ex.org/items/1", "https://ex.org/items/1"],
    );
    assert.deepEqual([rdf(`about="not-an-rdf-id"`).url, rdf(`about="not-an-rdf-id"`).id], [null, null]);
    assert.equal(rdf(`about="https://ex.org/items/2"`).url, "https://ex.org/items/2");
  });
});

describe("feeds as site generators write them (fifth review)", () => {
  it("reads Media RSS declared under rssboard.org's URI (Squarespace) as Media RSS", () => {
    const feed = parseFeed(
      `<rss version="2.0" xmlns:media="http://www.rssboard.org/media-rss"><channel><title>S</title><link>https://sq.test/blog</link>
      <item><guid isPermaLink="false">5a1b:6a7b</guid><media:content url="https://static1.sq.test/ep.mp3" type="audio/mpeg"><media:title type="plain">Episode</media:title></media:content></item>
      </channel></rss>`,
      "https://sq.test/blog?format=rss",
    )!;
    assert.equal(feed.items[0]?.url, "https://static1.sq.test/ep.mp3");
    assert.equal(feed.items[0]?.title, "Episode");
  });

  it("does not show a <video>'s or <audio>'s fallback (WordPress's audio shortcode links the file)", () => {
    assert.equal(
      htmlToPlainText(
        `<audio class="wp-audio-shortcode" controls="controls"><source type="audio/mpeg" src="https://ex.com/ep5.mp3?_=1" /><a href="https://ex.com/ep5.mp3">https://ex.com/ep5.mp3</a></audio>\n<p>Show notes.</p>`,
      ),
      "Show notes.",
    );
    assert.equal(
      htmlToPlainText(
        `<figure><video controls src="v.mp4">Your browser does not support the video tag.</video><figcaption>Launch</figcaption></figure>`,
      ),
      "Launch",
    );
  });

  it("reads Drupal's dash before the time, Java's Z[UTC], and a day name before a dotted (day-first) date", () => {
    assert.equal(toIsoDate("Tuesday, March 5, 2024 - 09:00"), "2024-03-05T09:00:00.000Z");
    assert.equal(toIsoDate("2024-03-05T10:00Z[UTC]"), "2024-03-05T10:00:00.000Z");
    assert.equal(toIsoDate("Tue, 05.03.2024 21:00"), "2024-03-05T21:00:00.000Z");
    assert.equal(toIsoDate("2024 - 10:00"), null);
    // German's ordinal day ("5. März"), and a Korean date without a time.
    assert.equal(toIsoDate("Di, 5. März 2024 10:00:00 +0100"), "2024-03-05T09:00:00.000Z");
    assert.equal(toIsoDate("5. März 2024"), "2024-03-05T00:00:00.000Z");
    assert.equal(toIsoDate("2024년 3월 5일"), "2024-03-05T00:00:00.000Z");
  });

  it("reads a JSON Feed followed by a PHP warning or a cache plugin's comment", () => {
    const json = `{"version":"https://jsonfeed.org/version/1.1","title":"J {x}","items":[{"id":"1","url":"https://ex.com/1","title":"a \\"}\\" b"}]}`;
    for (const tail of [
      "\n<br />\n<b>Deprecated</b>:  Creation of dynamic property in <b>feed.php</b> on line <b>12</b><br />",
      "\n<!-- Cached page generated by WP-Super-Cache -->",
    ]) {
      const feed = parseFeed(json + tail, "https://ex.com/feed.json");
      assert.equal(feed?.format, "json");
      assert.equal(feed?.items[0]?.title, 'a "}" b');
    }
    assert.equal(parseFeed(`{"version":"https://jsonfeed.org/version/1.1","title":"J","items":[`, "https://ex.com/f"), null);
  });

  it("leaves hidden text (a newsletter's preview line) and MathML's TeX source out of summaries", () => {
    assert.equal(
      htmlToPlainText(
        `<span class="mcnPreviewText" style="display:none; font-size:0px;">Preview line</span><table><tr><td><p>This week's issue.</p></td></tr></table><p hidden>Old note</p>`,
      ),
      "This week's issue.",
    );
    assert.equal(
      htmlToPlainText(
        `<p>Area <math><semantics><mrow><mi>π</mi><msup><mi>r</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">\\pi r^2</annotation></semantics></math>.</p>`,
      ),
      "Area πr2.",
    );
  });

  it("keeps a tag named in a sentence but reads a block escaped once more beside real markup", () => {
    assert.equal(htmlToPlainText("<p>Close it with &lt;/div&gt; always.</p>"), "Close it with </div> always.");
    assert.equal(htmlToPlainText("<p>Use &lt;br&gt; for a break.</p>"), "Use <br> for a break.");
    assert.equal(htmlToPlainText("<p>Example &lt;b&gt;Atom&lt;/b&gt;</p>"), "Example Atom");
    assert.equal(htmlToPlainText("<div>&lt;p&gt;Hello&lt;/p&gt;</div> submitted by <a href='/u'>me</a>"), "Hello submitted by me");
  });

  it("reads a JSON Feed date written as a number as epoch seconds or milliseconds", () => {
    const feed = parseFeed(
      `{"version":"https://jsonfeed.org/version/1","title":"J","items":[{"id":"1","date_published":1709632800},{"id":"2","date_modified":1709632800000},{"id":"3","date_published":0}]}`,
      "https://ex.com/f",
    );
    assert.deepEqual(
      feed?.items.map((i) => i.published),
      ["2024-03-05T10:00:00.000Z", "2024-03-05T10:00:00.000Z", null],
    );
  });
});

// A sixth review: feeds of news organisations, governments, shops and media, and breakage.
describe("feeds of a sixth review", () => {
  it("reads a script, title or style tag never closed as a tag named in prose, and a self-closed iframe as empty", () => {
    assert.equal(
      htmlToPlainText("Cross-site scripting via a crafted <script> tag in the name field."),
      "Cross-site scripting via a crafted <script> tag in the name field.",
    );
    assert.equal(htmlToPlainText("<p>Set the <title> element of every page.</p>"), "Set the <title> element of every page.");
    assert.equal(htmlToPlainText("<p>Injection via the <style> attribute.</p>"), "Injection via the <style> attribute.");
    assert.equal(
      htmlToPlainText('<p>Watch:</p><iframe src="https://www.youtube.com/embed/x" width="560" /><p>More after.</p>'),
      "Watch: More after.",
    );
    assert.equal(htmlToPlainText('<p>Hi</p><SCRIPT>var a = "<b>";</script><p>Bye</p>'), "Hi Bye");
  });

  it("leaves control characters out and reads raw line breaks in JSON strings", () => {
    const rss = parseFeed(
      "<rss><channel><title>T\u0000</title><item><title>Hel\u0000lo \u0008back</title><link>https://ex.com/a</link><description>x&#1;y</description></item></channel></rss>",
      "https://ex.com/f",
    );
    assert.equal(rss?.feed.title, "T");
    assert.equal(rss?.items[0]?.title, "Hello back");
    assert.equal(rss?.items[0]?.summary, "xy");
    const json = parseFeed(
      `{"version":"https://jsonfeed.org/version/1","title":"J","items":[{"id":"1","title":"Tab\there","content_text":"Line one\nLine two"}]}`,
      "https://ex.com/f",
    );
    assert.equal(json?.items[0]?.title, "Tab here");
    assert.equal(json?.items[0]?.summary, "Line one Line two");
  });

  it("reads month names in Czech, Polish, Turkish and the Scandinavian languages", () => {
    assert.equal(toIsoDate("Út, 05 bře 2024 10:00:00 +0100"), "2024-03-05T09:00:00.000Z");
    assert.equal(toIsoDate("úterý, 5. března 2024"), "2024-03-05T00:00:00.000Z");
    assert.equal(toIsoDate("pt, 03 paź 2024 10:00:00 +0200"), "2024-10-03T08:00:00.000Z");
    assert.equal(toIsoDate("5 października 2024 10:00"), "2024-10-05T10:00:00.000Z");
    assert.equal(toIsoDate("Per, 15 Ağu 2024 10:00:00 +0300"), "2024-08-15T07:00:00.000Z");
    assert.equal(toIsoDate("Cum, 01 Kas 2024 10:00:00 +0300"), "2024-11-01T07:00:00.000Z");
    assert.equal(toIsoDate("tir, 05 des 2023 10:00:00 +0100"), "2023-12-05T09:00:00.000Z");
    assert.equal(toIsoDate("man, 04 marts 2024 10:00:00 +0100"), "2024-03-04T09:00:00.000Z");
  });

  it("reads an RSS item's unprefixed <content> when it has no description", () => {
    const feed = parseFeed(
      "<rss><channel><title>T</title><item><title>A</title><link>https://ex.com/a</link><content><![CDATA[<p>The body.</p>]]></content></item></channel></rss>",
      "https://ex.com/f",
    );
    assert.equal(feed?.items[0]?.summary, "The body.");
  });

  it("lets an Atom summary that is only a Read more link give way to the content", () => {
    const feed = parseFeed(
      `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><title>E</title><id>urn:e</id><summary type="html">&lt;a href="https://ex.com/e"&gt;Read more&lt;/a&gt;</summary><content type="html">&lt;p&gt;The real content.&lt;/p&gt;</content></entry></feed>`,
      "https://ex.com/f",
    );
    assert.equal(feed?.items[0]?.summary, "The real content.");
  });

  it("reads text escaped inside Atom XHTML's code as the text it is", () => {
    const feed = parseFeed(
      `<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title><entry><id>urn:e</id><content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Remove spaces between <code>&lt;/li&gt;&lt;li&gt;</code> but not inside <code>&lt;pre&gt;</code> or <code>&lt;script&gt;</code>.</p><p>Tricky.</p></div></content></entry></feed>`,
      "https://ex.com/f",
    );
    assert.equal(feed?.items[0]?.summary, "Remove spaces between </li><li> but not inside <pre> or <script>. Tricky.");
  });

  it("keeps a title that names a tag and nothing else as written", () => {
    const rssFeed = parseFeed(
      "<rss><channel><title>T</title><item><title>&lt;/example&gt;</title><link>https://ex.com/a</link></item><item><title>&lt;img src=&quot;x.png&quot;&gt;</title><link>https://ex.com/b</link></item><item><title>&lt;span&gt;&lt;/span&gt;</title><link>https://ex.com/c</link></item></channel></rss>",
      "https://ex.com/f",
    );
    assert.equal(rssFeed?.items[0]?.title, "</example>");
    assert.equal(rssFeed?.items[1]?.title, null);
    assert.equal(rssFeed?.items[2]?.title, null);
    const json = parseFeed(
      JSON.stringify({ version: "https://jsonfeed.org/version/1.1", title: "T", items: [{ id: "1", title: "</example>" }] }),
      "https://ex.com/f",
    );
    assert.equal(json?.items[0]?.title, "</example>");
  });

  it("reads a JSON Feed's authors written as one object", () => {
    const json = parseFeed(
      JSON.stringify({
        version: "https://jsonfeed.org/version/1.1",
        title: "T",
        items: [{ id: "1", url: "https://ex.com/1", authors: { name: "Example Author" } }],
      }),
      "https://ex.com/f",
    );
    assert.equal(json?.items[0]?.author, "Example Author");
  });

  it("does not count a stray empty item inside an item as one more", () => {
    const items = Array.from({ length: 3 }, (_, i) => `<item><title>T${i}</title><link>https://ex.com/${i}</link><item /></item>`).join("");
    const feed = parseFeed(`<rss version="2.0"><channel><title>T</title>${items}</channel></rss>`, "https://ex.com/f");
    assert.equal(feed?.items.length, 3);
    assert.deepEqual(
      feed?.items.map((i) => i.title),
      ["T0", "T1", "T2"],
    );
  });

  it("reads a JSON Feed with a comma left before a closing bracket or brace", () => {
    const feed = parseFeed(
      `{"version": "https://jsonfeed.org/version/1.1", "title": "T, \\"q\\",]", "items": [{"id": "1", "url": "https://ex.com/1", "title": "a,}",}, ], }`,
      "https://ex.com/f",
    );
    assert.equal(feed?.format, "json");
    assert.equal(feed?.feed.title, 'T, "q",]');
    assert.equal(feed?.items[0]?.title, "a,}");
  });

  it("reads a usual prefix bound to a URI it does not know in its usual meaning", () => {
    const feed = parseFeed(
      `<rss version="2.0" xmlns:dc=""><channel><title>T</title><item xmlns:content="http://example.com/wrong-content/"><title>A</title><link>https://ex.com/a</link><content:encoded>&lt;p&gt;Body&lt;/p&gt;</content:encoded><dc:creator>Jo</dc:creator></item></channel></rss>`,
      "https://ex.com/f",
    );
    assert.equal(feed?.items[0]?.summary, "Body");
    assert.equal(feed?.items[0]?.author, "Jo");
  });

  it("does not read a feed quoted in a comment or CDATA section of another document", () => {
    const rss = `<rss version="2.0"><channel><title>Test</title></channel></rss>`;
    assert.equal(parseFeed(`<?xml version="1.0"?><root><![CDATA[${rss}]]></root>`, "https://ex.com/f"), null);
    assert.equal(parseFeed(`<?xml version="1.0"?><root><!-- ${rss} --></root>`, "https://ex.com/f"), null);
    assert.equal(parseFeed(`<!-- cached --><b>Warning</b>: x ${rss}`, "https://ex.com/f")?.feed.title, "Test");
  });
  it("keeps an unclosed <script> named in prose when the text is read again, and a </script> before it closes nothing", () => {
    assert.equal(
      htmlToPlainText("&lt;p&gt;a crafted &lt;script&gt; tag in the name field&lt;/p&gt;"),
      "a crafted <script> tag in the name field",
    );
    assert.equal(
      htmlToPlainText("<p>Close it with </script> and open a <script> tag to run code.</p>"),
      "Close it with and open a <script> tag to run code.",
    );
    assert.equal(
      htmlToPlainText("<p>Example &lt;b&gt;x&lt;/b&gt; and a crafted &lt;script&gt; tag here</p>"),
      "Example x and a crafted <script> tag here",
    );
  });

  it("keeps C1 characters of a repaired JSON Feed for the Windows-1252 reading, reads fractional epochs and capital Turkish months", () => {
    const feed = parseFeed(
      `{"version":"https://jsonfeed.org/version/1.1","title":"T","items":[{"id":"1","title":"Caf\u0085 ok","date_published":1709632800.5},],}`.replace(
        "\\u0085",
        "\u0085",
      ),
      "https://ex.com/f",
    );
    assert.equal(feed?.items[0]?.title, "Caf… ok");
    assert.equal(feed?.items[0]?.published, "2024-03-05T10:00:00.000Z");
    assert.equal(toIsoDate("15 KASIM 2024"), "2024-11-15T00:00:00.000Z");
    assert.equal(toIsoDate("05 ARALIK 2024"), "2024-12-05T00:00:00.000Z");
  });

  it("hides only a display:none declaration, not a custom property named so", () => {
    assert.equal(
      htmlToPlainText(`<p>a<span style="--display:none">K</span>b <span style="color:red; display: none !important">x</span></p>`),
      "aKb",
    );
  });

  it("reads a date from the datetime of an HTML <time> written inside it (Drupal's Views)", () => {
    const time = `<time datetime="2019-05-03T19:21:28Z">Fri, 05/03/2019 - 15:21</time>`;
    const escaped = time.replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const feed = parseFeed(
      `<rss version="2.0"><channel><title>T</title><item><link>https://ex.com/a</link><pubDate>\n  ${time}\n</pubDate></item><item><link>https://ex.com/b</link><pubDate>${escaped}</pubDate></item><item><link>https://ex.com/c</link><pubDate><time datetime="soon">Fri, 03 May 2019 15:21:00 GMT</time></pubDate></item></channel></rss>`,
      "https://ex.com/f",
    );
    assert.deepEqual(
      feed?.items.map((i) => i.published),
      ["2019-05-03T19:21:28.000Z", "2019-05-03T19:21:28.000Z", "2019-05-03T15:21:00.000Z"],
    );
  });
});

// An eleventh review: fixtures of SimplePie, Feedjira, ROME, FeedKit, CodeHollow and real generators.
describe("feeds of an eleventh review", () => {
  it("reads an html-typed Atom title escaped for its type as a title is read: a bare <br> or <hr> named in it stays", () => {
    const feed = parseFeed(
      `<feed xmlns="http://www.w3.org/2005/Atom"><title type="html">Q&amp;amp;A</title>` +
        `<entry><id>u:1</id><title type="html">Using &amp;lt;br&amp;gt; in posts</title></entry>` +
        `<entry><id>u:2</id><title type="html"><![CDATA[Styling &lt;hr&gt; rules]]></title></entry>` +
        `<entry><id>u:3</id><title type="html">&lt;em&gt;Styled&lt;/em&gt; &amp;amp; plain</title></entry>` +
        `<entry><id>u:4</id><title type="html">one&amp;lt;br/&amp;gt;two</title></entry></feed>`,
      "https://ex.com/atom.xml",
    );
    assert.equal(feed?.feed.title, "Q&A");
    assert.deepEqual(
      feed?.items.map((i) => i.title),
      ["Using <br> in posts", "Styling <hr> rules", "Styled & plain", "one two"],
    );
  });

  it("reads RFC 2822 comments wherever they stand in a date, not only at its end", () => {
    assert.equal(toIsoDate("Fri(day), 05 Nov(ember) 94 13:15:30 GMT"), "1994-11-05T13:15:30.000Z");
    assert.equal(toIsoDate("Fri(day), 05 Nov(ember) 94 13:15:30 A"), "1994-11-05T13:15:30.000Z");
    assert.equal(toIsoDate("Tue, 05 Mar 2024 (approx.) 10:00:00 -0400 (EDT)"), "2024-03-05T14:00:00.000Z");
    assert.equal(toIsoDate("(no date)"), null);
  });

  it("shows an emoji image as the emoji it stands for (WordPress's wp-smiley, Twemoji), and no other image's alt", () => {
    const wp = (alt: string) =>
      `<img src="https://s.w.org/images/core/emoji/15.0.3/72x72/1f389.png" alt="${alt}" class="wp-smiley" style="height: 1em; max-height: 1em;" />`;
    assert.equal(htmlToPlainText(`<p>Party ${wp("🎉")} time ${wp("🇫🇷")}</p>`), "Party 🎉 time 🇫🇷");
    assert.equal(
      htmlToPlainText(
        `<p>Thanks <img class="emoji" draggable="false" alt="👍🏽" src="https://twemoji.maxcdn.com/v/latest/72x72/1f44d-1f3fd.png"></p>`,
      ),
      "Thanks 👍🏽",
    );
    assert.equal(htmlToPlainText(`<p>See <img alt="A chart of sales" src="chart.png"> below <img alt="1" src="one.png"></p>`), "See below");
    const feed = parseFeed(
      `<rss version="2.0"><channel><title>T</title><item><title>Launch day ${wp("🚀")}</title><link>https://ex.com/a</link></item></channel></rss>`,
      "https://ex.com/f",
    );
    assert.equal(feed?.items[0]?.title, "Launch day 🚀");
  });

  it("reads numeric dates with dashes as it reads them with slashes, and an 'at' before the time", () => {
    assert.equal(toIsoDate("13-03-2024 10:00"), "2024-03-13T10:00:00.000Z");
    assert.equal(toIsoDate("03-25-2024"), "2024-03-25T00:00:00.000Z");
    assert.equal(toIsoDate("05-03-2024"), null);
    assert.equal(toIsoDate("March 5, 2024 at 10:00 am"), "2024-03-05T10:00:00.000Z");
    assert.equal(toIsoDate("Tuesday, March 5th, 2024 at 10:00am"), "2024-03-05T10:00:00.000Z");
    assert.equal(toIsoDate("5 March 2024 at 3pm"), "2024-03-05T15:00:00.000Z");
  });

  it("leaves out characters that show nothing in plain text as in HTML: a soft hyphen or zero-width space written as a character reference", () => {
    const feed = parseFeed(
      `<rss version="2.0"><channel><title>Karri&#173;ere&#8203;</title><item><title>Karri&#173;ere&#160;heute&#8203;</title><description>Zero&#8203;width &#xAD;soft</description><author>Jo&#173;hanna</author></item></channel></rss>`,
      "https://ex.com/f",
    );
    assert.equal(feed?.feed.title, "Karriere");
    assert.deepEqual(
      [feed?.items[0]?.title, feed?.items[0]?.summary, feed?.items[0]?.author],
      ["Karriere heute", "Zerowidth soft", "Johanna"],
    );
    // As the same characters escaped once more already read.
    assert.equal(htmlToPlainText("Karri&shy;ere"), "Karriere");
  });
});

describe("feeds of a twelfth review", () => {
  it("drops a byline's 'By' from an author, and reads an ampersand escaped twice in a URL as one", () => {
    const feed = parseFeed(
      `<rss version="2.0"><channel><title>T</title><link>https://ex.com/</link>` +
        `<item><title>a</title><link>https://ex.com/read?id=1&amp;amp;src=rss</link><author>By Jane Doe</author></item>` +
        `<item><title>b</title><link>https://ex.com/b</link><dc:creator xmlns:dc="http://purl.org/dc/elements/1.1/">by: Byron Lee</dc:creator></item>` +
        `<item><title>c</title><link>https://ex.com/c</link><dc:creator xmlns:dc="http://purl.org/dc/elements/1.1/">Byron Lee</dc:creator></item>` +
        `</channel></rss>`,
      "https://ex.com/feed",
    );
    assert.deepEqual(
      feed?.items.map((i) => [i.url, i.author]),
      [
        ["https://ex.com/read?id=1&src=rss", "Jane Doe"],
        ["https://ex.com/b", "Byron Lee"],
        ["https://ex.com/c", "Byron Lee"],
      ],
    );
  });

  it("lets a summary of only Medium's 'Continue reading on Medium »' give way, as 'Read more' does, in JSON Feed too", () => {
    const medium = (snippet: string) =>
      `<div class="medium-feed-item">${snippet}<p class="medium-feed-link"><a href="https://medium.com/@a/p-1">Continue reading on Medium »</a></p></div>`;
    const feed = parseFeed(
      `<rss version="2.0"><channel><title>T</title>` +
        `<item><title>a</title><link>https://medium.com/@a/p-1</link><description><![CDATA[${medium("")}]]></description></item>` +
        `<item><title>b</title><link>https://medium.com/@a/p-2</link><description><![CDATA[${medium("").replace("on Medium", "on The Startup")}]]></description></item>` +
        `<item><title>c</title><link>https://medium.com/@a/p-3</link><description><![CDATA[${medium("").replace("on Medium", "on ")}]]></description></item>` +
        `<item><title>d</title><link>https://medium.com/@a/p-4</link><description>More on this later</description></item>` +
        `<item><title>e</title><link>https://medium.com/@a/p-5</link><description>Continue reading on the train home, where I read for hours.</description></item>` +
        `</channel></rss>`,
      "https://ex.com/f",
    );
    assert.deepEqual(
      feed?.items.map((i) => i.summary),
      [null, null, null, "More on this later", "Continue reading on the train home, where I read for hours."],
    );
    const json = parseFeed(
      JSON.stringify({
        version: "https://jsonfeed.org/version/1.1",
        title: "T",
        items: [{ id: "1", summary: "Read more »", content_text: "The body" }],
      }),
      "https://ex.com/f.json",
    );
    assert.equal(json?.items[0]?.summary, "The body");
  });

  it("reads an entry's empty href as the entry's own xml:base only: the feed's base (WordPress's wp-atom.php) names no entry page", () => {
    const feed = parseFeed(
      `<feed xmlns="http://www.w3.org/2005/Atom" xml:base="http://ex.com/wp-atom.php"><title>T</title><link rel="alternate" href="http://ex.com"/><link rel="self" href=""/>` +
        `<entry><title>a</title><link rel="alternate" type="text/html" href=""/><id>http://ex.com/?p=1</id></entry>` +
        `<entry xml:base="http://ex.com/2015/08/post/"><title>b</title><link rel="alternate" href=""/><id>tag:ex.com,2015:2</id></entry>` +
        `<entry><title>c</title><link rel="alternate" href=""/><id>tag:ex.com,2015:3</id></entry></feed>`,
      "http://ex.com/feed/atom/",
    );
    assert.deepEqual(
      feed?.items.map((i) => i.url),
      ["http://ex.com/?p=1", "http://ex.com/2015/08/post/", null],
    );
    // The feed's own empty self link is still the document (RFC 3986), as ROME's bray test writes it.
    assert.equal(feed?.feed.feed_url, "http://ex.com/wp-atom.php");
  });

  it("takes a guid marked isPermaLink='true' as a URL unless it is a bare word, and reads an unknown isPermaLink value as its absence", () => {
    const item = (guid: string, extra = "") =>
      `<item><title>x</title>${guid}<enclosure url="http://cdn.ex.com/a.mp3" type="audio/mpeg" length="1"/>${extra}</item>`;
    const feed = parseFeed(
      `<rss version="2.0"><channel><title>T</title>` +
        item(`<guid isPermaLink="true">xorg</guid>`) +
        item(`<guid isPermaLink="true">123456</guid>`) +
        item(`<guid isPermaLink="true">post-1.html</guid>`) +
        item(`<guid isPermaLink="meatcake">http://www.example.org/</guid>`) +
        item(`<guid isPermaLink="false">http://www.example.org/x</guid>`) +
        `</channel></rss>`,
      "https://ex.com/feed.xml",
    );
    assert.deepEqual(
      feed?.items.map((i) => [i.id, i.url]),
      [
        ["xorg", "http://cdn.ex.com/a.mp3"],
        ["123456", "http://cdn.ex.com/a.mp3"],
        ["post-1.html", "https://ex.com/post-1.html"],
        ["http://www.example.org/", "http://www.example.org/"],
        ["http://www.example.org/x", "http://cdn.ex.com/a.mp3"],
      ],
    );
  });

  it("does not make a relative link whose path holds characters no URL writes raw (a shell command, a template) an address on the feed's host", () => {
    const feed = parseFeed(
      `<rss version="2.0"><channel><title>T</title>` +
        `<item><title>a</title><link>|date >/tmp/bad-item-link.txt</link></item>` +
        `<item><title>b</title><link>/posts/{id}</link></item>` +
        `<item><title>c</title><link>/search?q=a|b</link></item>` +
        `<item><title>d</title><link>/files/My Podcast.mp3</link></item>` +
        `</channel></rss>`,
      "https://ex.com/feed.xml",
    );
    assert.deepEqual(
      feed?.items.map((i) => i.url),
      [null, null, "https://ex.com/search?q=a|b", "https://ex.com/files/My%20Podcast.mp3"],
    );
  });

  it("reads a JSON Feed cut off before it closes up to the cut, as a cut XML feed is read", () => {
    const head = `{"title": "And now it’s all this", "feed_url": "http://ex.com/feed.json", "items": [`;
    const one = JSON.stringify({ id: "1", url: "http://ex.com/1", title: "One", summary: "First." });
    const two = JSON.stringify({ id: "2", url: "http://ex.com/2", title: "Two", author: { name: "Dr. Drang" }, summary: "Second." });
    const cut = parseFeed(head + one + ", " + two.slice(0, two.indexOf("summary")), "http://ex.com/feed.json");
    assert.equal(cut?.format, "json");
    assert.deepEqual(
      cut?.items.map((i) => [i.id, i.title, i.author, i.summary]),
      [
        ["1", "One", null, "First."],
        ["2", "Two", "Dr. Drang", null],
      ],
    );
    // Nothing whole before the cut, or no feed's keys: not a feed.
    assert.equal(parseFeed(`{"title": "T", "items": [{"url": "http://ex.com/1", "tit`, "http://ex.com/f.json"), null);
    assert.equal(parseFeed(`{"data": [{"id": 1}, {"id": 2}], "next": "htt`, "http://ex.com/f.json"), null);
  });
});

describe("feeds, an outside read", () => {
  it("keeps a summary that reads on after 'Read more on' or 'Continue reading at': only a place's name gives way", () => {
    const feed = parseFeed(
      `<rss version="2.0"><channel><title>T</title>` +
        `<item><title>a</title><link>https://ex.com/a</link><description>Read more on how we rebuilt our search engine</description></item>` +
        `<item><title>b</title><link>https://ex.com/b</link><description>Continue reading at your own risk</description></item>` +
        `<item><title>c</title><link>https://ex.com/c</link><description>Continue reading on Towards Data Science »</description></item>` +
        `<item><title>d</title><link>https://ex.com/d</link><description>Read more at BBC News</description></item>` +
        `</channel></rss>`,
      "https://ex.com/f",
    );
    assert.deepEqual(
      feed?.items.map((i) => i.summary),
      ["Read more on how we rebuilt our search engine", "Continue reading at your own risk", null, null],
    );
  });
});

describe("feeds, an outside read (dates with numbers, titles naming tags)", () => {
  it("reads a numeric date's time, 12-hour clock and zone, day first with dots, never month first as V8 would", () => {
    assert.equal(toIsoDate("05.03.2024 10:30:00 +0100"), "2024-03-05T09:30:00.000Z");
    assert.equal(toIsoDate("Di, 05.03.2024 10:30 +0100"), "2024-03-05T09:30:00.000Z");
    assert.equal(toIsoDate("05.03.2024 10:30 MEZ"), "2024-03-05T09:30:00.000Z");
    assert.equal(toIsoDate("05.03.2024, 09:30"), "2024-03-05T09:30:00.000Z");
    assert.equal(toIsoDate("13/03/2024 09:30 PM"), "2024-03-13T21:30:00.000Z");
    assert.equal(toIsoDate("24/09/2018 10:00 +0200"), "2018-09-24T08:00:00.000Z");
    assert.equal(toIsoDate("12/31/2018 10:00 PM EST"), "2019-01-01T03:00:00.000Z");
    // Ambiguous without a 12-hour clock; with one, the US's order (.NET's en-US default).
    assert.equal(toIsoDate("05/09/2018 10:00 +0200"), null);
    assert.equal(toIsoDate("05-03-2024 09:30 +0000"), null);
    assert.equal(toIsoDate("3/5/2024 9:30:00 AM"), "2024-03-05T09:30:00.000Z");
    assert.equal(toIsoDate("13/03/2024 13:30 PM"), null);
    // Fractions of a second are kept.
    assert.equal(toIsoDate("05.03.2024 10:30:00.123 +01:00"), "2024-03-05T09:30:00.123Z");
  });

  it("reads an ISO date whose offset is followed by its zone's name", () => {
    assert.equal(toIsoDate("2024-03-05T04:30:00-05:00 EST"), "2024-03-05T09:30:00.000Z");
    assert.equal(toIsoDate("2024-03-05T10:30:00+01:00 CET"), "2024-03-05T09:30:00.000Z");
  });

  it("keeps a closing tag named in a title's prose, and reads a title that closes what it opens as HTML", () => {
    const feed = parseFeed(
      `<rss version="2.0"><channel><title>T</title>` +
        `<item><title>Why &lt;/div&gt; matters</title><link>https://ex.com/a</link></item>` +
        `<item><title>&lt;b&gt;Bold&lt;/b&gt; move</title><link>https://ex.com/b</link></item>` +
        `<item><title>Why &amp;lt;/p&amp;gt; breaks</title><link>https://ex.com/c</link></item>` +
        `</channel></rss>`,
      "https://ex.com/f",
    );
    assert.deepEqual(
      feed?.items.map((i) => i.title),
      ["Why </div> matters", "Bold move", "Why </p> breaks"],
    );
  });

  it("reads XML's own escapes that lost their semicolon in plain text, not a URL's parameters", () => {
    const feed = parseFeed(
      `<rss version="2.0"><channel><title>Q &amp A weekly</title>` +
        `<item><title>Tips &amp tricks: ?a=1&amp;b=2 &ampx &copy=3</title><link>https://ex.com/a</link></item></channel></rss>`,
      "https://ex.com/f",
    );
    assert.equal(feed?.feed.title, "Q & A weekly");
    assert.equal(feed?.items[0]?.title, "Tips & tricks: ?a=1&b=2 &ampx &copy=3");
  });
});

describe("feeds of a twelfth review", () => {
  it("reads an emoji written as two surrogate references as the one character, and leaves out references to NUL and U+FFFE", () => {
    const feed = parseFeed(
      `<rss version="2.0"><channel><title>T</title>` +
        `<item><title>I &#xD83D;&#xDE00; it &#55357;&#56832;</title><link>https://ex.com/a</link>` +
        `<description>&lt;p&gt;Java &amp;#55357;&amp;#56832; escaped&lt;/p&gt;</description></item>` +
        `<item><title>a&#0;b&#x0000;c&#xFFFE;d&#65535;e &#xD83D;x</title><link>https://ex.com/b</link></item>` +
        `</channel></rss>`,
      "https://ex.com/f",
    );
    assert.equal(feed?.items[0]?.title, "I 😀 it 😀");
    assert.equal(feed?.items[0]?.summary, "Java 😀 escaped");
    // A lone half stays the replacement character it is in HTML.
    assert.equal(feed?.items[1]?.title, "abcde \uFFFDx");
    const json = parseFeed(
      `{"version":"https://jsonfeed.org/version/1.1","title":"J","items":[{"id":"1","url":"https://ex.com/1","content_html":"<p>Hi &#55357;&#56832;</p>"}]}`,
      "https://ex.com/f",
    );
    assert.equal(json?.items[0]?.summary, "Hi 😀");
  });

  it("reads the usual short month names of Dutch, Austrian German, French and Russian (mrt, Jän, juill., сент.)", () => {
    assert.equal(toIsoDate("di, 05 mrt 2024 10:30:00 +0100"), "2024-03-05T09:30:00.000Z");
    assert.equal(toIsoDate("05 mrt. 2024"), "2024-03-05T00:00:00.000Z");
    assert.equal(toIsoDate("Di, 05 Mrz 2024 10:30:00 +0100"), "2024-03-05T09:30:00.000Z");
    assert.equal(toIsoDate("05 Jän 2024"), "2024-01-05T00:00:00.000Z");
    assert.equal(toIsoDate("5 juill. 2024"), "2024-07-05T00:00:00.000Z");
    assert.equal(toIsoDate("05 febr. 2024"), "2024-02-05T00:00:00.000Z");
    assert.equal(toIsoDate("05 февр. 2024"), "2024-02-05T00:00:00.000Z");
    assert.equal(toIsoDate("05 сент. 2024"), "2024-09-05T00:00:00.000Z");
    assert.equal(toIsoDate("05 нояб. 2024"), "2024-11-05T00:00:00.000Z");
  });

  it("leaves out a newsletter's preview-line filler but keeps the non-joiner Persian writes between letters", () => {
    assert.equal(htmlToPlainText(`<p>Hello${" &#847;&zwnj;&nbsp;".repeat(20)} World</p>`), "Hello World");
    assert.equal(htmlToPlainText("plain &#847;text"), "plain text");
    assert.equal(
      htmlToPlainText("<p>\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645</p>"),
      "\u0645\u06CC\u200C\u062E\u0648\u0627\u0647\u0645",
    );
    assert.equal(htmlToPlainText("<p>\u{1F468}\u200D\u{1F469}\u200D\u{1F467}</p>"), "\u{1F468}\u200D\u{1F469}\u200D\u{1F467}");
  });

  it("reads a raw '<' before what can start no XML name as text, not as an element that swallows the closing tag", () => {
    const feed = parseFeed(
      `<rss version="2.0"><channel><title>T <= 5</title>` +
        `<item><title>I <3 you</title><link>https://ex.com/a</link><description>x <- y, <![CDATA[<3 kept <b>b</b>]]></description></item>` +
        `<item><title>Next</title><link>https://ex.com/b</link></item></channel></rss>`,
      "https://ex.com/f",
    );
    assert.equal(feed?.feed.title, "T <= 5");
    assert.equal(feed?.items.length, 2);
    assert.equal(feed?.items[0]?.title, "I <3 you");
    assert.equal(feed?.items[0]?.url, "https://ex.com/a");
    assert.equal(feed?.items[0]?.summary, "x <- y, <3 kept b");
    assert.equal(feed?.items[1]?.title, "Next");
  });
});
