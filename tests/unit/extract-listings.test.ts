import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { extractMainContent } from "../../lib/capabilities/extract";
import { parsePage } from "../../lib/html/parse";
import { htmlPage } from "../support/pages";

const markdownOf = (html: string, url = "https://listing.test/section/") => extractMainContent(parsePage(htmlPage(html, url))).markdown;

const card = (i: number) =>
  `<article class="card"><h2><a href="/story/${i}">Council approves transit plan number ${i} after a long session</a></h2>` +
  `<p>The vote ends two years of debate over light rail routes through the eastern suburbs and the funding that pays for them.</p></article>`;

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
});
