import { publicUrl } from "@/lib/config";
import { sitemapXml } from "@/lib/catalog/well-known";
import { textRoute } from "@/lib/http/text-route";

export const dynamic = "force-dynamic";

const route = textRoute("/sitemap.xml", "application/xml; charset=utf-8", () => sitemapXml(publicUrl()));
export const GET = route.GET;
export const OPTIONS = route.OPTIONS;
