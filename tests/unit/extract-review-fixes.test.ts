import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { extractMainContent } from "../../lib/capabilities/extract";
import { parsePage } from "../../lib/html/parse";
import { htmlPage } from "../support/pages";

const markdownOf = (html: string, url = "https://review.test/a") => extractMainContent(parsePage(htmlPage(html, url))).markdown;
const P1 =
  "<p>Researchers at the university announced on Tuesday that they had found a new way to store energy in salt, a method they say could cut costs for grid operators across the region.</p>";
const P2 =
  "<p>The team spent four years testing the approach in a pilot plant outside the city, where it ran through two winters without a failure, according to the lead engineer on the project.</p>";

describe("content extraction: review fixes", () => {
  it("writes a value hidden from screen readers once, beside its spoken twin", () => {
    const md = markdownOf(
      `<html><body><main><h1>Boots</h1>${P1}<div class="price"><div aria-hidden="true">$50.00</div><span class="x9f">current price $50.00</span></div></main></body></html>`,
    );
    assert.match(md, /current price \$50\.00/);
    assert.doesNotMatch(md, /^\$50\.00$/m);
  });

  it("keeps an issue number in a changelog's running text, outside a paragraph too", () => {
    const md = markdownOf(
      `<html><body><article><h1>Release 2.3 changelog</h1>${P1}${P2}<ul>` +
        `<li>Fixed a crash when parsing empty files (<a href="https://bugzilla.mozilla.org/show_bug.cgi?id=1234">#1234</a>)</li>` +
        `<li>Faster startup, see <a href="https://bitbucket.org/acme/tool/pull-requests/57">#57</a></li>` +
        `<li><span>Thanks to <a href="/changes/12">#12</a></span></li></ul></article></body></html>`,
    );
    assert.match(md, /\[#1234\]/);
    assert.match(md, /\[#57\]/);
    assert.match(md, /\[#12\]/);
  });

  it("takes no date line under the headline for a standfirst", () => {
    const md = markdownOf(
      `<html><body><div class="wrap"><div class="x1"><h1>Salt batteries get a boost</h1><p>Posted on March 5, 2024 by admin</p></div>` +
        `<div class="x2">${P1}${P2}${P1.replace("Tuesday", "Monday")}${P2.replace("four", "five")}</div>` +
        `<div class="x3"><h3>Recent posts</h3><ul><li><a href="/a">Wind farms and the grid</a></li><li><a href="/b">Why heat pumps are winning</a></li>` +
        `<li><a href="/c">Solar on every roof?</a></li></ul></div></div></body></html>`,
    );
    assert.match(md, /five years testing/);
    assert.doesNotMatch(md, /Recent posts|heat pumps/);
  });

  it("descends past a grid of story cards after a short story: only a grid before the text is the page's listing", () => {
    const cards = [1, 2, 3, 4, 5, 6]
      .map((i) => `<div class="c"><a href="/s/${i}"><img src="/i${i}.jpg" alt=""><span>Story number ${i} about something</span></a></div>`)
      .join("");
    const md = markdownOf(
      `<html><body><div class="wrap"><h1>Salt batteries get a boost</h1><div class="body">${P1}${P2}</div><div class="g">${cards}</div></div></body></html>`,
    );
    assert.match(md, /lead engineer/);
    assert.doesNotMatch(md, /Story number 3/);
  });

  it("keeps the alt text of emoji, of a gallery's thumbnails and of a table's pictures", () => {
    const md = markdownOf(
      `<html><body><article><h1>Our trip to the Alps</h1>${P1}` +
        `<p><img src="/e1.png" class="emoji" alt="🎉"><img src="/e2.png" class="emoji" alt="🏃"><img src="/e3.png" class="emoji" alt="⛰️"></p>` +
        `<div class="gallery"><a href="/p/1.jpg"><img src="/t/1.jpg" alt="Sunrise over Mont Blanc"></a><a href="/p/2.jpg"><img src="/t/2.jpg" alt="Our tent at Lac Blanc"></a><a href="/p/3.jpg"><img src="/t/3.jpg" alt="Ibex on the ridge"></a></div>` +
        `<table><tr><td><img src="/s1.png" alt="Step 1: fold the map"></td><td><img src="/s2.png" alt="Step 2: mark the route"></td><td><img src="/s3.png" alt="Step 3: pack the bag"></td></tr></table>` +
        `</article></body></html>`,
    );
    assert.match(md, /!\[🎉\]/);
    assert.match(md, /Sunrise over Mont Blanc/);
    assert.match(md, /Step 2: mark the route/);
  });

  it("leaves out a card labelled by an ad's badge, with its picture, link and price", () => {
    const md = markdownOf(
      `<html><body><main><h1>Acme RTX 4080 graphics card</h1>${P1}` +
        `<div class="x1"><a href="/p/psu-1000"><img src="/psu.jpg" alt=""></a><div class="x2"><a href="/p/psu-1000">Leadex Platinum 1000W power supply, fully modular</a>` +
        `<a href="/p/psu-1000#reviews">(114)</a></div><ul class="x3"><li>$169.99</li><li>Save: 26%</li></ul><div class="x4"><span>Sponsored</span></div></div>` +
        `${P2}</main></body></html>`,
    );
    assert.match(md, /lead engineer/);
    assert.doesNotMatch(md, /Leadex|169\.99|Sponsored/);
  });

  it("keeps a card without a badge, and a sentence about sponsors", () => {
    const md = markdownOf(
      `<html><body><main><h1>Acme RTX 4080 graphics card</h1>${P1}` +
        `<div class="x1"><a href="/p/psu-1000"><img src="/psu.jpg" alt=""></a><div class="x2"><a href="/p/psu-1000">Leadex Platinum 1000W power supply, fully modular</a></div>` +
        `<ul class="x3"><li>$169.99</li></ul><p>Our bundles are sponsored by the makers.</p></div>${P2}</main></body></html>`,
    );
    assert.match(md, /Leadex Platinum/);
    assert.match(md, /sponsored by the makers/);
  });

  it("leaves out a section whose header row carries an ad's badge (a sponsored carousel)", () => {
    const card = (i: number) =>
      `<li><a href="/dp/B0${i}"><img src="/c${i}.jpg" alt=""></a><a href="/dp/B0${i}">Wireless earbuds model ${i} with noise cancelling</a><span>EUR 23.0${i}</span></li>`;
    const md = markdownOf(
      `<html><body><main><h1>Acme Pods Pro</h1>${P1}` +
        `<div class="c1"><div class="c2"><div class="c3"><h2>Customers frequently viewed</h2><div class="c4"><a href="#fb"><span>Sponsored</span></a></div></div>` +
        `<div class="c5">Page 1 of 4</div></div><ol class="c6">${card(1)}${card(2)}${card(3)}</ol></div>${P2}</main></body></html>`,
    );
    assert.match(md, /lead engineer/);
    assert.doesNotMatch(md, /frequently viewed|Wireless earbuds|EUR 23/);
  });

  it("starts the content at the first <h1> outside left-out boxes, not at a quick-view overlay's title", () => {
    const md = markdownOf(
      `<html><body><div class="page"><div class="p1"><p>Consider these items: Case for Pods, Ear tips, Charging dock</p></div>` +
        `<div class="p2"><div class="modal"><h1>Product summary</h1></div></div>` +
        `<div class="p3"><h1>Acme Pods Pro</h1>${P1}</div><div class="p4"><h2>Details</h2>${P2}${P2.replace("four", "five")}</div></div></body></html>`,
    );
    assert.match(md, /five years testing/);
    assert.doesNotMatch(md, /Consider these items/);
  });

  it("takes only the sponsored card out of a grid whose cards are titled by headings", () => {
    const card = (i: number, badge = "") =>
      `<div class="t"><a href="/p/${i}"><img src="/t${i}.jpg" alt=""></a><h3><a href="/p/${i}">Trail shoe model ${i}</a></h3><span>$8${i}.00</span>${badge}</div>`;
    const md = markdownOf(
      `<html><body><main><h1>Trail shoes</h1><div class="grid">${card(1, "<span>Sponsored</span>")}${card(2)}${card(3)}${card(4)}</div></main></body></html>`,
    );
    assert.doesNotMatch(md, /Trail shoe model 1/);
    assert.match(md, /Trail shoe model 2/);
    assert.match(md, /Trail shoe model 4/);
  });

  it("keeps a headline's byline that carries a Sponsored tag beside a picture, an author's link and a price", () => {
    const md = markdownOf(
      `<html><body><main><article><h1>Our review of the new phone</h1><div class="byline"><img src="/a.jpg" alt=""><a href="/author/jane">Jane Doe</a> <span>Sponsored</span> <span>$799</span></div>${P1}${P2}</article></main></body></html>`,
    );
    assert.match(md, /Jane Doe/);
    assert.match(md, /four years testing/);
  });

  it("keeps a feature list's plain item 'Sort by date': a sort choice is a control's text", () => {
    const md = markdownOf(
      `<html><body><main><h1>Table features</h1><p>The table supports these features:</p><ul><li>Sort by date</li><li>Filter by tag</li><li>Group by owner</li></ul>${P1}</main></body></html>`,
    );
    assert.match(md, /^- Sort by date$/m);
    assert.match(md, /^- Filter by tag$/m);
  });
});
