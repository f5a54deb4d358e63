import { versionInfo } from "@/lib/catalog/describe";
import { freeRoute } from "@/lib/http/free-route";
import { jsonResponse } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

const route = freeRoute("/version", async () => jsonResponse(versionInfo()));
export const GET = route.GET;
export const OPTIONS = route.OPTIONS;
