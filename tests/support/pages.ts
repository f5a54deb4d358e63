import type { FetchedPage } from "../../lib/net/safe-fetch";

/** A fetched HTML page built from a string, for tests and benchmarks that skip the network. */
export function htmlPage(html: string, finalUrl: string, body: Buffer = Buffer.from(html)): FetchedPage {
  return {
    requestedUrl: finalUrl,
    finalUrl,
    status: 200,
    headers: {},
    setCookies: [],
    contentType: "text/html",
    mediaType: "text/html",
    body,
    text: html,
    charset: "utf-8",
    redirects: [],
    timing: { ttfb: 0, total: 0 },
  };
}
