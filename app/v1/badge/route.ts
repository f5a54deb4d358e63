import { freeRoute } from "@/lib/http/free-route";
import { parseTargetUrl } from "@/lib/net/input-url";
import { badgeSvg } from "@/lib/reports/badge";
import { latestQuickAuditScore } from "@/lib/reports/store";

export const dynamic = "force-dynamic";

const route = freeRoute("/v1/badge", async (request) => {
  const host = parseTargetUrl(request.nextUrl.searchParams.get("url") ?? "").hostname;
  const svg = badgeSvg(host, await latestQuickAuditScore(host));
  return new Response(svg, {
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      // Embeddable anywhere; refreshed within the hour after a new audit.
      "cache-control": "public, max-age=3600, stale-while-revalidate=86400",
      "cross-origin-resource-policy": "cross-origin",
    },
  });
});
export const GET = route.GET;
export const OPTIONS = route.OPTIONS;
