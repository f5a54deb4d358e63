import { CopyField } from "@/components/copy-field";
import { publicUrl } from "@/lib/config";

export const dynamic = "force-dynamic";
export const metadata = {
  alternates: { canonical: "/badges" },
  title: "Badges — Website Intelligence",
  description: "Embed your site's latest Website Intelligence score as an accessible SVG badge, linked to its signed report.",
};

export default function Badges() {
  const base = publicUrl();
  const badge = `${base}/v1/badge?url=example.com`;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-semibold tracking-tight">Badges</h1>
      <p className="mt-3">
        After a quick audit of your site, embed its score anywhere: the badge is an SVG served by <code>GET /v1/badge?url=</code>, shows the
        latest score of that site (or “not audited”), carries its text for screen readers, and is cached for five minutes. Each report page
        gives the snippets for its own site.
      </p>
      <img className="mt-6" src="/v1/badge?url=example.com" alt="Example badge: Website Intelligence score for example.com" height={20} />
      <CopyField label="Markdown" value={`[![Website Intelligence score](${badge})](${base}/)`} />
      <CopyField
        label="HTML"
        value={`<a href="${base}/"><img src="${badge}" alt="Website Intelligence score for example.com" height="20"></a>`}
      />
    </main>
  );
}
