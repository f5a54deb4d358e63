import { freeRoute } from "./free-route";

/** A free GET route serving generated text (robots.txt, sitemaps, well-known documents). */
export function textRoute(name: string, contentType: string, body: () => string, headers: Record<string, string> = {}) {
  return freeRoute(
    name,
    async () => new Response(body(), { headers: { "content-type": contentType, "cache-control": "public, max-age=300", ...headers } }),
  );
}
