import { publicUrl } from "@/lib/config";
import { x402Resources } from "@/lib/catalog/well-known";
import { textRoute } from "@/lib/http/text-route";

export const dynamic = "force-dynamic";

const route = textRoute("/.well-known/x402", "application/json", () => JSON.stringify(x402Resources(publicUrl())));
export const GET = route.GET;
export const OPTIONS = route.OPTIONS;
