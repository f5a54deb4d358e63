import { z } from "zod";
import { catalogEntries } from "../catalog";

/** A paid capability as the dashboard's form offers it: its primary request and its fields. */
export interface CapabilityForm {
  id: string;
  title: string;
  path: string;
  method: "GET" | "POST";
  priceUsd: string;
  fields: { name: string; label: string; kind: "text" | "json" | "lines"; required: boolean; placeholder?: string; hint?: string }[];
}

const LABELS: Record<string, { label: string; placeholder?: string; hint?: string }> = {
  url: { label: "Page URL", placeholder: "example.com", hint: "A public http(s) URL or a bare domain." },
  urls: { label: "URLs", placeholder: "example.com\nexample.org", hint: "One per line, up to 50." },
  focus: { label: "Focus", placeholder: "pricing" },
  schema: {
    label: "JSON Schema",
    placeholder: '{"type":"object","properties":{"title":{"type":"string"}}}',
    hint: 'Draft 2020-12, "type": "object", no $ref.',
  },
  depth: { label: "Depth", placeholder: "quick" },
  organization: { label: "Organization (JSON)", placeholder: '{"name":"Example"}' },
  failed_layers: { label: "Failed layers (JSON array)", placeholder: '["discovery"]' },
  report: { label: "Signed readiness report (JSON)" },
};

/** Every paid catalog entry as a form, its fields read from the input schema (quick audit first). */
export function capabilityForms(): CapabilityForm[] {
  const forms = catalogEntries()
    .filter((e) => e.priceUsd)
    .map((e): CapabilityForm => {
      const schema = z.toJSONSchema(e.input, { io: "input" }) as { properties?: Record<string, { type?: string }>; required?: string[] };
      const fields = Object.entries(schema.properties ?? {}).map(([name, prop]) => ({
        name,
        label: LABELS[name]?.label ?? name,
        kind:
          name === "urls" ? ("lines" as const) : prop.type === "string" || prop.type === undefined ? ("text" as const) : ("json" as const),
        required: (schema.required ?? []).includes(name) && name !== "depth",
        placeholder: LABELS[name]?.placeholder,
        hint: LABELS[name]?.hint,
      }));
      return { id: e.id, title: e.title, path: e.path, method: e.methods[0]!, priceUsd: e.priceUsd!, fields };
    });
  return [...forms.filter((f) => f.id === "quick-audit"), ...forms.filter((f) => f.id !== "quick-audit")];
}
