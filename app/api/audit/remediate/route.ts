import { catalog } from "@/lib/catalog";
import { paidRoute } from "@/lib/http/paid-route";

export const dynamic = "force-dynamic";

const route = paidRoute(catalog.remediate);
export const GET = route.GET;
export const POST = route.POST;
export const OPTIONS = route.OPTIONS;
