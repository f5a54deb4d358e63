import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { extractMainContent } from "../../lib/capabilities/extract";
import { parsePage } from "../../lib/html/parse";
import { htmlPage } from "../support/pages";

const markdownOf = (html: string, url = "https://forum.test/threads/splash-screen.1/") =>
  extractMainContent(parsePage(htmlPage(html, url))).markdown;

const PROSE =
  "After the latest firmware update the unit refuses to boot past the splash screen, and resetting the configuration changed nothing at all. ";

/** A XenForo 2 post: the author's panel, a header with the date and the post's number, the body. */
const xfPost = (n: number, user: string) =>
  `<article class="message message--post js-post" data-author="${user}" id="js-post-${n}"><div class="message-inner">` +
  `<div class="message-cell message-cell--user"><section class="message-user" itemprop="author" itemscope itemtype="https://schema.org/Person">` +
  `<div class="message-avatar"><a href="/members/${n}/" class="avatar avatar--m"><img src="/a/${n}.jpg" alt="${user}"></a></div>` +
  `<div class="message-userDetails"><h4 class="message-name"><a href="/members/${n}/" class="username"><span itemprop="name">${user}</span></a></h4>` +
  `<h5 class="userTitle message-userTitle">Well-known member</h5></div>` +
  `<div class="message-userExtras"><dl class="pairs pairs--justified"><dt>Joined</dt><dd>Mar 4, 2019</dd></dl><dl class="pairs pairs--justified"><dt>Messages</dt><dd>1,204</dd></dl></div></section></div>` +
  `<div class="message-cell message-cell--main"><header class="message-attribution"><ul class="message-attribution-main listInline"><li><a href="/threads/splash-screen.1/post-${n}"><time datetime="2025-01-09">Jan ${8 + n}, 2025</time></a></li></ul>` +
  `<ul class="message-attribution-opposite listInline"><li><a href="/threads/splash-screen.1/post-${n}" rel="nofollow">#${n}</a></li></ul></header>` +
  `<div class="message-content"><article class="message-body"><div class="bbWrapper">${PROSE.repeat(2)}Reply number ${n}.</div></article></div></div></div></article>`;

