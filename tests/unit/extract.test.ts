import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { gunzipSync } from "node:zlib";
import { describe, it } from "node:test";
import { parseDocument } from "htmlparser2";
import { countWords, extractMainContent } from "../../lib/capabilities/extract";
import { toMarkdown } from "../../lib/capabilities/extract/markdown";
import { cleanTitle, pageMetadata } from "../../lib/capabilities/extract/metadata";
import { textWords } from "../../lib/html/dom";
import { parsePage } from "../../lib/html/parse";
import { decodeBody } from "../../lib/net/charset";
import { ARTICLE_PAGE } from "../support/fixture-site";
import { htmlPage } from "../support/pages";

const page = (html: string, finalUrl = "https://site.test/guides/brewing?ref=1") => htmlPage(html, finalUrl);

describe("content extraction: Markdown", () => {
  const parsed = parsePage(page(ARTICLE_PAGE));
  const { markdown, links, wordCount } = extractMainContent(parsed);

  it("keeps the article and drops banners, navigation, share widgets, related lists, comment forms and footers", () => {
    assert.match(markdown, /^# Brewing Guide/);
    for (const gone of ["We use cookies", "Menu A", "Share on X", "Other post", "Post comment", "Privacy", "Fixture Coffee"]) {
      assert.ok(!markdown.includes(gone), `${gone} should be left out`);
    }
  });

  it("writes ATX headings, emphasis and absolute links against <base>", () => {
    assert.match(markdown, /^## Ratios$/m);
    assert.match(markdown, /Good coffee starts with \*\*fresh beans\*\* and \*clean water\*\./);
    assert.match(markdown, /\[grinding notes\]\(https:\/\/site\.test\/guides\/grinding\)/);
  });

  it("writes GFM tables with a header row and links in cells", () => {
    assert.match(markdown, /^\| Method \| Coffee \| Water \|$/m);
    assert.match(markdown, /^\| --- \| --- \| --- \|$/m);
    assert.match(markdown, /^\| \[Pour-over\]\(https:\/\/site\.test\/methods\/pour-over\) \| 15 g \| 250 g \|$/m);
  });

  it("writes nested lists, blockquotes and fenced code with its language and line breaks", () => {
    assert.match(markdown, /^1\. Heat the water\.\n {3}- Use 94 °C\.\n {3}- Filtered if you can\.\n2\. Grind the beans\.$/m);
    assert.match(markdown, /^> Café culture is patience\.$/m);
    assert.match(markdown, /```python\ndef brew\(grams\):\n {4}return grams \* 16\n```/);
  });

  it("keeps images with alt text and absolute URLs, never data: blobs", () => {
    assert.match(markdown, /!\[A kettle\]\(https:\/\/site\.test\/img\/kettle\.jpg\)/);
    assert.ok(!markdown.includes("data:"));
  });

  it("lists the content's links, absolute and de-duplicated, and counts words", () => {
    assert.deepEqual(links, [
      { url: "https://site.test/guides/grinding", text: "grinding notes" },
      { url: "https://site.test/methods/pour-over", text: "Pour-over" },
    ]);
    assert.ok(wordCount > 40 && wordCount < 90, `word count ${wordCount}`);
  });

  it("reads metadata: title without the site suffix, byline, description, absolute canonical", () => {
    assert.deepEqual(pageMetadata(parsed), {
      title: "Brewing Guide",
      byline: "Ada Roaster",
      description: "How we brew.",
      canonical_url: "https://site.test/guides/brewing",
    });
  });

  it("answers an empty Markdown for a page without content", () => {
    const empty = extractMainContent(parsePage(page("<html><body><nav><a href='/'>Home</a></nav><footer>©</footer></body></html>")));
    assert.equal(empty.markdown, "");
    assert.equal(empty.wordCount, 0);
  });

  it("keeps every item of a listing and every post of a forum thread", () => {
    const listing = `<body><header>Shop</header><main><h1>Mugs</h1><ul class="products">${Array.from({ length: 6 }, (_, i) => `<li><a href="/m/${i}">Mug ${i}</a> <span>$${10 + i}.00</span></li>`).join("")}</ul></main><aside class="sidebar">Filters</aside></body>`;
    const md = extractMainContent(parsePage(page(listing))).markdown;
    for (let i = 0; i < 6; i++) assert.ok(md.includes(`Mug ${i}`) && md.includes(`$${10 + i}.00`));
    assert.ok(!md.includes("Filters"));
    const forum = `<body><nav>Forums</nav><div class="thread">${Array.from({ length: 3 }, (_, i) => `<div class="post"><span class="user">user${i}</span><p>Reply number ${i} with some words in it.</p></div>`).join("")}</div></body>`;
    const fmd = extractMainContent(parsePage(page(forum))).markdown;
    for (let i = 0; i < 3; i++) assert.ok(fmd.includes(`Reply number ${i}`));
  });

  it("leaves out the author panel of each forum post (join date, post counts)", () => {
    const post = (i: number) =>
      `<article class="message"><div class="message-cell"><div class="message-user"><h4>member${i}</h4><dl><dt>Joined</dt><dd>Jun 15, 2024</dd><dt>Messages</dt><dd>275</dd></dl></div></div>` +
      `<div class="message-cell"><div class="message-userContent"><p>${`Post ${i} compares the two graphics cards on noise and price. `.repeat(3)}</p></div></div></article>`;
    const md = extractMainContent(parsePage(page(`<body><main><h1>Which GPU?</h1>${[1, 2, 3].map(post).join("")}</main></body>`))).markdown;
    assert.match(md, /Post 3 compares/);
    assert.ok(!md.includes("Joined") && !md.includes("member2"), md);
  });

  it("leaves out interface strings repeated across items, keeping prices", () => {
    const rows = Array.from(
      { length: 4 },
      (_, i) => `<li><h3>Book ${i}</h3><p>A story about chapter ${i} and more.</p><span>Rate this book</span><span>$9.99</span></li>`,
    ).join("");
    const again = `<li><h3>Book 1</h3><p>The same book in a second list.</p></li>`.repeat(2);
    const md = extractMainContent(parsePage(page(`<body><main><h1>Books</h1><ul>${rows}${again}</ul></main></body>`))).markdown;
    assert.ok(!md.includes("Rate this book"));
    assert.equal(md.match(/\$9\.99/g)?.length, 4);
    assert.equal(md.match(/### Book 1$/gm)?.length, 3, md);
  });

  it("keeps repeated field labels, sentence pieces beside inline markup, and repeated code", () => {
    const tools = Array.from(
      { length: 4 },
      (_, i) => `<li><h3>Tool ${i}</h3><p><strong>Plan to spend:</strong> $${i}0</p><p><span>Rate this tool</span></p></li>`,
    ).join("");
    const steps = Array.from({ length: 3 }, (_, i) => `<li>At the <b>Start ${i}</b> menu, click <b>Open</b>.</li>`).join("");
    const code = [1, 2, 3].map((i) => `<p>Step ${i}: run <code>go get example</code> here.</p>`).join("");
    const md = extractMainContent(
      parsePage(page(`<body><main><h1>Tools</h1><ul>${tools}</ul><ol>${steps}</ol>${code}</main></body>`)),
    ).markdown;
    assert.equal(md.match(/Plan to spend\*\*:/g)?.length, 4, md);
    assert.equal(md.match(/At the \*\*Start \d\*\* menu, click/g)?.length, 3, md);
    assert.equal(md.match(/`go get example`/g)?.length, 3, md);
    assert.ok(!md.includes("Rate this tool"), md);
  });

  it("keeps a repeated value that follows its field's label (arXiv's 'Subjects: Artificial Intelligence')", () => {
    const paper = (i: number) =>
      `<dt><a href="/abs/${i}">arXiv:${i}</a></dt><dd><div class="list-title">Paper number ${i} on planning</div><div class="list-subjects"><span class="descriptor">Subjects:</span> <span class="primary-subject">Artificial Intelligence (cs.AI)</span></div><div><span>Rate this paper</span></div></dd>`;
    const md = extractMainContent(
      parsePage(page(`<body><main><h1>Recent</h1><dl>${[1, 2, 3, 4].map(paper).join("")}</dl></main></body>`)),
    ).markdown;
    assert.equal(md.match(/Artificial Intelligence \(cs\.AI\)/g)?.length, 4, md);
    assert.ok(!md.includes("Rate this paper"), md);
  });

  it("keeps a category page's prose and drops its product grid, but keeps a grid that is the whole page", () => {
    const cards = Array.from(
      { length: 8 },
      (_, i) =>
        `<div class="card"><a href="/p/${i}"><img src="/i/${i}.jpg" alt="Shelf ${i}"></a><a href="/p/${i}">Shelf ${i}</a> $${i}9</div>`,
    ).join("");
    const prose = `<p>${"Our shelving range suits small rooms and large spaces alike, in wood and metal. ".repeat(20)}</p>`;
    const withProse = extractMainContent(
      parsePage(page(`<body><main><h1>Shelves</h1><div class="grid">${cards}</div>${prose}</main></body>`)),
    ).markdown;
    assert.match(withProse, /Our shelving range/);
    assert.ok(!withProse.includes("Shelf 3"));
    const gridOnly = extractMainContent(
      parsePage(page(`<body><main><h1>Shelves</h1><div class="grid">${cards}</div></main></body>`)),
    ).markdown;
    assert.match(gridOnly, /\[Shelf 3\]\(https:\/\/site\.test\/p\/3\)/);
    assert.ok(!gridOnly.includes("![Shelf 3]"), "the thumbnail duplicates the text link");
  });

  it("drops a list of teasers (a linked heading and its blurb) beside an article's prose, but keeps an accordion's panels", () => {
    const teaser = (i: number) =>
      `<li><h2><a href="/course/${i}">Course ${i}</a></h2><p>Learn how to leverage content and technical features, always updated online for you.</p></li>`;
    const lessons = `<li>A message from your instructor about the course</li><li>Download the course presentation and the notes</li>`;
    const panel = (i: number) =>
      `<div class="panel"><h4><a href="#collapse-${i}">Module ${i}</a></h4><div id="collapse-${i}"><ul><li>Lesson ${i}: basics</li>${lessons}</ul></div></div>`;
    const prose = `<p>${"Digital marketing reaches customers where they spend their time online, through many channels. ".repeat(20)}</p>`;
    const md = extractMainContent(
      parsePage(
        page(
          `<body><article><h1>Marketing</h1>${prose}<ul>${[1, 2, 3, 4].map(teaser).join("")}</ul><div>${[1, 2, 3, 4].map(panel).join("")}</div></article></body>`,
        ),
      ),
    ).markdown;
    assert.match(md, /Digital marketing reaches/);
    assert.ok(!md.includes("Course 3"), md);
    assert.match(md, /Lesson 3: basics/);
  });

  it("keeps a table of contents written with full URLs and a heading whose section goes on after a dropped list of links", () => {
    const paragraph = (i: number) =>
      `<p>Section ${i} of the guide explains how business schools weigh essays, interviews and test scores in admissions. ${"Admissions committees read every part of the file with care and compare candidates. ".repeat(6)}</p>`;
    const contents = `<ul><li><a href="https://site.test/guides/brewing#s1">Essays and their weight</a></li><li><a href="/guides/brewing#s2">Interviews and their weight</a></li><li><a href="/guides/brewing#s3">Scores and their weight</a></li></ul>`;
    const further = `<h2>Further reading and admissions notes</h2><ul><li><a href="/a">Essay samples that worked</a></li><li><a href="/b">Interview questions asked</a></li><li><a href="/c">Score ranges by school</a></li></ul><p>Admissions notes: deadlines fall in three rounds, and the second round is the busiest one.</p>`;
    const long = extractMainContent(
      parsePage(
        page(
          `<body><article><h1>Top MBA programs</h1>${contents}${Array.from({ length: 12 }, (_, i) => paragraph(i)).join("")}${further}</article></body>`,
        ),
      ),
    ).markdown;
    assert.match(long, /Essays and their weight/);
    assert.doesNotMatch(long, /Essay samples that worked/);
    assert.match(long, /^## Further reading and admissions notes\n\nAdmissions notes: deadlines/m);
  });

  it("drops a comment form whose textarea sits in its label", () => {
    const form = `<form action="/write"><h3>Leave a reply to this guide</h3><p>Your email address will not be published, and required fields are marked with a star; every message is read by an editor before it appears under the guide, usually within a day or two of being sent to us.</p><label>Comment <textarea name="comment"></textarea></label><label>Name <input name="author"></label></form>`;
    const article = `<p>${"The guide explains how to brew coffee at home with simple tools and fresh beans. ".repeat(20)}</p>`;
    const md = extractMainContent(parsePage(page(`<body><article><h1>Brewing</h1>${article}${form}</article></body>`))).markdown;
    assert.match(md, /brew coffee at home/);
    assert.doesNotMatch(md, /Leave a reply/);
  });

  it("drops lists that only link to other pages beside a long read, and keeps them on short pages, with text beside the links, or linking within the page", () => {
    const paragraph = (i: number) =>
      `<p>Section ${i} of the guide explains how business schools weigh essays, interviews and test scores in admissions. ${"Admissions committees read every part of the file with care and compare candidates. ".repeat(6)}</p>`;
    const moreOn = `<h4>More on HBS:</h4><ul><li><a href="/hbs/essay">Best strategies for the HBS essay</a></li><li><a href="/hbs/interview">Guide to the HBS interview</a></li><li><a href="/hbs/life">Work and life at Harvard</a></li></ul>`;
    const described = `<ul><li><a href="/a">Essay guide</a> with samples of accepted essays</li><li><a href="/b">Interview guide</a> with questions</li><li><a href="/c">Test guide</a> for the GMAT</li></ul>`;
    const contents = `<ul><li><a href="#s1">Essays and their weight</a></li><li><a href="#s2">Interviews and their weight</a></li><li><a href="#s3">Scores and their weight</a></li></ul>`;
    const article = (sections: number) =>
      extractMainContent(
        parsePage(
          page(
            `<body><article><h1>Top MBA programs</h1>${contents}${Array.from({ length: sections }, (_, i) => paragraph(i)).join("")}${moreOn}${described}</article></body>`,
          ),
        ),
      ).markdown;
    const long = article(12);
    assert.doesNotMatch(long, /Best strategies for the HBS essay|More on HBS/);
    assert.match(long, /\[Essay guide\]\(https:\/\/site\.test\/a\) with samples/);
    assert.match(long, /Essays and their weight/);
    assert.match(article(2), /Best strategies for the HBS essay/);
  });
  it("leaves out the thumbnails of list items that have their own text, keeping images elsewhere", () => {
    const items = Array.from(
      { length: 3 },
      (_, i) =>
        `<li><img src="/t/${i}.jpg" alt="Long description of thumbnail ${i}"><h3>Post ${i}</h3><p>Excerpt ${i} of the post.</p></li>`,
    ).join("");
    const md = extractMainContent(
      parsePage(page(`<body><main><h1>Blog</h1><ul>${items}</ul><figure><img src="/f.jpg" alt="A figure"></figure></main></body>`)),
    ).markdown;
    assert.ok(!md.includes("Long description of thumbnail"));
    assert.match(md, /!\[A figure\]\(https:\/\/site\.test\/f\.jpg\)/);
  });

  it("leaves out customer reviews on a page that declares a product, and only there", () => {
    const body = `<main><h1>Mug</h1><p>${"A sturdy stoneware mug for coffee and tea. ".repeat(8)}</p><section id="customer-reviews"><h2>Reviews</h2><p>${"Great mug, would buy again. ".repeat(8)}</p></section></main>`;
    const ld = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Mug"}</script>`;
    const product = extractMainContent(parsePage(page(`<html><head>${ld}</head><body>${body}</body></html>`))).markdown;
    assert.match(product, /sturdy stoneware mug/);
    assert.ok(!product.includes("Great mug"));
    const article = extractMainContent(parsePage(page(`<html><body>${body}</body></html>`))).markdown;
    assert.match(article, /Great mug/);
  });

  it("leaves out a customer-reviews section beside the page's own prose even when no product is declared", () => {
    const html = `<body><main><h1>Book</h1><p>${"The book explains how small habits add up over years. ".repeat(20)}</p><div class="celwidget customer-reviews_feature_div"><p>${"Five stars, changed my mornings completely. ".repeat(30)}</p></div></main></body>`;
    const md = extractMainContent(parsePage(page(html))).markdown;
    assert.match(md, /small habits add up/);
    assert.ok(!md.includes("Five stars"), md);
  });

  it("writes a picture once, and leaves its alt text empty when it only repeats the content's words", () => {
    const card = `<a href="/p/1"><img src="/m/1.jpg" alt="Scaling storytelling at Netflix"><img src="/m/1.jpg" alt="Scaling storytelling at Netflix"><h2>Scaling storytelling at Netflix</h2></a>`;
    const html = `<body><main>${card}<p>${"How the analytics team rebuilt its pipeline. ".repeat(6)}</p><img src="/m/2.jpg" alt="A chart of weekly viewers"></main></body>`;
    const md = extractMainContent(parsePage(page(html))).markdown;
    assert.equal(md.match(/m\/1\.jpg/g)?.length, 1, md);
    assert.match(md, /!\[\]\(https:\/\/site\.test\/m\/1\.jpg\)/);
    assert.match(md, /!\[A chart of weekly viewers\]\(https:\/\/site\.test\/m\/2\.jpg\)/);
    const logos = [1, 2, 3].map((n) => `<img src="/logo/${n}.svg" alt="Next.js Logo">`).join("");
    const partners = extractMainContent(
      parsePage(page(`<body><main><h1>Partners</h1>${logos}<p>${"We work with shops of every size. ".repeat(6)}</p></main></body>`)),
    ).markdown;
    assert.ok(!partners.includes("Next.js Logo"), partners);
    assert.match(partners, /!\[\]\(https:\/\/site\.test\/logo\/3\.svg\)/);
  });

  it("keeps an FAQ accordion marked as a tablist and the panels of inactive tabs", () => {
    const faq = `<div role="tablist"><button role="tab">Do you deliver?</button><div role="tabpanel"><p>${"We deliver to every town in the region within two days. ".repeat(5)}</p></div></div>`;
    const tabs = `<div role="tabpanel" hidden><p>${"The second tab explains the insurance that covers every trip. ".repeat(5)}</p></div>`;
    const html = `<body><main><h1>Help</h1><p>${"Answers to the questions people ask us. ".repeat(3)}</p><section><h2>FAQ</h2>${faq}</section>${tabs}</main></body>`;
    const md = extractMainContent(parsePage(page(html))).markdown;
    assert.match(md, /We deliver to every town/);
    assert.match(md, /insurance that covers every trip/);
  });

  it("never takes a paragraph full of links or the rows of a table for a grid of cards", () => {
    const links = Array.from({ length: 6 }, (_, i) => `<a href="/cam/${i}">Camera ${i}</a>`).join(", ");
    const rows = Array.from({ length: 6 }, (_, i) => `<tr><td><a href="/p/${i}">Laureate ${i}</a></td></tr>`).join("");
    const html = `<body><main><h1>Dash cams</h1><p>Our newest cameras: ${links}.</p><table><tbody>${rows}</tbody></table><p>${"Guidance on choosing a camera for long drives at night. ".repeat(30)}</p></main></body>`;
    const md = extractMainContent(parsePage(page(html))).markdown;
    assert.match(md, /Our newest cameras: \[Camera 0\]/);
    assert.match(md, /Laureate 5/);
  });

  it("leaves out a list item that a rule left out, but no item whose sentence holds links", () => {
    // Links an editor coloured, each in its own <span>, between the sentences of one item: text, not a grid of four cards.
    const link = (i: number) => `<span style="color:#00f"><a href="/switch/${i}">Creamy switch ${i}</a></span>`;
    const sentence = `<li>Unsure whether you prefer the tactility of ${link(1)}? The smoothness of ${link(2)}? Or the feedback of ${link(3)}? Buy ${link(4)} to test them first.</li>`;
    const cards = Array.from(
      { length: 4 },
      (_, i) => `<div class="card"><a href="/kb/${i}"><img src="/kb/${i}.jpg" alt=""></a><a href="/kb/${i}">Keyboard ${i}</a></div>`,
    ).join("");
    const prose = `<p>${"A hot-swappable board lets you change switches without solder or tools. ".repeat(25)}</p>`;
    const html = `<body><main><h1>Hot-swap keyboards</h1>${prose}<ul><li>Sockets take most three- and five-pin switches.</li>${sentence}<li>${cards}</li><li><a href="/switches/all">Show all switches</a></li></ul></main></body>`;
    const md = extractMainContent(parsePage(page(html))).markdown;
    assert.match(md, /Or the feedback of \[Creamy switch 3\]/);
    assert.match(md, /Sockets take most/);
    // The grid of cards beside the prose and the "Show all" link go with their items, leaving no empty marker.
    assert.ok(!md.includes("Keyboard 2"), md);
    assert.ok(!md.includes("Show all switches"), md);
    assert.ok(!/^- *$/m.test(md), md);
  });

  it("writes text that the page carries twice (mobile and desktop copies) once, but keeps repeated code, table rows and numbered steps", () => {
    const description = `<p>Make each cup of tea feel special with a wheel thrown mug.</p><ul><li>Handmade stoneware fired twice in our own kiln</li></ul>`;
    const code = "<pre><code>echo one two three four five six\necho one two three four five six</code></pre>";
    const table =
      "<table><tr><th>Size</th><th>Count</th></tr><tr><td>One two three four five six</td><td>7</td></tr><tr><td>One two three four five six</td><td>7</td></tr></table>";
    const steps = (os: string) =>
      `<h2>${os}</h2><ol><li>Download the installer from the releases page.</li><li>Open it on ${os}.</li></ol>`;
    const html = `<body><main><h1>Mug</h1><div class="mobile">${description}</div><div class="desktop">${description}</div>${code}${table}${steps("macOS")}${steps("Windows")}</main></body>`;
    const md = extractMainContent(parsePage(page(html))).markdown;
    assert.equal(md.match(/wheel thrown mug/g)?.length, 1, md);
    assert.equal(md.match(/fired twice/g)?.length, 1, md);
    assert.equal(md.match(/echo one two/g)?.length, 2, md);
    assert.equal(md.match(/\| One two three/g)?.length, 2, md);
    // Numbered steps are data too: each platform's list starts at its first step.
    assert.equal(md.match(/^1\. Download the installer/gm)?.length, 2, md);
  });

  it("reads content that a script-rendered page keeps in <noscript>", () => {
    const html = `<body><div id="app">Loading</div><noscript><article><h1>Server copy</h1><p>${"Readable words for crawlers. ".repeat(10)}</p></article></noscript></body>`;
    assert.match(extractMainContent(parsePage(page(html))).markdown, /# Server copy/);
  });

  it("reads a stray <![CDATA[ in the body as HTML does (a comment to the next >), not as a section that swallows the page", () => {
    const html = `<body><![CDATA[\n<div id="top"></div><main><h1>Thread</h1><p>${"Posts people wrote in reply. ".repeat(10)}</p></main><script>//<![CDATA[\nvar a = 1 > 0;\n//]]></script></body>`;
    const parsed = parsePage(page(html));
    assert.match(extractMainContent(parsed).markdown, /# Thread\n\nPosts people wrote/);
    const script = parsed.doc.children.length && JSON.stringify(parsed.page.text.match(/<script>[\s\S]*<\/script>/)?.[0]);
    assert.match(String(script), /<!\[CDATA\[/);
  });

  it("judges a class-flagged box against what surrounds its wrapper, not the wrapper alone", () => {
    const answer = (n: number) =>
      `<div class="answer"><div class="answer-body"><p>${`Answer ${n} explains why a mirror is not a backup of your data. `.repeat(4)}</p></div>` +
      `<div class="answer-tools"><div class="share-bar"><p>${"Send this answer to a friend by mail or message. ".repeat(2)}</p></div><a href="/flag">Flag</a></div></div>`;
    const html = `<body><main><h1>Question</h1>${answer(1)}${answer(2)}</main></body>`;
    const md = extractMainContent(parsePage(page(html))).markdown;
    assert.match(md, /Answer 2 explains/);
    assert.ok(!md.includes("Send this answer"), md);
  });

  it("leaves out readers' comments beside an article, however long, but keeps a thread made of comments", () => {
    const comments = `<section id="comments"><ol class="comment-list">${`<li class="comment"><p>${"I disagree with the author on several points here. ".repeat(6)}</p></li>`.repeat(12)}</ol></section>`;
    const article = `<body><article><h1>Story</h1><p>${"The story itself tells what happened at the meeting. ".repeat(20)}</p>${comments}</article></body>`;
    const md = extractMainContent(parsePage(page(article))).markdown;
    assert.match(md, /what happened at the meeting/);
    assert.ok(!md.includes("I disagree"), md);
    const thread = `<body><main><h1>Link: a new release</h1><p><a href="https://example.com/r">example.com</a></p>${comments}</main></body>`;
    assert.match(extractMainContent(parsePage(page(thread))).markdown, /I disagree with the author/);
    // A few words named for comments are a listing's field, not a conversation (arXiv's "Comments: 10 pages").
    const paper = (i: number) =>
      `<dt><a href="/abs/${i}">arXiv:${i}</a></dt><dd><div class="list-title">Title: Paper ${i} on common ground</div><div class="list-comments">Comments: ${i + 8} pages, 4 figures</div><p>${"An abstract that explains the method and the results in some detail. ".repeat(6)}</p></dd>`;
    const listing = extractMainContent(
      parsePage(page(`<body><main><h1>Recent</h1><dl>${[1, 2, 3].map(paper).join("")}</dl></main></body>`)),
    ).markdown;
    assert.match(listing, /Comments: 10 pages, 4 figures/);
  });

  it("leaves out an inline box of related links titled inside it, and keeps the story's paragraphs after it", () => {
    const para = (n: number) =>
      `<p>Paragraph ${n} of the story: ${"the council met again and the vote was postponed to the spring. ".repeat(3)}</p>`;
    const box = `<div data-area="related_articles"><section><h3>Mehr zum Thema</h3><ul><li><a href="/a">Haushalt: Der Rat vertagt die Abstimmung</a></li><li><a href="/b">Interview mit der Bürgermeisterin</a></li></ul></section></div>`;
    const md = extractMainContent(parsePage(page(`<body><main><h1>Rat</h1>${para(1)}${box}${para(2)}${para(3)}</main></body>`))).markdown;
    assert.match(md, /Paragraph 3 of the story/);
    assert.ok(!md.includes("Mehr zum Thema") && !md.includes("Interview mit"), md);
  });

  it("reads a shop's suggestions in German and French, a label that labels no control, and Shopware's block--element classes", () => {
    const product = `<script type="application/ld+json">{"@type":"Product","name":"Kaffeemühle"}</script>`;
    const description = `<p>${"Die Kaffeemühle mahlt gleichmäßig und leise, mit einem Kegelmahlwerk aus Stahl. ".repeat(5)}</p>`;
    const price = `<label id="productPrice" class="price"><span class="price">89,00 €</span></label><label for="qty">Menge</label><input id="qty">`;
    const also = (title: string) =>
      `<h2>${title}</h2><ul><li><a href="/p/1">Milchaufschäumer Pro</a></li><li><a href="/p/2">Espressotassen im Set</a></li></ul>`;
    const reviews = `<div class="content--product-reviews"><p>${"Sehr gute Mühle, ich bin zufrieden mit dem Kauf. ".repeat(4)}</p></div>`;
    const html = `<head>${product}</head><body><main><h1>Kaffeemühle</h1>${price}${description}${reviews}${also("Kunden, die diesen Artikel gekauft haben, kauften auch")}${also("12 autres produits dans la même catégorie :")}</main></body>`;
    const md = extractMainContent(parsePage(page(html))).markdown;
    assert.match(md, /89,00 €/);
    assert.match(md, /Kegelmahlwerk/);
    for (const gone of ["Menge", "Sehr gute Mühle", "Milchaufschäumer", "autres produits"])
      assert.ok(!md.includes(gone), `${gone} in ${md}`);
    // A modifier that is a content word ("--article") rescues no related box.
    const related = `<div class="related-content related-content--article"><a href="/r">Related story about chips</a></div>`;
    const story = extractMainContent(parsePage(page(`<body><article><h1>Chips</h1>${description}${related}</article></body>`))).markdown;
    assert.ok(!story.includes("Related story about chips"), story);
  });

  it("leaves out social links and share lists named 'social' ('meta__social-list', 'social-icons')", () => {
    const social = `<ul class="meta__social-list"><li><a href="https://facebook.com/x">Facebook</a></li><li><a href="https://x.com/x">X</a></li><li><a href="mailto:?body=x">Envoyer par e-mail</a></li></ul><div class="author">Instructor <span class="social-icons"><a href="mailto:a@b.c">Email</a></span></div>`;
    const md = extractMainContent(
      parsePage(
        page(
          `<body><article><h1>Budget</h1>${social}<p>${"Le conseil a voté le budget après un long débat lundi soir. ".repeat(8)}</p></article></body>`,
        ),
      ),
    ).markdown;
    assert.match(md, /Le conseil a voté/);
    for (const gone of ["Facebook", "Envoyer par e-mail", "Email"]) assert.ok(!md.includes(gone), `${gone} in ${md}`);
  });

  it("reads listings' suggestions ('Similar hotels', 'Nearby homes (5)', 'More episodes'), other feedback wordings and sponsor boxes", () => {
    const rail = (title: string) =>
      `<h2>${title}</h2><ul><li><a href="/x/1">First other one</a></li><li><a href="/x/2">Second other one</a></li></ul>`;
    const feedback = `<div class="page-feedback"><p>Did you find what you were looking for?</p><button>Yes</button><button>No</button></div>`;
    const sponsor = `<div class="sponsor-message"><p>This episode is brought to you by a meal kit company.</p></div>`;
    const html = `<body><main><h1>Episode 12: Rivers</h1>${sponsor}<p>${"We talk about rivers, floods and the towns that live beside them. ".repeat(8)}</p>${rail("Similar hotels")}${rail("Nearby homes (5)")}${rail("More episodes")}${feedback}</main></body>`;
    const md = extractMainContent(parsePage(page(html))).markdown;
    assert.match(md, /towns that live beside them/);
    for (const gone of ["other one", "Similar hotels", "looking for", "meal kit"]) assert.ok(!md.includes(gone), `${gone} in ${md}`);
  });

  it("leaves out readers' comments under a short help-centre answer, but keeps a thread under a shorter post", () => {
    const answer = `<p>${"Reset your password from the sign-in page and follow the link in the e-mail. ".repeat(5)}</p>`;
    const comment = (n: number) =>
      `<li class="comment"><p>Comment ${n}: ${"thanks, this worked for me after I cleared the cache. ".repeat(2)}</p></li>`;
    const comments = `<section class="comments"><ol class="comment-list">${[1, 2, 3].map(comment).join("")}</ol></section>`;
    const md = extractMainContent(
      parsePage(page(`<body><main><article><h1>Reset a password</h1>${answer}</article>${comments}</main></body>`)),
    ).markdown;
    assert.match(md, /Reset your password/);
    assert.ok(!md.includes("Comment 2"), md);
    // A short self-post under a long thread keeps the thread.
    const long = `<section class="comments"><ol class="comment-list">${Array.from({ length: 12 }, (_, i) => comment(i)).join("")}</ol></section>`;
    const post = `<p>${"Which password manager do you all use these days, and why? ".repeat(5)}</p>`;
    assert.match(
      extractMainContent(parsePage(page(`<body><main><h1>Password managers</h1>${post}${long}</main></body>`))).markdown,
      /Comment 11:/,
    );
  });

  it("keeps a repeated label whose colon follows its element ('<strong>Full Changelog</strong>: v2.7...v2.8')", () => {
    const release = (v: number) =>
      `<section><h2>v2.${v}</h2><p>${`Release 2.${v} fixes the parser and adds a flag for the output format. `.repeat(2)}</p><p><strong>Full Changelog</strong>: v2.${v - 1}...v2.${v}</p></section>`;
    const md = extractMainContent(
      parsePage(page(`<body><main><h1>Releases</h1>${[9, 8, 7, 6].map(release).join("")}</main></body>`)),
    ).markdown;
    assert.match(md, /\*\*Full Changelog\*\*: v2\.6\.\.\.v2\.7/);
  });

  it("keeps what a reviewer found these rules took: a section ending in a feedback question, 'Other properties', a footer's menu as a footer", () => {
    const md = (html: string) => extractMainContent(parsePage(page(html))).markdown;
    const text = (topic: string) => `<p>${`${topic} are explained here with the dates and the amounts that apply. `.repeat(3)}</p>`;
    const billing = `<body><main><h1>Billing help</h1><section><h2>Invoices</h2>${text("Invoices")}</section><section><h2>Refunds</h2><p>Refunds are issued to the original card within five business days of the request being approved.</p><p>Was this helpful?</p></section><section><h2>Taxes</h2>${text("Taxes")}</section></main></body>`;
    assert.match(md(billing), /Refunds are issued to the original card/);
    const salt = `<body><main><h1>Sodium chloride</h1><h2>Structure</h2>${text("Crystals")}<h2>Other properties</h2><p>Sodium chloride is hygroscopic and absorbs water from the air over time.</p><h2>Uses</h2>${text("Uses")}</main></body>`;
    assert.match(md(salt), /Sodium chloride is hygroscopic/);
    const footer = `<body><main><h1>Widgets</h1>${text("Widgets")}<div class="footer-menu"><p>Acme Widgets Inc, 12 Main Street, Springfield, open weekdays.</p><a href="/privacy">Privacy</a></div></main></body>`;
    assert.ok(!md(footer).includes("12 Main Street"), md(footer));
    // A blog's post and its comments both in a generic "text" class: the comments are no forum replies.
    const post = `<div class="text">${text("The new bus routes").repeat(2)}</div>`;
    const comments = `<div id="comments"><h3>3 comments</h3>${["Ann", "Tom", "Eve"].map((n) => `<div class="comment"><b>${n}</b><div class="text"><p>I think the routes are worse than before for everyone here.</p></div></div>`).join("")}</div>`;
    assert.ok(!md(`<body><main><h1>Buses</h1>${post}${comments}</main></body>`).includes("worse than before"));
    // Comments named by a BEM element class under a short answer go too.
    const answer = `<p>${"Reset your password from the sign-in page and follow the link in the e-mail. ".repeat(5)}</p>`;
    const bem = `<div class="c-article__comments"><ul>${[1, 2].map((n) => `<li><p>Comment ${n}: thanks, this worked for me after I cleared the cache.</p></li>`).join("")}</ul></div>`;
    assert.ok(!md(`<body><main><h1>Reset</h1>${answer}${bem}</main></body>`).includes("Comment 2"));
  });

  it("leaves out a 'Was this page helpful?' box with its buttons and its thanks", () => {
    const feedback = `<div class="feedback"><h2 class="feedback--title">Feedback</h2><p class="feedback--question">Was this page helpful?</p><button>Yes</button> <button>No</button><p class="feedback--response feedback--response__yes">Glad to hear it! Please tell us how we can improve.</p><p class="feedback--response">Sorry to hear that. Please tell us how we can improve.</p></div>`;
    const html = `<body><main><h1>Install</h1><p>${"Install the tool with the package manager, then run the setup command once. ".repeat(8)}</p>${feedback}</main></body>`;
    const md = extractMainContent(parsePage(page(html))).markdown;
    assert.match(md, /Install the tool/);
    for (const gone of ["helpful", "Glad to hear it", "Sorry to hear", "Feedback"]) assert.ok(!md.includes(gone), `${gone} in ${md}`);
    // MDN's wording, in a label whose buttons are web components.
    const mdn = `<body><main><h1>Using Fetch</h1><p>${"The Fetch API provides an interface for fetching resources across the network. ".repeat(8)}</p><h2>Help improve MDN</h2><fieldset><label>Was this page helpful to you?</label><div><x-button>Yes</x-button><x-button>No</x-button></div></fieldset></main></body>`;
    assert.doesNotMatch(extractMainContent(parsePage(page(mdn))).markdown, /helpful/);
  });

  it("keeps each entry's dated footer on a blog index, but not the page's footer or a post's bar of actions", () => {
    const entry = (n: number) =>
      `<article class="post"><h2><a href="/p/${n}">Post number ${n}</a></h2><p>${`Summary of post ${n}, about the release and what changed in it. `.repeat(2)}</p><footer class="entry-footer"><time datetime="2024-03-0${n}">March ${n}, 2024</time> · 4 min read · Ada Writer</footer></article>`;
    const actions = `<article class="post"><h2>Post number 4</h2><p>${"The last post of the page, with its own bar of actions under it. ".repeat(2)}</p><footer class="entry-footer"><a href="/like">Like</a> <a href="/reply">Reply</a> <a href="/report">Report</a></footer></article>`;
    const html = `<body><main><h1>Blog</h1><div class="posts">${[1, 2, 3].map(entry).join("")}${actions}</div></main><footer class="site-footer"><p>© 2024 Ada's blog, all rights reserved, made with care in a small town.</p></footer></body>`;
    const md = extractMainContent(parsePage(page(html))).markdown;
    assert.match(md, /March 3, 2024 · 4 min read · Ada Writer/);
    assert.ok(!md.includes("Report") && !md.includes("all rights reserved"), md);
  });

  it("keeps a forum's replies written with its first post's markup, even in a box named for comments", () => {
    const body = (text: string) => `<div class="Message userContent"><p>${text}</p></div>`;
    const reply = (n: number) =>
      `<li class="Item Comment"><span class="Author">user${n}</span>${body(`Reply ${n}: ${"try clearing the build cache and pinning the version. ".repeat(4)}`)}</li>`;
    const thread = `<body><main><h1>Deploy fails after upgrade</h1><div class="Discussion">${body("The deploy fails since the upgrade to the new runtime, with no error in the log. ".repeat(10))}</div><ul class="Comments">${[1, 2, 3].map(reply).join("")}</ul></main></body>`;
    const md = extractMainContent(parsePage(page(thread))).markdown;
    assert.match(md, /deploy fails since the upgrade/);
    assert.match(md, /Reply 3: try clearing the build cache/);
    // A story in an <article> with its readers' comments outside it, in the same markup: comments.
    const story = `<body><main><article><h1>Budget</h1>${body("The council passed the budget after a long debate on Monday night. ".repeat(15))}</article><ul class="Comments">${[1, 2].map(reply).join("")}</ul></main></body>`;
    assert.ok(!extractMainContent(parsePage(page(story))).markdown.includes("Reply 2"));
  });

  it("reads the page's one <article> as the content when what follows it is the page around it, but not over an introduction or replies", () => {
    const words = (text: string, n: number) => `<p>${`${text} `.repeat(n)}</p>`;
    const story = `<article class="post-body">${words("Strength training twice a week keeps muscles and bones strong.", 12)}${words("Rest days matter as much as the sessions themselves.", 12)}</article>`;
    const quotes = `<section class="section"><div class="col">${Array.from({ length: 6 }, (_, i) => `<blockquote>${"This podcast changed the way I think about my health and habits. ".repeat(2)}</blockquote><div>Listener ${i}</div>`).join("")}</div></section>`;
    const hero = `<section class="hero"><h1>Fitness Protocol</h1><div>November 2, 2022</div></section>`;
    const narrowed = extractMainContent(parsePage(page(`<body><main>${hero}<section>${story}</section>${quotes}</main></body>`))).markdown;
    assert.match(narrowed, /^# Fitness Protocol\n\nStrength training/);
    assert.match(narrowed, /Rest days matter/);
    assert.ok(!narrowed.includes("This podcast changed"), narrowed);
    // What stands before the main heading (a contact bar) does not count as an introduction.
    const contactBar = `<div class="top">${words("Call our main campus or the nurse line for appointments, any day of the week.", 2)}</div>`;
    const afterBar = extractMainContent(
      parsePage(page(`<body><main>${contactBar}${hero}<section>${story}</section>${quotes}</main></body>`)),
    ).markdown;
    assert.ok(!afterBar.includes("This podcast changed") && !afterBar.includes("nurse line"), afterBar);
    // A category page's introduction between its heading and the article keeps the wider root.
    const intro = words("The luminous allure of sterling silver is timeless, for studs and drops alike.", 2);
    const withIntro = extractMainContent(
      parsePage(page(`<body><main>${hero}${intro}<section>${story}</section>${quotes}</main></body>`)),
    ).markdown;
    assert.match(withIntro, /luminous allure/);
    // A first post marked as the article keeps the replies that outweigh it.
    const replies = Array.from(
      { length: 6 },
      (_, i) => `<div class="reply">${words(`Reply ${i}: I tried this plan and it worked for me over three months.`, 6)}</div>`,
    ).join("");
    const thread = extractMainContent(parsePage(page(`<body><main><h1>Training plans</h1>${story}${replies}</main></body>`))).markdown;
    assert.match(thread, /Reply 5: I tried this plan/);
    // What follows it in its own container goes with it: a specifications table after a description.
    const specs = `<h2>Specifications</h2><table>${["Voltage", "Weight", "Chuck", "Torque", "Battery"].map((k) => `<tr><th>${k}</th><td>${k} value here</td></tr>`).join("")}</table>`;
    const product = extractMainContent(
      parsePage(page(`<body><main><h1>Drill</h1><div class="pdp">${story}${specs}</div>${quotes}</main></body>`)),
    ).markdown;
    assert.match(product, /\| Torque \| Torque value here \|/);
    // A short article after a list or a post (a notice, a theme's single comment) is not the content.
    const hours = `<ul>${["Monday to Friday from nine to five", "Saturday from ten to two", "Sunday closed all day", "Free parking at the back of the building"].map((h) => `<li>${h}</li>`).join("")}</ul>`;
    const notice = extractMainContent(
      parsePage(
        page(
          `<body><main><h1>Opening hours</h1>${hours}<article><p>${"Closed on public holidays and on the first Monday of each month. ".repeat(3)}</p></article></main></body>`,
        ),
      ),
    ).markdown;
    assert.match(notice, /Free parking/);
    const post = `<div class="post">${words("Release notes: the importer now reads CSV files with quoted fields.", 3)}</div>`;
    const comment = `<ol class="commentlist"><li><article class="comment-body">${words("Thanks, this fixed my import of the old spreadsheet right away.", 3)}</article></li></ol>`;
    const withComment = extractMainContent(parsePage(page(`<body><main><h1>Version 2.1</h1>${post}${comment}</main></body>`))).markdown;
    assert.match(withComment, /Release notes: the importer/);
  });

  it("keeps titled sections beside the longest block under the main heading: a specifications table, a recipe card", () => {
    const story = `<div class="description">${["drives screws into hardwood", "lasts all day on one battery"].map((s) => `<p>${`The drill ${s}, whatever the job site asks of it. `.repeat(6)}</p>`).join("")}</div>`;
    const specs = `<h2>Specifications</h2><table>${["Voltage", "Weight", "Chuck", "Torque", "Battery", "Speed"].map((k) => `<tr><th>${k}</th><td>${k} value as measured</td></tr>`).join("")}</table>`;
    const product = extractMainContent(parsePage(page(`<body><main><h1>Drill</h1>${story}${specs}</main></body>`))).markdown;
    assert.match(product, /^## Specifications$/m);
    assert.match(product, /\| Chuck \| Chuck value as measured \|/);
    const card = `<div class="recipe-card"><h2>Ingredients</h2><ul>${["6 apples, peeled and sliced", "1 cup of sugar", "2 tablespoons of flour", "1 teaspoon of cinnamon", "2 pie crusts"].map((i) => `<li>${i}</li>`).join("")}</ul></div>`;
    const recipe = extractMainContent(parsePage(page(`<body><main><h1>Apple Pie</h1>${story}${card}</main></body>`))).markdown;
    assert.match(recipe, /^- 2 pie crusts$/m);
    // An untitled block beside is still left out when the prose dominates (a share bar's words).
    const share = extractMainContent(
      parsePage(page(`<body><main><h1>Drill</h1>${story}<div class="x"><a href="/s">Share this page</a></div></main></body>`)),
    ).markdown;
    assert.ok(!share.includes("Share this page"), share);
  });

  it("leaves out sections of suggestions (similar items, customers also bought, more from) titled by their heading", () => {
    const cards = (label: string) =>
      Array.from(
        { length: 4 },
        (_, i) => `<li><a href="/p/${label}${i}"><img src="/i/${i}.jpg" alt=""></a><h3>${label} offer ${i}</h3><p>$${20 + i}.00</p></li>`,
      ).join("");
    const boxed = `<div class="carousel"><div class="carousel-head"><h2>Similar items</h2><a href="/recs">See all</a></div><ul>${cards("Boxed")}</ul></div>`;
    const flat = `<h2>Customers also bought</h2><ul>${cards("Flat")}</ul><h2>Specifications</h2><p>Weight 2 kg, steel frame, five-year warranty.</p>`;
    const html = `<body><main><h1>Clutch kit</h1><p>${"A complete clutch kit for the delivery van, with every part needed. ".repeat(8)}</p>${boxed}${flat}</main></body>`;
    const md = extractMainContent(parsePage(page(html))).markdown;
    assert.match(md, /complete clutch kit/);
    assert.match(md, /## Specifications\n\nWeight 2 kg/);
    for (const gone of ["Similar items", "Boxed offer", "Customers also bought", "Flat offer"])
      assert.ok(!md.includes(gone), `${gone} in ${md}`);
    // Only a heading that is wholly such a phrase: "Related to Portage" is the page's own section.
    const own = `<body><main><h1>Portage</h1><p>${"Portage is the package manager. ".repeat(10)}</p><h2>Related to Portage</h2><p>Ebuilds and overlays.</p></main></body>`;
    assert.match(extractMainContent(parsePage(page(own))).markdown, /## Related to Portage\n\nEbuilds and overlays/);
  });

  it("leaves out a carousel of suggestions whose heading stands in a header row with a badge and a See all link", () => {
    // eBay's layout: the heading's own box holds a label beside it ("Sponsored"), the row a
    // "See all" link, and the carousel is the row's next sibling.
    const cards = Array.from(
      { length: 5 },
      (_, i) =>
        `<li><a href="/itm/${i}"><img src="/i/${i}.jpg" alt=""></a><h3>Clutch set offer ${i}</h3><p>New · Business</p><p>$${80 + i}.50</p><p>Seller 99.4% positive</p></li>`,
    ).join("");
    const badge = `<div class="badge">${"Sponsored by trusted sellers of parts ".repeat(3)}</div>`;
    const carousel = `<section class="recs"><div class="recs-head"><div class="title-row"><div class="t"><h2>Similar Items</h2></div>${badge}</div><a href="/recs">See all</a></div><ul class="recs-list">${cards}</ul></section>`;
    const html = `<body><main><h1>Clutch kit</h1><p>${"A complete clutch kit for the delivery van, with every part needed. ".repeat(8)}</p>${carousel}<h2>Item description</h2><p>Original part, fits models from 2011 to 2014.</p></main></body>`;
    const md = extractMainContent(parsePage(page(html))).markdown;
    assert.match(md, /complete clutch kit/);
    assert.match(md, /## Item description\n\nOriginal part/);
    for (const gone of ["Similar Items", "Clutch set offer", "Seller 99.4%", "Sponsored"])
      assert.ok(!md.includes(gone), `${gone} in ${md}`);
    // A box that holds its own links beside the heading is the suggestions, not a header row:
    // the story's paragraphs after an inline "Related articles" inset stay.
    const story = (label: string) =>
      `<p>${label} ${"The council approved the budget after a long debate about school repairs. ".repeat(4)}</p>`;
    // So does one without links, which does not open the story's box either.
    for (const inset of [
      `<div class="inset"><h3>Related articles</h3><ul><li><a href="/a">Council meets again on the budget</a></li><li><a href="/b">Schools ask for more money</a></li><li><a href="/c">Mayor speaks</a></li></ul></div>`,
      `<div class="inset"><h3>Related articles</h3><p>Council meets again on the budget next week</p></div>`,
    ]) {
      const news = extractMainContent(
        parsePage(
          page(
            `<body><main><h1>Budget passes</h1>${story("First.")}${story("Second.")}${inset}${story("Third.")}<h2>Reaction</h2>${story("Fourth.")}</main></body>`,
          ),
        ),
      ).markdown;
      assert.match(news, /^Third\. The council/m);
      assert.ok(!news.includes("Council meets again"), news);
    }
  });

  it("reads suggestions' headings in German, French, Spanish, Portuguese, Italian and Dutch", () => {
    const post = `<p>${"Der Beitrag erklärt die neue Regelung für Lizenzen im Detail und mit Beispielen. ".repeat(8)}</p>`;
    for (const heading of [
      "Ähnliche Beiträge",
      "Das könnte Sie auch interessieren",
      "À lire aussi",
      "Artículos relacionados",
      "Leia também",
      "Articoli correlati",
      "Lees ook",
    ]) {
      const related = `<h3>${heading}</h3><ul><li><a href="/a">Erster anderer Beitrag</a></li><li><a href="/b">Zweiter anderer Beitrag</a></li></ul>`;
      const md = extractMainContent(parsePage(page(`<body><main><h1>Lizenzen</h1>${post}${related}</main></body>`))).markdown;
      assert.match(md, /neue Regelung/);
      assert.ok(!md.includes("anderer Beitrag"), `${heading}: ${md}`);
    }
  });

  it("reads a section word glued to another in a class ('jp-relatedposts', 'entryfooter', 'ce_relatedArticles'), but not 'nosidebar'", () => {
    const post = `<p>${"A short note about the licence change, with the reasons and the dates that matter. ".repeat(6)}</p>`;
    const boxes = `<div class="jp-relatedposts"><a href="/a">Another post</a> <a href="/b">Yet another post</a></div><div class="entryfooter">Comments are closed.</div><div class="ce_relatedArticles"><a href="/c">Some article</a></div>`;
    const md = extractMainContent(parsePage(page(`<body><div class="post"><h1>Licence</h1>${post}${boxes}</div></body>`))).markdown;
    assert.match(md, /licence change/);
    for (const gone of ["Another post", "Comments are closed", "Some article"]) assert.ok(!md.includes(gone), `${gone} in ${md}`);
    // "nosidebar" says there is none: a box so named is text.
    const own = `<body><div class="post"><h1>Licence</h1>${post}<div class="nosidebar"><p>Closing remarks of the author on the change.</p></div></div></body>`;
    assert.match(extractMainContent(parsePage(page(own))).markdown, /Closing remarks of the author/);
  });

  it("keeps a food menu named with 'menu' classes (its words are not links), and still leaves out a menu of links", () => {
    const dish = (name: string, about: string, price: string) =>
      `<div class="menu-item"><h3>${name}</h3><p class="menu-item-description">${about}</p><span class="menu-item-price">${price}</span></div>`;
    const section = (title: string) =>
      `<div class="menu-section"><h2>${title}</h2>${dish(`${title} soup`, "Tomato, basil and cream, with bread", "$6")}${dish(`${title} salad`, "Leaves, walnuts and a mustard dressing", "$8")}</div>`;
    const links = `<div class="menu-links"><a href="/">Home</a> <a href="/about">About us</a> <a href="/book">Book a table</a> <a href="/jobs">Jobs</a></div>`;
    const html = `<body><main><h1>Our menu</h1><p>${"Seasonal cooking from the farms around the valley. ".repeat(3)}</p>${section("Starters")}${section("Mains")}${section("Desserts")}${links}</main></body>`;
    const md = extractMainContent(parsePage(page(html))).markdown;
    for (const kept of ["## Starters", "### Mains salad", "Leaves, walnuts and a mustard dressing", "$8"])
      assert.ok(md.includes(kept), `${kept} in ${md}`);
    assert.ok(!md.includes("Book a table"), md);
  });

  it("reads class words whatever their separator (SMF's user_info) and a forum post's author statistics (MyBB)", () => {
    const post = (n: number) =>
      `<div class="post"><div class="user_info">Member since 2019 with 5,214 posts and 87 thanks received</div><div class="author_statistics">Posts: 5,214 Threads: 40 Joined: Mar 2019 Reputation: 87</div><div class="post_body">${`Reply number ${n} explains the fix in detail, with the version that worked. `.repeat(3)}</div></div>`;
    const md = extractMainContent(parsePage(page(`<body><main><h1>Thread</h1>${post(1)}${post(2)}${post(3)}</main></body>`))).markdown;
    assert.match(md, /Reply number 3 explains/);
    assert.ok(!md.includes("Member since") && !md.includes("Reputation"), md);
  });

  it("leaves out 'Suggested topics' and 'Related searches in …' sections", () => {
    const list = (label: string) =>
      `<ul><li><a href="/1">${label} one</a></li><li><a href="/2">${label} two</a></li><li><a href="/3">${label} three</a></li></ul>`;
    const html = `<body><main><h1>Best tacos</h1><p>${"The taquerias of the east side, tried one by one over a month of lunches. ".repeat(6)}</p><h2>Suggested topics</h2>${list("Topic")}<h2>Related searches in Austin, TX</h2>${list("Search")}</main></body>`;
    const md = extractMainContent(parsePage(page(html))).markdown;
    assert.match(md, /taquerias of the east side/);
    assert.ok(!md.includes("Topic one") && !md.includes("Search two") && !md.includes("Related searches"), md);
  });

  it("leaves out a box hidden by a utility class, but keeps a hidden panel beside its shown twin (an inactive tab)", () => {
    const specs = `<dl class="product-info hide"><dt>cat_thumb_red:</dt><dd>https://cdn.test/thumb-red.jpg</dd><dt>cat_thumb_blue:</dt><dd>https://cdn.test/thumb-blue.jpg</dd></dl>`;
    const product = `<body><main><h1>Staple Tee</h1><div class="details"><p>${"A regular fit tee in heavy combed cotton. ".repeat(3)}</p>${specs}</div></main></body>`;
    const md = extractMainContent(parsePage(page(product))).markdown;
    assert.match(md, /regular fit tee/);
    assert.ok(!md.includes("thumb-red.jpg"), md);
    // Tailwind's "hidden lg:block" is shown on wide screens.
    const responsive = product.replace("product-info hide", "product-info hidden lg:block");
    assert.match(extractMainContent(parsePage(page(responsive))).markdown, /thumb-red\.jpg/);
    const panel = (name: string, style: string) =>
      `<div class="products-content" style="${style}"><ul>${Array.from({ length: 4 }, (_, i) => `<li><h3>${name} ${i}</h3><p>From $${i + 10}</p></li>`).join("")}</ul></div>`;
    const shop = `<body><main><h1>Shop</h1><div class="tabs"><a href="#f">Feeders</a><a href="#a">Add-ons</a></div>${panel("Feeder", "display: block")}${panel("Add-on", "display: none")}<p>${"Every order ships free within the country. ".repeat(3)}</p></main></body>`;
    const shopMd = extractMainContent(parsePage(page(shop))).markdown;
    assert.match(shopMd, /Feeder 3/);
    assert.match(shopMd, /Add-on 3/);
  });

  it("does not count the teasers inside linked cards as prose: a front page of such cards keeps its grids", () => {
    const card = (n: number) =>
      `<div class="card"><a href="/news/${n}"><img src="/i/${n}.jpg" alt=""><h2>Story number ${n} of the day</h2><p>${`A teaser of story ${n} that runs for a good twenty words so it looks like a paragraph. `.repeat(1)}</p></a></div>`;
    const grid = (from: number) => `<div class="grid">${[0, 1, 2, 3].map((i) => card(from + i)).join("")}</div>`;
    // Lead stories in pairs, not grids: their teasers would add up to 280 words of "prose".
    const pairs = [50, 52, 54, 56, 58, 60, 62].map((n) => `<section>${card(n)}${card(n + 1)}</section>`).join("");
    const html = `<body><main><h1>News</h1>${pairs}${grid(0)}${grid(10)}${grid(20)}${grid(30)}</main></body>`;
    const md = extractMainContent(parsePage(page(html))).markdown;
    for (const n of [0, 13, 21, 33, 50, 63]) assert.match(md, new RegExp(`Story number ${n} of the day`));
  });

  it("keeps every definition list of a listing, not only the longest (a day's submissions each)", () => {
    const day = (name: string, n: number) =>
      `<h3>${name}</h3><dl>${Array.from({ length: n }, (_, i) => `<dt>[${i}] paper ${name}-${i}</dt><dd>Title: A study of subject ${name} number ${i} in depth</dd>`).join("")}</dl>`;
    const html = `<body><div id="content"><h1>Recent submissions</h1>${day("Friday", 30)}${day("Thursday", 3)}</div></body>`;
    const md = extractMainContent(parsePage(page(html))).markdown;
    assert.match(md, /subject Friday number 29/);
    assert.match(md, /### Thursday/);
    assert.match(md, /subject Thursday number 2/);
  });

  it("never drops a box that holds the page's <main>, whatever its class says", () => {
    const html = `<body><div class="row row-offcanvas"><main><h1>Services</h1><p>${"What the clinic offers to its patients. ".repeat(10)}</p></main></div><div class="menu-panel">${"<a href='/x'>Menu entry</a> ".repeat(80)}</div></body>`;
    assert.match(extractMainContent(parsePage(page(html))).markdown, /What the clinic offers/);
  });

  it("reads a page whose <html>, <head> and <body> tags are omitted (they are optional)", () => {
    const md = extractMainContent(
      parsePage(page(`<!doctype html><title>T</title><h1>Notes</h1><p>${"Plain page without body tags. ".repeat(5)}</p>`)),
    ).markdown;
    assert.match(md, /^# Notes\n\nPlain page without body tags/);
  });

  it("percent-encodes brackets and parentheses in Markdown URLs, so a ')' cannot end a link early", () => {
    const md = extractMainContent(
      parsePage(page(`<body><p><a href="/wiki/Mercury_(planet)">Mercury</a> is the closest planet to the Sun in our system.</p></body>`)),
    ).markdown;
    assert.match(md, /\[Mercury\]\(https:\/\/site\.test\/wiki\/Mercury_%28planet%29\)/);
  });

  it("counts words of the text, not of link targets", () => {
    assert.equal(countWords("[two words](https://example.com/a/b/c) and ![alt text](https://x/y.png)"), 5);
  });
});

describe("titles", () => {
  const table: [string, string | null, string | null, string][] = [
    ["Brewing Guide | Fixture Coffee", null, null, "Brewing Guide"],
    ["Fixture Coffee - Brewing Guide for Beginners", "Fixture Coffee", null, "Brewing Guide for Beginners"],
    ["How to brew coffee at home — The Kitchen", null, null, "How to brew coffee at home"],
    ["Release notes: version 2.0 of the thing", null, "Release notes: version 2.0 of the thing", "Release notes: version 2.0 of the thing"],
    ["A long headline here | Site", null, "A long headline here", "A long headline here"],
    ["Plain title", null, null, "Plain title"],
    // A part the <h1> holds in longer words is the page's name, even at the start where a site's name often stands.
    [
      "Nörd Zero | Nörd Republic® minimalist sandals design for unique people",
      "Nörd Republic®",
      "Minimalist Sandals Nörd Zero",
      "Nörd Zero",
    ],
    ["Verte Chair | Best Ergonomic Chair | Lumbar Support Chair", null, "Sale: the Verte Chair adjusts to your back", "Verte Chair"],
    // Whole words only, and not a series' name that opens the heading before a colon.
    ["Heart complications explained | Art Co", null, "Heart Complications of Diabetes", "Heart complications explained"],
    ["How to brew pour-over coffee | Coffee Guide", null, "Coffee Guide: brewing pour-over at home", "How to brew pour-over coffee"],
    // An <h1> that holds the whole title keeps it whole ("/" is a separator elsewhere).
    [
      "Tech conferences in Americas 2026 / 2027",
      null,
      "Tech conferences in Americas 2026 / 2027 and beyond",
      "Tech conferences in Americas 2026 / 2027",
    ],
  ];
  for (const [title, site, h1, expected] of table) it(`${title} → ${expected}`, () => assert.equal(cleanTitle(title, site, h1), expected));
});

const CORPUS = resolve(import.meta.dirname, "../../../shared/corpus/extract-dev");
const SCORER = resolve(import.meta.dirname, "../../../shared/bench/score-extract.mjs");

describe(
  "extraction quality floor on the development corpus",
  { skip: existsSync(CORPUS) ? false : "the shared corpus is not beside this checkout" },
  () => {
    it("keeps word F1 at or above 0.78 overall (measured 0.798; see npm run bench:extract)", async () => {
      const truth = JSON.parse(readFileSync(join(CORPUS, "truth.json"), "utf8")) as Record<string, { url: string }>;
      const predictions: Record<string, string> = {};
      for (const file of readdirSync(join(CORPUS, "pages"))) {
        const id = file.replace(/\.html\.gz$/, "");
        const body = gunzipSync(readFileSync(join(CORPUS, "pages", file)));
        const p = page(decodeBody(body, "text/html").text, truth[id]?.url || "https://example.com/");
        predictions[id] = extractMainContent(parsePage(p)).markdown;
      }
      const { score } = (await import(SCORER)) as { score: (dir: string, p: Record<string, string>) => { word: { f1: number } } };
      const f1 = score(CORPUS, predictions).word.f1;
      assert.ok(f1 >= 0.78, `word F1 ${f1.toFixed(3)}`);
    });
  },
);

/** Markdown as CommonMark and GFM read it: each case was a defect a second reader found. */
describe("Markdown that renders as the page shows", () => {
  const intro = `<p>${"An introduction of a few sentences, so that the article is plainly the main content of the page. ".repeat(3)}</p>`;

  it("gives a table of keys and values (a <th> then <td>s on every row) an empty header row instead of its first pair", () => {
    const specs = `<table><tr><th scope="row">Weight</th><td>2 kg</td></tr><tr><th scope="row">Colour</th><td>Red</td></tr></table>`;
    const grid = `<table><tr><th>Size</th><th>Price</th></tr><tr><td>S</td><td>$1</td></tr></table>`;
    const md = extractMainContent(parsePage(page(`<body><article><h1>Kettle</h1>${intro}${specs}${grid}</article></body>`))).markdown;
    assert.match(md, /\| {2}\| {2}\|\n\| --- \| --- \|\n\| Weight \| 2 kg \|\n\| Colour \| Red \|/);
    assert.match(md, /\| Size \| Price \|\n\| --- \| --- \|\n\| S \| \$1 \|/);
  });

  it("puts closing punctuation after an emphasis mark, so that the mark closes before a letter", () => {
    const md = extractMainContent(
      parsePage(page(`<body><article><h1>T</h1>${intro}<p><strong>Note:</strong>Read this. <em>Really?</em>yes</p></article></body>`)),
    ).markdown;
    assert.match(md, /\*\*Note\*\*:Read this\. \*Really\*\?yes/);
  });

  it("puts CJK and other Unicode punctuation outside emphasis marks, with the spaces it leaves, so that the marks open and close", () => {
    const out = md(
      `<p>これは<b>「重要」</b>なお知らせ</p><p><b>注意：</b>次の</p><p>中文<b>（重要）</b>内容</p><p>Read <b>Book and Content –</b> now</p>`,
    ).markdown;
    assert.match(out, /^これは「\*\*重要\*\*」なお知らせ$/m);
    assert.match(out, /^\*\*注意\*\*：次の$/m);
    assert.match(out, /^中文（\*\*重要\*\*）内容$/m);
    assert.match(out, /^Read \*\*Book and Content\*\* – now$/m);
    // Not past a line break: the break's backslash would escape the closing mark.
    assert.match(md(`<p>x <b>a<br>"</b> y</p>`).markdown, /^x \*\*a\\\n"\*\* y$/m);
  });

  it("writes bold runs side by side as one ('<b>foo</b><b>bar</b>')", () => {
    const md = extractMainContent(
      parsePage(page(`<body><article><h1>T</h1>${intro}<p>A <b>foo</b><b>bar</b> and <b>x</b> <b>y</b></p></article></body>`)),
    ).markdown;
    assert.match(md, /A \*\*foobar\*\* and \*\*x\*\* \*\*y\*\*/);
  });

  it("writes a listing with a gutter of line numbers (Pygments, Rouge) as its code alone", () => {
    const pygments = `<div class="highlight-python notranslate"><table class="highlighttable"><tr><td class="linenos"><div class="linenodiv"><pre>1\n2</pre></div></td><td class="code"><div class="highlight"><pre>def f():\n    return 1</pre></div></td></tr></table></div>`;
    const rouge = `<table class="rouge-table"><tbody><tr><td class="rouge-gutter gl"><pre class="lineno">1\n</pre></td><td class="rouge-code"><pre>puts 1\n</pre></td></tr></tbody></table>`;
    const layout = `<table><tr><td><h3>Year</h3><p>2024</p></td><td><p>1999</p></td></tr></table>`;
    const md = extractMainContent(
      parsePage(page(`<body><article><h1>Code</h1>${intro}${pygments}${rouge}${layout}</article></body>`)),
    ).markdown;
    assert.match(md, /```python\ndef f\(\):\n {4}return 1\n```/);
    assert.match(md, /```\nputs 1\n```/);
    assert.ok(!/```\n1(\n2)?\n```/.test(md), md);
    // Without code beside it, a cell of numbers is a value.
    assert.match(md, /1999/);
  });
  const md = (html: string) =>
    extractMainContent(
      parsePage(
        page(`<html><head><title>T</title></head><body><main><article><h1>Title</h1>${intro}${html}</article></main></body></html>`),
      ),
    );
  /**
   * The Markdown of htmlparser2's own tree for the markup, as the writer gets it for pages over
   * 2 MB or when the standard parse outgrows its budget (the standard parse repairs the markup first).
   */
  const fastTree = (html: string) =>
    toMarkdown(parseDocument(html, { lowerCaseTags: true, decodeEntities: true }), "https://site.test/").markdown;
  /** Both parses give the Markdown `expected` describes. */
  const bothParses = (html: string, expected: RegExp) => {
    assert.match(md(html).markdown, expected);
    assert.match(fastTree(html), expected);
  };

  it("leaves a heading's permalink out, escapes tildes, joins italic and struck runs, shows task boxes, keeps code's blank lines and a quote's attribution", () => {
    assert.match(
      md(`<h2>Setup<a class="headerlink" href="#setup">¶</a></h2><h2><a href="#x" class="anchor">#</a>Anchor</h2>`).markdown,
      /^## Setup\n\n## Anchor$/m,
    );
    // A heading that is an operator's code or a logo, linked to itself, is no permalink.
    assert.match(md(`<h3><a href="#op-add"><code>+</code></a></h3>`).markdown, /^### `\+`$/m);
    // GFM strikes text through between single tildes: "10:00~18:00" must stay as written.
    assert.match(md(`<p>Open 10:00~18:00, Sat~Sun.</p>`).markdown, /^Open 10:00\\~18:00, Sat\\~Sun\.$/m);
    assert.match(
      md(`<p><i>foo</i><i>bar</i> and <del>one</del><del>two</del> and <b>x</b><i>y</i></p>`).markdown,
      /^\*foobar\* and ~~onetwo~~ and \*\*x\*\*\*y\*$/m,
    );
    assert.match(
      md(
        `<ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" disabled checked> Done task</li><li class="task-list-item"><input type="checkbox" disabled> Open task</li></ul>`,
      ).markdown,
      /^- \[x\] Done task\n- \[ \] Open task$/m,
    );
    // A box that folds a comment thread is no task.
    assert.match(md(`<ol><li><input type="checkbox" class="folder"> A comment</li></ol>`).markdown, /^1\. A comment$/m);
    assert.match(
      md(`<pre><code class="language-python">import os\n\n\ndef main():\n    pass</code></pre>`).markdown,
      /import os\n\n\ndef main\(\):/,
    );
    assert.match(
      md(`<blockquote><p>Two roads diverged in a wood.</p><footer>— <cite>Robert Frost</cite></footer></blockquote>`).markdown,
      /^> — \*?Robert Frost\*?$/m,
    );
  });

  it("keeps a screenshot after a numbered step's words, and leaves out the thumbnails of list items", () => {
    const steps = md(
      `<ol><li><p>Open <b>Settings</b> and choose <b>Privacy</b>.</p><p><img src="/shots/privacy.png" alt="The Privacy panel"></p></li><li><p>Turn the switch off.</p><a href="/shots/switch.png"><img src="/shots/switch-small.png" alt="The switch"></a></li></ol>`,
    ).markdown;
    assert.match(steps, /!\[The Privacy panel\]\(https:\/\/site\.test\/shots\/privacy\.png\)/);
    // Linked to its full size; its alt only repeats the step's words, so it is written empty.
    assert.match(steps, /\[!\[\]\(https:\/\/site\.test\/shots\/switch-small\.png\)\]\(https:\/\/site\.test\/shots\/switch\.png\)/);
    const cards = md(
      `<ol><li><a href="/p/1"><img src="/t/1.jpg" alt="Mug"></a> <a href="/p/1">Blue mug</a></li><li><a href="/p/2">Red mug</a> <a href="/p/2"><img src="/t/2.jpg" alt="Red"></a></li></ol><ul><li>Green mug <img src="/t/3.jpg" alt="Green"></li></ul>`,
    ).markdown;
    assert.ok(!cards.includes("!["), cards);
  });

  it("writes <br> as a hard break that survives tidying, and as a space in headings and table cells", () => {
    assert.match(md("<p>221B Baker Street<br>London<br>NW1 6XE</p>").markdown, /221B Baker Street\\\nLondon\\\nNW1 6XE/);
    assert.match(md("<h2>One<br>Two</h2>").markdown, /^## One Two$/m);
    assert.match(md("<table><tr><th>A</th><th>B</th></tr><tr><td>x<br>y</td><td>z</td></tr></table>").markdown, /\| x y \| z \|/);
  });

  it("finds lazy-loaded pictures: data-src behind a placeholder, a <picture>'s source, a srcset whose URLs hold commas", () => {
    const { markdown } = md(
      `<p><img src="data:image/gif;base64,R0lGOD" data-src="/real.jpg" alt="Photo one"></p><p><img src="/placeholder.gif" data-src="/real2.jpg" alt="Photo two"></p>` +
        `<picture><source srcset="/p.webp"><img alt="Photo three"></picture><p><img srcset="https://cdn.test/w_400,h_300/a.jpg 400w, https://cdn.test/w_800,h_600/a.jpg 800w" alt="Photo four"></p>`,
    );
    assert.match(markdown, /!\[Photo one\]\(https:\/\/site\.test\/real\.jpg\)/);
    assert.match(markdown, /!\[Photo two\]\(https:\/\/site\.test\/real2\.jpg\)/);
    assert.match(markdown, /!\[Photo three\]\(https:\/\/site\.test\/p\.webp\)/);
    assert.match(markdown, /!\[Photo four\]\(https:\/\/cdn\.test\/w_400,h_300\/a\.jpg\)/);
  });

  it('reads a lazy loader\'s attribute that is a bare word (data-src="false") as a flag, and shows the picture in src', () => {
    const { markdown } = md(`<p><img data-src="false" src="/desk.jpg" alt="Walnut desk"></p>`);
    assert.match(markdown, /!\[Walnut desk\]\(https:\/\/site\.test\/desk\.jpg\)/);
    assert.ok(!markdown.includes("/false"), markdown);
  });

  it("keeps the target of a link that wraps a card on its title, and spaces at a link's edges outside it", () => {
    const card = md(`<a href="/card"><h3>Card title</h3><p>Teaser of the card.</p></a>`);
    assert.match(card.markdown, /^### \[Card title\]\(https:\/\/site\.test\/card\)$/m);
    assert.ok(card.links.some((l) => l.url === "https://site.test/card"));
    assert.match(
      md(`<p>Read the<a href="/x"> full guide </a>today.</p>`).markdown,
      /Read the \[full guide\]\(https:\/\/site\.test\/x\) today\./,
    );
  });

  it("escapes text that Markdown would read as HTML, an entity or block syntax", () => {
    const { markdown } = md(
      `<p>&lt;script&gt; loads the code.</p><p>Type &amp;copy; for ©.</p><p># of items</p><p>1. first, then more</p><p>- dash</p><p>&gt; quoted</p><p>---</p><p>The end.</p>`,
    );
    for (const line of [
      "\\<script> loads the code.",
      "Type \\&copy; for ©.",
      "\\# of items",
      "1\\. first, then more",
      "\\- dash",
      "\\> quoted",
      "\\---",
      "The end.",
    ])
      assert.ok(markdown.split("\n").includes(line), `${line} in ${markdown}`);
  });

  it("writes emphasis that opens and closes inside a word, and code spans that hold backticks", () => {
    const { markdown } = md("<p>un<em>frig</em>believable, <code>`x`</code> and <code>a``b</code></p>");
    assert.match(markdown, /un\*frig\*believable/);
    assert.ok(markdown.includes("`` `x` ``"), markdown);
    assert.ok(markdown.includes("`a``b`"), markdown);
  });

  it("reads a layout table as its blocks, and lays spans on the grid", () => {
    const layout = md(`<table><tr><td><h2>Part one</h2><ul><li>alpha</li><li>beta</li></ul></td></tr></table>`).markdown;
    assert.match(layout, /^## Part one\n\n- alpha\n- beta$/m);
    const spans = md(
      `<table><tr><th colspan="2">Name</th><th>Age</th></tr><tr><td>A</td><td>B</td><td>3</td></tr><tr><td rowspan="2">x</td><td>1</td><td>2</td></tr><tr><td>5</td><td>6</td></tr><tfoot><tr><td>Total</td><td></td><td>11</td></tr></tfoot></table>`,
    ).markdown;
    assert.match(
      spans,
      /\| Name \| {2}\| Age \|\n\| --- \| --- \| --- \|\n\| A \| B \| 3 \|\n\| x \| 1 \| 2 \|\n\| {2}\| 5 \| 6 \|\n\| Total \| {2}\| 11 \|/,
    );
    const footFirst = md(
      `<table><tfoot><tr><td>Total</td><td>9</td></tr></tfoot><tbody><tr><td>Item</td><td>9</td></tr></tbody><thead><tr><th>What</th><th>N</th></tr></thead></table>`,
    ).markdown;
    assert.match(footFirst, /\| What \| N \|\n\| --- \| --- \|\n\| Item \| 9 \|\n\| Total \| 9 \|/);
  });

  it("keeps a table with a header row a table when a cell holds a list or two paragraphs (comparison and parameter tables)", () => {
    const plans = md(
      `<table><thead><tr><th>Plan</th><th>Features</th></tr></thead><tr><td>Free</td><td>Basic support</td></tr><tr><td>Pro</td><td><ul><li>SSO</li><li>Audit logs</li></ul></td></tr></table>`,
    ).markdown;
    assert.match(plans, /^\| Plan \| Features \|\n\| --- \| --- \|\n\| Free \| Basic support \|\n\| Pro \| SSO; Audit logs \|$/m);
    // A one-item list in such a cell loses its marker too.
    assert.match(
      md(`<table><tr><th>A</th><th>B</th></tr><tr><td>a</td><td><ul><li>apple</li></ul></td></tr></table>`).markdown,
      /^\| a \| apple \|$/m,
    );
    const params = md(
      `<table><tr><th>Parameter</th><th>Meaning</th></tr><tr><td><code>timeout</code></td><td><p>Seconds to wait.</p><p>Zero waits forever.</p></td></tr></table>`,
    ).markdown;
    assert.match(params, /^\| `timeout` \| Seconds to wait\. Zero waits forever\. \|$/m);
    // Without a header row, a cell of several paragraphs is still page layout.
    const layout = md(
      `<table><tr><td><p>First column of text.</p><p>More of it.</p></td><td><p>Second column.</p></td></tr></table>`,
    ).markdown;
    assert.match(layout, /^First column of text\.\n\nMore of it\.\n\nSecond column\.$/m);
  });

  it("names the code's language from highlighters' wrappers and keeps all of a <pre>, with a fence longer than any inside", () => {
    assert.match(md(`<div class="highlight highlight-source-python"><pre>print(1)</pre></div>`).markdown, /```python\nprint\(1\)\n```/);
    assert.match(
      md(`<div class="language-ruby highlighter-rouge"><div class="highlight"><pre class="highlight"><code>puts 1</code></pre></div></div>`)
        .markdown,
      /```ruby\nputs 1/,
    );
    assert.match(md(`<pre data-language="go"><code>fmt.Println()</code></pre>`).markdown, /```go\n/);
    assert.match(md(`<pre><span class="prompt">$ </span><code>ls</code>\n<code>pwd</code></pre>`).markdown, /```\n\$ ls\npwd\n```/);
    assert.match(md("<pre><code>````\nx\n````</code></pre>").markdown, /^`````\n````\nx\n````\n`````$/m);
  });

  it("writes lists as CommonMark nests them: items past 9, code with blank lines, text after a sub-list, numbering", () => {
    const long = Array.from({ length: 11 }, (_, i) => `<li>Step ${i + 1}${i === 10 ? "<ul><li>sub a</li></ul>" : ""}</li>`).join("");
    assert.match(md(`<ol>${long}</ol>`).markdown, /^11\. Step 11\n {4}- sub a$/m);
    assert.match(md(`<ul><li>Run:<pre><code>a\n\nb</code></pre></li></ul>`).markdown, /^- Run:\n\n {2}```\n {2}a\n\n {2}b\n {2}```$/m);
    // Text after a sub-list, set apart: right under "- inner" it would continue that item (lazy continuation).
    assert.match(md(`<ul><li>before<ul><li>inner</li></ul>after</li></ul>`).markdown, /^- before\n {2}- inner\n\n {2}after$/m);
    assert.match(md(`<ol reversed><li>c</li><li>b</li><li>a</li></ol>`).markdown, /^3\. c\n2\. b\n1\. a$/m);
    // Two lists side by side stay two: "1. c" right after "2. b" would read as item 3.
    assert.match(md(`<ol><li>a</li><li>b</li></ol><ol><li>c</li></ol>`).markdown, /^2\. b\n\n<!-- -->\n\n1\. c$/m);
    assert.match(md(`<ul><li>x</li></ul> <ul><li>y</li></ul><ul><li>z</li></ul>`).markdown, /^- x\n\n\* y\n\n- z$/m);
    assert.match(
      md(`<ol start="0"><li>zero</li><li value="7">seven</li><li>eight</li></ol>`).markdown,
      /^0\. zero\n7\. seven\n8\. eight$/m,
    );
  });

  it("keeps list items that stray markup wraps (<ul><p><li>, a <div> around items) and shows other content a list holds without a number", () => {
    const region = (name: string) => `<p><li><b>${name}</b>: wines of the region, red and white.</li></p>`;
    bothParses(
      `<ul><li><b>France</b><ul>${region("Bordeaux")}${region("Burgundy")}${region("Rhône")}</ul></li></ul>`,
      /^- \*\*France\*\*\n {2}- \*\*Bordeaux\*\*: wines.*\n {2}- \*\*Burgundy\*\*: wines.*\n {2}- \*\*Rhône\*\*: wines/m,
    );
    bothParses(`<ol><div class="v-item"><li>first</li></div><div class="v-item"><li>second</li></div></ol>`, /^1\. first\n2\. second$/m);
    bothParses(
      `<ol><p>Before you start:</p><li>Check the tide</li><li>Fuel the boat</li><script>var x = 1;</script></ol>`,
      /^Before you start:\n\n1\. Check the tide\n2\. Fuel the boat$/m,
    );
    bothParses(`<ul>A passage a bare list indents.<li>apple</li></ul>`, /^A passage a bare list indents\.\n\n- apple$/m);
    bothParses(`<ol reversed><p><li>b</li></p><li>a</li></ol>`, /^2\. b\n1\. a$/m);
  });

  it("ends a paragraph at a blank line written as <br><br>, and reads a table laid out that way as page layout", () => {
    assert.match(
      md(`<p>Dear reader,<br><br>The catch was a record.<br>Prices held.<br><br><br>Regards</p>`).markdown,
      /^Dear reader,\n\nThe catch was a record\.\\\nPrices held\.\n\nRegards$/m,
    );
    const layout = md(
      `<table><tr><td><a href="/a">Archive</a><br><a href="/b">Contact</a></td><td><b>Welcome to the heritage pages.</b><br><br>Volunteers built these pages in 2003.</td></tr></table>`,
    ).markdown;
    assert.doesNotMatch(layout, /\|/);
    assert.match(layout, /^\*\*Welcome to the heritage pages\*\*\.\n\nVolunteers built these pages in 2003\.$/m);
    assert.match(
      md(`<table><tr><th>Day</th><th>Hours</th></tr><tr><td>Monday</td><td>9 to 5<br>lunch closed</td></tr></table>`).markdown,
      /^\| Monday \| 9 to 5 lunch closed \|$/m,
    );
  });

  it("keeps emphasis and links whole across <br><br>, a data table with a cell ending in breaks, and a <center> as a block", () => {
    const bold = md(`<p><b>Note:<br><br>The ferry leaves at seven.</b> Be early.</p>`).markdown;
    assert.match(bold, /^\*\*Note:\\\n\\\nThe ferry leaves at seven\*\*\. Be early\.$/m);
    assert.match(
      md(`<p><a href="/tide">Tide tables<br><br>Updated daily</a></p>`).markdown,
      /^\[Tide tables\\\n\\\nUpdated daily\]\(https:\/\/site\.test\/tide\)$/m,
    );
    const boats = md(
      `<table><tr><th>Boat</th><th>Length</th></tr><tr><td>Skiff<br><br></td><td>4 m</td></tr><tr><td>Currach</td><td>7 m</td></tr></table>`,
    ).markdown;
    assert.match(boats, /^\| Boat \| Length \|\n\| --- \| --- \|\n\| Skiff \| 4 m \|/m);
    assert.match(
      md(`<div>Intro line<center><h2>Map</h2>Caption text</center>Next paragraph.</div>`).markdown,
      /Caption text\n\nNext paragraph\./,
    );
  });

  it("keeps table rows and cells that stray markup wraps (<table><form><tr>, <tr><div><td>), shows other content before the table, and leaves hidden rows out", () => {
    const rows = Array.from(
      { length: 5 },
      (_, i) => `<tr><td>Topic ${i} about brewing coffee at home</td><td>${i * 3} replies</td></tr>`,
    ).join("");
    bothParses(
      `<table><form action="/mod"><tr><th>Topic</th><th>Replies</th></tr>${rows}</form></table>`,
      /^\| Topic \| Replies \|\n\| --- \| --- \|\n\| Topic 0 about brewing coffee at home \| 0 replies \|/m,
    );
    bothParses(
      `<table><tr><div class="c"><td>left value</td><td>right value</td></div></tr></table>`,
      /^\| left value \| right value \|$/m,
    );
    bothParses(
      `<table><div>Prices include tax.</div><tr><th>Size</th><th>Price</th></tr><tr><td>S</td><td>$1</td></tr></table>`,
      /^Prices include tax\.\n\n\| Size \| Price \|/m,
    );
    const hidden = `<table><tr><th>Plan</th><th>Price</th></tr><tr><td>Basic</td><td>$5</td></tr><tr hidden><td>See more plans</td><td></td></tr></table>`;
    assert.doesNotMatch(md(hidden).markdown, /See more plans/);
  });

  it("keeps repeated code lines in a quoted code block, link text as written, mailto targets, quotes and a heading's trailing #", () => {
    const line = "echo one two three four five six";
    assert.equal(md(`<blockquote><pre><code>${line}\n${line}</code></pre></blockquote>`).markdown.split(line).length - 1, 2);
    assert.deepEqual(
      md(`<p>Call <a href="/f">my_func_name</a> now.</p>`).links.map((l) => l.text),
      ["my_func_name"],
    );
    assert.match(md(`<p>Write to <a href="mailto:a@b.test">us</a>.</p>`).markdown, /\[us\]\(mailto:a@b\.test\)/);
    assert.match(md(`<p>She said <q>hello</q>.</p>`).markdown, /She said “hello”\./);
    assert.match(md(`<h2>Heading ending #</h2>`).markdown, /^## Heading ending \\#$/m);
  });
});

/** Metadata as real sites write it: each case was a defect a second reader found. */
describe("metadata as real sites write it", () => {
  const meta = (head: string, body = "<main><p>Text of the page.</p></main>", url = "https://www.acme.com/blog/post?id=3") =>
    pageMetadata(parsePage(htmlPage(`<html><head>${head}</head><body>${body}</body></html>`, url)));

  it("keeps a headline's own dashes and colons, and drops only the site's name", () => {
    assert.equal(
      meta(`<meta property="og:title" content="Vue vs React - Which one?"><meta property="og:site_name" content="Blog">`).title,
      "Vue vs React - Which one?",
    );
    assert.equal(
      meta(
        `<meta property="og:title" content="Oppenheimer review – Christopher Nolan's atomic epic is a triumph"><meta property="og:site_name" content="the Guardian">`,
      ).title,
      "Oppenheimer review – Christopher Nolan's atomic epic is a triumph",
    );
    assert.equal(
      meta(`<title>Vue vs React - Which one? | Blog</title><meta property="og:site_name" content="Blog">`).title,
      "Vue vs React - Which one?",
    );
    assert.equal(meta(`<title>Pricing | Acme Corp</title>`).title, "Pricing");
    assert.equal(meta(`<title>Acme | Acme Widget Pro</title>`).title, "Acme Widget Pro");
    assert.equal(meta(`<title>TCP / IP Explained</title>`, "", "https://www.example.com/").title, "TCP / IP Explained");
    assert.equal(meta(`<title>Acme Corp | Pricing</title><meta property="og:site_name" content="Acme">`).title, "Pricing");
    assert.equal(
      meta(`<title>Sourdough at home | Recipes | The Bakery</title><meta property="og:site_name" content="The Bakery">`).title,
      "Sourdough at home",
    );
    assert.equal(
      meta(`<title>Making sourdough at home • Fixture Bakery</title><meta property="og:site_name" content="Fixture Bakery">`).title,
      "Making sourdough at home",
    );
  });

  it("does not take a logo heading or an SVG's title for the page's title, and reads a heading as it reads", () => {
    assert.equal(
      meta(
        `<title>Making sourdough at home | Fixture Bakery Blog</title>`,
        `<header><h1 class="site-title"><a href="/">Fixture Bakery Blog</a></h1></header>`,
      ).title,
      "Making sourdough at home",
    );
    assert.equal(meta("", `<svg><title>Menu</title></svg><h1>The real headline of the page</h1>`).title, "The real headline of the page");
    assert.equal(meta("", `<h1><a href="/x">Hello</a>, world and <em>friends</em>!</h1>`).title, "Hello, world and friends!");
  });

  it("names the author, not a profile URL, a reviewer or a commenter", () => {
    assert.equal(
      meta(
        `<meta property="article:author" content="https://www.facebook.com/janedoe">`,
        `<p>By <a rel="author" href="/author/jane">Jane Doe</a></p>`,
      ).byline,
      "Jane Doe",
    );
    assert.equal(
      meta(
        "",
        `<div itemprop="review"><span itemprop="author">Bob S.</span></div><div itemprop="author" itemscope><span itemprop="name">Jane Doe</span><span itemprop="jobTitle">Senior Editor</span></div>`,
      ).byline,
      "Jane Doe",
    );
    assert.equal(meta(`<meta name="byl" content="By Jane Doe and John Roe">`).byline, "Jane Doe and John Roe");
    const ld = `<script type="application/ld+json">{"@type":"NewsArticle","author":[{"@type":"Person","name":"Ana Lima"}]}</script>`;
    assert.equal(meta(ld).byline, "Ana Lima");
  });

  it("reads the page's description, not an embedded item's, and a name beside an empty property", () => {
    assert.equal(
      meta(
        `<meta property="og:description" content="The page.">`,
        `<div itemscope itemtype="https://schema.org/VideoObject"><meta itemprop="description" content="Embedded video"></div>`,
      ).description,
      "The page.",
    );
    assert.equal(meta(`<meta property="" name="description" content="Name desc">`).description, "Name desc");
  });

  it("counts words without list numbers or the targets of links whose text holds brackets", () => {
    assert.equal(countWords("1. one\n2. two\n- three"), 3);
    assert.equal(countWords("Read [the \\[draft\\] spec](https://x.org/one/two/three/four) now."), 5);
  });
});

/** Markup of widely used platforms, each case a defect a second reader found. */
describe("content as common platforms write it", () => {
  const md = (body: string) => extractMainContent(parsePage(page(`<body>${body}</body>`))).markdown;
  const prose = (words: string) => `<p>${`${words} `.repeat(12)}</p>`;

  it("keeps an accordion's questions, written as buttons (Bootstrap, Kadence, Squarespace)", () => {
    const item = (i: number) =>
      `<div class="accordion-item"><h2 class="accordion-header"><button class="accordion-button" aria-controls="c${i}">How long does job ${i} take?</button></h2><div id="c${i}" class="accordion-collapse collapse"><p>About ${i} hours for most homes in the area we serve.</p></div></div>`;
    const out = md(
      `<main><h1>Plumbing</h1>${prose("We fix leaks and drains across the city, day and night.")}<div class="accordion">${[1, 2, 3].map(item).join("")}</div><button>Book now</button></main>`,
    );
    assert.match(out, /How long does job 2 take\?/);
    assert.match(out, /About 2 hours/);
    assert.ok(!out.includes("Book now"), out);
  });

  it("keeps a hero 'banner' that holds the page's main heading", () => {
    const out = md(
      `<main><section class="hero-banner"><h1>Drain Cleaning in Springfield</h1><p class="lead">Same-day service from licensed plumbers.</p></section>${prose("Our drain cleaning clears roots, grease and scale from your pipes.").repeat(3)}</main>`,
    );
    assert.match(out, /^# Drain Cleaning in Springfield/);
    assert.match(out, /Same-day service/);
  });

  it("leaves out boxes whose one class names both the post and a section around it ('post-related'), but not a product's own overlay", () => {
    const related = `<div class="post-related"><h4>You may be interested</h4><ul>${[1, 2, 3].map((i) => `<li><a href="/p/${i}">Other story ${i}</a></li>`).join("")}</ul></div>`;
    const out = md(
      `<article><h1>Story</h1>${prose("The story itself tells what happened at the town meeting.").repeat(3)}${related}</article>`,
    );
    assert.ok(!out.includes("Other story 2"), out);
    const card = (i: number) =>
      `<a class="product" href="/shop/${i}"><div class="product-image"><img src="/i/${i}.jpg" alt=""></div><div class="product-overlay"><div class="product-title">Scarf ${i}</div><div class="product-price">$${i}0.00</div></div></a>`;
    const shop = md(`<main><div id="productList">${[1, 2, 3, 4, 5].map(card).join("")}</div></main>`);
    assert.match(shop, /Scarf 4/);
  });

  it("recognises WordPress block themes' comments and ad slots, and leaves out a reply form", () => {
    const comments = `<div class="wp-block-comments"><h3 id="comments">3 responses</h3><ol class="wp-block-comment-template">${`<li class="comment">${prose("I disagree with the author about the new bus routes entirely.")}</li>`.repeat(6)}</ol></div>`;
    const ad = `<div class="ad-container"><span>Advertisement</span></div>`;
    const form = `<form id="post-form" class="post-form"><h2>Your Answer</h2><textarea name="post-text"></textarea><p>${"Thanks for contributing an answer! Please be sure to answer the question and provide details. ".repeat(2)}</p><button>Post your answer</button></form>`;
    const out = md(
      `<article><h1>Buses</h1>${prose("The council changed the bus routes on Monday after a long debate.").repeat(2)}${ad}${comments}${form}</article>`,
    );
    assert.match(out, /council changed the bus routes/);
    for (const gone of ["disagree with the author", "Advertisement", "Thanks for contributing"]) assert.ok(!out.includes(gone), gone);
  });

  it("keeps documentation sections whose anchors are role words: Sphinx's 'Cookies', a 'Comments' section, an 'Actions' heading", () => {
    const section = (id: string, title: string) =>
      `<section id="${id}"><h2>${title}<a class="headerlink" href="#${id}">¶</a></h2>${prose(`The ${title.toLowerCase()} part of the framework is described here with its options.`)}</section>`;
    const out = md(
      `<div class="document"><h1>Quickstart</h1>${prose("This page gives a good introduction to the framework and its parts.")}${section("cookies", "Cookies")}${section("comments", "Comments")}<h3 id="actions">Actions</h3>${prose("Actions run when an event happens in the repository you watch.")}<div id="navigation"><a href="/a">Previous page</a> <a href="/b">Next page</a></div></div>`,
    );
    for (const kept of ["## Cookies", "The cookies part", "## Comments", "The comments part", "### Actions"])
      assert.ok(out.includes(kept), kept);
    assert.ok(!out.includes("Next page"), out);
    const comments = `<div id="comments"><h3>Comments</h3>${`<div>${prose("I think the new bus routes are a bad idea for the whole town.")}</div>`.repeat(4)}</div>`;
    const post = md(
      `<article><h1>Buses</h1>${prose("The council changed the bus routes on Monday after a long debate.").repeat(2)}${comments}</article>`,
    );
    assert.ok(!post.includes("bad idea"), post);
  });

  it("does not take a post in the category 'Reviews' for customer reviews", () => {
    const post = (i: number, category: string) =>
      `<div class="e-loop-item post-${i} post type-post category-${category}"><h2><a href="/p/${i}">Post ${i}</a></h2><p>A short summary of post ${i} for the list.</p></div>`;
    const out = md(
      `<main><h1>Blog</h1>${prose("Our blog covers gear we test for weeks before we write a single word about it.")}<div class="loop">${[post(1, "news"), post(2, "reviews"), post(3, "news"), post(4, "reviews")].join("")}</div></main>`,
    );
    assert.match(out, /Post 2/);
    assert.match(out, /Post 4/);
  });

  it("keeps the title, the introduction and the sections beside the longest one (Sphinx's nested sections)", () => {
    const db = prose("Configure the database connection, pool size and timeouts in settings.").repeat(6);
    const out = md(
      `<div role="main"><section id="tutorial"><h1>Tutorial</h1>${prose("This tutorial walks through building the application step by step.")}<section id="setup"><h2>Setup</h2><section id="db"><h3>Database</h3>${db}</section><section id="config"><h3>Config</h3>${prose("Settings live in one file that every command reads at start.")}</section></section><section id="next"><h2>Next steps</h2>${prose("Deploy the application and read the guide on scaling it.")}</section></section></div>`,
    );
    for (const kept of ["# Tutorial", "walks through building", "### Config", "## Next steps", "Configure the database"])
      assert.ok(out.includes(kept), kept);
  });

  it("keeps text hidden only from screen readers (aria-hidden), and leaves out an author box", () => {
    const recipe = `<div class="wprm-recipe-times"><span class="wprm-recipe-time">15 <span aria-hidden="true">mins</span></span> to prepare, then bake.</div>`;
    const bio = `<section class="author-box"><h4>About the author</h4><p>${"Lisa has written about taxes for twenty years and loves a spreadsheet. ".repeat(2)}</p></section>`;
    const out = md(
      `<article><h1>Bread</h1>${prose("Mix the flour, water and salt, then knead until smooth and elastic.").repeat(3)}${recipe}${bio}</article>`,
    );
    assert.match(out, /15 mins to prepare/);
    assert.ok(!out.includes("Lisa has written"), out);
  });

  it("leaves out a Material icon's ligature name, which shows as a glyph", () => {
    const offer = `<p><span class="material-icons-outlined mr1 icon-xsm">local_offer</span> Save up to an extra $800 on treadmills.</p>`;
    const out = md(
      `<article><h1>Offers</h1>${prose("Spring savings on every treadmill and bike in our showrooms.").repeat(3)}${offer}</article>`,
    );
    assert.match(out, /Save up to an extra \$800/);
    assert.ok(!/local|offer\b/.test(out.replace(/Offers/, "")), out);
  });

  it("does not hold the root at a heading when the page has several <h1>s (a cart drawer's, the product's)", () => {
    const drawer = `<div class="mini-cart"><h1>Your cart</h1><p>Your cart is empty! Find your next favourite laptop, desktop or tablet and save on it with us today.</p></div>`;
    const product = `<div class="pdp"><h1>ThinkPad P16s</h1>${prose("A 16 inch mobile workstation for professionals who work on the move.").repeat(2)}</div>`;
    const out = md(`<div class="page">${drawer}${product}</div>`);
    assert.match(out, /mobile workstation/);
    assert.ok(!out.includes("Your cart is empty"), out);
  });

  it("keeps a <details> dropdown whatever its class says (sphinx-design's sd-dropdown)", () => {
    const dropdown = `<details class="sd-sphinx-override sd-dropdown sd-card"><summary class="sd-summary-title">Show the options</summary><div class="sd-summary-content"><p>The axis option picks the dimension to reduce along.</p></div></details>`;
    const out = md(
      `<article><h1>numpy.sum</h1>${prose("Sum of array elements over a given axis, with an optional starting value.").repeat(3)}${dropdown}</article>`,
    );
    assert.match(out, /axis option picks the dimension/);
  });

  it("leaves out a popover, which the browser shows only when a control opens it", () => {
    const out = md(
      `<main><h1>Tote bag</h1>${prose("A canvas tote with an inside pocket, sewn to carry a laptop and books.").repeat(3)}` +
        `<button popovertarget="rates">Shipping rates</button><div popover id="rates"><p>Standard shipping is free over fifty dollars to most countries.</p></div></main>`,
    );
    assert.match(out, /canvas tote/);
    assert.doesNotMatch(out, /Standard shipping/);
  });

  it("keeps an accordion's answer hidden until found, which find-in-page opens, but not a plainly hidden box", () => {
    const faq = (hidden: string) =>
      `<main><h1>Returns</h1>${prose("Items can be returned within thirty days of delivery for a full refund.").repeat(2)}` +
      `<h2>Can I return a sale item?</h2><div ${hidden}><p>Sale items are final and cannot be returned or exchanged.</p></div></main>`;
    assert.match(md(faq('hidden="until-found"')), /Sale items are final/);
    assert.doesNotMatch(md(faq("hidden")), /Sale items are final/);
  });

  it("writes the main heading first when the content lies below it, beside a title block", () => {
    const out = md(
      `<main><div class="title-block"><h1>Lodge Cast Iron Skillet</h1><span>by Lodge</span></div><div class="details">${prose("A pre-seasoned 12 inch skillet that holds heat for searing and baking.").repeat(4)}</div></main>`,
    );
    assert.match(out, /^# Lodge Cast Iron Skillet\n\nA pre-seasoned/);
  });
});

/** A third reader's metadata cases, from platforms' heads and bylines: each failed before its fix. */
describe("metadata as platforms write it", () => {
  const meta = (head: string, body: string, url: string) =>
    pageMetadata(parsePage(htmlPage(`<html><head>${head}</head><body>${body}</body></html>`, url)));

  it("takes the part of a title that is the page's <h1> (documentation generators), and cuts Yoast's and CJK separators", () => {
    const docs = meta(
      "<title>Installation — Requests 2.31.0 documentation</title>",
      `<h1>Installation<a class="headerlink" href="#i">¶</a></h1>`,
      "https://requests.readthedocs.io/en/latest/user/install/",
    );
    assert.equal(docs.title, "Installation");
    assert.equal(meta("<title>How to Brew Coffee ⋆ Bean Journal</title>", "", "https://beanjournal.test/").title, "How to Brew Coffee");
    assert.equal(
      meta(
        `<title>東京の天気予報｜ウェザーニュース</title><meta property="og:site_name" content="ウェザーニュース">`,
        "",
        "https://weathernews.jp/",
      ).title,
      "東京の天気予報",
    );
    assert.equal(
      meta("<title>中国经济稳步增长_新浪财经_新浪网</title>", "", "https://finance.sina.com.cn/x").title,
      // The channel before the site's name is a section of the site, as when the site's name matched.
      "中国经济稳步增长",
    );
  });

  it("knows a site's name by the Public Suffix List and by whole words, and from a logo heading", () => {
    assert.equal(
      meta("<title>GitHub Actions for beginners | Jane's notes</title>", "", "https://jane.github.io/post").title,
      "GitHub Actions for beginners",
    );
    assert.equal(
      meta("<title>Newsom signs climate bill | World</title>", "", "https://www.news.com.au/world").title,
      "Newsom signs climate bill",
    );
    const forum = meta(
      "<title>Wifi not working after upgrade - The Linux Mint Community Forums</title>",
      `<h1><a href="/">The Linux Mint Community Forums</a></h1><h2>Wifi not working after upgrade</h2>`,
      "https://forums.linuxmint.com/viewtopic.php?t=1",
    );
    assert.equal(forum.title, "Wifi not working after upgrade");
    const product = meta(
      `<title>Wireless Mouse M185 | Logitech</title><meta property="og:title" content="Logitech"><meta property="og:site_name" content="Logitech">`,
      "",
      "https://www.logitech.com/m185",
    );
    assert.equal(product.title, "Wireless Mouse M185");
  });

  it("drops a section's name between the page's and the site's, and a wiki's bracketed name", () => {
    const thread = meta(
      "<title>What happened with the ISO / Arch Discussion / Arch Linux Forums</title>",
      `<h1><a href="https://archlinux.org/">Arch Linux</a></h1>`,
      "https://bbs.archlinux.org/viewtopic.php?id=1",
    );
    assert.equal(thread.title, "What happened with the ISO");
    // A long part between them is the page's own subtitle, and a change of separator is the headline's own.
    assert.equal(
      meta(`<title>Sourdough | A complete history of bread | The Bakery</title>`, "", "https://thebakery.test/").title,
      "Sourdough | A complete history of bread",
    );
    assert.equal(meta(`<title>Vue vs React - Which one? | Blog</title>`, "", "https://blog.test/").title, "Vue vs React - Which one?");
    // DokuWiki writes "page [Wiki name]"; the page's heading writes the name as it shows.
    const wiki = meta(
      `<title>searching [Zotero Documentation]</title><meta name="generator" content="DokuWiki">`,
      `<h1>Searching</h1>`,
      "https://www.zotero.org/support/searching",
    );
    assert.equal(wiki.title, "Searching");
    // Brackets that do not name the site stay: a question's status, a year.
    assert.equal(
      meta("<title>How do I sort a list? [duplicate]</title>", "", "https://qa.test/q/1").title,
      "How do I sort a list? [duplicate]",
    );
    assert.equal(
      meta("<title>Best Website Builder For Small Business [2026]</title>", "", "https://review.test/").title,
      "Best Website Builder For Small Business [2026]",
    );
  });

  it("takes the <h1> when the title is the site's name and a tagline that shares no word with it", () => {
    const thread = meta(
      "<title>Reddit - The heart of the internet</title>",
      `<shreddit-post><h1 slot="title">Enameled Cast Iron Pan and Metal</h1><p>Is it safe to use metal utensils?</p></shreddit-post>`,
      "https://www.reddit.com/r/castiron/comments/1/enameled/",
    );
    assert.equal(thread.title, "Enameled Cast Iron Pan and Metal");
    // On the root page the tagline is the page's name; a label is no tagline; a shared word ties them.
    assert.equal(
      meta("<title>Reddit - The heart of the internet</title>", "<h1>Popular posts today</h1>", "https://www.reddit.com/").title,
      "The heart of the internet",
    );
    assert.equal(meta("<title>Acme | Pricing</title>", "<h1>Simple, transparent plans</h1>", "https://acme.com/pricing").title, "Pricing");
    assert.equal(
      meta("<title>Acme | Plans for every team</title>", "<h1>Simple, transparent plans</h1>", "https://acme.com/pricing").title,
      "Plans for every team",
    );
  });

  it("names the site when the page's title only says 'Home', and reads text its site escaped twice", () => {
    assert.equal(
      meta(
        `<title>Home - The GitHub Blog</title><meta property="og:title" content="Home"><meta property="og:site_name" content="The GitHub Blog">`,
        "",
        "https://github.blog/",
      ).title,
      "The GitHub Blog",
    );
    assert.equal(meta("<title>Startseite | Bäckerei Müller</title>", "", "https://baeckerei-mueller.test/").title, "Bäckerei Müller");
    assert.equal(meta("<title>Home</title>", "", "https://acme.test/").title, "Home");
    const sephora = meta(
      `<meta property="og:title" content="The Cream with TFC8&amp;reg; Face Moisturizer | Sephora"><meta property="og:site_name" content="Sephora">` +
        `<meta name="description" content="Rich &amp;amp; light"><meta name="author" content="Ana &amp;#8217;s team">`,
      "",
      "https://www.sephora.com/product/1",
    );
    assert.deepEqual(
      [sephora.title, sephora.description, sephora.byline],
      ["The Cream with TFC8® Face Moisturizer", "Rich & light", "Ana ’s team"],
    );
    // Text that holds a tag's name is not read again: the tag would go.
    assert.equal(meta(`<title>Use &lt;b&gt; &amp;amp; &lt;i&gt;</title>`, "", "https://html.test/").title, "Use <b> &amp; <i>");
  });

  it("names several authors, follows JSON-LD references, reads microdata names in content attributes, and cleans 'By:' and 'Reporting by'", () => {
    const ld = (json: unknown) => meta(`<script type="application/ld+json">${JSON.stringify(json)}</script>`, "", "https://x.test/").byline;
    assert.equal(
      ld({
        "@type": "NewsArticle",
        author: [
          { "@type": "Person", name: "Jane Doe" },
          { "@type": "Person", name: "John Smith" },
        ],
      }),
      "Jane Doe and John Smith",
    );
    assert.equal(
      ld({
        "@graph": [
          { "@type": "Article", author: { "@id": "#p" } },
          { "@type": "Person", "@id": "#p", name: "Jane Graph" },
        ],
      }),
      "Jane Graph",
    );
    assert.equal(
      meta(`<meta name="parsely-author" content="A One"><meta name="parsely-author" content="B Two">`, "", "https://x.test/").byline,
      "A One and B Two",
    );
    const wp = `<article class="post category-reviews"><p>by <a rel="author" href="/author/jane/">Jane Doe</a> and <a rel="author" href="/author/john/">John Smith</a></p><section class="answers"><a rel="author" href="/u/3">Someone Else</a></section></article>`;
    assert.equal(meta("", wp, "https://x.test/").byline, "Jane Doe and John Smith");
    assert.equal(
      meta(
        "",
        `<div itemscope itemtype="https://schema.org/VideoObject"><span itemprop="author" itemscope><link itemprop="name" content="Rick Astley"></span></div>`,
        "https://x.test/",
      ).byline,
      "Rick Astley",
    );
    assert.equal(meta(`<meta name="author" content="By: Jane Doe">`, "", "https://x.test/").byline, "Jane Doe");
    assert.equal(
      meta(`<meta name="author" content="Reporting by Jane Doe; Editing by John Smith">`, "", "https://x.test/").byline,
      "Jane Doe",
    );
  });

  it("reads an author link in an <address>, even in an <aside> meta column (the Guardian's byline)", () => {
    const body = `<article><h1>Five books</h1><aside class="meta"><address><a rel="author" href="/profile/ada">Ada Roberts</a></address></aside><p>Text.</p></article><aside><a rel="author" href="/profile/other">Other Writer</a></aside>`;
    assert.equal(meta("", body, "https://x.test/").byline, "Ada Roberts");
    // Outside an <address>, an aside's author link is another article's.
    assert.equal(
      meta("", `<article><p>Text.</p></article><aside><a rel="author" href="/p">Other Writer</a></aside>`, "https://x.test/").byline,
      null,
    );
  });

  it("takes no quotation's, testimonial's or book's author for the byline, and drops a leading 'Von'", () => {
    for (const cls of ["quote-author", "testimonial-author", "book-author"])
      assert.equal(
        meta(
          "",
          `<article><p>Text.</p><blockquote>Stay hungry.<cite class="${cls}">Steve Jobs</cite></blockquote></article>`,
          "https://x.test/",
        ).byline,
        null,
        cls,
      );
    assert.equal(
      meta("", `<article><p class="byline">Von Max Mustermann</p><p>Text.</p></article>`, "https://x.test/").byline,
      "Max Mustermann",
    );
  });

  it("reads a byline named only by its class when every such byline names one person", () => {
    const wp = `<article><div class="wp-block-post-author__byline">Posted by:</div><div class="wp-block-post-author__name">Idle Cartulary</div><p>Text.</p><div class="author-bio">Idle writes about films since 2001.</div></article>`;
    assert.equal(meta("", wp, "https://x.test/").byline, "Idle Cartulary");
    assert.equal(
      meta("", `<p class="c-byline">By Jane Doe</p><p>Text.</p><p class="c-byline">By Jane Doe</p>`, "https://x.test/").byline,
      "Jane Doe",
    );
    // A listing's bylines name several people; a byline with a date or a sentence is not a name.
    const listing = `<ul><li><span class="author">by Ann One</span></li><li><span class="author">by Bob Two</span></li></ul>`;
    assert.equal(meta("", listing, "https://x.test/").byline, null);
    assert.equal(meta("", `<p class="byline">By Jane Doe on March 3, 2024</p>`, "https://x.test/").byline, null);
    assert.equal(meta("", `<footer><span class="author">Site Owner</span></footer>`, "https://x.test/").byline, null);
  });

  it("cuts a hyphen between Chinese words at the end, and the site's sections before a customary name", () => {
    assert.equal(
      meta("<title>国务院常务会议部署稳就业工作--时政--人民网</title>", "", "http://politics.people.com.cn/n1/1.html").title,
      "国务院常务会议部署稳就业工作",
    );
    assert.equal(
      meta(
        `<title>华为Mate 60 Pro评测-中关村在线</title><meta property="og:site_name" content="中关村在线">`,
        "",
        "https://www.zol.test/1.html",
      ).title,
      "华为Mate 60 Pro评测",
    );
    assert.equal(
      meta("<title>Правительство утвердило бюджет :: Политика :: РБК</title>", "", "https://www.rbc.ru/1").title,
      "Правительство утвердило бюджет",
    );
    // A hyphen at the start is a route, not a site's name before the headline.
    assert.equal(meta("<title>東京-大阪間の新幹線が運休</title>", "", "https://news.test/1").title, "東京-大阪間の新幹線が運休");
    assert.equal(
      meta("<title>Погода в Санкт-Петербурге на неделю</title>", "", "https://news.test/1").title,
      "Погода в Санкт-Петербурге на неделю",
    );
  });

  it("drops the site's exact name joined by a colon, by its domain too, but not on the site's root page", () => {
    assert.equal(
      meta(
        "<title>Cooking Diary: Lemon tart with Italian meringue</title>",
        "",
        "https://cookingdiary.blogspot.com/2024/01/lemon-tart.html",
      ).title,
      "Lemon tart with Italian meringue",
    );
    assert.equal(
      meta(
        "<title>Apple AirPods Pro 2 Wireless Earbuds: Amazon.co.uk: Electronics &amp; Photo</title>",
        "",
        "https://www.amazon.co.uk/dp/B0D1",
      ).title,
      "Apple AirPods Pro 2 Wireless Earbuds",
    );
    assert.equal(
      meta(
        `<title>首相、来月にも訪米へ：朝日新聞デジタル</title><meta property="og:site_name" content="朝日新聞デジタル">`,
        "",
        "https://www.asahi.com/articles/1.html",
      ).title,
      "首相、来月にも訪米へ",
    );
    assert.equal(
      meta(
        `<meta property="og:title" content="Acme Blog: Ten tips for remote teams"><meta property="og:site_name" content="Acme Blog">`,
        "",
        "https://acmeblog.test/p",
      ).title,
      "Ten tips for remote teams",
    );
    // A headline's own colon stays; on the root page the site's name introduces its tagline.
    assert.equal(
      meta("<title>Apple: a history of the Macintosh</title>", "", "https://www.history.test/mac").title,
      "Apple: a history of the Macintosh",
    );
    assert.equal(meta("<title>Airtable: Build AI apps</title>", "", "https://www.airtable.com/").title, "Airtable: Build AI apps");
  });

  it("knows a site's name written with accents on an unaccented host, and drops a Substack-style 'by Author' part", () => {
    assert.equal(
      meta(
        `<meta property="og:title" content="El Gobierno anunció nuevas medidas económicas - Clarín">`,
        "",
        "https://www.clarin.com/politica/1.html",
      ).title,
      "El Gobierno anunció nuevas medidas económicas",
    );
    assert.equal(
      meta("<title>On writing every day - by Jane Roe - Jane's Notes</title>", "", "https://janesnotes.substack.com/p/on-writing").title,
      "On writing every day",
    );
  });

  it("names scholarly and Dublin Core authors, as they are said", () => {
    const arxiv = meta(
      `<meta name="citation_title" content="Attention Is All You Need"><meta name="citation_author" content="Vaswani, Ashish"><meta name="citation_author" content="Shazeer, Noam"><meta name="citation_author" content="Parmar, Niki">`,
      `<div class="authors"><a href="/a/1">Ashish Vaswani</a>, <a href="/a/2">Noam Shazeer</a></div>`,
      "https://arxiv.org/abs/1706.03762",
    );
    assert.equal(arxiv.byline, "Ashish Vaswani, Noam Shazeer and Niki Parmar");
    assert.equal(meta(`<meta name="citation_author" content="King, Jr.">`, "", "https://j.test/1").byline, "King, Jr.");
    // An organisation's name before a comma is not turned around, nor a company's dotted form.
    for (const org of ["University of California, Berkeley", "World Health Organization, Geneva", "Acme, S.A."])
      assert.equal(meta(`<meta name="dc.creator" content="${org}">`, "", "https://j.test/2").byline, org);
    assert.equal(
      meta(`<meta name="dcterms.creator" content="Office of Communications">`, "", "https://uni.test/news/1").byline,
      "Office of Communications",
    );
  });

  it("prefers a person to a site-wide author that is the site's name, reads a page's main entity, and drops 'Von' from an author element", () => {
    const ld = (json: unknown) => `<script type="application/ld+json">${JSON.stringify(json)}</script>`;
    assert.equal(
      meta(
        `<meta name="author" content="Daily Herald"><meta property="og:site_name" content="Daily Herald">` +
          ld({ "@type": "NewsArticle", author: { "@type": "Person", name: "Carla Ruiz" } }),
        "",
        "https://www.dailyherald.test/local/fire",
      ).byline,
      "Carla Ruiz",
    );
    // The site's name when nothing else names anyone.
    assert.equal(
      meta(
        `<meta name="author" content="Daily Herald"><meta property="og:site_name" content="Daily Herald">`,
        "",
        "https://www.dailyherald.test/a",
      ).byline,
      "Daily Herald",
    );
    assert.equal(
      meta(
        ld({ "@type": "WebPage", mainEntity: { "@type": "Article", author: { "@type": "Person", name: "Nina Brooks" } } }),
        "",
        "https://mag.test/ai",
      ).byline,
      "Nina Brooks",
    );
    assert.equal(
      meta("", `<article><span class="article-author" itemprop="author">Von Hans Becker</span></article>`, "https://zeitung.test/1").byline,
      "Hans Becker",
    );
    // "Von" starts names too: only before a name of two capitalised words is it a lead.
    assert.equal(
      meta("", `<article><span class="article-author" itemprop="author">Von Miller</span></article>`, "https://sport.test/1").byline,
      "Von Miller",
    );
    assert.equal(meta("", `<article><p class="byline">Par Marie Curie</p></article>`, "https://journal.test/1").byline, "Marie Curie");
  });

  it("reads a description written as escaped HTML, and a canonical URL given in an HTTP Link header", () => {
    assert.equal(
      meta(`<meta name="description" content="&lt;p&gt;Hand-made leather wallet.&lt;/p&gt;">`, "", "https://shop.test/w").description,
      "Hand-made leather wallet.",
    );
    assert.equal(
      meta(`<meta name="description" content="Use &lt;b&gt; for bold">`, "", "https://html.test/").description,
      "Use <b> for bold",
    );
    const header = (link: string, head = "") => {
      const p = htmlPage(`<html><head>${head}</head><body></body></html>`, "https://docs.test/files/report?download=1");
      p.headers = { link };
      return pageMetadata(parsePage(p)).canonical_url;
    };
    assert.equal(
      header(`<https://docs.test/wp-json/>; rel="https://api.w.org/", </files/report>; rel="canonical"`),
      "https://docs.test/files/report",
    );
    assert.equal(header(`</from-header>; rel=canonical`, `<link rel="canonical" href="/from-element">`), "https://docs.test/from-element");
  });

  it("takes no canonical from inside a <template>", () => {
    assert.equal(
      meta(`<template><link rel="canonical" href="/tpl"></template><link rel="canonical" href="/real">`, "", "https://x.test/a")
        .canonical_url,
      "https://x.test/real",
    );
  });

  it("counts words as a word processor does: numbers, addresses and URLs whole, combining marks in their letters, one per Chinese or Japanese character", () => {
    assert.equal(countWords("Prices rose 3.5% to $1,299.99 in 2024."), 7);
    assert.equal(countWords("Mail jane.doe@example.com or see https://example.com/docs/getting-started now"), 6);
    assert.equal(countWords("हिन्दी भारत की राजभाषा है"), 5);
    assert.equal(countWords("東京は日本の首都です。"), 10);
    assert.equal(countWords("hello — world | a |"), 3);
  });
});

/** Languages written without spaces between words: a paragraph is one run of letters. */
describe("pages in Chinese, Japanese and Thai", () => {
  const md = (html: string) => extractMainContent(parsePage(page(html, "https://news.example.cn/a/1.html"))).markdown;
  const site = (paragraphs: string[], menu: string[], footer: string) =>
    `<body><div class="top">${menu.map((m, i) => `<a href="/c${i}">${m}</a>`).join(" ")}</div>` +
    `<div class="wrap"><h1>${paragraphs[0]!.slice(0, 12)}</h1><div class="txt">${paragraphs.map((p) => `<p>${p}</p>`).join("")}</div></div>` +
    `<div class="foot">${footer}</div></body>`;

  it("weighs prose by its characters: words are about two ideographs, or four Thai letters", () => {
    assert.equal(textWords("one two  three "), 3);
    assert.equal(textWords("城市发展报告"), 3);
    assert.equal(textWords("首页"), 1);
    assert.equal(textWords("日本語のテキスト Tokyo"), 5);
    assert.equal(textWords("ภาษาไทยเขียนติดกัน"), 5);
    assert.equal(textWords("  "), 0);
  });

  it("splits words at every space JavaScript's \\s knows, and only there", () => {
    // Unicode's spaces and line separators part words; NEL, the Mongolian vowel separator and the zero-width space do not.
    const spaces = ["\u00a0", "\u1680", "\u2003", "\u2028", "\u2029", "\u202f", "\u205f", "\u3000", "\ufeff", "\t", "\v", "\f", "\r"];
    for (const space of spaces) assert.equal(textWords(`one${space}two${space}`), 2, JSON.stringify(space));
    for (const joiner of ["\u0085", "\u180e", "\u200b", "\u00ad"]) assert.equal(textWords(`one${joiner}two`), 1, JSON.stringify(joiner));
  });

  it("keeps a Chinese article and leaves out its menu and footer", () => {
    const sentence = (lead: string) => `${lead}，城市发展的许多问题包括交通、住房和环境保护等方面，专家认为需要长期规划。`.repeat(6);
    const out = md(
      site(
        ["据报道", "专家指出", "此外", "最后"].map(sentence),
        Array.from({ length: 30 }, (_, i) => `频道${i}`),
        "关于我们 联系我们 版权所有 新闻网",
      ),
    );
    assert.match(out, /专家指出，城市发展/);
    assert.ok(!out.includes("频道3"), out);
    assert.ok(!out.includes("版权所有"), out);
  });

  it("does the same for Japanese and Thai", () => {
    const japanese = md(
      site(
        ["東京では", "専門家は", "また", "最後に"].map((lead) =>
          `${lead}、都市の交通や住宅の問題について多くの議論が行われています。`.repeat(6),
        ),
        Array.from({ length: 30 }, (_, i) => `メニュー${i}`),
        "会社概要 お問い合わせ",
      ),
    );
    assert.match(japanese, /専門家は、都市の交通/);
    assert.ok(!japanese.includes("メニュー3"), japanese);
    const thai = md(
      site(
        ["รายงานระบุว่า", "ผู้เชี่ยวชาญกล่าวว่า", "นอกจากนี้", "สุดท้าย"].map((lead) =>
          `${lead}ปัญหาการพัฒนาเมืองรวมถึงการคมนาคมและที่อยู่อาศัยต้องมีการวางแผนระยะยาว `.repeat(6),
        ),
        Array.from({ length: 30 }, (_, i) => `เมนู${i}`),
        "เกี่ยวกับเรา ติดต่อเรา",
      ),
    );
    assert.match(thai, /ผู้เชี่ยวชาญกล่าวว่าปัญหา/);
    assert.ok(!thai.includes("เมนู3"), thai);
  });

  it("counts a Chinese accordion's question as content and a repeated 'add to cart' as interface", () => {
    const text = "我们的商店提供各种手工制作的茶具，每一件都由经验丰富的工匠制作完成。".repeat(4);
    const item = (i: number) =>
      `<div class="item"><h3>茶杯${i}号</h3><p>手工制作的陶瓷茶杯，容量二百毫升。</p><span>加入购物车</span></div>`;
    const faq = `<h2><button aria-controls="a1">我们如何处理退货申请？</button></h2><div id="a1"><p>收到商品后七天内可以申请退货。</p></div>`;
    const out = md(`<main><h1>茶具</h1><p>${text}</p>${[1, 2, 3].map(item).join("")}${faq}</main>`);
    assert.match(out, /茶杯2号/);
    assert.ok(!out.includes("加入购物车"), out);
    assert.match(out, /我们如何处理退货申请/);
  });
});

describe("pages laid out in a table", () => {
  const md = (body: string) => extractMainContent(parsePage(page(`<body>${body}</body>`))).markdown;
  const prose = (words: string) => `<p>${`${words} `.repeat(5)}</p>`;
  const menu = ["Home", "About us", "Research", "Publications", "People", "Contact"]
    .map((m, i) => `<a href="/n${i}.html">${m}</a><br>`)
    .join("");

  it("takes the cell that holds the text, not the menu, news and footer cells around it", () => {
    const out = md(
      `<table width="100%"><tr><td colspan="3"><img src="logo.gif" alt="Department">University of Somewhere</td></tr>` +
        `<tr><td width="150" valign="top">${menu}</td><td valign="top"><b>Soil erosion</b><br>${prose("Soil erosion by water is a major problem where steep slopes and intense rainfall combine.")}${prose("We measure sediment yield with plots and gauging stations across three river basins.")}</td>` +
        `<td width="160"><b>News</b><br><a href="/news1.html">New grant awarded</a><br>Last updated 12/03/2004</td></tr>` +
        `<tr><td colspan="3">&copy; 2004 Department | <a href="/disclaimer.html">Disclaimer</a></td></tr></table>`,
    );
    assert.match(out, /^\*\*Soil erosion\*\*/);
    assert.match(out, /gauging stations/);
    for (const gone of ["University of Somewhere", "Publications", "New grant", "Last updated", "Disclaimer"])
      assert.ok(!out.includes(gone), gone);
  });

  it("keeps a data table's repeated values, while repeated interface text elsewhere goes", () => {
    const row = (year: number, name: string) =>
      `<tr><td>${year}</td><td><a href="/wiki/${name.replace(/ /g, "_")}">${name}</a></td><td>Physics</td></tr>`;
    const out = md(
      `<main><h1>Laureates</h1>${prose("These are the laureates of the prize by year, with their fields of work.")}` +
        `<table><tr><th>Year</th><th>Laureate</th><th>Field</th></tr>${row(1956, "John Bardeen")}${row(1972, "John Bardeen")}${row(1903, "Marie Curie")}${row(1911, "Marie Curie")}${row(1990, "Marie Curie")}</table>` +
        `${[1, 2, 3].map((i) => `<div class="card"><p>Poster ${i} of the ceremony in the great hall.</p><a href="/cart/${i}">Add to basket</a></div>`).join("")}</main>`,
    );
    assert.match(out, /^\| 1972 \| \[John Bardeen\]\(https:\/\/site\.test\/wiki\/John_Bardeen\) \| Physics \|$/m);
    assert.equal(out.match(/\[Marie Curie\]/g)?.length, 3);
    assert.ok(!out.includes("Add to basket"), out);
  });

  it("keeps a link named in sentence after sentence, while a control repeated after sentences goes", () => {
    const mention = (text: string) => `<p>${text.replace("REPO", '<a href="/wiki/Repository">Gentoo ebuild repository</a>')}</p>`;
    const story = (i: number) =>
      `<p>Hotel group ${i} opened a new resort on the coast this spring with four hundred rooms. <a href="/search?q=like-${i}">More like this</a></p>`;
    const out = md(
      `<main><h1>Portage</h1>${mention("Portage installs software from the REPO and from any additional repositories you add.")}` +
        `${mention("While the REPO is written or reviewed by developers, other sources are not checked.")}` +
        `${mention("Packages in the REPO are signed, and Portage checks each signature before it installs.")}${[1, 2, 3].map(story).join("")}</main>`,
    );
    assert.equal(out.match(/the \[Gentoo ebuild repository\]\(https:\/\/site\.test\/wiki\/Repository\)/g)?.length, 3, out);
    assert.ok(!out.includes("More like this"), out);
    const post = (i: number) =>
      `<p>We cover how to register a journal's articles in <a href="/blog/${i}">this blog post</a>, and how to index them in the next one.</p>`;
    const blog = md(`<main><h1>Metadata</h1>${[1, 2, 3].map(post).join("")}</main>`);
    assert.equal(blog.match(/articles in \[this blog post\]\(https:\/\/site\.test\/blog\/\d\), and how/g)?.length, 3, blog);
  });

  it("keeps a phrase emphasised in sentence after sentence, while a control repeated in rows of blocks or a ticker goes", () => {
    const sentence = (text: string) => `<p>${text.replace("ENGINE", "<strong><em>Discussion Engine</em></strong>")}</p>`;
    const book = (i: number) =>
      `<div class="row"><div class="cover"><img src="/b${i}.jpg" alt=""></div><div><a href="/book/${i}">Book ${i} of the best books ever written</a> by Author ${i}, with an average rating of 4.${i}</div><div>Rate this book</div></div>`;
    const ticker = `<p>${"<span>Book Now</span> * ".repeat(12)}</p>`;
    const out = md(
      `<main><h1>Forums</h1>${sentence("It becomes a ENGINE, retaining its traditional front-end and an API for other uses.")}` +
        `${sentence("Flarum as a ENGINE could drive blog comments or add real time chat to websites.")}` +
        `${sentence("Think of the ENGINE as a base that extensions build new kinds of community on.")}${[1, 2, 3].map(book).join("")}${ticker}</main>`,
    );
    assert.equal(out.match(/\*\*\*Discussion Engine\*\*\*/g)?.length, 3, out);
    assert.ok(!out.includes("Rate this book"), out);
    assert.ok(!out.includes("Book Now"), out);
  });

  it("keeps a data table whole, header cells and all, even when one cell holds most of its text", () => {
    const out = md(
      `<h2>Release notes</h2><table><tr><th>Version</th><th>Changes</th></tr><tr><td>2.0</td><td>${prose("Rewrote the parser, added streaming, fixed the memory leak in the cache and sped up start-up.")}</td></tr></table>`,
    );
    assert.match(out, /^\| Version \| Changes \|$/m);
    assert.match(out, /^\| 2\.0 \| Rewrote the parser/m);
  });
});

/** Page shapes from a reviewer's 53 platform pages, each lost content before its fix. */
describe("platform page shapes, fifth review", () => {
  const md = (body: string) => extractMainContent(parsePage(page(`<body>${body}</body>`))).markdown;
  const prose = (words: string, n = 3) => `<p>${`${words} `.repeat(n)}</p>`;

  it("keeps a Stack Exchange question when its title stands in a header beside the question and its answers", () => {
    const answer = (i: number) =>
      `<div class="answer"><div class="s-prose">${prose(`Answer ${i}: use asyncio.gather so the coroutines run together instead of one after the other.`, 4)}</div></div>`;
    const out = md(
      `<header class="s-topbar"><a href="/">Stack Overflow</a></header><div id="content"><div class="inner-content"><div id="question-header"><h1><a href="/questions/1/async">Understanding async await</a></h1></div>` +
        `<div class="d-flex"><span>Asked today</span></div><div id="mainbar" role="main"><div class="question"><div class="s-prose">${prose("My loop blocks while each coroutine sleeps, and I expected them to run at the same time.", 2)}</div></div>` +
        `<div id="answers"><h2>3 Answers</h2>${[1, 2, 3].map(answer).join("")}</div></div></div></div>` +
        `<div class="s-modal" role="dialog"><h1>Join the community</h1></div>`,
    );
    assert.match(out, /^# \[Understanding async await\]/);
    assert.match(out, /My loop blocks while each coroutine sleeps/);
    assert.match(out, /Answer 3: use asyncio\.gather/);
  });

  it("does not take a logo heading for the page's title (Twenty Thirteen, Substack)", () => {
    const out = md(
      `<header id="masthead"><a class="home-link" href="https://example.com/"><h1 class="site-title">Field Notes</h1></a></header><div id="main"><article><header class="entry-header"><h1 class="entry-title">Planting garlic in autumn</h1></header>` +
        `<div class="entry-content">${prose("Plant the cloves pointed end up, two inches deep and six inches apart, before the ground freezes.", 4)}</div></article></div>`,
    );
    assert.match(out, /^# Planting garlic in autumn/);
    assert.ok(!out.includes("Field Notes"), out);
  });

  it("keeps a section's own header (its title and introduction) on a page without <main>, but not the site's header", () => {
    const out = md(
      `<header class="site"><a href="/">Acme Plumbing</a><nav><a href="/a">About</a></nav></header>` +
        `<section><header class="section-header"><h2>How we help</h2><p>Three ways we keep your water running all year round.</p></header>${prose("Emergency repairs, yearly boiler checks and bathroom fitting by our own staff.")}</section>` +
        `<section><header class="section-header"><h2>Where we work</h2><p>Every district of the city and the villages around it.</p></header>${prose("Our vans cover the whole county, and call-outs within the ring road are free.")}</section>`,
    );
    assert.match(out, /^## How we help$/m);
    assert.match(out, /Three ways we keep your water running/);
    assert.ok(!out.includes("Acme Plumbing"), out);
  });

  it("keeps an accordion's questions written as bare buttons or as a CSS toggle's labels, but not a shop's buttons", () => {
    const answer = (text: string) =>
      `<div class="panel"><p>${text} ${"It depends on the job, and we always tell you the price before we start. ".repeat(2)}</p></div>`;
    const out = md(
      `<main><h1>Questions</h1>${prose("Here are the questions our customers ask us most often about our work.")}` +
        `<button class="accordion">How fast can you come out?</button>${answer("Usually within the hour.")}` +
        `<input type="checkbox" id="q2" hidden><label for="q2">Do you charge for call-outs?</label><div>${answer("Not inside the ring road.")}</div>` +
        `<button type="button">Add to cart</button><div class="description">${prose("A description of the boiler service plan with yearly checks and priority call-outs.", 1)}</div></main>`,
    );
    assert.match(out, /How fast can you come out\?/);
    assert.match(out, /Do you charge for call-outs\?/);
    assert.ok(!out.includes("Add to cart"), out);
  });

  it("keeps a documentation note set as an <aside> (Starlight), but not an aside of links", () => {
    const out = md(
      `<main><h1>Install</h1>${prose("Install the command line tool with your package manager and check its version.")}` +
        `<aside class="starlight-aside starlight-aside--caution"><p class="starlight-aside__title">Caution</p><p>Run the installer as a normal user, never as root, or the cache ends up owned by root.</p></aside>` +
        `${prose("Then log in with your account and pick the project to work on.")}<aside class="more"><h3>More guides</h3><a href="/g1">Deploying</a> <a href="/g2">Testing</a></aside></main>`,
    );
    assert.match(out, /never as root/);
    assert.ok(!out.includes("More guides"), out);
  });

  it("leaves out cookie bars with compound class names, and keeps an API member's signature while a forum signature goes", () => {
    const out = md(
      `<div class="page"><h1>Opening hours</h1>${prose("The library is open from nine to five on weekdays and from ten to four on Saturdays.")}` +
        `${prose("During school holidays the children's section opens an hour later than usual.")}</div>` +
        `<div id="cookie-law-info-bar" class="cli-bar-container"><p>${"We use cookies to give you the best experience on our website and to measure visits. ".repeat(3)}</p></div>`,
    );
    assert.ok(!out.includes("We use cookies"), out);
    const api = md(
      `<main><h1>Class List</h1>${prose("A resizable array that keeps its elements in the order they were added.")}<section class="detail"><h3>add</h3><div class="member-signature"><code>public boolean add(E element)</code></div><p>Appends the element to the end of this list.</p></section></main>`,
    );
    assert.match(api, /public boolean add\(E element\)/);
    const forum = md(
      `<main><h1>Thread</h1><div class="post"><div class="post-body">${prose("My router drops the connection every evening at eight and I have tried all the channels.")}</div><div class="post-signature">Sent from my phone, running version 2.1</div></div></main>`,
    );
    assert.ok(!forum.includes("Sent from my phone"), forum);
  });

  it("keeps the fields of a listing's items when their values repeat (a company, a place), while controls and reading times go", () => {
    const job = (i: number, company: string, place: string) =>
      `<li class="job"><a href="/jobs/${i}"><span class="title">Senior engineer number ${i} for the platform team</span></a><div class="company">${company}</div><div class="location">${place}</div><div class="meta">${i === 5 ? 12 : 5} min read</div><a class="more" href="/jobs/${i}#apply">Apply now</a></li>`;
    const rows = [
      [1, "Northwind Labs", "Anywhere in the World"],
      [2, "Northwind Labs", "Anywhere in the World"],
      [3, "Northwind Labs", "Remote, US"],
      [4, "Contoso Ltd", "Anywhere in the World"],
      [5, "Fabrikam Inc", "Berlin, Germany"],
    ] as const;
    const out = md(`<main><h1>Remote jobs</h1><ul class="jobs">${rows.map(([i, c, p]) => job(i, c, p)).join("")}</ul></main>`);
    assert.equal(out.match(/Northwind Labs/g)?.length, 3, out);
    assert.equal(out.match(/Anywhere in the World/g)?.length, 3, out);
    assert.ok(!out.includes("Apply now"), out);
    assert.doesNotMatch(out, /^\s*5 min read$/m);
    assert.match(out, /^\s*12 min read$/m);
  });

  it("keeps the story's paragraphs after an inline 'Related articles' box", () => {
    const para = (i: number) =>
      `<p>Paragraph ${i} of the story explains how the council voted on the budget and what it means for schools and transit.</p>`;
    const box = `<div class="story-inset"><div class="inset-inner"><h3>Related articles</h3><ul><li class="related-item"><a href="/a">Council passes budget</a></li><li class="related-item"><a href="/b">Transit fares rise</a></li></ul></div></div>`;
    const out = md(
      `<article><h1>Budget vote</h1><div class="body">${para(1)}${para(2)}${box}${para(3)}${para(4)}${para(5)}</div></article>`,
    );
    assert.equal(out.match(/Paragraph \d/g)?.length, 5, out);
    assert.ok(!out.includes("Transit fares rise"), out);
  });

  it("keeps an abstract page's title and metadata around its long abstract quote, a GOV.UK notice, a title written twice, and an accordion title in its button", () => {
    const arxiv = md(
      `<h1 class="visually-hidden">Computer Science &gt; Machine Learning</h1><div id="abs"><h1 class="title">Attention in small models</h1><div class="authors">Authors: Ada Lovelace, Alan Turing</div><div class="dateline">Submitted on 2 Jan 2026</div><blockquote class="abstract">${prose("We study attention in small language models and show that a few heads carry most of the signal.", 6)}</blockquote><div class="metatable"><table><tr><td>Subjects:</td><td>Machine Learning (cs.LG)</td></tr></table></div></div>`,
    );
    assert.match(arxiv, /Attention in small models/);
    assert.match(arxiv, /Authors: Ada Lovelace/);
    const notice = md(
      `<main><h1>Apply for a licence</h1>${prose("You need a licence to run a market stall on council land in the city centre.")}<div role="note" class="application-notice info-notice"><p>Applications are closed from 20 December to 5 January.</p></div>${prose("Apply at least four weeks before the date of the market you want to join.")}</main>`,
    );
    assert.match(notice, /Applications are closed from 20 December/);
    const twice = md(
      `<div class="product"><h1 class="product-name d-md-none">Trail Runner 3</h1><div class="images"><img src="/t.jpg" alt=""></div><div class="details"><h1 class="product-name d-none d-md-block">Trail Runner 3</h1><div class="price">$120.00</div><div class="description">${prose("A light trail shoe with a rock plate and a grippy outsole for wet ground.", 6)}</div></div></div>`,
    );
    assert.match(twice, /^# Trail Runner 3/);
    const accordion = md(
      `<main><h1>Desk lamp</h1>${prose("A small desk lamp with a warm light and a heavy base that does not tip over.")}<button class="pdp-toggle" aria-expanded="false"><h3>Specifications</h3></button><div class="content"><ul><li>Height: 40 cm</li><li>Bulb: E14</li></ul></div></main>`,
    );
    assert.match(accordion, /Specifications/);
  });

  it("leaves out a shop's shipping and returns terms written as prose on a product page, but not this item's offer fields", () => {
    const product = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Speckled mug"}</script>`;
    const page = (extra: string) =>
      `${product}<main><h1>Speckled mug</h1><div class="price">$32.00</div>${prose("A hand-thrown stoneware mug with a speckled glaze, holding about 350 ml of coffee or tea.", 3)}${extra}</main>`;
    const terms = `<details><summary>Shipping &amp; Returns</summary><p>${"We ship within three working days. Returns are accepted within thirty days if the item is unused and in its original packaging. ".repeat(2)}</p></details>`;
    const out = md(page(terms));
    assert.match(out, /hand-thrown stoneware mug/);
    assert.ok(!out.includes("We ship within three working days"), out);
    const fields = md(page(`<h3>Returns</h3><ul><li>Return window: 30 days</li><li>Restocking fee: none</li></ul>`));
    assert.match(fields, /Return window: 30 days/);
    const article = md(
      `<main><h1>How we ship</h1>${prose("Our parcels travel by rail where they can, which takes a day longer but saves fuel.", 3)}${terms}</main>`,
    );
    assert.match(article, /We ship within three working days/);
  });

  it("writes an image's alt text when the content repeats its words only in link targets, and leaves it empty when the text says them", () => {
    const out = md(
      `<main><h1>Homes</h1>${prose("Three homes for sale this week in the town centre and near the park.")}` +
        `<div class="card"><img src="/m.jpg" alt="120 Maple St, Asheville"><a href="/homes/120-maple-st">120 Maple St</a><br>Asheville, NC</div>` +
        `<div class="card"><img src="/t.png" alt="Transportation"><a href="/topics/transportation/">Cars and trains</a></div></main>`,
    );
    assert.match(out, /!\[\]\(https:\/\/site\.test\/m\.jpg\)/);
    assert.match(out, /!\[Transportation\]/);
  });
});

/** Features whose reading was checked against what Chromium renders with scripts off. */
describe("what a browser renders", () => {
  const md = (body: string) => extractMainContent(parsePage(page(`<body><main><h1>Notes</h1>${intro}${body}</main></body>`))).markdown;
  const intro = `<p>${"An introduction of a few sentences, so that the article is plainly the main content of the page. ".repeat(3)}</p>`;

  it("writes MathML on one line with its operands apart, without the TeX annotation or KaTeX's drawn copy", () => {
    assert.match(
      md(
        `<p>Sum: <math><mfrac><mn>3</mn><mn>4</mn></mfrac><mo>+</mo><msqrt><mn>2</mn></msqrt><mo>+</mo><msup><mi>x</mi><mn>2</mn></msup></math> in all.</p>`,
      ),
      /^Sum: 3\/4\+√2\+x\\?\^2 in all\.$/m,
    );
    const tex = `<math><semantics><mrow><mi>E</mi><mo>=</mo><mi>m</mi><msup><mi>c</mi><mn>2</mn></msup></mrow><annotation encoding="application/x-tex">E=mc^{2}</annotation></semantics></math>`;
    assert.match(md(`<p>Energy ${tex} holds.</p>`), /^Energy E=mc\\?\^2 holds\.$/m);
    const katex = `<span class="katex"><span class="katex-mathml">${tex}</span><span class="katex-html" aria-hidden="true"><span>E</span><span>=</span><span>mc</span><sup>2</sup></span></span>`;
    assert.match(md(`<p>Energy ${katex} holds.</p>`), /^Energy E=mc\\?\^2 holds\.$/m);
  });

  it("writes a <br> in a list item, a <div> or an <address> as a line break, not a new paragraph", () => {
    const out = md(
      `<ol><li>Run it<br>with care</li><li>Then stop</li></ol><div>First line<br>second line</div><address>10 Main St<br>Springfield</address>`,
    );
    assert.match(out, /^1\. Run it\\\n {3}with care\n2\. Then stop$/m);
    assert.match(out, /^First line\\\nsecond line$/m);
    assert.match(out, /^10 Main St\\\nSpringfield$/m);
  });

  it("keeps a refrain said again within one stanza, and leaves no backslash where a repeated last line went", () => {
    const refrain = "Roll on, roll on, the freight train rolls on";
    const out = md(
      `<p>${refrain}<br>Under the bridge and over the plain<br>${refrain}<br>Into the night again</p><p>A verse of its own here<br>${refrain}</p>`,
    );
    assert.equal(out.split(refrain).length - 1, 2, out);
    assert.match(out, /^A verse of its own here$/m);
  });

  it("escapes '==' or '--' after a hard break, which would make the lines above it a heading", () => {
    assert.match(md(`<p>Total score<br>==</p><p>Regards<br>--</p>`), /^Total score\\\n\\==\n\nRegards\\\n\\--$/m);
  });

  it("leaves out hidden text beside shown text, however short its line", () => {
    const out = md(
      `<table><tr><th>Code</th><th>City</th></tr><tr><td>JP</td><td><span style="display:none">0001</span>Tokyo</td></tr></table><h2>Prices<span hidden> (archived)</span></h2><p>${"Prices change with the season and the day of the week. ".repeat(3)}</p>`,
    );
    assert.match(out, /\| JP \| Tokyo \|/);
    assert.match(out, /^## Prices$/m);
  });

  it("writes a <menu> of text items as a list, and still leaves out a toolbar of commands", () => {
    const out = md(
      `<menu><li>The ticket hall</li><li>The upper platform</li></menu><menu><li><button>Copy</button></li><li><button>Paste</button></li></menu>`,
    );
    assert.match(out, /^- The ticket hall\n- The upper platform$/m);
    assert.doesNotMatch(out, /Copy|Paste/);
  });

  it("takes a lazy image's picture from the <noscript> after it when its src is a placeholder", () => {
    const out = md(
      `<p><img src="/img/placeholder.gif" data-lazy-srcset="/img/bridge.jpg 2x" alt="The bridge"><noscript><img src="/img/bridge.jpg" alt="The bridge"></noscript></p>`,
    );
    assert.match(out, /!\[The bridge\]\(https:\/\/site\.test\/img\/bridge\.jpg\)/);
    assert.doesNotMatch(out, /placeholder/);
  });

  it("hides what visibility:collapse hides, and shows what an inline display shows over the hidden attribute", () => {
    const panel = (attrs: string, text: string) => `<div ${attrs}><p>${text}</p></div>`;
    const out = md(
      panel('style="visibility: collapse"', "Collapsed note") +
        panel('hidden style="display: block"', "Shown by its style") +
        `<p>${"More prose follows the two boxes to keep them small. ".repeat(4)}</p>`,
    );
    assert.doesNotMatch(out, /Collapsed note/);
    assert.match(out, /Shown by its style/);
  });

  it("reads a custom element's name and a short aria-label as it reads class words", () => {
    const grid = `<newsletter-signup><p>Get our weekly letter with the best stories of the week.</p></newsletter-signup>`;
    const ad = `<div aria-label="Advertisement"><p>Buy the new phone today at a great price.</p></div>`;
    const out = md(grid + ad + `<p>${"The article goes on after the boxes, with more of its own prose. ".repeat(4)}</p>`);
    assert.match(out, /goes on after the boxes/);
    assert.doesNotMatch(out, /weekly letter|new phone/);
  });
});

describe("shop pages, sixth review", () => {
  const md = (body: string) => extractMainContent(parsePage(page(`<body>${body}</body>`))).markdown;
  const prose = (words: string, n = 4) => `<p>${`${words} `.repeat(n)}</p>`;
  const product = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Trail jacket"}</script>`;

  it("leaves out a swatch list drawn as a listbox, and a tooltip unless it is mostly a link", () => {
    const card = (i: number) =>
      `<li class="product-item"><a href="/p/${i}">Trail jacket ${i}</a><span class="price">$${i}9.00</span><div role="listbox" aria-label="Size"><div role="option">XS</div><div role="option">S</div><div role="option">XL</div></div></li>`;
    const tip = `<div role="tooltip">Picks are hand selected by our staff from thousands of items.</div>`;
    const author = `<p>By <span role="tooltip"><a href="/@ada">Ada Lovelace</a></span>, staff writer</p>`;
    const out = md(`<main><h1>Jackets</h1>${tip}${author}<ul>${[1, 2, 3].map(card).join("")}</ul></main>`);
    assert.match(out, /Trail jacket 2/);
    assert.match(out, /\$29\.00/);
    assert.doesNotMatch(out, /\bXL\b|hand selected/);
    assert.match(out, /Ada Lovelace/);
  });

  it("leaves out a shop's cross-sell sections under their usual headings", () => {
    const section = (title: string) =>
      `<section><h2>${title}</h2><ul><li><a href="/p/x">Rain hat</a> $20</li><li><a href="/p/y">Wool socks</a> $12</li></ul></section>`;
    for (const title of ["Complete the look", "Guests also viewed", "Popular searches", "Quienes vieron este producto también compraron"]) {
      const out = md(
        `${product}<main><h1>Trail jacket</h1>${prose("A light shell for wet days on the hill, taped at every seam.")}${section(title)}</main>`,
      );
      assert.match(out, /light shell/);
      assert.doesNotMatch(out, /Rain hat/, title);
    }
  });

  it("leaves out a control repeated on every card even when other controls beside it are already left out", () => {
    // BigCommerce's card: a quick-view button and a compare label, both left out, beside the cart link.
    const card = (i: number) =>
      `<li class="card"><figure><a href="/p/${i}"><img src="/i${i}.jpg" alt=""></a><figcaption><div class="card-figcaption-body">` +
      `<button type="button" class="button quickview">Quick view</button><label class="button" for="compare-${i}">Compare <input type="checkbox" id="compare-${i}"></label>` +
      `<a href="/cart/add/${i}" class="button">Add to Cart</a><span class="product-status-message">The item has been added</span></div></figcaption></figure>` +
      `<h3><a href="/p/${i}">Camp stove model ${i}</a></h3><span class="price">$${i}5.00</span></li>`;
    const out = md(`<main><h1>Stoves</h1><ul>${[1, 2, 3, 4].map(card).join("")}</ul></main>`);
    assert.match(out, /Camp stove model 4/);
    assert.doesNotMatch(out, /Add to Cart/);
  });

  it("leaves out a hidden box named for boilerplate, even when it holds most of the words", () => {
    const bar = `<div id="promoBar" class="promo-bar hide">${Array.from({ length: 12 }, (_, i) => `<p>Free shipping on orders over fifty dollars to region number ${i} this week only.</p>`).join("")}</div>`;
    const grid = `<main><h1>Skincare sets</h1><ul>${[1, 2, 3].map((i) => `<li><a href="/p/${i}">Set number ${i}</a> $${i}8</li>`).join("")}</ul></main>`;
    const out = md(bar + grid);
    assert.match(out, /Set number 3/);
    assert.doesNotMatch(out, /Free shipping/);
  });

  it("keeps a slide's caption laid over its picture (a BEM element named overlay)", () => {
    const slide = (i: number, text: string) =>
      `<div class="slideshow__slide"><img src="/s${i}.jpg" alt=""><div class="slideshow__text-wrap slideshow__overlay"><h2>${text}</h2><p>Made to last through many seasons of long walks.</p></div></div>`;
    const slides = slide(1, "Built for the trail") + slide(2, "New colours for spring") + slide(3, "Repairs for life");
    const out = md(`<main><h1>Welcome</h1><div class="slideshow">${slides}</div></main>`);
    assert.match(out, /Built for the trail/);
    assert.match(out, /New colours for spring/);
  });

  it("leaves out a product page's delivery and payment terms", () => {
    const terms = `<details><summary>Delivery and Payment</summary><p>${"Standard delivery takes three to five working days. We accept cards, gift cards and invoices from approved customers. ".repeat(2)}</p></details>`;
    const out = md(
      `${product}<main><h1>Trail jacket</h1>${prose("A light shell for wet days on the hill, taped at every seam.")}${terms}</main>`,
    );
    assert.match(out, /light shell/);
    assert.doesNotMatch(out, /Standard delivery/);
  });

  it("leaves out text for screen readers only, whichever of the common class names hides it", () => {
    for (const cls of ["wt-screen-reader-only", "u-srOnly", "visuallyhidden", "screen-reader-only"]) {
      const out = md(
        `<main><h1>Scarves</h1><p>Our scarves are knitted from undyed wool <a href="/story">in our own mill<span class="${cls}"> (opens in a new window)</span></a> by the river.</p></main>`,
      );
      assert.match(out, /knitted from undyed wool/);
      assert.doesNotMatch(out, /opens in a new window/, cls);
    }
  });

  it("leaves out a hidden label of a word or two, even beside a shown price of the same kind", () => {
    const card = (i: number) =>
      `<li class="card"><h3><a href="/p/${i}">Camp chair ${i}</a></h3><div class="price-section" style="display: none;">MSRP:</div><div class="price-section">$${i}9.00</div></li>`;
    const out = md(`<main><h1>Chairs</h1><ul>${[1, 2, 3].map(card).join("")}</ul></main>`);
    assert.match(out, /\$39\.00/);
    assert.doesNotMatch(out, /MSRP/);
  });
});

describe("shop pages, ninth review", () => {
  const md = (html: string) => extractMainContent(parsePage(page(`<body>${html}</body>`, "https://site.test/p/1"))).markdown;
  it("leaves out filter panels named for their facet, and lists of options to tick, but not a task list", () => {
    const facet = (name: string) =>
      `<div id="filter-${name}"><p>${name}</p><ul>${["Fiberglass (152)", "Foam (97)", "Mineral Wool (28)"].map((v) => `<li><a href="?f=${v}">${v}</a></li>`).join("")}</ul></div>`;
    const options = `<div>${["Under $25", "Like new", "Free shipping"].map((v) => `<div><input type="checkbox"><span>${v}</span></div>`).join("")}</div>`;
    const grid = Array.from(
      { length: 6 },
      (_, i) => `<div class="tile"><a href="/p/${i}">Insulation roll ${i}</a><span>$${i}4.98</span></div>`,
    ).join("");
    const out = md(
      `<main><h1>Insulation</h1><div class="layout"><div class="side">${facet("insulation_type")}${options}</div><div class="results">${grid}</div></div></main>`,
    );
    assert.match(out, /Insulation roll 3/);
    for (const gone of ["Mineral Wool", "Under $25", "Like new"]) assert.ok(!out.includes(gone), out);
    const tasks = md(
      `<main><h1>Todo</h1><p>${"Notes on the week ahead and what has to be done by Friday. ".repeat(4)}</p><ul><li><input type="checkbox" disabled checked> Done task</li><li><input type="checkbox" disabled> Open task</li></ul></main>`,
    );
    assert.match(tasks, /Open task/);
    // A checklist of boxes the reader may tick, named for tasks, stays too.
    const checklist = md(
      `<main><h1>Packing list</h1><p>${"What to pack for a week of hiking in the hills, in spring. ".repeat(4)}</p><ul class="checklist"><li><input type="checkbox"> Rain jacket</li><li><input type="checkbox"> Spare socks</li></ul></main>`,
    );
    assert.match(checklist, /Spare socks/);
  });
});

describe("shop pages, ninth review", () => {
  const md = (html: string) => extractMainContent(parsePage(page(`<body>${html}</body>`, "https://site.test/p/1"))).markdown;
  it("leaves out suggestions titled in other shops' languages", () => {
    const recs = (title: string) =>
      `<section><h2>${title}</h2><ul>${[1, 2, 3, 4].map((i) => `<li><a href="/p/${i}">Produkt ${i}</a> 9,99 zł</li>`).join("")}</ul></section>`;
    for (const title of [
      "Polecane dla Ciebie",
      "Zuletzt angesehen",
      "この商品を見た人はこんな商品も見ています",
      "猜你喜欢",
      "다른 고객이 함께 구매한 상품",
    ]) {
      const out = md(
        `<main><h1>Odkurzacz</h1><p>${"Robot sprzątający odkurza i myje podłogi w jednym przejściu, a stacja opróżnia pojemnik. ".repeat(4)}</p>${recs(title)}</main>`,
      );
      assert.ok(!out.includes("Produkt 3"), `${title}: ${out}`);
    }
  });
});

describe("shop pages, ninth review", () => {
  const md = (html: string) => extractMainContent(parsePage(page(`<body>${html}</body>`, "https://site.test/p/1"))).markdown;
  it("leaves out a newsletter's sign-up box: its form, its title and its blurb", () => {
    const out = md(
      `<main><h1>Kogan</h1><p>${"One of the country's leading online retailers, with thousands of products in every room. ".repeat(4)}</p><section><h2>Subscribe to our newsletter</h2><p>Be the first to hear about deals.</p><form><input type="email" placeholder="Email address"><button>Subscribe</button></form></section></main>`,
    );
    assert.match(out, /leading online retailers/);
    assert.ok(!out.includes("newsletter") && !out.includes("first to hear"), out);
  });
});

describe("shop pages, ninth review", () => {
  const md = (html: string) => extractMainContent(parsePage(page(`<body>${html}</body>`, "https://site.test/p/1"))).markdown;
  it("leaves out the buy box after a product's title, keeping its price, its description and its record's fields", () => {
    const desc = `<p>${"A cast iron teapot that keeps tea hot for an hour, enamelled inside and hand finished. ".repeat(3)}</p>`;
    const out = md(
      `<main><div class="product"><div class="gallery"><img src="/t.jpg" alt=""></div><div class="summary"><h1>Tetsubin Teapot</h1><p class="price">$89.00</p>` +
        `<div class="delivery"><p>Arrives in 3-5 business days</p><p>Pickup ready in 2 hours at Midtown</p></div><form action="/cart/add"><button>Add to cart</button></form>` +
        `<div class="seller">Sold by Hearth &amp; Kettle</div><div class="meta">SKU: TK-0801</div></div></div><section><h2>Description</h2>${desc}</section></main>`,
    );
    assert.match(out, /\$89\.00/);
    assert.match(out, /SKU: TK-0801/);
    assert.match(out, /enamelled inside/);
    for (const gone of ["Arrives in", "Pickup ready", "Hearth"]) assert.ok(!out.includes(gone), out);
  });
});

describe("news and magazine stories, seventh review", () => {
  const news = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"NewsArticle","headline":"Mill"}</script>`;
  const md = (head: string, body: string) =>
    extractMainContent(parsePage(page(`<html><head>${head}</head><body>${body}</body></html>`))).markdown;
  const para = (text: string) => `<p>${`${text} `.repeat(3)}</p>`;
  const story = (inside: string) =>
    `<main><article><h1>The mill turns again</h1>${para("The mill had been empty for thirty years when the town bought it and began the repairs.")}${inside}${para("The wheel turned again last May, and the mill now grinds flour for the bakery twice a week.")}</article></main>`;

  it("leaves out a picture's caption and credit on a page that declares a story, and only there", () => {
    const figure = `<figure><img src="/mill.jpg" alt=""><figcaption>The wheel house in 1950. Photo: County Archive / Getty Images</figcaption></figure>`;
    assert.doesNotMatch(md(news, story(figure)), /County Archive/);
    assert.match(md("", story(figure)), /County Archive/);
  });

  it("leaves out a box whose only text is an ad's label, whatever its class", () => {
    const out = md(
      news,
      story(
        `<div class="x9f2k"><span class="a1b2">Advertisement</span></div><div class="c3d4"><p>Story continues below advertisement</p></div>`,
      ),
    );
    assert.match(out, /wheel turned again/);
    assert.doesNotMatch(out, /Advertisement|continues below/i);
  });

  it("reads a sign-up box, a related box and a like widget inside longer class names", () => {
    const boxes =
      `<div class="newsletter-signup-inline"><p>Get the best local stories in your inbox every morning.</p></div>` +
      `<div class="jnews_inline_related_post_wrapper"><p><a href="/other">Another story from the valley this spring</a></p></div>` +
      `<div class="jetpack-likes-widget-wrapper"><p>Like this: Like Loading…</p></div>`;
    const out = md(news, story(boxes));
    assert.match(out, /wheel turned again/);
    assert.doesNotMatch(out, /inbox every morning|Another story from the valley|Like Loading/);
  });

  it("leaves out a box of teaser <article>s inside a story: entries of a list are not the story", () => {
    const card = (i: number) =>
      `<article class="post-card"><h4><a href="/p${i}">Other story number ${i} from the town</a></h4><p>A short blurb of it.</p></article>`;
    const out = md(
      `<meta property="og:type" content="article">`,
      story(`<div class="related-posts">${[1, 2, 3].map(card).join("")}</div>`),
    );
    assert.match(out, /wheel turned again/);
    assert.doesNotMatch(out, /Other story number 2/);
  });

  it("leaves out the byline and date line under a headline with a standfirst", () => {
    const header = `<header class="article-header"><h1>The mill turns again</h1><p class="standfirst">After thirty years of silence, volunteers and a grant from the state brought the old wheel back to life this spring.</p><div class="meta"><span>By Jane Doe</span> <time datetime="2021-03-03">March 3, 2021</time> · 12 comments</div></header>`;
    const body = `<div class="article-body">${para("The mill had been empty for thirty years when the town bought it and began the repairs.")}${para("The wheel turned again last May, and the mill now grinds flour for the bakery twice a week.")}</div>`;
    const out = md(news, `<main><article>${header}${body}</article></main>`);
    assert.match(out, /volunteers and a grant/);
    assert.match(out, /wheel turned again/);
    assert.doesNotMatch(out, /Jane Doe|12 comments/);
  });

  it("leaves out a news story's 'Read more:' teasers and newsletter prompts between its paragraphs", () => {
    const teaser = `<p><strong>Read more:</strong> <a href="/council">The council votes on the bakery's lease</a></p>`;
    const prompt = `<div class="k8s2"><p>Sign up for the Morning Ledger newsletter.</p></div>`;
    const out = md(news, story(teaser + prompt));
    assert.match(out, /wheel turned again/);
    assert.doesNotMatch(out, /council votes|Morning Ledger/);
  });

  it("leaves out a pull quote that repeats the story's words, and keeps a quotation of its own", () => {
    const pull = `<blockquote class="wp-block-pullquote"><p>the mill now grinds flour for the bakery twice a week</p></blockquote>`;
    const quote = `<blockquote><p>We never thought we would hear the wheel again, said the oldest volunteer.</p></blockquote>`;
    const out = md(news, story(pull + quote));
    assert.equal(out.match(/grinds flour for the bakery twice a week/g)?.length, 3, out);
    assert.match(out, /never thought we would hear the wheel/);
  });
});

describe("forums, listings and service pages, tenth review", () => {
  const md = (html: string, url = "https://site.test/t/1") => extractMainContent(parsePage(page(html, url))).markdown;
  it("leaves out a control repeated in each post that leads nowhere ('#', 'javascript:;'), though it stands in the post's meta line", () => {
    const post = (n: number, text: string) =>
      `<div class="post"><div class="authi">Posted by member${n} on 2023-5-12 10:2${n} | <a href="forum.php?authorid=${n}">Only this author</a> | <a href="javascript:;">Reverse reading order</a> | <a href="#">Reading mode</a></div><div class="t_f">${text}</div></div>`;
    const out = md(
      `<html><body><div id="postlist"><h1>NAS disks failing: which ones to buy?</h1>` +
        post(1, "My NAS has run for three years and its disks now report reallocated sectors every week, so I am replacing all four.") +
        post(2, "Rebuilding a RAID5 array stresses every disk at once, so back up the important data to another drive before you start.") +
        post(3, "Replace one disk at a time and wait for each rebuild to finish; it is slow but the data stays online the whole time.") +
        `</div></body></html>`,
    );
    assert.match(out, /reallocated sectors/);
    assert.match(out, /Posted by member3/);
    assert.doesNotMatch(out, /Reverse reading order|Reading mode/);
  });
  it("leaves out the links to the previous and next page the head declares, with their labels, and keeps such a link in a sentence", () => {
    const message = `<pre>${"It stays opt-in for this release; we need a release of real-world data from distributors first.\n".repeat(6)}</pre>`;
    const out = md(
      `<html><head><title>Re: allocator</title><link rel="Previous" href="178201.html"><link rel="Next" href="178206.html"></head><body>` +
        `<h1>[Dev] Re: Making the new allocator the default</h1><b>Petra Novak</b><br><i>Tue Feb 6 11:47:03 EST 2024</i>` +
        `<ul><li>Previous message (by thread): <a href="178201.html">[Dev] Making the new allocator the default</a></li>` +
        `<li>Next message (by thread): <a href="178206.html">[Dev] Re: Making the new allocator the default</a></li></ul><hr>${message}` +
        `<p>The numbers from the Fedora builds are in the <a href="178206.html">next message of the thread</a>, with the memory use of small processes measured.</p>` +
        `<p><a rel="next" href="/page/2">Older messages »</a></p></body></html>`,
      "https://lists.site.test/archive/178204.html",
    );
    assert.match(out, /stays opt-in/);
    assert.match(out, /next message of the thread/);
    assert.doesNotMatch(out, /Previous message|Next message \(by thread\)|Older messages/);
  });
  it("leaves out a reply form with its title and guidance around it", () => {
    const answer = (text: string) => `<div class="answer"><div class="answer-body"><p>${text}</p></div></div>`;
    const out = md(
      `<html><body><main><h1>Timer trigger fails with 409 Conflict</h1><div class="question-body"><p>Since Thursday the function fails one run in ten with a 409 Conflict while the host indexes its methods.</p></div>` +
        `<section id="answers"><h2>2 answers</h2>` +
        answer(
          "A 409 during indexing means two hosts tried to take the same blob lease for the schedule monitor; it is harmless when the next run succeeds.",
        ) +
        answer(
          "Setting the host id explicitly on each app stopped the errors: our staging and production apps shared one storage account.",
        ) +
        `</section><div class="composer"><h2>Your answer</h2><p>Answers can be marked as accepted by the question author, which helps readers know the answer solved the problem.</p>` +
        `<form><textarea name="body"></textarea><button type="submit">Post your answer</button></form></div></main></body></html>`,
    );
    assert.match(out, /blob lease/);
    assert.match(out, /host id explicitly/);
    assert.doesNotMatch(out, /Your answer|marked as accepted/);
    // A section of its own beside a titled form (a service page's column) is no part of the form's box.
    const serviceHtml =
      `<html><body><h1>House cleaning in Austin</h1><p>Trusted, background-checked cleaners with flat-rate pricing, insured and bonded, and the same cleaner every visit.</p>` +
      `<div class="row"><div class="col"><div class="par"><h2>Service area</h2></div><div class="par"><p>We clean homes in Austin, Round Rock and Cedar Park.</p></div>` +
      `<div class="dmform"><h3>Request a quote</h3><form><input type="text" placeholder="Name"><textarea></textarea><input type="submit" value="Send"></form></div></div></div></body></html>`;
    const service = md(serviceHtml);
    assert.match(service, /Service area/);
    assert.match(service, /Round Rock and Cedar Park/);
    assert.doesNotMatch(service, /Request a quote/);
    // The same beside a form that asks for an e-mail address (the sign-up box rule).
    const withEmail = md(serviceHtml.replace('<input type="text" placeholder="Name">', '<input type="email" placeholder="Email">'));
    assert.match(withEmail, /Round Rock and Cedar Park/);
    assert.doesNotMatch(withEmail, /Request a quote/);
  });
  it("leaves out a footer of plain boxes that its copyright notice names, but not a record's copyright field", () => {
    const card = (title: string) =>
      `<div class="c1"><h3>${title}</h3><p>We start with workshops and interviews, then turn what we learn into ${title.toLowerCase()} your whole team can use.</p></div>`;
    const out = md(
      `<html><body><div class="f0"><div class="f1"><h1>Services</h1><p>We help early-stage companies look like category leaders. Small senior team, no handoffs, fixed prices.</p></div>` +
        `<div class="f2">${card("Brand strategy")}${card("Visual identity")}${card("Websites")}${card("Product design")}</div>` +
        `<div class="f3"><div class="a1"><p>© 2024 Northfold Studio</p></div><div class="a2"><a href="https://instagram.com/nf">Instagram</a> <a href="https://linkedin.com/nf">LinkedIn</a></div><div class="a3"><p>hello@northfold.studio</p><p>Lisbon · Berlin</p></div></div></div></body></html>`,
    );
    assert.match(out, /Product design/);
    assert.doesNotMatch(out, /Northfold Studio|Lisbon/);
    const app = md(
      `<html><body><main><h1>Duolingo</h1><p>Learn a new language with short, game-like lessons that fit into a coffee break, every day of the year.</p>` +
        `<h2>Information</h2><dl><dt>Seller</dt><dd>Duolingo, Inc.</dd><dt>Copyright</dt><dd>© 2024 Duolingo, Inc.</dd><dt>Price</dt><dd>Free</dd></dl></main></body></html>`,
    );
    assert.match(app, /© 2024 Duolingo/);
  });
  it("writes a space between styled fields that the markup sets side by side without one, but not inside a word", () => {
    const out = md(
      `<html><body><main><h1>Best films of 2023</h1><ul class="list">` +
        `<li><h3>1. Past Lives</h3><div class="meta"><span class="m1">2023</span><span class="m1">1h 45m</span><span class="m1">PG-13</span></div><p>Two childhood friends are reunited for one fateful week in New York.</p><div class="credits"><span class="lbl">Director</span><a class="nm" href="/name/1">Celine Song</a></div></li>` +
        `<li><h3>2. Perfect Days</h3><div class="meta"><span class="m1">2023</span><span class="m1">2h 3m</span><span class="m1">PG</span></div><p>A toilet cleaner in Tokyo cherishes music on cassette tapes, books and trees.</p><div class="credits"><span class="lbl">Director</span><a class="nm" href="/name/2">Wim Wenders</a></div></li>` +
        `</ul><p><span class="dropcap">T</span><span class="rest">he</span> list averages 214 ballots; <b>foo</b><i>bar</i> stays one word, and so do <span class="a">数码</span><span class="b">之家</span>.</p></main></body></html>`,
    );
    assert.match(out, /2023 1h 45m PG-13/);
    assert.match(out, /Director \[Celine Song\]/);
    assert.match(out, /The list averages/);
    assert.match(out, /\*\*foo\*\*\*bar\*/);
    assert.match(out, /数码之家/);
  });
  it("leaves out links styled as buttons of a few words (calls to action), keeping text links and a heading's link", () => {
    const out = md(
      `<html><body><main><h1>Sports physiotherapy</h1><p>Back on the pitch sooner and stronger.</p><a class="wp-block-button__link wp-element-button" href="/book">Book an appointment</a>` +
        `<h2><a class="btn-title" href="/sports">Who is it for?</a></h2><p>We treat injuries of recreational and top athletes: sprained ankles, knee complaints and overuse from running. See <a href="/prices">our prices</a> for the fees.</p>` +
        `<div class="cta"><p>Ready to start?</p><a class="c-btn c-btn--primary" href="/intake">Plan your intake</a> <a class="button" href="tel:0301234567">Call us</a></div></main></body></html>`,
    );
    assert.match(out, /sprained ankles/);
    assert.match(out, /\[our prices\]/);
    assert.match(out, /Who is it for\?/);
    assert.doesNotMatch(out, /Book an appointment|Plan your intake|Call us/);
  });
  it("does not take a suggestions widget's <h1> ('Similar Threads') for the page's title", () => {
    const post = (n: number, text: string) =>
      `<li class="b-post"><div class="b-post__meta">#${n}</div><div class="b-post__content"><p>${text}</p></div></li>`;
    const similar = (title: string) => `<li><a href="/t/${title.length}">${title}</a> <span class="meta">12 replies</span></li>`;
    const out = md(
      `<html><body><main><div class="conversation-content"><ul class="conversation">` +
        post(
          1,
          "Front end clunk on small bumps at low speed, mostly when turning left; the sway bar links are new and the track bar bolt is torqued.",
        ) +
        post(
          2,
          "Check the steering box mounting bolts and the frame around the box: the box is known to move on the frame of this model.",
        ) +
        post(3, "Box looks solid, but the track bar's frame-side bushing has some play when someone rocks the wheel back and forth.") +
        post(
          4,
          "That is almost certainly your clunk: factory bushings wear fast with bigger tires, and an adjustable bar fixes it for good.",
        ) +
        `</ul></div><div class="canvas-widget" id="widget_similar"><div class="widget-header"><h1 class="widget-header__title">Similar Threads</h1></div>` +
        `<div class="widget-content"><ul>${similar("Death wobble at 45 mph after lift")}${similar("Clunk when shifting into reverse")}</ul></div></div></main></body></html>`,
    );
    assert.match(out, /Front end clunk/);
    assert.match(out, /steering box mounting bolts/);
    assert.doesNotMatch(out, /Similar Threads|Death wobble/);
    // Such a title before content it does not title: the title goes, not what follows it.
    const before = md(
      `<html><body><div class="widget"><h1>Similar Threads</h1></div><ul class="conversation">` +
        post(1, "Front end clunk on small bumps at low speed, mostly when turning left; the sway bar links are new.") +
        post(2, "Check the steering box mounting bolts and the frame around the box: the box is known to move.") +
        `</ul></body></html>`,
    );
    assert.match(before, /Front end clunk/);
    assert.match(before, /steering box mounting bolts/);
    assert.doesNotMatch(before, /Similar Threads/);
  });
  it("leaves out a cross-sell titled 'Complete your purchase' and a 'Read these next' list", () => {
    const out = md(
      `<html><body><main><h1>V15 Detect cordless vacuum</h1><p>A laser reveals microscopic dust on hard floors, and an acoustic sensor counts particles and raises suction when needed.</p><h2>What's in the box</h2><ul><li>Laser Slim Fluffy cleaner head</li><li>Hair screw tool</li><li>Wall dock with charger</li></ul>` +
        `<section class="accessory-rail"><h2>Complete your purchase</h2><div class="card"><a href="/p/floor-dok"><p>Floor Dok stand</p></a><p>$69.99</p></div><div class="card"><a href="/p/battery"><p>Click-in spare battery</p></a><p>$149.99</p></div></section>` +
        `<section class="next"><h2>Read these next...</h2><ul><li><a href="/t/1">Intune vs Group Policy for a small shop</a> 14 replies</li><li><a href="/t/2">Best NAS for 10 users</a> 22 replies</li></ul></section></main></body></html>`,
    );
    assert.match(out, /Wall dock with charger/);
    assert.doesNotMatch(out, /Complete your purchase|Floor Dok|spare battery|Read these next|Intune/);
  });
});

describe("a listing's results count", () => {
  const md = (html: string) => extractMainContent(parsePage(page(html, "https://shop.test/c/helmets"))).markdown;
  const card = (n: number) =>
    `<li class="tile"><a href="/p/${n}"><img src="/i/${n}.jpg" alt=""><span class="name">Trail helmet model ${n}</span></a><span class="price">$${50 + n}.00</span></li>`;
  it("leaves out 'Showing 24 of 291 results', '1–30 of 296 products' and '396 résultats', keeping counts in sentences and item numbers", () => {
    const out = md(
      `<html><body><main><h1>Bike helmets</h1><p>Every helmet here meets the CPSC standard; we reviewed 291 products before choosing these.</p>` +
        `<div class="toolbar"><span class="count">Showing 24 of 291 results</span></div><div class="bar"><p>1–30 of 296 products</p><p>396 résultats</p></div>` +
        `<ul class="grid">${[1, 2, 3, 4, 5].map(card).join("")}</ul><p>Item 10316</p></main></body></html>`,
    );
    assert.match(out, /we reviewed 291 products/);
    assert.match(out, /Trail helmet model 5/);
    assert.match(out, /Item 10316/);
    assert.doesNotMatch(out, /Showing 24|1–30 of|résultats/);
  });
  it("keeps a product page's stock count", () => {
    const out = md(
      `<html><head><script type="application/ld+json">{"@type":"Product","name":"Trail helmet"}</script></head><body><main><h1>Trail helmet</h1><p>A light helmet with a visor and twelve vents, for long summer rides on forest trails.</p><p>84 items</p></main></body></html>`,
    );
    assert.match(out, /84 items/);
  });
  it("reads og:type product.group as a collection, whose count goes", () => {
    const grid = `<ul class="grid">${[1, 2, 3, 4, 5].map(card).join("")}</ul>`;
    const group = md(
      `<html><head><meta property="og:type" content="product.group"></head><body><main><h1>Bike helmets</h1><div class="summary"><p class="total-count"><span>291 items</span></p></div>${grid}</main></body></html>`,
    );
    assert.match(group, /Trail helmet model 5/);
    assert.doesNotMatch(group, /291 items/);
  });
});

describe("a read of the whole change", () => {
  const md = (html: string, url = "https://lists.site.test/archive/2024/000123.html") =>
    extractMainContent(parsePage(page(html, url))).markdown;
  it("matches the head's absolute next link with the page's relative one", () => {
    const message = `<pre>${"The new allocator stays opt-in for this release until distributors report real-world data.\n".repeat(6)}</pre>`;
    const out = md(
      `<html><head><link rel="next" href="https://lists.site.test/archive/2024/000124.html"></head><body><h1>Re: the allocator</h1>${message}` +
        `<ul><li>Next message: <a href="000124.html">Re: the allocator (benchmarks)</a></li></ul></body></html>`,
    );
    assert.match(out, /opt-in for this release/);
    assert.doesNotMatch(out, /Next message|benchmarks/);
  });
  it("keeps a long headline that merely contains a suggestions phrase as the page's title", () => {
    const out = md(
      `<html><body><div class="hero"><h1>Customers also bought this blender after our review, and here is exactly why it sold out twice</h1></div>` +
        `<article><p>${"We tested the blender for six weeks with frozen fruit, nut butters and hot soups, and it never stalled once. ".repeat(4)}</p></article></body></html>`,
      "https://news.site.test/blender",
    );
    assert.match(out, /^# Customers also bought this blender/);
  });
});

describe("a page that declares a forum thread", () => {
  const thread = (head: string) =>
    `<html><head>${head}</head><body><main><article class="topic"><h1>Which e-reader for a long trip?</h1><div class="topic-text"><p>` +
    "I leave for three months next week and want one device for novels and maps. Battery life matters more than colour, and it has to survive a backpack. What did you pick and would you buy it again?".repeat(
      2,
    ) +
    `</p></div><section class="comments"><ul>` +
    [
      "The basic model lasts weeks and the screen is fine in sun.",
      "Get one with buttons: turning pages with gloves on is easier.",
      "Waterproof ones are worth it near beaches.",
    ]
      .map((c, i) => `<li class="comment"><div class="comment-text"><p>${c}</p></div><span>user${i}</span></li>`)
      .join("") +
    `</ul></section></article></main></body></html>`;
  it("keeps its replies however short the first post, where a help article's comments go", () => {
    const md = (html: string) => extractMainContent(parsePage(page(html, "https://forum.site.test/t/e-readers"))).markdown;
    const declared = md(
      thread(
        `<script type="application/ld+json">{"@context":"https://schema.org","@type":"DiscussionForumPosting","headline":"Which e-reader"}</script>`,
      ),
    );
    assert.match(declared, /Get one with buttons/);
    assert.match(declared, /Waterproof ones/);
    assert.doesNotMatch(md(thread("")), /Get one with buttons/);
  });
});

describe("code, quotes and symbols as generators write them, eleventh review", () => {
  const md = (html: string) =>
    toMarkdown(parseDocument(html, { lowerCaseTags: true, decodeEntities: true }), "https://site.test/docs/").markdown;

  it("writes a highlighter's line spans as lines, with or without newlines between them (Shiki, rehype-pretty-code, Expressive Code)", () => {
    const shiki = `<pre class="shiki github-dark"><code><span class="line"><span style="color:#F97583">const</span><span> x = 1</span></span><span class="line"><span>log(x)</span></span><span class="line"></span><span class="line"><span>done()</span></span></code></pre>`;
    assert.equal(md(shiki), "```\nconst x = 1\nlog(x)\n\ndone()\n```");
    const withNewlines = `<pre class="shiki"><code><span class="line"><span>a</span></span>\n<span class="line"></span>\n<span class="line"><span>b</span></span></code></pre>`;
    assert.equal(md(withNewlines), "```\na\n\nb\n```");
    // A template's indentation between the lines is not the code's.
    const indented = `<pre class="shiki"><code><span class="line"><span>---</span></span>\n            <span class="line"><span>name: x</span></span>\n            <span class="line"><span>  y: 1</span></span></code></pre>`;
    assert.equal(md(indented), "```\n---\nname: x\n  y: 1\n```");
    // A token classed "single-line" (a comment) is no line of its own: the code stays as written.
    assert.equal(
      md(`<pre><code class="language-js"><span class="token comment single-line">// hi</span> let x;</code></pre>`),
      "```js\n// hi let x;\n```",
    );
    const pretty = `<pre data-language="ts"><code data-language="ts"><span data-line=""><span>let a</span></span><span data-line=""><span>a = 2</span></span></code></pre>`;
    assert.equal(md(pretty), "```ts\nlet a\na = 2\n```");
    const docusaurus = `<pre class="prism-code language-js"><code><span class="token-line"><span class="token plain">a()</span><br></span><span class="token-line"><span class="token plain">  b()</span><br></span></code></pre>`;
    assert.equal(md(docusaurus), "```js\na()\n  b()\n```");
    const expressive = `<pre data-language="js"><code><div class="ec-line"><div class="code"><span>const a = 1</span></div></div><div class="ec-line"><div class="code">\n</div></div><div class="ec-line"><div class="code"><span class="indent">  </span><span>log(a)</span></div></div></code></pre>`;
    assert.equal(md(expressive), "```js\nconst a = 1\n\n  log(a)\n```");
    // A row of a table in the code is a line; an empty block (a gutter drawn by CSS) makes none.
    const hljsLn = `<pre><code class="hljs language-js hljs-ln"><table class="hljs-ln"><tbody><tr><td class="hljs-ln-numbers" data-line-number="1"><div class="hljs-ln-n" data-line-number="1"></div></td><td class="hljs-ln-code">const x = 1;</td></tr><tr><td class="hljs-ln-numbers"><div class="hljs-ln-n" data-line-number="2"></div></td><td class="hljs-ln-code">  f(x);</td></tr></tbody></table></code></pre>`;
    assert.equal(md(hljsLn), "```js\nconst x = 1;\n  f(x);\n```");
  });

  it("leaves line numbers out of the code: Pygments' and Chroma's inline numbers, Rouge's gutter table inside the <pre>", () => {
    const pygments = `<div class="highlight-python notranslate"><div class="highlight"><pre><span></span><span class="linenos"> 9</span><span class="kn">import</span> os\n<span class="linenos special">10</span><span class="nb">print</span>(1)\n</pre></div></div>`;
    assert.equal(md(pygments), "```python\nimport os\nprint(1)\n```");
    const chroma = `<div class="highlight"><pre class="chroma"><code class="language-go" data-lang="go"><span class="line"><span class="ln">1</span><span class="cl">package main\n</span></span><span class="line"><span class="ln" id="hl-0-2"><a class="lnlinks" href="#hl-0-2">2</a></span><span class="cl">func main() {}\n</span></span></code></pre></div>`;
    assert.equal(md(chroma), "```go\npackage main\nfunc main() {}\n```");
    const rouge = `<figure class="highlight"><pre><code class="language-ruby" data-lang="ruby"><table class="rouge-table"><tbody><tr><td class="gutter gl"><pre class="lineno">1\n2\n</pre></td><td class="code"><pre><span class="k">def</span> foo\n<span class="k">end</span>\n</pre></td></tr></tbody></table></code></pre></figure>`;
    assert.equal(md(rouge), "```ruby\ndef foo\nend\n```");
    // A number that is the code's own text stays, even in a span a highlighter named.
    assert.equal(md(`<pre><code class="language-python">x = <span class="mi">10</span></code></pre>`), "```python\nx = 10\n```");
  });

  it("writes no-break spaces in a code block as spaces, so that the code runs when copied", () => {
    assert.equal(
      md(`<pre><code class="language-python">def f():<br>&nbsp;&nbsp;&nbsp;&nbsp;return 1</code></pre>`),
      "```python\ndef f():\n    return 1\n```",
    );
  });

  it("reads the language SyntaxHighlighter's brush, GitHub's text scopes and a bare language class name", () => {
    assert.match(md(`<pre class="brush: js notranslate"><code>a()</code></pre>`), /^```js\n/);
    assert.match(md(`<pre class="brush: php; title: ; notranslate" title="">echo 1;</pre>`), /^```php\n/);
    assert.match(md(`<div class="highlight highlight-text-html-basic"><pre>&lt;b&gt;x&lt;/b&gt;</pre></div>`), /^```html\n/);
    assert.match(md(`<div class="highlight highlight-text-html-php"><pre>&lt;?php</pre></div>`), /^```php\n/);
    assert.match(md(`<pre class="rust rust-example-rendered"><code>let v = 1;</code></pre>`), /^```rust\n/);
    assert.match(md(`<pre><code class="hljs javascript">var x;</code></pre>`), /^```javascript\n/);
    // A class that is not a language's name names none.
    assert.match(md(`<pre class="code wide"><code class="block">x</code></pre>`), /^```\n/);
  });

  it("leaves out a highlighter's label that only repeats the code block's language (VitePress, MDN)", () => {
    const vitepress = `<div class="language-ts vp-adaptive-theme"><button title="Copy Code" class="copy"></button><span class="lang">ts</span><pre class="shiki vp-code"><code><span class="line"><span>export default {}</span></span></code></pre></div>`;
    assert.equal(md(vitepress), "```ts\nexport default {}\n```");
    const mdn = `<div class="code-example"><div class="example-header"><span class="language-name">js</span></div><pre class="brush: js notranslate"><code>f()</code></pre></div>`;
    assert.equal(md(mdn), "```js\nf()\n```");
    // A title or a different name stays.
    assert.equal(md(`<div><p>JavaScript</p><pre class="language-js"><code>f()</code></pre></div>`), "JavaScript\n\n```js\nf()\n```");
  });

  it("writes one blank quoted line between a quote's blocks, however they were nested", () => {
    assert.equal(
      md(`<blockquote><h3>Note</h3><p>Keep in mind:</p><ul><li>one</li></ul><blockquote><p>Inner</p></blockquote></blockquote>`),
      "> ### Note\n>\n> Keep in mind:\n>\n> - one\n>\n> > Inner",
    );
    // A code block keeps its blank lines.
    assert.equal(
      md(`<blockquote><p>Try:</p><pre><code>a()\n\n\nb()</code></pre></blockquote>`),
      "> Try:\n>\n> ```\n> a()\n>\n>\n> b()\n> ```",
    );
  });

  it("leaves a permalink symbol ('¶', '§') out outside headings too: Sphinx's definitions and captions, rustdoc's items", () => {
    assert.equal(
      md(
        `<dl class="py function"><dt class="sig sig-object py" id="os.getcwd"><span class="sig-prename descclassname"><span class="pre">os.</span></span><span class="sig-name descname"><span class="pre">getcwd</span></span><span class="sig-paren">(</span><span class="sig-paren">)</span><a class="headerlink" href="#os.getcwd" title="Link to this definition">¶</a></dt><dd><p>Return the directory.</p></dd></dl>`,
      ),
      "**os.getcwd()**\n\nReturn the directory.",
    );
    assert.equal(
      md(`<section id="method.new"><a href="#method.new" class="anchor">§</a><h4>pub fn new()</h4></section>`),
      "#### pub fn new()",
    );
    // A footnote's mark is no permalink.
    assert.equal(md(`<p>Prices vary<a href="#note">*</a> by region.</p>`), "Prices vary\\* by region.");
  });

  it("keeps a number beside a code listing in a table: only a gutter before the code is line numbers", () => {
    const out = md(
      `<table><thead><tr><th>Example</th><th>Output</th></tr></thead><tbody><tr><td><pre>print(1)</pre></td><td>1</td></tr></tbody></table>`,
    );
    assert.match(out, /print\(1\)\n```\n\n1$/);
    assert.equal(
      md(`<table class="highlighttable"><tr><td class="linenos"><pre>1\n2</pre></td><td class="code"><pre>a\nb</pre></td></tr></table>`),
      "```\na\nb\n```",
    );
  });

  it("writes a superscript number after a word or number with a caret: '10^6', 'mc^2', not '106'; a price's cents with a point", () => {
    assert.equal(
      md(`<p>E = mc<sup>2</sup>, a million is 10<sup>6</sup> and 2<sup>-3</sup> is small.</p>`),
      "E = mc^2, a million is 10^6 and 2^-3 is small.",
    );
    assert.equal(md(`<p>Costs $1,000<sup class="footNote">6</sup> today.</p>`), "Costs $1,000^6 today.");
    assert.equal(md(`<p>Ten to the sixth.<sup><a href="#fn1">1</a></sup></p>`), "Ten to the sixth.^1");
    // Two digits after a price are its cents, as shops set them.
    assert.equal(
      md(`<p>Now <span class="price"><span>$</span><span>19</span><sup>99</sup></span>, was $1,299<sup>00</sup>.</p>`),
      "Now $19.99, was $1,299.00.",
    );
    // Ordinals, signs and superscripts after a space are written as they read.
    assert.equal(
      md(`<p>The 1<sup>st</sup> and M<sup>me</sup> Curie, Acme<sup>®</sup> and note <sup>3</sup>.</p>`),
      "The 1st and Mme Curie, Acme® and note 3.",
    );
  });
});

describe("an outside read of the title, icon and code-language rules", () => {
  const meta = (head: string, body: string, url: string) =>
    pageMetadata(parsePage(htmlPage(`<html><head>${head}</head><body>${body}</body></html>`, url)));
  const elapsed = (f: () => unknown) => {
    const start = performance.now();
    f();
    return performance.now() - start;
  };

  it("reads a long 'Site - Tagline' title beside a long <h1>, and a title of many sections, in linear time", () => {
    const words = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => prefix + i.toString(36)).join(" ");
    // Before: 28 s and 19 s (each word of the tagline searched the whole <h1>; each section recounted the page's name).
    const tagline = elapsed(() =>
      meta(`<title>Acme - ${words("w", 20_000)}</title>`, `<h1>${words("h", 20_000)}</h1>`, "https://acme.com/x"),
    );
    assert.ok(tagline < 2_000, `${tagline} ms`);
    const sections = elapsed(() => meta(`<title>${words("w", 20_000)}${" / a".repeat(20_000)} / Acme</title>`, "", "https://acme.com/x"));
    assert.ok(sections < 2_000, `${sections} ms`);
  });

  it("extracts a page that nested Material icon classes wrap, in linear time", () => {
    const text = `<p>${"Lorem ipsum dolor sit amet. ".repeat(700)}</p>`.repeat(100);
    const html = `<article><h1>T</h1>${'<div class="material-icons">'.repeat(500)}${text}${"</div>".repeat(500)}</article>`;
    let markdown = "";
    // Before: 24 s (each icon class read the text of the whole page below it).
    const ms = elapsed(() => (markdown = extractMainContent(parsePage(htmlPage(html, "https://x.test/a"))).markdown));
    assert.ok(ms < 3_000, `${ms} ms`);
    assert.match(markdown, /Lorem ipsum/);
  });

  it("keeps the meta's author on a personal site named for its author over a link's text", () => {
    assert.equal(
      meta(
        `<meta name="author" content="Martin Fowler"><title>x</title>`,
        `<p>By <a rel="author" href="/about">me</a></p>`,
        "https://martinfowler.com/articles/x.html",
      ).byline,
      "Martin Fowler",
    );
  });

  it("names the wiki without its closing bracket when DokuWiki's page is its start page", () => {
    assert.equal(meta("<title>start [Example Wiki]</title>", "", "https://wiki.example.org/doku.php?id=start").title, "Example Wiki");
  });

  it("keeps a character reference its page's heading shows as written", () => {
    const q = "What is the difference between &amp;nbsp; and &amp;#160;?";
    assert.equal(
      meta(`<title>${q} - Stack Overflow</title>`, `<h1>${q}</h1>`, "https://stackoverflow.com/questions/1/x").title,
      "What is the difference between &nbsp; and &#160;?",
    );
  });

  it("does not take an <h1> that names the site over the headline of a 'Site - Headline' title", () => {
    assert.equal(
      meta(
        "<title>Acme - How we scaled Postgres to ten million users</title>",
        "<h1>Acme Engineering</h1>",
        "https://acme.com/blog/scaling",
      ).title,
      "How we scaled Postgres to ten million users",
    );
  });

  it("writes code blocks beside nested boxes of empty elements in linear time (a language label is a few nodes)", () => {
    let html = "<b></b>".repeat(700_000);
    for (let i = 0; i < 400; i++) html = `<div>${html}</div><pre><code class="language-js">x</code></pre>`;
    const doc = parsePage(htmlPage(`<html><body>${html}</body></html>`, "https://x.test/")).doc;
    let markdown = "";
    // Before: 8 s (each <div> before a code block read its whole subtree for a label's text).
    const ms = elapsed(() => (markdown = toMarkdown(doc, "https://x.test/").markdown));
    assert.ok(ms < 3_000, `${ms} ms`);
    assert.match(markdown, /^```js\nx\n```/);
  });

  it("names GitHub's console sessions 'console', not 'session'", () => {
    const md = (html: string) =>
      toMarkdown(parseDocument(html, { lowerCaseTags: true, decodeEntities: true }), "https://site.test/").markdown;
    assert.match(md(`<div class="highlight highlight-text-shell-session"><pre>$ npm install</pre></div>`), /^```console\n/);
    assert.match(md(`<div class="highlight highlight-text-html-basic"><pre>&lt;b&gt;x&lt;/b&gt;</pre></div>`), /^```html\n/);
  });
});

describe("pages in other languages, twelfth review", () => {
  const md = (html: string, url = "https://site.test/a/1") => extractMainContent(parsePage(page(html, url))).markdown;
  const para = (s: string) => `<p>${s}</p>`;
  it("leaves out sections of suggestions titled in Russian, Chinese, Japanese, Korean, Arabic, Hindi, Thai, Vietnamese, Turkish or Indonesian", () => {
    const post = (n: number, t: string) => `<article class="cPost"><div class="ipsComment_content"><p>${t}</p></div></article>`;
    const out = md(
      `<html><body><main><h1>Ремонт ванной своими руками: с чего начать?</h1>` +
        post(1, "Купил квартиру во вторичке, в ванной старая чугунная ванна и советская плитка, хочу сделать ремонт своими руками.") +
        post(2, "Начинайте с полного демонтажа до бетона, иначе не увидите реального состояния стен и труб под плиткой.") +
        `<div class="ipsBox"><h2>Похожие темы</h2><ul><li><a href="/t/1">Какую гидроизоляцию выбрать</a> 34 ответа</li><li><a href="/t/2">Замена труб в хрущёвке</a> 21 ответ</li></ul></div></main></body></html>`,
    );
    assert.match(out, /полного демонтажа/);
    assert.doesNotMatch(out, /Похожие темы|гидроизоляцию/);
    for (const [title, heading] of [
      ["北京今冬首场降雪或于下周到来", "相关文章"],
      ["日本海側で18日にかけて大雪のおそれ", "関連記事"],
      ["서울 아침 영하 5도…올겨울 첫 한파특보", "관련 기사"],
      ["أمطار غزيرة وسيول متوقعة شمالي البلاد", "اقرأ أيضاً"],
      ["घने कोहरे से थमी रफ्तार, 30 उड़ानें लेट", "ये खबर भी पढ़ें..."],
      ["เตือนภาคใต้ฝนตกหนักถึงหนักมาก", "ข่าวที่เกี่ยวข้อง"],
      ["Miền Trung chuẩn bị đón đợt mưa lớn mới", "Tin liên quan"],
      ["Uzaktan çalışma kiraları nasıl etkiledi", "İlgili Haberler"],
      ["Hujan lebat diperkirakan turun di Jakarta", "Berita terkait"],
    ] as [string, string][]) {
      const text = `${title}. `.repeat(8);
      const page = md(
        `<html><body><article><h1>${title}</h1>${para(text)}${para(text)}<h2>${heading}</h2><ul><li><a href="/x/1">Suggested story one</a></li><li><a href="/x/2">Suggested story two</a></li></ul></article></body></html>`,
      );
      assert.ok(page.includes(title), heading);
      assert.ok(!page.includes("Suggested story"), heading);
    }
  });
  it("leaves out a news teaser labelled in Japanese, Arabic or Hindi between a story's paragraphs", () => {
    const story = (label: string) =>
      md(
        `<html><head><script type="application/ld+json">{"@type":"NewsArticle","headline":"Storm"}</script></head><body><article><h1>Storm warning for the north coast</h1>` +
          para("Forecasters expect the heaviest rain of the season along the northern coast from Tuesday evening until Thursday morning.") +
          `<p>${label}<br><a href="/news/2">Ferries cancelled ahead of the storm</a></p>` +
          para("Schools in the affected districts will teach online on Thursday, and the civil defence has opened temporary shelters.") +
          `</article></body></html>`,
      );
    for (const label of ["【関連記事】", "اقرأ أيضا:", "ये भी पढ़ें:"]) {
      const out = story(label);
      assert.match(out, /temporary shelters/);
      assert.doesNotMatch(out, /Ferries cancelled/, label);
    }
  });
  it("leaves out an advertisement's label in Korean, Thai, Arabic, Hindi, Vietnamese, Turkish or Indonesian", () => {
    for (const label of ["광고", "โฆษณา", "إعلان", "विज्ञापन", "Quảng cáo", "Reklam", "Iklan", "スポンサーリンク"]) {
      const out = md(
        `<html><body><article><h1>Storm warning for the north coast</h1>` +
          para("Forecasters expect the heaviest rain of the season along the northern coast from Tuesday evening until Thursday morning.") +
          `<div class="slot"><span>${label}</span></div>` +
          para("Schools in the affected districts will teach online on Thursday, and the civil defence has opened temporary shelters.") +
          `</article></body></html>`,
      );
      assert.ok(!out.includes(label), label);
    }
  });
  it("reads a shop's buy box, shipping terms, record fields and results counts in its own language", () => {
    const product = (title: string, button: string, field: string) =>
      md(
        `<html><head><script type="application/ld+json">{"@type":"Product","name":"Philips Sonicare 4300"}</script></head><body><main><div class="top">` +
          `<h1>${title}</h1><p class="price">4 290 ₽</p><div class="delivery">Пункт выдачи — послезавтра, бесплатно</div><button>${button}</button><div class="seller">Продавец: Philips</div><div class="f">${field}</div></div>` +
          `<h2>Описание</h2>${para("Звуковая технология создаёт до 62 000 колебаний в минуту и направляет жидкость между зубами и вдоль линии дёсен, удаляя налёт.")}` +
          `<h2>Доставка и оплата</h2>${para("Мы доставляем заказы по всей стране в течение трёх рабочих дней, а оплатить покупку можно картой при получении или онлайн.")}` +
          `</main></body></html>`,
      );
    const out = product("Электрическая зубная щётка Philips Sonicare 4300", "Добавить в корзину", "Бренд: Philips");
    assert.match(out, /62 000 колебаний/);
    assert.match(out, /Бренд: Philips/);
    assert.doesNotMatch(out, /послезавтра/);
    assert.doesNotMatch(out, /течение трёх рабочих дней/);
    for (const button of ["Sepete Ekle", "أضف إلى السلة", "바로구매 >", "Lägg i varukorgen"])
      assert.doesNotMatch(product("Электрическая зубная щётка Philips Sonicare 4300", button, ""), /послезавтра/, button);
    const card = (n: number) =>
      `<li class="card"><a href="/p/${n}"><img src="/i${n}.jpg" alt=""></a><h3><a href="/p/${n}">Кроссовки модель ${n}</a></h3><p>${n} 990 ₽</p></li>`;
    const listing = md(
      `<html><body><main><h1>Женские кроссовки</h1><span class="count">123 456 товаров</span><ul>${[1, 2, 3, 4].map(card).join("")}</ul></main></body></html>`,
    );
    assert.match(listing, /Кроссовки модель 4/);
    assert.doesNotMatch(listing, /123 456 товаров/);
  });
  it("takes a page without an <h1> to be titled by the heading or line whose text is the page's name", () => {
    // Daum's story: the headline is an <h3>, the only <h1> the portal's logo in its header.
    const story = md(
      `<html><head><title>서울 아침 영하 5도…올겨울 첫 한파특보</title></head><body><header><h1><a href="https://www.daum.net/">Daum</a><a href="https://news.daum.net/">뉴스</a></h1></header>` +
        `<div class="box_view"><div class="head_view"><h3 class="tit_view">서울 아침 영하 5도…올겨울 첫 한파특보</h3><span class="info">김하늘 기자</span></div>` +
        `<div class="news_view">${para("기상청은 18일 오후 9시를 기해 경기 북부와 강원 내륙, 충북 북부 일부 지역에 한파주의보를 발령했다고 밝혔다. 19일 아침 최저기온은 영하 8도에서 영상 3도로 예보됐다.").repeat(3)}</div></div></body></html>`,
    );
    assert.match(story, /^### 서울 아침 영하 5도…올겨울 첫 한파특보/);
    // JD's product: the name in a <div>, the purchase control after it; the buy box's interface goes.
    const product = md(
      `<html><head><title>【美的MB-HS4075】美的电饭煲4L家用智能IH电磁加热【行情 报价 价格】-京东</title><script type="application/ld+json">{"@type":"Product","name":"美的电饭煲4L家用智能IH电磁加热 MB-HS4075"}</script></head><body>` +
        `<div class="crumb"><a href="/c/1">家用电器</a> &gt; <span>美的MB-HS4075</span></div><div class="itemInfo-wrap"><div class="sku-name">美的电饭煲4L家用智能IH电磁加热 MB-HS4075</div>` +
        `<div class="summary-price"><span class="p-price">￥399.00</span></div><div id="summary-stock">北京朝阳区三环到四环之间 有货，23:10前下单，预计明天送达</div><a href="//cart.jd.com/gate.action?pid=1" class="btn-special1">加入购物车</a></div>` +
        `<div class="detail">${para("这款美的电饭煲采用IH电磁加热技术，锅体四周立体包裹加热，米粒受热更均匀，煮出的米饭颗粒饱满、软硬适中，一键柴火饭模式模拟大火猛煮、小火慢焖的传统做法。")}</div></body></html>`,
      "https://item.jd.com/100045678912.html",
    );
    assert.match(product, /￥399\.00/);
    assert.match(product, /软硬适中/);
    assert.doesNotMatch(product, /三环到四环|家用电器/);
  });
  it("keeps a shop's hidden tab panel that shares its shown sibling's data attribute (JD's specifications)", () => {
    const out = md(
      `<html><body><main><h1>美的电饭煲4L家用智能IH电磁加热</h1><div class="tab-con"><div data-tab="item">${para("这款美的电饭煲采用IH电磁加热技术，锅体四周立体包裹加热，米粒受热更均匀，煮出的米饭颗粒饱满、软硬适中。")}${para("内胆采用加厚不粘涂层，轻轻一冲就能洗净；支持24小时预约，早上起床就有热腾腾的粥喝，配合App还能远程查看烹饪进度。")}</div>` +
        `<div data-tab="item" class="hide"><table>${[
          ["品牌", "美的（Midea）"],
          ["型号", "MB-HS4075"],
          ["额定功率", "1200W"],
          ["额定电压", "220V~"],
          ["加热方式", "IH电磁加热"],
          ["内胆材质", "不粘涂层内胆"],
          ["产品尺寸", "285×285×262mm"],
          ["预约定时", "支持，最长24小时"],
        ]
          .map(([k, v]) => `<tr><th>${k}</th><td>${v}</td></tr>`)
          .join("")}</table></div></div></main></body></html>`,
    );
    assert.match(out, /额定功率 \| 1200W/);
  });
  it("reads class names of other conventions: Japanese 'navi' and 'pankuzu', pinyin, 'sns', 'paging', 'recommend', 'sideColumn', Discuz!'s 'favatar'", () => {
    const text = para(
      "住民票の写しは、住所や世帯の構成などを証明するものです。市民課窓口、各支所、郵送またはコンビニエンスストアで請求できます。",
    ).repeat(4);
    const jp = md(
      `<html><body><div id="tmp_wrap"><div id="tmp_gnavi"><ul><li><a href="/a">くらし・手続き</a></li><li><a href="/b">子育て・教育</a></li></ul></div><div class="pankuzu"><a href="/">ホーム</a> &gt; 住民票</div>` +
        `<div id="tmp_contents"><h1>住民票の写しの交付請求</h1><div class="sns_share"><a href="https://x.com/share">ポスト</a><a href="https://line.me/">LINEで送る</a></div>${text}</div><div id="tmp_lnavi"><ul><li><a href="/c">戸籍謄本・抄本の請求</a></li><li><a href="/d">印鑑登録</a></li></ul></div></div></body></html>`,
    );
    assert.match(jp, /コンビニエンスストア/);
    assert.doesNotMatch(jp, /子育て|ホーム|LINEで送る|印鑑登録/);
    const zh = md(
      `<html><body><div class="wzy"><div class="dqwz">当前位置：<a href="/">首页</a> &gt; <a href="/col/2">新闻动态</a></div><h1>我省出台18条措施促进高校毕业生就业创业</h1>` +
        `<div class="zw">${para("近日，省人力资源和社会保障厅、省财政厅联合印发通知，从拓宽就业渠道、加大创业扶持、强化就业服务等方面提出18条具体措施，政策执行期限至2025年底。").repeat(3)}</div>` +
        `<div class="xgwz"><div class="tit">相关文章</div><ul><li><a href="/art/1">全省技能人才评价工作推进会召开</a></li></ul></div><div class="fenxiang">分享到：<a href="javascript:;">微信</a><a href="javascript:;">微博</a></div>` +
        `<div class="recommend-box"><div><a class="tit" href="/p/1">Java 内存泄漏排查的几种常用方法</a><p class="desc">本文介绍了常见的思路和工具。</p></div></div><div class="paging"><a href="?p=2">下一页</a></div></div></body></html>`,
    );
    assert.match(zh, /强化就业服务/);
    assert.doesNotMatch(zh, /当前位置|技能人才|分享到|内存泄漏|下一页/);
    const answer = (t: string) => `<div class="List-item"><div class="RichContent"><p>${t}</p></div></div>`;
    const zhihu = md(
      `<html><body><main><div class="Question-main"><div class="Question-mainColumn"><h1>普通人每个月存一半工资，应该怎么理财？</h1>` +
        answer("先说结论：普通人理财的第一步不是选产品，而是把钱分成三份，应急资金、稳健资金和长期投资的钱。") +
        answer("作为一个存钱五年的普通上班族，我每个月发工资后先把固定比例转到另一张卡里，相当于先存后花。") +
        `</div><div class="Question-sideColumn"><div class="Card-headerText">相关问题</div><div><a href="/q/1">月薪一万怎么存钱最有效？</a> 1234 个回答</div></div></div></main></body></html>`,
    );
    assert.match(zhihu, /先存后花/);
    assert.doesNotMatch(zhihu, /月薪一万/);
    const floor = (n: number, t: string) =>
      `<table class="plhin"><tr><td class="pls"><div id="favatar${n}" class="pls favatar"><a class="xw1" href="/u/${n}">网友${n}</a><table><tr><th>${n * 12}</th><th>主题</th><th>${n * 340}</th><th>帖子</th></tr></table><p>中级会员</p></div></td><td class="plc"><div class="t_f">${t}</div></td></tr></table>`;
    const discuz = md(
      `<html><body><div id="postlist"><h1>千兆宽带测速只有300M，问题出在哪里？</h1>` +
        floor(1, "家里宽带从100M升级到了1000M，可是用电脑测速只有300M左右，手机连WiFi也就400M，光猫是运营商送的。") +
        floor(2, "先看电脑网卡是不是千兆的，很多老主板只有百兆网口。网线也要检查，至少要超五类线，最好用六类线。") +
        `</div></body></html>`,
    );
    assert.match(discuz, /六类线/);
    assert.doesNotMatch(discuz, /中级会员|帖子/);
  });
  it("leaves out CSDN's list of line numbers after a code listing", () => {
    const out = md(
      `<html><body><article><h1>Spring Boot 服务堆外内存泄漏排查记录</h1>${para("堆内存的使用一直稳定在 1GiB 左右，说明问题大概率出在堆外。于是在启动参数中加上 Native Memory Tracking。")}` +
        `<pre class="set-code-show"><code class="language-bash">java -XX:NativeMemoryTracking=summary -jar app.jar\njcmd 1 VM.native_memory summary\n</code><ul class="pre-numbering"><li>1</li><li>2</li></ul></pre></article></body></html>`,
    );
    assert.match(out, /```bash\njava -XX:NativeMemoryTracking=summary -jar app.jar\njcmd 1 VM.native_memory summary\n```/);
  });
  it("leaves out a link styled as a button by a camelCase class (Invision Community's 'ipsButton')", () => {
    const post = (t: string) =>
      `<article class="cPost"><div data-role="commentContent" class="ipsType_richText"><p>${t}</p></div></article>`;
    const out = md(
      `<html><body><main><h1>Ремонт ванной своими руками: с чего начать?</h1><ul class="ipsToolList"><li><a href="/topic/1/#replyForm" class="ipsButton ipsButton_medium ipsButton_important">Ответить в тему</a></li></ul>` +
        post("Купил квартиру во вторичке, в ванной старая чугунная ванна и советская плитка, хочу сделать ремонт своими руками.") +
        post("Начинайте с полного демонтажа до бетона, иначе не увидите реального состояния стен и труб под плиткой.") +
        `</main></body></html>`,
    );
    assert.match(out, /полного демонтажа/);
    assert.doesNotMatch(out, /Ответить в тему/);
  });
});

describe("an outside read of the title stand-in and the new languages", () => {
  const md = (html: string, url = "https://site.test/a/1") => extractMainContent(parsePage(page(html, url))).markdown;
  const para = (s: string) => `<p>${s}</p>`;
  it("reads a page's name from a meta holding a long run of spaces in linear time", () => {
    const started = Date.now();
    const out = md(
      `<html><head><meta property="og:title" content="a${" ".repeat(150_000)}b"></head><body><main>${para("Plain words of the page's only paragraph, long enough to be read as its content.")}</main></body></html>`,
    );
    assert.match(out, /only paragraph/);
    assert.ok(Date.now() - started < 3000, `${Date.now() - started} ms`);
  });
  it("takes no card's linked heading in a list of the most read for the title of a page without an <h1>", () => {
    const title = "Council approves new cycle lanes for the city centre";
    const out = md(
      `<html><head><title>${title} - City News</title></head><body><div class="wrap"><div class="story"><div class="headline">${title}</div><div class="byline">By Jane Roe</div>` +
        `<div class="body">${para("The council voted on Tuesday to build twelve kilometres of protected cycle lanes across the centre over the next two years, after a long consultation.")}</div></div>` +
        `<div class="hot"><h2>Most read</h2><ul><li><h3><a href="/n/1">${title}</a></h3></li><li><h3><a href="/n/2">Bus fares rise in January across the whole region network</a></h3></li></ul></div></div></body></html>`,
      "https://citynews.test/n/1",
    );
    assert.doesNotMatch(out, /\[Council approves/);
    assert.match(out, /^Council approves new cycle lanes/);
  });
  it("takes the line that is the name rather than a breadcrumb ending with it for the title of a page without an <h1>", () => {
    const name = "美的电饭煲4L家用智能IH电磁加热 MB-HS4075";
    const out = md(
      `<html><head><title>【美的MB-HS4075】美的电饭煲4L家用智能IH电磁加热【行情 报价 价格】-京东</title><script type="application/ld+json">{"@type":"Product","name":"${name}"}</script></head><body>` +
        `<div class="position"><a href="/c/1">家用电器</a> &gt; <a href="/c/2">厨房小电</a> &gt; <span>${name}</span></div><div class="itemInfo-wrap"><div class="sku-name">${name}</div>` +
        `<div class="summary-price"><span class="p-price">￥399.00</span></div><div id="summary-stock">北京朝阳区三环到四环之间 有货，23:10前下单，预计明天送达</div><a href="//cart.jd.com/gate.action?pid=1" class="btn-special1">加入购物车</a></div>` +
        `<div class="detail">${para("这款美的电饭煲采用IH电磁加热技术，锅体四周立体包裹加热，米粒受热更均匀，煮出的米饭颗粒饱满、软硬适中，一键柴火饭模式模拟大火猛煮、小火慢焖的传统做法。")}</div></body></html>`,
      "https://item.jd.com/100045678912.html",
    );
    assert.match(out, /软硬适中/);
    assert.doesNotMatch(out, /家用电器|三环到四环/);
  });
  it("keeps an Arabic article's section titled 'More details' (المزيد من التفاصيل), no 'More from …' suggestions", () => {
    const out = md(
      `<html><body><article><h1>وزارة الصحة تطلق حملة تطعيم جديدة</h1>` +
        para("أعلنت وزارة الصحة اليوم عن إطلاق حملة تطعيم وطنية جديدة تستهدف الأطفال دون سن الخامسة في جميع المحافظات خلال الشهر المقبل.") +
        para("وقال المتحدث باسم الوزارة إن الحملة ستستمر أسبوعين وستشمل أكثر من ثلاثة ملايين طفل في المدن والقرى على حد سواء.") +
        para("ودعت الوزارة الأهالي إلى التعاون مع الفرق الصحية التي ستزور المنازل والمدارس ورياض الأطفال طوال فترة الحملة.") +
        `<h2>المزيد من التفاصيل</h2>` +
        para("يمكن للأهالي الاستفسار عن مواعيد الحملة عبر الخط الساخن المجاني أو زيارة أقرب مركز صحي في منطقتهم.") +
        `<h2>المزيد من الأخبار</h2><ul><li><a href="/n/2">Suggested story one</a></li><li><a href="/n/3">Suggested story two</a></li></ul></article></body></html>`,
    );
    assert.match(out, /الخط الساخن/);
    assert.doesNotMatch(out, /Suggested story/);
  });
});

describe("an outside read of hidden panels matched by a data attribute", () => {
  it("leaves out a hidden offer that shares only an animation's data attribute with a shown block", () => {
    const para = (s: string) => `<p>${s}</p>`;
    const out = extractMainContent(
      parsePage(
        page(
          `<html><body><main><h1>Garden design ideas for small spaces</h1><div class="row">` +
            `<div class="col" data-aos="fade-up">${para("Small gardens reward careful planning: choose a few plants that work hard all year, and repeat them to tie the space together visually.")}</div>` +
            `<div class="offer-box" data-aos="fade-up" style="display:none">${para("Get 20% off your first order when you sign up today with the code GARDEN20 at the checkout page of our shop.")}</div>` +
            `</div></main></body></html>`,
        ),
      ),
    ).markdown;
    assert.match(out, /careful planning/);
    assert.doesNotMatch(out, /GARDEN20/);
  });
});
