import { getDomain } from "tldts";
import { tokens } from "../../html/dom";
import { resolveUrl } from "../../html/urls";
import { describe } from "./artifacts";
import type { AuditArtifacts, Check } from "./types";

const inHead = (a: AuditArtifacts) => {
  const head = a.elements.find((e) => e.name === "head");
  return head
    ? a.elements.filter((e) => {
        for (let p = e.parent; p; p = p.parent) if (p === head) return true;
        return false;
      })
    : [];
};
const site = (host: string) => getDomain(host, { allowPrivateDomains: true }) ?? host;

/** Performance as far as one fetch of the HTML shows it (no browser, no sub-resources fetched). */
export const performanceChecks: Check[] = [
  {
    id: "perf-ttfb",
    category: "performance",
    weight: 3,
    title: "The server answers within 800 ms",
    fix: "Cut server response time: cache rendered pages, use a CDN, and avoid slow work before the first byte.",
    run: (a) => ({
      pass: a.page.timing.ttfb <= 800,
      detail: `Time to first byte: ${a.page.timing.ttfb} ms.`,
      evidence: { ttfb_ms: a.page.timing.ttfb },
    }),
  },
  {
    id: "perf-total-time",
    category: "performance",
    weight: 2,
    title: "The HTML arrives within 2 s",
    fix: "Make the HTML smaller and serve it from closer to users.",
    run: (a) => ({
      pass: a.page.timing.total <= 2000,
      detail: `The HTML took ${a.page.timing.total} ms.`,
      evidence: { total_ms: a.page.timing.total },
    }),
  },
  {
    id: "perf-html-weight",
    category: "performance",
    weight: 2,
    title: "The HTML weighs under 250 KB",
    fix: "Trim the HTML: move inline scripts, styles and data into cacheable files and paginate long lists.",
    run: (a) => {
      const kb = Math.round(a.page.body.length / 1024);
      return { pass: kb <= 250, detail: `The HTML is ${kb} KB.`, evidence: { kb } };
    },
  },
  {
    id: "perf-compression",
    category: "performance",
    weight: 3,
    title: "Text is compressed",
    fix: "Enable gzip or Brotli compression for HTML, CSS and JavaScript on the server or CDN.",
    run: (a) => {
      const encoding = a.page.headers["content-encoding"]?.toLowerCase() ?? "";
      if (a.page.body.length < 1024) return { pass: true, detail: "The HTML is under 1 KB (compression not needed)." };
      const ok = /\b(gzip|br|zstd|deflate)\b/.test(encoding);
      return { pass: ok, detail: ok ? `Compressed (${encoding}).` : "The HTML is sent uncompressed." };
    },
  },
  {
    id: "perf-caching",
    category: "performance",
    weight: 1,
    title: "The response can be revalidated or cached",
    fix: "Send Cache-Control with a policy, and an ETag or Last-Modified so repeat visits can revalidate.",
    run: (a) => {
      const h = a.page.headers;
      const ok = !!h["cache-control"] || !!h.etag || !!h["last-modified"];
      return {
        pass: ok,
        detail: ok
          ? `Cache-Control: ${h["cache-control"] ?? "—"}; validators: ${h.etag ? "ETag" : ""}${h["last-modified"] ? " Last-Modified" : ""}.`
          : "No Cache-Control, ETag or Last-Modified.",
      };
    },
  },
  {
    id: "perf-redirects",
    category: "performance",
    weight: 2,
    title: "The page is reached without redirects",
    fix: "Link to the final URL directly; every redirect costs a round trip.",
    run: (a) => {
      const n = a.page.redirects.length;
      return { pass: n === 0, detail: n === 0 ? "No redirects." : `${n} redirect(s) before the page.`, evidence: a.page.redirects };
    },
  },
  {
    id: "perf-render-blocking-scripts",
    category: "performance",
    weight: 3,
    title: "Scripts in the head do not block rendering",
    fix: "Add defer or async to scripts in <head>, or load them as modules.",
    run: (a) => {
      const blocking = inHead(a).filter(
        (e) =>
          e.name === "script" &&
          e.attribs.src &&
          e.attribs.async === undefined &&
          e.attribs.defer === undefined &&
          (e.attribs.type ?? "").toLowerCase() !== "module",
      );
      return blocking.length
        ? {
            pass: false,
            detail: `${blocking.length} render-blocking scripts in <head>.`,
            evidence: blocking.slice(0, 10).map((e) => e.attribs.src),
          }
        : { pass: true, detail: "No render-blocking scripts in <head>." };
    },
  },
  {
    id: "perf-render-blocking-styles",
    category: "performance",
    weight: 1,
    title: "At most four stylesheets block rendering",
    fix: "Combine stylesheets, inline the critical CSS, and load the rest without blocking (media or preload).",
    run: (a) => {
      const sheets = inHead(a).filter(
        (e) => e.name === "link" && tokens(e, "rel").includes("stylesheet") && (e.attribs.media ?? "all").toLowerCase() !== "print",
      );
      return {
        pass: sheets.length <= 4,
        detail: `${sheets.length} blocking stylesheets in <head>.`,
        evidence: sheets.slice(0, 10).map((e) => e.attribs.href),
      };
    },
  },
  {
    id: "perf-image-dimensions",
    category: "performance",
    weight: 2,
    title: "Images declare their size",
    fix: "Give every <img> width and height attributes so the layout does not shift while images load.",
    run: (a) => {
      const missing = a.elements.filter((e) => e.name === "img" && (e.attribs.width === undefined || e.attribs.height === undefined));
      return missing.length
        ? { pass: false, detail: `${missing.length} images without width and height.`, evidence: missing.slice(0, 10).map(describe) }
        : { pass: true, detail: "Every image declares its size." };
    },
  },
  {
    id: "perf-lazy-images",
    category: "performance",
    weight: 1,
    title: "Images below the first few load lazily",
    fix: 'Add loading="lazy" to images that are not in the first screen.',
    run: (a) => {
      const eager = a.elements
        .filter((e) => e.name === "img")
        .slice(3)
        .filter((e) => (e.attribs.loading ?? "").toLowerCase() !== "lazy");
      return eager.length
        ? { pass: false, detail: `${eager.length} images past the first three load eagerly.` }
        : { pass: true, detail: "Later images load lazily (or there are few)." };
    },
  },
  {
    id: "perf-third-parties",
    category: "performance",
    weight: 1,
    title: "At most ten third-party sites are loaded",
    fix: "Drop third-party scripts, fonts and images you can do without, and self-host the rest.",
    run: (a) => {
      const own = site(new URL(a.page.finalUrl).hostname);
      const third = new Set<string>();
      for (const e of a.elements) {
        const ref =
          e.name === "script" || e.name === "img" || e.name === "iframe"
            ? e.attribs.src
            : e.name === "link" && tokens(e, "rel").includes("stylesheet")
              ? e.attribs.href
              : undefined;
        const url = ref ? resolveUrl(ref, a.baseUrl) : null;
        if (url) {
          const s = site(new URL(url).hostname);
          if (s !== own) third.add(s);
        }
      }
      return { pass: third.size <= 10, detail: `${third.size} third-party sites.`, evidence: [...third].slice(0, 20) };
    },
  },
];
