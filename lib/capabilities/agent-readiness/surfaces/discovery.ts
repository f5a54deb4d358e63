import { answered, fileAnswer } from "../probe";
import type { ReadinessCheck, ReadinessFacts, SurfaceResult } from "../types";
import { missing, seen, surfaceResult } from "./result";

/** Discovery: can agents find and read the site (llms.txt, robots rules, signals, sitemap, Markdown)? Always applicable. */
export function discoverySurface(f: ReadinessFacts): SurfaceResult {
  const checks: ReadinessCheck[] = [];
  const llms = f.llmsCheck;
  checks.push({
    id: "llms-txt",
    weight: 3,
    pass: !!llms?.lighthouse,
    detail: !fileAnswer(f.llms)
      ? `No llms.txt: ${missing(f.llms, "/llms.txt")}`
      : llms!.valid
        ? `llms.txt "${llms!.title}" follows the format (H1 first, summary, ${llms!.links.length} absolute links)`
        : llms!.lighthouse
          ? `llms.txt passes the llms-txt rule; also worth fixing: ${llms!.problems.join(", ")}`
          : `llms.txt does not pass the llms-txt rule: ${llms!.problems.join(", ")}`,
    fix: "Publish /llms.txt: an H1 with the site's name first, a one-line `> ` summary, then `## ` sections listing the key pages as [name](absolute URL): note.",
    evidence: [
      seen(
        f.llms,
        llms ? `H1: ${llms.title ?? "none"}; links: ${llms.links.length}; problems: ${llms.problems.join(", ") || "none"}` : "no file",
      ),
    ],
  });
  // Checked only when a link of the site's own domain could be fetched (an unchecked link is no pass).
  const llmsLink = f.llmsLink;
  if (llms?.links.length && llmsLink) {
    checks.push({
      id: "llms-txt-links",
      weight: 1,
      pass: answered(llmsLink),
      detail: answered(llmsLink)
        ? `The first site link of llms.txt answers (${llmsLink.status})`
        : `A link of llms.txt does not answer: ${missing(llmsLink, llmsLink.url)}`,
      fix: "Keep every link of llms.txt pointing at a page that answers 200.",
      evidence: [seen(llmsLink, answered(llmsLink) ? "answers" : "broken")],
    });
  }
  const robots = f.robotsFacts;
  const userBlocked = robots?.access.user_initiated.blocked ?? [];
  const searchBlocked = robots?.access.search.blocked ?? [];
  const trainingBlocked = robots?.access.training.blocked ?? [];
  checks.push({
    id: "robots-ai-agents",
    weight: 3,
    pass: fileAnswer(f.robots) && userBlocked.length === 0 && searchBlocked.length === 0,
    detail: !fileAnswer(f.robots)
      ? `No robots.txt: ${missing(f.robots, "/robots.txt")}; AI crawlers get no stated policy`
      : userBlocked.length || searchBlocked.length
        ? `robots.txt blocks agents acting for users or AI search from this page: ${[...userBlocked, ...searchBlocked].join(", ")}`
        : `robots.txt lets user-initiated agents and AI search read this page${trainingBlocked.length ? ` (training crawlers blocked: ${trainingBlocked.join(", ")} — a policy choice, not a fault)` : ""}`,
    fix: "In robots.txt, allow user-initiated fetchers (ChatGPT-User, Claude-User, Perplexity-User) and AI search crawlers (OAI-SearchBot, Claude-SearchBot, PerplexityBot); training crawlers may stay blocked.",
    evidence: [
      seen(
        f.robots,
        robots
          ? `user-initiated blocked: ${userBlocked.join(", ") || "none"}; search blocked: ${searchBlocked.join(", ") || "none"}; training blocked: ${trainingBlocked.join(", ") || "none"}; named in own groups: ${robots.named.join(", ") || "none"}`
          : "no robots.txt",
      ),
    ],
  });
  const signals = robots?.contentSignals ?? {};
  checks.push({
    id: "content-signals",
    weight: 1,
    pass: Object.keys(signals).length > 0,
    detail: Object.keys(signals).length
      ? `Content-Signal: ${Object.entries(signals)
          .map(([k, v]) => `${k}=${v}`)
          .join(", ")}`
      : "robots.txt states no Content-Signal (search, ai-input, ai-train)",
    fix: "Add a Content-Signal line to robots.txt, e.g. `Content-Signal: search=yes, ai-input=yes, ai-train=no`.",
    evidence: [seen(f.robots, JSON.stringify(signals))],
  });
  const sitemapDeclared = (robots?.sitemaps.length ?? 0) > 0;
  checks.push({
    id: "sitemap",
    weight: 1,
    pass: sitemapDeclared || fileAnswer(f.sitemap),
    detail: sitemapDeclared
      ? `robots.txt declares ${robots!.sitemaps.length} sitemap(s)`
      : fileAnswer(f.sitemap)
        ? "/sitemap.xml answers"
        : `No sitemap: none in robots.txt, and ${missing(f.sitemap, "/sitemap.xml")}`,
    fix: "Publish a sitemap and name it in robots.txt (`Sitemap: https://…/sitemap.xml`).",
    evidence: [
      sitemapDeclared ? seen(f.robots, robots!.sitemaps.join(", ")) : seen(f.sitemap, answered(f.sitemap) ? "answers" : "missing"),
    ],
  });
  const md = f.markdown;
  const mdOk = answered(md) && /^text\/(markdown|x-markdown)$/.test(md.mediaType ?? "");
  checks.push({
    id: "markdown",
    weight: 1,
    pass: mdOk,
    detail: mdOk
      ? `A Markdown version answers (${f.markdownSource})`
      : `No Markdown version for agents (${f.markdownSource ?? "not checked"}: ${md ? (md.status === null ? md.error : `HTTP ${md.status}, ${md.mediaType ?? "untyped"}`) : "not requested"})`,
    fix: 'Serve the page as Markdown to `Accept: text/markdown`, or link a Markdown version with `<link rel="alternate" type="text/markdown" href="…">`.',
    evidence: [seen(md, md?.mediaType ?? "no answer")],
  });
  const link = f.page.headers.link;
  checks.push({
    id: "link-headers",
    weight: 1,
    pass: !!link && /rel="?[^"]*(api-catalog|service-desc|service-doc|describedby|alternate|sitemap)/i.test(link),
    detail: link
      ? `The page sends a Link header: ${link.slice(0, 200)}`
      : "The page sends no Link header (RFC 8288) pointing agents to its API catalog, descriptions or alternates",
    fix: 'Send a Link header on the home page, e.g. `Link: </.well-known/api-catalog>; rel="api-catalog"` and a Markdown alternate.',
    evidence: [{ url: f.page.finalUrl, status: f.page.status, found: link ?? "no Link header" }],
  });
  return surfaceResult("discovery", checks, "Discovery");
}
