import { publicUrl } from "@/lib/config";
import { llmsTxt } from "@/lib/catalog/openapi";
import { freeRoute } from "@/lib/http/free-route";

export const dynamic = "force-dynamic";

const route = freeRoute(
  "/llms.txt",
  async () => new Response(llmsTxt(publicUrl()), { headers: { "content-type": "text/markdown; charset=utf-8" } }),
);
export const GET = route.GET;
export const OPTIONS = route.OPTIONS;
