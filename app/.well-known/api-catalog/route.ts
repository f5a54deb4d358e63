import { publicUrl } from "@/lib/config";
import { apiCatalog } from "@/lib/catalog/well-known";
import { textRoute } from "@/lib/http/text-route";

export const dynamic = "force-dynamic";

// RFC 9727: a linkset, and a Link header naming the catalog itself (also answers HEAD).
const route = textRoute(
  "/.well-known/api-catalog",
  'application/linkset+json; profile="https://www.rfc-editor.org/info/rfc9727"',
  () => JSON.stringify(apiCatalog(publicUrl())),
  { link: '</.well-known/api-catalog>; rel="api-catalog"' },
);
export const GET = route.GET;
export const OPTIONS = route.OPTIONS;
