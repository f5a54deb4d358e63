import { freeRoute } from "@/lib/http/free-route";
import { readRawInput } from "@/lib/http/input";
import { jsonResponse } from "@/lib/http/respond";
import { VERIFY_LIMIT, verifyReport } from "@/lib/reports/verify";

export const dynamic = "force-dynamic";

const route = freeRoute("/v1/verify", async (request) => jsonResponse(verifyReport(await readRawInput(request, "POST"))), {
  methods: ["POST"],
  limits: [VERIFY_LIMIT],
});
export const GET = route.GET;
export const POST = route.POST;
export const OPTIONS = route.OPTIONS;
