import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { extractMainContent } from "../../lib/capabilities/extract";
import { parsePage } from "../../lib/html/parse";
import { htmlPage } from "../support/pages";

const markdownOf = (html: string, url = "https://listing.test/section/") => extractMainContent(parsePage(htmlPage(html, url))).markdown;

const card = (i: number) =>
  `<article class="card"><h2><a href="/story/${i}">Council approves transit plan number ${i} after a long session</a></h2>` +
  `<p>The vote ends two years of debate over light rail routes through the eastern suburbs and the funding that pays for them.</p></article>`;

/** Three listing cards of homes, each a photo box (as `photo` writes it), the price, facts and the address's link. */
const homeCards = (photo: (street: string, city: string, zip: string, i: number) => string): string[] =>
  [
    ["12 Elm St", "Asheville", "28801", "$450,000"],
    ["480 Oak Ave", "Weaverville", "28787", "$615,000"],
    ["9 Pine Ct", "Candler", "28715", "$389,900"],
  ].map(
    ([street, city, zip, price], i) =>
      `<div class="home-card"><div class="photo">${photo(street!, city!, zip!, i)}</div>` +
      `<div class="info"><span class="price">${price}</span><span class="beds">3 beds</span><span class="baths">2 baths</span>` +
      `<a href="/home/${i}">${street}, ${city}, NC ${zip}</a></div></div>`,
  );

