import { publicUrl } from "@/lib/config";
import { robotsTxt } from "@/lib/catalog/well-known";
import { textRoute } from "@/lib/http/text-route";

export const dynamic = "force-dynamic";

const route = textRoute("/robots.txt", "text/plain; charset=utf-8", () => robotsTxt(publicUrl()));
export const GET = route.GET;
export const OPTIONS = route.OPTIONS;
