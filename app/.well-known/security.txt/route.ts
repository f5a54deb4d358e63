import { getConfig, publicUrl } from "@/lib/config";
import { securityTxt } from "@/lib/catalog/well-known";
import { textRoute } from "@/lib/http/text-route";

export const dynamic = "force-dynamic";

const route = textRoute("/.well-known/security.txt", "text/plain; charset=utf-8", () =>
  securityTxt(publicUrl(), getConfig().SECURITY_CONTACT, new Date()),
);
export const GET = route.GET;
export const OPTIONS = route.OPTIONS;