describe("content extraction: listings and service pages", () => {
  it("leaves out a link that only leads to more of the list, not one in a sentence or a heading", () => {
    const md = markdownOf(
      `<html><body><main><h1>Local News</h1>${[1, 2, 3, 4].map(card).join("")}` +
        `<div class="more"><a href="/section/?page=2">Load more</a></div>` +
        `<div class="row"><a href="/all">See all 24 stories →</a></div>` +
        `<p>Our archive goes back to 1998; you can <a href="/archive">view all issues</a> there.</p>` +
        `<h2><a href="/older">Older posts</a></h2>` +
        `<p><a href="/docs/auth">Read more about authentication tokens</a></p><div><a href="/story/5">Read more</a></div></main></body></html>`,
    );
    assert.match(md, /transit plan number 4/);
    // "Read more" only bare: with words after it, it names the page it leads to.
    assert.match(md, /Read more about authentication tokens/);
    assert.ok(!/Read more\]/.test(md), md);
    assert.ok(!/Load more/.test(md), md);
    assert.ok(!/See all 24 stories/.test(md), md);
    assert.match(md, /view all issues/);
    assert.match(md, /Older posts/);
  });

  it("leaves out a bare Learn more link under a card, not one that names its page or stands in a sentence", () => {
    const feature = (i: number, text: string) =>
      `<div class="feature"><h3>Feature number ${i} for teams</h3><p>${text} Plan, build and ship together on one shared canvas.</p>` +
      `<div class="cta"><a href="/features/${i}">${i === 1 ? "Learn more" : i === 2 ? "Find out more →" : "Learn more about workflows"}</a></div></div>`;
    const md = markdownOf(
      `<html><body><main><h1>One workspace for every team</h1>` +
        [1, 2, 3].map((i) => feature(i, `Teams of every size use feature ${i} every day.`)).join("") +
        `<p>Our templates are free; you can <a href="/templates">learn more</a> in the gallery.</p></main></body></html>`,
    );
    assert.match(md, /Feature number 1 for teams/);
    assert.doesNotMatch(md, /\[Learn more\]|Find out more/, md);
    assert.match(md, /Learn more about workflows/);
    assert.match(md, /you can \[learn more\]/);
  });

  it("leaves out a sort menu's label and choice, not a sentence or a cell that names sorting", () => {
    const md = markdownOf(
      `<html><body><main><h1>Climbing Shoes</h1><div class="toolbar"><div name="sorter-label"><svg viewBox="0 0 24 24"><path d="M7 4"></path></svg>` +
        `<span>Sort</span><span>: </span><span>Best Match</span></div><select aria-label="Sort By"><option>Best Match</option></select></div>` +
        `<div class="block-outer"><label class="sort-option-label">Sort by</label><button type="button" aria-haspopup="true">Oldest first</button></div>` +
        `<p>Climbing shoes for every wall, from soft slippers for bouldering to stiff shoes for long cracks and multi-pitch routes.</p>` +
        `<p>Sort by size before you order: shoes should fit snugly.</p>` +
        `<table><tr><th>Control</th><th>Does</th></tr><tr><td>Sort by</td><td>Orders the list</td></tr></table></main></body></html>`,
    );
    assert.doesNotMatch(md, /Best Match|^Sort by$/m, md);
    assert.match(md, /Sort by size before you order/);
    assert.match(md, /\| Sort by \|/);
  });

  it("writes a row of logos or badges without their alt text, but keeps a picture's alt elsewhere", () => {
    const logos = ["Stripe", "Figma", "Monzo", "SOC 2 Type II"].map(
      (n) => `<li><img src="/l/${n.replace(/ /g, "")}.svg" alt="${n} logo"></li>`,
    );
    const md = markdownOf(
      `<html><body><main><h1>Product design for software teams</h1>` +
        `<p>We help startups and scale-ups design, test and ship digital products people love, from first prototype to design system.</p>` +
        `<p>Trusted by</p><ul class="client-logos">${logos.join("")}</ul>` +
        `<figure><img src="/team.jpg" alt="Designers sketching a checkout flow on a whiteboard"></figure>` +
        `<p>Our process starts with two weeks of interviews, audits and analytics review before anything is drawn.</p></main></body></html>`,
    );
    assert.ok(!/Stripe logo|SOC 2/.test(md), md);
    assert.match(md, /!\[\]\(https:\/\/listing\.test\/l\/Stripe\.svg\)/);
    assert.match(md, /Designers sketching a checkout flow/);
  });

  it("writes a picture inside a link that has words of its own without its alt text (a card's thumbnail beside its headline)", () => {
    const scenes = [
      "Firefighters spray water on a burning warehouse",
      "A crowd waves flags outside parliament",
      "Two divers swim past a coral reef",
    ];
    const cards = scenes.map(
      (alt, i) =>
        `<div class="card"><a href="/news/${i}"><div class="media"><img src="/img/${i}.jpg" alt="${alt}"></div>` +
        `<div class="text"><h2>Headline number ${i} about the day's main events</h2>` +
        `<p>Short summary ${i} of what happened and why it matters to readers today.</p></div></a></div>`,
    );
    const md = markdownOf(
      `<html><body><main><h1>News</h1>${cards.join("")}` +
        `<figure><a href="/img/big.jpg"><img src="/img/big.jpg" alt="A heron standing in shallow water at dawn"></a></figure>` +
        `<p>Our photographers spent the week along the estuary, where the birds return each spring.</p></main></body></html>`,
    );
    assert.match(md, /Headline number 2/);
    assert.ok(!/burning warehouse|waves flags|coral reef/.test(md), md);
    assert.match(md, /!\[\]\(https:\/\/listing\.test\/img\/0\.jpg\)/);
    // A picture alone in its link (to its full size) keeps its description.
    assert.match(md, /A heron standing in shallow water/);
  });

  it("writes a picture's alt text empty when its small card says nearly all its words, but not an article's figure", () => {
    const homes = homeCards(
      (street, city, zip, i) => `<img src="/photo/${i}.jpg" alt="Property at ${street}, ${city}, NC ${zip}, 3 beds, 2 baths">`,
    );
    const md = markdownOf(
      `<html><body><main><h1>Homes for sale in Asheville</h1>${homes.join("")}` +
        `<section><h2>About the area</h2><p>Asheville sits in the Blue Ridge Mountains, where the French Broad and Swannanoa rivers meet.</p>` +
        `<figure><img src="/area.jpg" alt="Autumn leaves over a winding mountain road"><figcaption>The Blue Ridge Parkway in October.</figcaption></figure>` +
        `<p>Its neighbourhoods range from historic downtown streets to quiet wooded lots on the edge of the national forest.</p></section></main></body></html>`,
    );
    assert.match(md, /480 Oak Ave, Weaverville/);
    assert.ok(!/Property at/.test(md), md);
    assert.match(md, /!\[\]\(https:\/\/listing\.test\/photo\/1\.jpg\)/);
    // A figure's alt that its caption does not say is the picture's own description.
    assert.match(md, /Autumn leaves over a winding mountain road/);
  });

  it("leaves out a hidden copy of words its card shows, not a hidden answer the page says elsewhere", () => {
    const homes = homeCards(
      (street, city, zip, i) =>
        `<img src="/photo/${i}.jpg" alt="Photo of the house"><address style="display:none">${street}, ${city}, NC ${zip}</address>`,
    );
    const answer = "Closing takes thirty to forty five days after the offer is accepted by the seller";
    const md = markdownOf(
      `<html><body><main><h1>Homes for sale in Asheville</h1>${homes.join("")}` +
        `<section><h2>Buying here</h2><p>${answer}, as our agents explain in every first meeting with a buyer.</p>` +
        `<div class="faq"><button>How long does closing take?</button><div style="display:none"><p>${answer}.</p></div></div></section></main></body></html>`,
    );
    assert.equal(md.match(/480 Oak Ave, Weaverville/g)?.length, 1, md);
    assert.match(md, /\[9 Pine Ct, Candler, NC 28715\]/);
    // A collapsed answer is read in its own item, not against the page's other text.
    assert.equal(md.match(/Closing takes thirty/g)?.length, 2, md);
  });

  it("leaves out text for screen readers named by page builders (Elementor, Foundation, Drupal)", () => {
    const md = markdownOf(
      `<html><body><main><h1>Emergency plumbing</h1>` +
        `<p>Burst pipe at 2 a.m.? We send a licensed plumber to your door fast, with upfront pricing and no overtime fees.</p>` +
        `<div class="testimonial"><div class="elementor-star-rating">★★★★★<span class="elementor-screen-only">Rated 5 out of 5</span></div>` +
        `<p>They showed up in 40 minutes on a Sunday night and fixed our water heater within the hour.</p></div>` +
        `<p>Call us any time <span class="show-for-sr">opens the dialler</span> day or night.</p></main></body></html>`,
    );
    assert.match(md, /water heater/);
    assert.ok(!/Rated 5 out of 5/.test(md), md);
    assert.ok(!/opens the dialler/.test(md), md);
  });

  it("keeps a row of tag links beside prose, not as a grid of cards, but a line of links between bars or a table of contents goes", () => {
    const tags = (names: string[]) => `<div class="TagBox">${names.map((t) => `<a class="tag" href="/tags/${t}">${t}</a>`).join("")}</div>`;
    const game = (i: number) =>
      `<div class="game"><h3>Game ${i}</h3><p>${`Season ${i} opens an open world of trade routes and ruined forts to explore with friends, by ship or on foot. `.repeat(5)}</p>` +
      `${tags(["Shooter", "Survival", "Sandbox", "Multiplayer", `Genre${i}`])}</div>`;
    const legal = `<div class="legal"><a href="/privacy">Privacy</a> | <a href="/terms">Terms</a> | <a href="/cookies">Cookies</a> | <a href="/sitemap">Sitemap</a></div>`;
    const toc = `<div class="jump">${["Intro", "Setup", "Usage", "Limits"].map((t) => `<a href="#${t}">${t}</a>`).join("")}</div>`;
    const md = markdownOf(`<html><body><main><h1>Action games</h1>${toc}${[1, 2, 3].map(game).join("")}${legal}</main></body></html>`);
    assert.match(md, /Sandbox/);
    assert.match(md, /Genre3/);
    assert.ok(!/Sitemap/.test(md), md);
    assert.ok(!/Limits/.test(md), md);
  });

  it("reads the class a CSS Modules name carries ('ProductList_filtersDesktop__hrVLK' is a filter panel)", () => {
    const facet = (name: string, values: string[]) =>
      `<section class="Filter_filterOption__7zFg_"><h4>${name}</h4><ul>${values.map((v) => `<li><a href="/l?f=${v}">${v}</a></li>`).join("")}</ul></section>`;
    const filters = `<div class="ProductList_filtersDesktop__hrVLK">${facet("Brand", ["Canon", "Nikon", "Sigma"])}${facet("Mount", ["RF", "Z", "E"])}</div>`;
    const item = (i: number) =>
      `<div class="Products_item__Ab12c"><h2><a href="/p/${i}">Lens ${i} 50mm f/1.8</a></h2><p>${"A bright prime lens for portraits and low light, light enough for every day. ".repeat(2)}</p></div>`;
    const md = markdownOf(
      `<html><body><main><h1>Mirrorless lenses</h1><div class="ProductList_products__Qq1wE">${filters}${[1, 2, 3, 4, 5, 6].map(item).join("")}</div></main></body></html>`,
    );
    assert.match(md, /Lens 6 50mm/);
    assert.ok(!/Sigma/.test(md), md);
    // A hero's text laid over its picture keeps its words, as a BEM "hero__overlay" does.
    const hero = markdownOf(
      `<html><body><main><h1>Spring</h1><div class="Hero_overlay__x1Y2z"><p>New colours for the season.</p></div><p>${"Our spring range is here, in linen and cotton. ".repeat(4)}</p></main></body></html>`,
    );
    assert.match(hero, /New colours for the season/);
  });

  it("leaves out a section's copy for small screens that the desktop copy says again, but keeps a mobile-only block said nowhere else", () => {
    const intro = "<p>Oversized prints by independent artists, made to order and shipped rolled in a tube within five days.</p>";
    const section = (cls: string, wording: string) =>
      `<section class="content_box ${cls}"><h2>Three ways to hang art</h2><p>${wording} swappable prints, museum grade acrylic or peel and stick canvas for renters.</p></section>`;
    const md = markdownOf(
      `<html><body><main><h1>Big wall art</h1>${intro}` +
        section("hidden_mobile", "Whether you choose") +
        section("hidden_desktop", "Choose between") +
        // Bootstrap's stacked table for phones after the table itself; Tailwind's mobile caption.
        `<table class="d-none d-lg-table"><tr><th>Fee</th><th>Cost</th></tr><tr><td>Application fee</td><td>$50</td></tr></table>` +
        `<div class="d-lg-none"><p>Fee: Application fee</p><p>Cost: $50</p></div>` +
        `<p class="md:hidden">Oversized prints by independent artists</p>` +
        `<div class="mobile-only"><p>Tap a print to see it on a wall in your own room with the camera of your phone.</p></div></main></body></html>`,
    );
    assert.equal(md.match(/Three ways to hang art/g)?.length, 1, md);
    assert.match(md, /Whether you choose swappable prints/);
    assert.ok(!/Choose between/.test(md), md);
    assert.match(md, /\| Application fee \| \$50 \|/);
    assert.ok(!/Fee: Application fee/.test(md), md);
    assert.equal(md.match(/Oversized prints by independent artists/g)?.length, 1, md);
    // Said nowhere else: a block a theme names for phones may still be shown (the truth keeps it).
    assert.match(md, /Tap a print to see it on a wall/);
  });

  it("writes a heading once when the same heading follows it with nothing between (a script's placeholder sections)", () => {
    const md = markdownOf(
      `<html><body><main><h1>Engineering blog</h1>` +
        `<div><h2>Latest</h2><article><h3><a href="/p/1">Scaling storage for video encoding at peak hours</a></h3><p>How we moved encoding queues to a new store.</p></article></div>` +
        `<div><div><h2>Latest</h2></div><div></div></div><div><div><h2>Latest</h2></div><div></div></div>` +
        `<ul><li><h2>Archive</h2></li><li><h2>Archive</h2></li></ul>` +
        `<h2>Latest</h2><p>Older posts from the archive.</p></main></body></html>`,
    );
    // The section with its post, one of the two empty placeholders, and the titled section at the end.
    assert.equal(md.match(/## Latest/g)?.length, 3, md);
    assert.equal(md.match(/## Archive/g)?.length, 1, md);
    assert.match(md, /Older posts from the archive/);
  });
  it("reads a box that aria-labelledby names after its own subheading as a titled section beside a category's guide", () => {
    const items = (name: string) =>
      `<ul>${[1, 2, 3, 4, 5, 6, 7, 8].map((i) => `<li><a href="/p/${name}-${i}">${name} model ${i} standard series</a> <span>£${100 + i}</span></li>`).join("")}</ul>`;
    const carousel = (id: string, title: string) =>
      `<div class="section" aria-labelledby="${id}"><a class="skip" href="#next">Skip this section</a><div><div class="grid-header"><h2 id="${id}">${title}</h2></div>${items(title.split(" ")[0]!)}</div></div>`;
    const guide = "A solid body guitar suits most styles, and the pickups shape its voice more than the wood does. ".repeat(20);
    const md = markdownOf(
      `<html><body><main><div class="category-header"><h1>Electric Guitars</h1></div>${carousel("top-h", "Topsellers this week")}` +
        `${carousel("new-h", "Arrivals this month")}<div class="rich-content"><div class="children"><h2>Buying guide</h2><p>${guide}</p></div></div></main></body></html>`,
      "https://shop.test/gb/electric_guitars.html",
    );
    assert.match(md, /Topsellers model 3 standard series/);
    assert.match(md, /Arrivals model 8 standard series/);
    assert.match(md, /pickups shape its voice/);
  });
  it("keeps the hidden full text of a 'read more' expansion and leaves out the excerpts it opens with", () => {
    const opening =
      "Our sheets are woven from long staple cotton and washed for softness, so your bed feels lived in from the first night. ";
    const rest = "Every set is tested for pilling and shrinkage before it ships. Care instructions: wash cold and tumble dry low.";
    const md = markdownOf(
      `<html><body><main><h1>All Sheets</h1>${[1, 2, 3, 4].map(card).join("")}<div class="seo"><h4>Sheets for every sleeper</h4><span>` +
        `<span class="excerpt view--lrg"><p>${opening}Read more</p></span><span class="excerpt view--sml">${opening}</span>` +
        `<span class="copy hidden"><p>${opening}${rest}</p><ul><li>Pre-washed</li><li>Breathable</li></ul></span></span></div></main></body></html>`,
      "https://shop.test/collections/sheets",
    );
    assert.match(md, /Care instructions: wash cold/);
    assert.match(md, /Pre-washed/);
    assert.equal(md.match(/long staple cotton/g)?.length, 1, md);
    // A hidden passage that is not the shown one's full text (a collapsed answer) is judged as before.
    const other = markdownOf(
      `<html><body><main><h1>All Sheets</h1>${[1, 2, 3, 4].map(card).join("")}<div><p>${opening}</p><p class="hidden">${rest} ${rest}</p></div></main></body></html>`,
    );
    assert.match(other, /long staple cotton/);
  });
  it("keeps a shown tab that opens with the same words as a hidden tab of its kind (not a 'read more' excerpt)", () => {
    const intro = "All plans include unlimited projects, priority support, daily backups and a free domain for the first year of service. ";
    const md = markdownOf(
      `<html><body><main><h1>Plans</h1><div class="tabs"><div class="panel"><p>${intro}Monthly: $10 a month.</p></div>` +
        `<div class="panel" hidden><p>${intro}Yearly: $100 a year, two months free, and an extra team seat included.</p></div></div></main></body></html>`,
      "https://shop.test/plans",
    );
    assert.match(md, /Monthly: \$10 a month/);
  });
  it("keeps the text between a hero's title, nested four boxes deep, and the longest section below it", () => {
    const words = (text: string, n: number) => `<p>${`${text} `.repeat(n)}</p>`;
    const md = markdownOf(
      `<html><body><header><nav><a href="/">Home</a> <a href="/help">Get help</a></nav></header><main><article>` +
        `<section class="hero"><div class="hero-image"><div class="hero-title"><h1>Get Free Tax Help</h1></div></div></section>` +
        `<section class="article-content"><div class="article-body">` +
        `<div class="intro">${words("If you earn less than a set amount, our volunteers prepare your taxes for free.", 4)}</div>` +
        `<div class="faq"><h2>FAQ</h2>${words("Bring a photo ID, your Social Security card and every income document you received.", 30)}</div>` +
        `</div></section></article></main></body></html>`,
    );
    assert.match(md, /our volunteers prepare your taxes for free/);
    assert.match(md, /Bring a photo ID/);
  });

  it("keeps each entry's dated footer when every entry sits alone in a list item (WordPress's query loop)", () => {
    const entry = (n: number) =>
      `<li class="wp-block-post post-${n}"><div class="feed-item"><article class="post-card">` +
      `<h3><a href="/p/${n}">Release notes for version ${n} of the command line tool</a></h3>` +
      `<p>${`What changed in release ${n}, and how to upgrade without breaking your scripts. `.repeat(2)}</p>` +
      `<footer>by Grace Hopper · <time datetime="2026-03-0${n}">March ${n}, 2026</time></footer></article></div></li>`;
    const md = markdownOf(
      `<html><body><main><h1>Engineering blog</h1><ul class="wp-block-post-template">${[1, 2, 3].map(entry).join("")}</ul></main>` +
        `<footer class="site-footer"><p>© 2026 Example Inc. All rights reserved, and a few more words for the footer.</p></footer></body></html>`,
    );
    assert.match(md, /by Grace Hopper · March 3, 2026/);
    assert.ok(!md.includes("All rights reserved"), md);
  });

  it("keeps a short box named for comments or reviews that comes back in every item of a list, not a thread's comments", () => {
    const paper = (n: number) =>
      `<dt>[${n}] arXiv:2603.0${n}</dt><dd><div class="list-title">Title: Agents that plan in parallel worlds, part ${n}</div>` +
      `<p class="abstract">${`We study how language agents search, plan and recover from errors over long horizons. `.repeat(3)}</p>` +
      `<div class="list-comments mathjax"><span class="descriptor">Comments:</span> Accepted at the Agents in the Wild workshop at ICLR 2026, April 26, 2026, Rio de Janeiro, Brazil, paper ${n}</div></dd>`;
    const listing = markdownOf(
      `<html><body><main><h1>Artificial Intelligence</h1><dl>${[1, 2, 3].map(paper).join("")}</dl></main></body></html>`,
    );
    assert.match(listing, /Accepted at the Agents in the Wild workshop at ICLR 2026, April 26, 2026, Rio de Janeiro, Brazil, paper 3/);
    // The same boxes, one of which runs long: readers' comments under each post, left out.
    const post = (n: number, comments: number) =>
      `<div class="post"><h2>Post ${n}</h2><p>${`Day ${n} of the trip, about the road and what we learned on the way there. `.repeat(4)}</p>` +
      `<div class="post-comments">${`<p>Reader ${n} says: lovely photos, thanks for sharing the route and the campsites you found along the coast last summer.</p>`.repeat(comments)}</div></div>`;
    const blog = markdownOf(`<html><body><main><h1>Travel diary</h1>${post(1, 1)}${post(2, 1)}${post(3, 4)}</main></body></html>`);
    assert.match(blog, /Day 3 of the trip/);
    assert.ok(!blog.includes("lovely photos"), blog);
  });
});
