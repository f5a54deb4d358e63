import { ServiceError } from "@/lib/errors";
import { freeRoute } from "@/lib/http/free-route";
import { getReport } from "@/lib/reports/store";

export const dynamic = "force-dynamic";

const route = freeRoute("/reports/[id]/report.json", async (request) => {
  const id = new URL(request.url).pathname.split("/")[2] ?? "";
  const stored = await getReport(id);
  if (!stored) throw new ServiceError("NOT_FOUND", `No report ${id}.`);
  return new Response(JSON.stringify(stored.report, null, 2), {
    headers: { "content-type": "application/json", "content-disposition": `attachment; filename="${id}.json"` },
  });
});
export const GET = route.GET;
export const OPTIONS = route.OPTIONS;
