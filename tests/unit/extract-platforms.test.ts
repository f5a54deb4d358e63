import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { extractMainContent } from "../../lib/capabilities/extract";
import { parsePage } from "../../lib/html/parse";
import { htmlPage } from "../support/pages";

const markdownOf = (html: string, url = "https://forum.test/t/clicking-noise/42") =>
  extractMainContent(parsePage(htmlPage(html, url))).markdown;

const PROSE =
  "My storage box started clicking every few seconds after the last update, and every drive still shows healthy in the storage manager. ";

describe("content extraction: platform conventions", () => {
  it("leaves out a post's schema.org interaction counter and keeps its author line", () => {
    const post = (user: string, text: string, likes: number) =>
      `<div itemprop="comment" itemscope itemtype="http://schema.org/Comment" class="topic-body crawler-post">` +
      `<div class="crawler-post-meta"><span class="creator" itemprop="author" itemscope itemtype="http://schema.org/Person"><a itemprop="url" href="/u/${user}"><span itemprop="name">${user}</span></a></span>` +
      `<span class="crawler-post-infos"><time itemprop="datePublished" datetime="2026-03-02T19:12:44Z">March 2, 2026, 7:12pm</time></span></div>` +
      `<div class="post" itemprop="text"><p>${text}</p></div>` +
      `<div itemprop="interactionStatistic" itemscope itemtype="http://schema.org/InteractionCounter"><meta itemprop="userInteractionCount" content="${likes}"><span class="post-likes">${likes} Likes</span></div></div>`;
    const md = markdownOf(
      `<html><body><div id="main-outlet"><h1>Clicking noise</h1><div itemscope itemtype="http://schema.org/DiscussionForumPosting">` +
        post("kestrel", PROSE.repeat(2), 3) +
        post("mhartley", "That is head parking; turn off drive hibernation in the power settings. ".repeat(3), 7) +
        `</div></div></body></html>`,
    );
    assert.match(md, /head parking/);
    assert.match(md, /mhartley/);
    assert.ok(!/\d Likes/.test(md), md);
  });

  it("leaves out a control that only unfolds text the page already holds", () => {
    const md = markdownOf(
      `<html><body><main><h1>Clicking noise</h1><article class="message"><div class="bbWrapper">` +
        `<blockquote class="bbCodeBlock bbCodeBlock--quote"><div class="bbCodeBlock-content"><div class="bbCodeBlock-expandContent">${PROSE}</div>` +
        `<div class="bbCodeBlock-expandLink js-expandLink"><a role="button" tabindex="0">Click to expand...</a></div></div></blockquote>` +
        `<p>Turning off drive hibernation in the power settings stopped the noise for me.</p><p>More about drives: <a href="/guides">See more</a></p></div></article></main></body></html>`,
    );
    assert.ok(!md.includes("Click to expand"), md);
    assert.match(md, /\[See more\]\(https:\/\/forum\.test\/guides\)/);
  });

  it("leaves out a thread's toggles for the replies under a post, and keeps a link to a thread's replies", () => {
    const toggle = (count: string, noun: string) =>
      `<label class="california-reply-label js-nested-reply-label">\n          <span class="toggle-replies-button">\n            <span class="js-left-to-load">${count}</span>\n            &nbsp;\n            <span class="js-reply-text">${noun}</span>\n            <i class="fa fa-chevron-down"></i>\n          </span>\n        </label>`;
    const md = markdownOf(
      `<html><body><main><h1>Clicking noise</h1><article class="message"><div class="bbWrapper"><p>${PROSE}</p></div></article>` +
        toggle("Show more", "replies") +
        `<article class="message"><div class="bbWrapper"><p>Turning off drive hibernation in the power settings stopped the noise for me.</p></div></article>` +
        toggle("3", "Replies") +
        `<div class="mb8" role="button" tabindex="0">Show <b>1</b> more comment</div>` +
        `<p>Older thread: <a href="/t/clicking-noise/7">12 replies</a></p></main></body></html>`,
    );
    assert.match(md, /drive hibernation/);
    assert.ok(!/more replies|3 Replies|more comment/.test(md), md);
    assert.match(md, /\[12 replies\]/);
  });

  it("leaves out XenForo's thread status box", () => {
    const status = `<div class="block-outer"><dl class="blockStatus"><dt>Status</dt><dd class="blockStatus-message blockStatus-message--locked">Not open for further replies.</dd></dl></div>`;
    const md = markdownOf(
      `<html><body><main><h1>Clicking noise</h1>${status}<article class="message"><div class="bbWrapper"><p>${PROSE}</p></div></article>` +
        `<article class="message"><div class="bbWrapper"><p>Turning off drive hibernation in the power settings stopped the noise for me.</p></div></article>${status}</main></body></html>`,
    );
    assert.match(md, /drive hibernation/);
    assert.ok(!/further replies|Status/.test(md), md);
  });

  it("reads one of Framer's breakpoint copies", () => {
    const variant = (hidden: string) =>
      `<div class="ssr-variant ${hidden}"><div class="framer-grid"><h3 class="framer-text">Works with every call</h3><p class="framer-text">Zoom and Meet, no bot.</p></div></div>`;
    const md = markdownOf(
      `<html><body><div id="main"><h1 class="framer-text">Meeting notes that write themselves</h1><p>${PROSE}</p>` +
        variant("hidden-1ijfcqx hidden-1mpfyvb") +
        variant("hidden-72rtr7 hidden-1mpfyvb") +
        variant("hidden-72rtr7 hidden-1ijfcqx") +
        `</div></body></html>`,
      "https://notes.test/",
    );
    assert.equal(md.match(/Works with every call/g)?.length, 1, md);
  });

  it("keeps text in a form that shows no field (old Reddit's comment bodies)", () => {
    const comment = (text: string) =>
      `<div class="thing comment"><form action="#" class="usertext"><input type="hidden" name="thing_id" value="t1_x"><div class="usertext-body"><div class="md"><p>${text}</p></div></div></form></div>`;
    const md = markdownOf(
      `<html><body><div class="content" role="main"><h1>Clicking noise</h1>${comment(PROSE)}${comment("That is almost certainly head parking: the drives spin down between writes and park their heads, which clicks.")}` +
        `<form action="/search" role="search"><input type="text" name="q"><button>Search</button></form></div></body></html>`,
    );
    assert.match(md, /almost certainly head parking/);
    assert.ok(!md.includes("Search"), md);
  });

  it("writes a value hidden from screen readers once, in the phrase that speaks it", () => {
    const cards = Array.from(
      { length: 4 },
      (_, i) =>
        `<div class="c"><a href="/ip/${i}">Air Fryer ${i}</a><div aria-hidden="true">$5${i}.00</div><span class="w_iUH7">current price $5${i}.00</span><span class="w_iUH7">4.5 out of 5 Stars. 1${i} reviews</span><span aria-hidden="true">1${i}</span></div>`,
    ).join("");
    const out = markdownOf(`<body><main><h1>Air Fryers</h1>${cards}</main></body>`, "https://shop.test/c/air-fryers");
    assert.equal(out.match(/\$50\.00/g)?.length, 1, out);
    assert.match(out, /current price \$50\.00/);
    assert.match(out, /1 reviews|10 reviews/);
    // A phrase named for screen readers only goes by its class, and the shown value stays.
    const sr = markdownOf(
      `<body><main><h1>TVs</h1><p>${PROSE}</p><div><span aria-hidden="true">$315.00</span><span class="sr-only">Your price for this item is $315.00</span></div></main></body>`,
      "https://shop.test/p/1",
    );
    assert.match(sr, /\$315\.00/);
    assert.ok(!sr.includes("Your price"), sr);
    // Stack Exchange's badge counts: the phrase is named for screen readers (`v-visible-sr`).
    const badges = markdownOf(
      `<body><main><h1>Clicking noise</h1><p>${PROSE}</p><p>Asked by kestrel <span title="24 gold badges" aria-hidden="true"><span class="badgecount">24</span></span><span class="v-visible-sr">24 gold badges</span></p></main></body>`,
    );
    assert.match(badges, /kestrel 24/);
    assert.ok(!badges.includes("gold badges"), badges);
  });
  it("leaves out a vendor's review and question widgets on a product's page", () => {
    const ld = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Drill Kit"}</script>`;
    const review = "Exactly as described and the battery lasts through a full day of framing work on site. ";
    const widgets =
      `<div id="BVRRContainer" data-bv-show="reviews"><div class="bv-cleanslate"><ol class="bv-content-list bv-content-list-reviews"><li>${review}</li></ol></div></div>` +
      `<div data-bv-show="questions"><p>Does it fit a 1/2 inch bit? Yes, the ratcheting chuck takes bits up to half an inch easily.</p></div>` +
      `<div class="pr-review-display"><p>${review.replace("Exactly", "Just")}</p></div>` +
      `<div class="yotpo yotpo-main-widget"><p>${review.replace("Exactly", "Precisely")}</p></div>`;
    const page = (head: string) =>
      `<html><head>${head}</head><body><main><h1>Drill Kit</h1><p>${PROSE}</p><h2>Customer Reviews</h2>${widgets}</main></body></html>`;
    const md = markdownOf(page(ld), "https://shop.test/p/drill");
    assert.match(md, /storage box/);
    assert.ok(!/battery lasts|ratcheting chuck/.test(md), md);
    // Elsewhere the vendor's names are not read: a page about the widget keeps its text.
    const other = markdownOf(page(""), "https://blog.test/bazaarvoice-setup");
    assert.match(other, /ratcheting chuck/);
  });
  it("leaves out a product's reviews and questions titled by a heading, not a shop's chosen quotes", () => {
    const ld = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Wireless Earbuds"}</script>`;
    const desc = "Bluetooth 5.3 chips give a faster, more stable connection with lower power use, and the drivers deliver full bass. ";
    const section = (title: string, body: string) => `<div class="x--wrap--a1"><h2 class="title--title--b2">${title}</h2>${body}</div>`;
    const md = markdownOf(
      `<html><head>${ld}</head><body><main><h1>Wireless Earbuds</h1><div class="d--wrap--c3"><h2>Description</h2><p>${desc}</p></div>` +
        section(
          "Customer Reviews (1,532)",
          `<div class="list--itemBox--q"><div>Jessica M. | Jun 3, 2024</div><div>Exactly as described and the quality is great for the price, would buy again.</div></div>`,
        ) +
        section(
          "Questions &amp; Answers (1.1K)",
          `<p>Q: Can it be machine washed? A: We recommend following the care label and a gentle cycle.</p>`,
        ) +
        section(
          "Reviews",
          `<blockquote>“They are amazing for wearing and walking for hours, you even forget you have them on.”</blockquote>`,
        ) +
        `</main></body></html>`,
      "https://shop.test/item/1005006.html",
    );
    assert.match(md, /drivers deliver full bass/);
    assert.ok(!/Jessica|quality is great|machine washed/.test(md), md);
    // A bare "Reviews" may title quotations the shop chose (press quotes, testimonials): they stay.
    assert.match(md, /amazing for wearing/);
  });
  it("reads Bootstrap's heading classes as a suggestions section's title", () => {
    const card = (name: string) =>
      `<div class="js-product product"><article class="product-miniature"><a href="/p/${name}"><img src="/${name}.jpg" alt=""></a><h2 class="h3 product-title"><a href="/p/${name}">${name} Throw</a></h2><span class="price">€60.00</span></article></div>`;
    const cards = ["Harbor", "Granite", "Classic", "Ridge"].map(card).join("");
    const md = markdownOf(
      `<html><head><meta property="og:type" content="product"></head><body><main><section id="main"><h1 class="h1">Linen Cushion Cover</h1><div class="product-prices">€29.00</div>` +
        `<div class="product-description"><p>${PROSE}</p><ul><li>100% European flax linen</li><li>Concealed zip closure</li></ul></div>` +
        `<section class="product-accessories clearfix"><p class="h5 text-uppercase">You might also like</p><div class="products row">${cards}</div></section>` +
        `<section class="featured-products clearfix"><h2>16 other products in the same category:</h2><div class="products">${cards.replace(/Throw/g, "Plaid")}</div></section>` +
        `</section></main></body></html>`,
      "https://atelier.test/home/17-linen-cushion-cover.html",
    );
    assert.match(md, /European flax linen/);
    assert.ok(!/You might also like|Harbor|other products/.test(md), md);
  });
  it("keeps a category's grid of linked cards beside its few lines of editorial text", () => {
    const card = (i: number) =>
      `<div class="grid-item"><div class="card"><a href="/products/sneaker-${i}"><img src="/${i}.jpg" alt=""><div class="card__price">$${80 + i}.00</div><p class="card__title">Model ${i} Sneaker</p><p class="card__category">Originals</p></a></div></div>`;
    const md = markdownOf(
      `<html><body><main><div class="heading-wrapper"><h1>Men's Shoes</h1></div><div class="plp-grid">${Array.from({ length: 12 }, (_, i) => card(i)).join("")}</div>` +
        `<div class="seo-text"><h2>Men's shoes for every pace of life</h2><p>From the track to the street, our shoes are built for movement. Running shoes with foam cushioning return energy with every stride, while the classics carry decades of style from the terraces to the city.</p>` +
        `<p>Looking for the right fit? Most of our shoes run true to size; our size guide and the reviews on each product page will help you choose.</p></div></main></body></html>`,
      "https://shoes.test/us/men-shoes",
    );
    assert.match(md, /Model 3 Sneaker/);
    assert.match(md, /\$91\.00/);
    assert.match(md, /every pace of life/);
  });
  it("writes a <pre> that holds paragraphs and lists as rich text, not code", () => {
    const md = markdownOf(
      `<html><body><main><h1>Speckled Mug</h1><p>${PROSE}</p><pre class="rich-text"><p>Each mug is thrown on the wheel.</p><ul><li>12 oz</li><li>Stoneware</li></ul></pre><pre><code>npm install mug</code></pre></main></body></html>`,
      "https://shop.test/p/mug",
    );
    assert.match(md, /\n\nEach mug is thrown on the wheel\.\n\n- 12 oz\n- Stoneware\n/);
    assert.match(md, /```\nnpm install mug\n```/);
  });
  it("leaves out a feedback question naming what it asks about ('Did you find this product summary feature useful?')", () => {
    const md = markdownOf(
      `<html><body><main><h1>Wireless Earbuds</h1><p>${PROSE}</p><div class="fb"><span>Did you find this product summary feature useful?</span><button>Yes, it is useful</button><button>No, it is not useful</button><span hidden>Thank you for your feedback</span></div><p>${PROSE.replace("storage box", "drive bay")}</p></main></body></html>`,
      "https://shop.test/dp/B01",
    );
    assert.ok(!/feature useful|it is useful/.test(md), md);
    assert.match(md, /drive bay/);
  });
  it("keeps a plan's features written each after the same checkmark picture beside prose, and still drops a grid of thumbnail cards", () => {
    const row = (f: string) => `<div class="plan-row"><img src="/icons/checkmark.svg" alt="Checkmark"><div>${f}</div></div>`;
    const features = ["1 Adult", "10 Devices", "Identity Theft Protection", "$1M Insurance", "Fraud Alerts", "Privacy Assistant"];
    const plan = `<div class="plan"><p>Individual Plan</p><div class="price">$12/mo</div><div class="plan-rows">${features.map(row).join("")}</div></div>`;
    const card = (i: number) =>
      `<div class="card"><a href="/blog/${i}"><img src="/thumbs/${i}.jpg" alt=""></a><a href="/blog/${i}">Story ${i}</a></div>`;
    const grid = `<div class="cards">${[1, 2, 3, 4, 5].map(card).join("")}</div>`;
    const md = markdownOf(
      `<html><body><main><h1>Identity theft protection</h1><p>${PROSE.repeat(12)}</p>${plan}${grid}</main></body></html>`,
      "https://service.test/identity-theft-protection",
    );
    assert.match(md, /Identity Theft Protection/);
    assert.match(md, /Privacy Assistant/);
    assert.ok(!md.includes("Story 3"), md);
  });
  it("still drops a grid of item cards whose lazy pictures share one placeholder file beside prose", () => {
    const page = (card: (i: number) => string) =>
      markdownOf(
        `<html><body><main><h1>Choosing a desk</h1><p>${PROSE.repeat(12)}</p><ul class="cards">${[1, 2, 3, 4, 5].map(card).join("")}</ul></main></body></html>`,
        "https://shop.test/guides/desks",
      );
    // Each card names its own picture in the alt…
    const named = page(
      (i) =>
        `<li><a href="/p/${i}"><img src="/img/blank.gif" data-lazy="/p/${i}.jpg" alt="Walnut desk ${i}"></a> <a href="/p/${i}">Walnut desk ${i}</a></li>`,
    );
    assert.match(named, /Choosing a desk/);
    assert.ok(!named.includes("Walnut desk 3"), named);
    // …or leaves the alt empty, with its real address in a lazy loader's attribute the reader does not follow.
    const unnamed = page(
      (i) =>
        `<li><a href="/p/${i}"><img src="/img/blank.gif" data-bg="/p/${i}.jpg" alt=""></a> <a href="/p/${i}">Walnut desk ${i}</a></li>`,
    );
    assert.ok(!unnamed.includes("Walnut desk 3"), unnamed);
    // …or shows it through a <picture>'s own sources, with one fallback file for all.
    const sourced = page(
      (i) =>
        `<li><a href="/p/${i}"><picture><source srcset="/p/${i}.webp"><img src="/img/blank.gif" alt="Desk"></picture></a> <a href="/p/${i}">Walnut desk ${i}</a></li>`,
    );
    assert.ok(!sourced.includes("Walnut desk 3"), sourced);
  });
  it("reads a picture most items show as their bullet (a plan's ✓ on most rows, ✗ on one), and a bullet beside one link as a card", () => {
    const row = (f: string, icon: string) => `<div class="plan-row"><img src="/icons/${icon}.svg" alt="${icon}"><div>${f}</div></div>`;
    const features = ["1 Adult", "10 Devices", "Identity Theft Protection", "$1M Insurance", "Fraud Alerts", "Privacy Assistant"];
    const plan = `<div class="plan-rows">${features.map((f, i) => row(f, i === 3 ? "cross" : "check")).join("")}</div>`;
    const links = `<div class="guides">${[1, 2, 3, 4, 5].map((i) => `<div class="guide"><img src="/icons/arrow.svg" alt=""><a href="/guides/${i}">Best projectors ${i}</a></div>`).join("")}</div>`;
    const md = markdownOf(
      `<html><body><main><h1>Identity theft protection</h1><p>${PROSE.repeat(12)}</p>${plan}${links}</main></body></html>`,
      "https://service.test/identity-theft-protection",
    );
    assert.match(md, /Privacy Assistant/);
    assert.ok(!md.includes("Best projectors 3"), md);
  });
  it("leaves out a grid of cards beside a product's short description", () => {
    const card = (i: number) =>
      `<li><a href="/p/${i}"><img src="/${i}.jpg" alt=""><span>Driver kit ${i}</span></a><span>$${10 + i}.95</span></li>`;
    const description =
      "A slim opening tool with a flexible steel blade for prying apart screens and glued cases without scratching them. ";
    const grid = `<ul class="picks">${[1, 2, 3, 4, 5].map(card).join("")}</ul>`;
    const page = (head: string) =>
      `<html><head>${head}</head><body><main><h1>Jimmy</h1><p>${description.repeat(6)}</p>${grid}</main></body></html>`;
    const product = markdownOf(page(`<meta property="og:type" content="product">`), "https://shop.test/p/jimmy");
    assert.match(product, /flexible steel blade/);
    assert.ok(!product.includes("Driver kit 3"), product);
    // Elsewhere 120 words of prose are too few to call the grid beside them suggestions.
    assert.match(markdownOf(page(""), "https://blog.test/jimmy"), /Driver kit 3/);
  });
  it("leaves out a form that posts to the shop's cart, not the product's own form", () => {
    const rows = ["Blue / 40L", "Black / 40L", "Khaki / 50L", "Green / 40L", "Purple / 40L", "Red / 40L", "Grey / 40L", "Orange / 50L"]
      .map((v) => `<tr><td>${v} HZD01-MSHB</td><td><input type="number" name="updates[]" value="0"></td><td>$47.99/ea</td></tr>`)
      .join("");
    const md = markdownOf(
      `<html><head><meta property="og:type" content="product"></head><body><main><h1>Hiking Backpack 40L</h1><p>${PROSE}</p>` +
        `<p>Roomy main compartment with a padded laptop sleeve.</p><form action="/cart/add" method="post"><button>Add to cart</button></form>` +
        `<form action="/cart/update" method="post" class="quick-order-list__contents"><table><caption>Your cart</caption><tbody>${rows}</tbody></table><p>Taxes, discounts and shipping calculated at checkout.</p></form>` +
        `</main></body></html>`,
      "https://shop.test/products/backpack",
    );
    assert.match(md, /padded laptop sleeve/);
    assert.ok(!/HZD01|calculated at checkout/.test(md), md);
  });
  it("keeps a list of add-ons in a form to the cart that shows no field: its buttons are links, not the cart's controls", () => {
    const rows = ["Soundtrack", "Art Book", "Starter Pack", "Season Pass"]
      .map(
        (v, i) =>
          `<a class="dlc_row" href="/app/${i + 10}/"><div class="dlc_name">Skyline ${v}</div><div class="dlc_price">4,99€</div><input type="hidden" name="subid[]" value="${i}"></a>`,
      )
      .join("");
    const md = markdownOf(
      `<html><head><meta property="og:type" content="product"></head><body><main><h1>Skyline</h1><p>${PROSE}</p>` +
        `<h2>Content for this game</h2><form name="add_all_dlc_to_cart" action="/cart/?snr=1" method="POST"><input type="hidden" name="action" value="add_to_cart">` +
        `${rows}<a href="javascript:addAllDlcToCart();">Add all DLC to Cart</a></form></main></body></html>`,
      "https://store.test/app/7/Skyline/",
    );
    assert.match(md, /Skyline Art Book/);
    assert.match(md, /Skyline Season Pass/);
  });
  it("leaves out a block's fine print named as its BEM element, however long beside the block's text", () => {
    const feature = (title: string, text: string, note: string) =>
      `<div class="feature-benefit"><div class="feature-benefit__text-wrap"><h2 class="feature-benefit__title">${title}</h2>` +
      `<p class="feature-benefit__desc">${text}</p></div>` +
      `<div class="feature-benefit__disclaimer-wrap"><p class="feature-benefit__disclaimer">${note}</p></div></div>`;
    const note =
      "* Typical value tested under third-party laboratory conditions. Typical value is the estimated average value considering the deviation in battery capacity among the battery samples tested. Actual battery life may vary depending on network environment, usage patterns and other factors.";
    const md = markdownOf(
      `<html><body><main><h1>Galaxy Tab S9 FE</h1>` +
        feature("Stay creative on the move", "Keep the creative juices flowing with the long-lasting battery all day.", note) +
        feature(
          "Vibrant hues",
          "Everything on screen is lifelike with the high-resolution display and its vivid colors.",
          note.replace("battery", "screen"),
        ) +
        `</main></body></html>`,
      "https://shop.test/tablets/tab-s9-fe",
    );
    assert.match(md, /long-lasting battery all day/);
    assert.match(md, /vivid colors/);
    assert.ok(!md.includes("laboratory conditions"), md);
  });
  it("keeps a disclaimer page's text written as a BEM element of its block (legal__disclaimer)", () => {
    const para = (i: number) =>
      `<p>Clause ${i}: the information on this site is given in good faith and for general purposes only, without any warranty of accuracy or completeness.</p>`;
    const md = markdownOf(
      `<html><body><div class="content"><h1>Disclaimer</h1><div class="legal__disclaimer">${[1, 2, 3, 4, 5].map(para).join("")}</div></div>` +
        `<footer>&copy; 2024 Example Ltd</footer></body></html>`,
      "https://shop.test/disclaimer",
    );
    assert.match(md, /Clause 3: the information/);
  });

  it("leaves out rustdoc's version and source link beside each member, and keeps the member", () => {
    const member = (name: string, since: string, doc: string) =>
      `<details class="toggle method-toggle" open><summary><section id="method.${name}" class="method">` +
      `<span class="rightside"><span class="since" title="Stable since Rust version ${since}">${since}</span> · <a class="src" href="../../src/core/result.rs.html#593">Source</a></span>` +
      `<h4 class="code-header">pub const fn <a href="#method.${name}" class="fn">${name}</a>(&amp;self) -&gt; bool</h4></section></summary>` +
      `<div class="docblock"><p>${doc}</p></div></details>`;
    const md = markdownOf(
      `<html><body><main><section id="main-content" class="content"><div class="main-heading"><h1>Enum <span class="enum">Result</span></h1>` +
        `<span class="sub-heading"><span class="since">1.0.0</span> · <a class="src" href="../../src/core/result.rs.html#557">Source</a> </span></div>` +
        `<div class="docblock"><p>Result is a type that represents either success (Ok) or failure (Err). See the module documentation for details.</p></div>` +
        member("is_ok", "1.0.0 (const: 1.48.0)", "Returns true if the result is Ok.") +
        member("is_err", "1.0.0 (const: 1.48.0)", "Returns true if the result is Err.") +
        `</section></main></body></html>`,
      "https://doc.rust-lang.org/std/result/enum.Result.html",
    );
    assert.match(md, /#### pub const fn is\\_ok\(&self\) -> bool/);
    assert.match(md, /Returns true if the result is Err\./);
    assert.ok(!/Source|1\.48\.0|1\.0\.0/.test(md), md);
  });
});
