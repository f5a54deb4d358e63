import { publicUrl } from "@/lib/config";
import { openApiDocument } from "@/lib/catalog/openapi";
import { freeRoute } from "@/lib/http/free-route";
import { jsonResponse } from "@/lib/http/respond";

export const dynamic = "force-dynamic";

const route = freeRoute("/openapi.json", async () => jsonResponse(openApiDocument(publicUrl())));
export const GET = route.GET;
export const OPTIONS = route.OPTIONS;
