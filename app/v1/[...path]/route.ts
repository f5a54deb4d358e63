import { apiNotFound } from "@/lib/http/not-found";

export const dynamic = "force-dynamic";
export const GET = apiNotFound.GET;
export const POST = apiNotFound.POST;
export const OPTIONS = apiNotFound.OPTIONS;