describe("content extraction: forum threads", () => {
  it("keeps each poster's name from a thread's author panels and leaves out the rest of the panel", () => {
    const md = markdownOf(
      `<html><body><h1 class="p-title-value">Unit stuck on splash screen</h1><div class="block-body">${xfPost(1, "felixen")}${xfPost(2, "spikeymike")}${xfPost(3, "cynics")}</div></body></html>`,
    );
    for (const user of ["felixen", "spikeymike", "cynics"]) assert.match(md, new RegExp(user));
    assert.doesNotMatch(md, /Well-known member|Joined|Messages|1,204/);
    assert.match(md, /Jan 10, 2025/);
  });

  it("leaves out a post's Share link and a label before share buttons, not a sentence or a heading that says share", () => {
    // Stack Exchange's post menu: a short permalink whose text is "Share"; XenForo's "Share:" label before its buttons.
    const post = (n: number) =>
      `<div class="answer"><div class="s-prose js-post-body"><p>${PROSE}Answer number ${n}.</p></div>` +
      `<div class="d-flex"><div class="flex--item"><a href="/a/${n}" rel="nofollow" class="js-share-link">Share</a></div>` +
      `<div class="flex--item"><span>answered Jan ${n}, 2025</span></div></div></div>`;
    const md = markdownOf(
      `<html><body><main><h1>Unit stuck on splash screen</h1>${post(1)}${post(2)}${post(3)}` +
        `<div class="blockMessage"><span class="share-label">Share:</span><div><a href="https://facebook.com/sharer?u=x"><i class="fa-facebook"></i></a></div></div>` +
        `<h2>Share</h2><p>To share your logs, click Share in the menu and paste the link here.</p></main></body></html>`,
    );
    assert.match(md, /Answer number 3/);
    assert.doesNotMatch(md, /\[Share\]|Share:/, md);
    assert.match(md, /^## Share$/m);
    assert.match(md, /click Share in the menu/);
  });

  it("leaves out a post's number in its header, not a reference to an issue or a number in a sentence", () => {
    const md = markdownOf(
      `<html><body><h1>Unit stuck on splash screen</h1>${xfPost(1, "felixen")}${xfPost(2, "spikeymike")}` +
        `<p>${PROSE}See <a href="https://github.com/acme/fw/issues/812">#812</a> and reply <a href="/threads/splash-screen.1/post-2">#2</a> above.</p></body></html>`,
    );
    assert.doesNotMatch(md, /\[#1\]/);
    assert.match(md, /\[#812\]/);
    assert.match(md, /reply \[#2\]/);
  });

  it("leaves out a post's number written with the template's indentation, and keeps a BEM-named poster's name over a letter avatar", () => {
    // VerticalScope's XenForo theme: an initials avatar linking the profile, a panel whose name is `MessageCard__user-info__name`.
    const post = (n: number, user: string) =>
      `<article class="MessageCard"><header class="MessageCard__header"><div class="MessageCard__avatar"><a href="/members/${user}.${n}/" class="avatar avatar--xs avatar--default avatar--default--dynamic">` +
      `<div class="avatar-background"><span class="avatar-u${n}-s">${user[0]!.toUpperCase()}</span></div></a></div>` +
      `<div class="MessageCard__user-info" itemprop="author" itemscope><meta itemprop="name" content="${user}"><a class="MessageCard__user-info__name" href="/members/${user}.${n}/">${user}</a>` +
      `<div class="MessageCard__user-details"><span class="MessageCard__post-count">2,089 posts</span> <span class="MessageCard__join-date">Joined 2001</span></div></div></header>` +
      `<span class="MessageCard__nested-postbit">\n            <a class="MessageCard__post-position" href="#post-${n}" rel="nofollow">\n                #${n}\n            </a>\n` +
      `        <span class="MessageCard__dot-separator">·</span> <a href="#post-${n}"><time datetime="2025-03-2${n}">Mar 2${n}, 2025</time></a></span>` +
      `<div class="message-content"><article class="message-body">${PROSE.repeat(2)}Reply number ${n}.</article></div></article>`;
    const md = markdownOf(
      `<html><body><h1>Unit stuck on splash screen</h1>${post(1, "ozziep")}${post(2, "felixen")}${post(3, "cynics")}</body></html>`,
    );
    for (const user of ["ozziep", "felixen", "cynics"]) assert.match(md, new RegExp(`\\[${user}\\]`), md);
    assert.doesNotMatch(md, /#[123]\b/, md);
    assert.doesNotMatch(md, /^\[[OFC]\]/m, md);
    assert.doesNotMatch(md, /2,089 posts/);
    assert.match(md, /Mar 21, 2025/);
  });

  it("keeps a short poster's name written beside the picture in an avatar box (not a letter avatar)", () => {
    const post = (user: string) =>
      `<div class="post"><div class="avatar"><img src="/u/${user}.png" alt=""><span class="name">${user}</span></div><div class="body"><p>${PROSE}</p></div></div>`;
    const md = markdownOf(`<html><body><h1>Unit stuck on splash screen</h1>${post("Amy")}${post("Bob")}${post("Li")}</body></html>`);
    for (const user of ["Amy", "Bob", "Li"]) assert.match(md, new RegExp(`\\b${user}\\b`), md);
  });
  it("leaves out a member's join date, post count and title from an author column without class names (vBulletin 3, FluxBB)", () => {
    const vb = (n: number, user: string) =>
      `<table class="tborder"><tr><td class="alt2"><div><a class="bigusername" href="/member.php?u=${n}">${user}</a></div>` +
      `<div class="smallfont">&nbsp;<br><div>Join Date: Mar 2016</div><div>Location: South Africa</div><div>\n  Posts: 70${n}\n</div></div></td>` +
      `<td class="alt1"><div>${PROSE.repeat(2)}Reply ${n}.</div></td></tr></table>`;
    const flux = (n: number, user: string) =>
      `<div class="blockpost"><div class="postleft"><dl><dt><strong>${user}</strong></dt><dd class="usertitle"><strong>The Evil Wiki Admin</strong></dd>` +
      `<dd><span>Registered: 2016-07-0${n}</span></dd><dd><span>Posts: 710</span></dd></dl></div><div class="postright"><div class="postmsg"><p>${PROSE.repeat(2)}</p></div></div></div>`;
    const md = markdownOf(
      `<html><body><h1>Unit stuck on splash screen</h1>${vb(1, "microfast")}${vb(2, "GeoffreyA")}${flux(3, "nl6720")}${flux(4, "chunix64")}</body></html>`,
    );
    for (const user of ["microfast", "GeoffreyA", "nl6720", "chunix64"]) assert.match(md, new RegExp(user));
    assert.doesNotMatch(md, /Join Date|Location|Posts:|Registered:|Evil Wiki Admin/, md);
    // A join date with no post count beside it is no member's column: a company's record keeps it.
    const company = markdownOf(
      `<html><body><h1>Acme Ltd</h1><p>${PROSE.repeat(2)}</p><ul><li>Registered: 2016</li><li>Company number: 123456</li></ul></body></html>`,
      "https://acme.test/about",
    );
    assert.match(company, /Registered: 2016/);
  });

  it("leaves a lone author box out whole (an article's, not a thread's)", () => {
    const md = markdownOf(
      `<html><body><article><h1>Fixing a splash screen hang</h1><p>${PROSE.repeat(4)}</p>` +
        `<div class="author-info"><span class="author-name">Jane Roe</span><p>Jane writes about embedded hardware.</p></div></article></body></html>`,
      "https://blog.test/splash",
    );
    assert.doesNotMatch(md, /Jane Roe|embedded hardware/);
  });

  it("says a poster's name once when the post names its author again (phpBB's profile and 'by' line)", () => {
    const post = (n: number, user: string) =>
      `<div id="p${n}" class="post has-profile"><div class="inner"><dl class="postprofile"><dt><a href="/memberlist.php?u=${n}" class="username">${user}</a></dt><dd class="profile-posts"><strong>Posts:</strong> 130</dd><dd class="profile-joined"><strong>Joined:</strong> Mon Mar 04, 2019</dd></dl>` +
      `<div class="postbody"><p class="author">by <strong><a href="/memberlist.php?u=${n}" class="username">${user}</a></strong> » <time>Thu Jan 09, 2025 10:01 am</time></p><div class="content">${PROSE.repeat(2)}</div></div></div></div>`;
    const md = markdownOf(
      `<html><body><h2 class="topic-title">Splash screen</h2>${post(1, "kd9xyz")}${post(2, "mkowalski")}</body></html>`,
    );
    assert.equal(md.match(/kd9xyz/g)?.length, 1);
    assert.doesNotMatch(md, /Joined|Posts:/);
  });
  it("drops an article's co-author boxes whole: author panels keep names only when each stands in a post of its own", () => {
    const box = (n: string) =>
      `<div class="a"><div class="author-info"><img src="/${n}.jpg" alt=""><a class="author-name" href="/by/${n}">${n}</a><p>${n} covers city hall and schools.</p></div></div>`;
    const md = markdownOf(
      `<html><body><main><article><h1>Budget passes</h1><p>${PROSE.repeat(3)}</p>${box("Jane Roe")}${box("John Doe")}</article></main></body></html>`,
      "https://news.test/budget",
    );
    assert.match(md, /splash screen/);
    assert.ok(!/Jane Roe|John Doe/.test(md), md);
  });
  it("leaves out the statistics of a short reply's author panel when the thread's other panels go, keeping the poster's name", () => {
    // A one-line reply: its panel (join date, counts, location) outweighs the post itself.
    const shortPost = (n: number, user: string) =>
      `<article class="message message--post js-post" data-author="${user}" id="js-post-${n}"><div class="message-inner">` +
      `<div class="message-cell message-cell--user"><section class="message-user" itemprop="author" itemscope itemtype="https://schema.org/Person">` +
      `<div class="message-userDetails"><h4 class="message-name"><a href="/members/${n}/" class="username">${user}</a></h4></div>` +
      `<div class="message-userExtras"><dl class="pairs pairs--justified"><dt>Joined</dt><dd>Aug 24, 2006</dd></dl><dl class="pairs pairs--justified"><dt>Messages</dt><dd>23,243</dd></dl>` +
      `<dl class="pairs pairs--justified"><dt>Reaction score</dt><dd>8,583</dd></dl><dl class="pairs pairs--justified"><dt>Location (town/city + country)</dt><dd><a href="/misc/location-info?location=RM16">RM16</a></dd></dl></div></section></div>` +
      `<div class="message-cell message-cell--main"><div class="message-content"><article class="message-body"><div class="bbWrapper">Bang on the money except the asking price</div></article></div></div></div></article>`;
    const md = markdownOf(
      `<html><body><h1 class="p-title-value">Unit stuck on splash screen</h1><div class="block-body">${xfPost(1, "felixen")}${shortPost(2, "lgans")}${xfPost(3, "cynics")}</div></body></html>`,
    );
    for (const user of ["felixen", "lgans", "cynics"]) assert.match(md, new RegExp(user), md);
    assert.match(md, /Bang on the money/);
    assert.doesNotMatch(md, /Joined|23,243|Reaction score|RM16/, md);
  });

  it("leaves out Invision's author pane for phones, which the desktop pane says again", () => {
    // Invision Community writes each post's author pane twice: `ipsResponsive_showPhone` for phones, `ipsResponsive_hidePhone` for larger screens.
    const post = (n: number, user: string) =>
      `<article id="elComment_${n}" class="cPost ipsBox ipsComment ipsColumns">` +
      `<div class="cAuthorPane_mobile ipsResponsive_showPhone"><div class="cAuthorPane_photo"><a href="/profile/${n}-${user}/badges/" rel="nofollow"><img src="/r/8_Regular.svg" alt="Community Regular"></a></div><div class="cAuthorPane_content"><h3 class="cAuthorPane_author"><a href="/profile/${n}-${user}/">${user}</a></h3>` +
      `<div class="ipsType_light"><a href="/topic/1-x/#findComment-${n}" rel="nofollow">Posted <time datetime="2025-10-29T12:07:52Z">October ${20 + n}, 2025</time></a></div></div></div>` +
      `<aside class="ipsComment_author cAuthorPane ipsResponsive_hidePhone"><h3 class="cAuthorPane_author"><strong><a href="/profile/${n}-${user}/">${user}</a></strong></h3></aside>` +
      `<div class="ipsColumn ipsColumn_fluid"><div class="ipsComment_meta"><a href="/topic/1-x/#findComment-${n}" rel="nofollow">Posted <time datetime="2025-10-29T12:07:52Z">October ${20 + n}, 2025</time></a></div>` +
      `<div class="cPost_contentWrap"><div data-role="commentContent" class="ipsType_richText"><p>${PROSE}Reply number ${n}.</p></div></div></div></article>`;
    const md = markdownOf(
      `<html><body><h1 class="ipsType_pageTitle">Payment issues</h1>${post(1, "GrinGEO")}${post(2, "Daresh")}${post(3, "ErnestQ")}</body></html>`,
    );
    assert.match(md, /Reply number 3/);
    assert.equal(md.match(/October 22, 2025/g)?.length, 1, md);
    assert.doesNotMatch(md, /\[Posted\]|Community Regular/, md);
  });
});
