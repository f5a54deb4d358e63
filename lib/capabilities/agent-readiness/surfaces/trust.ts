import { answered } from "../probe";
import type { ReadinessCheck, ReadinessFacts, SurfaceResult } from "../types";
import { missing, seen, surfaceResult } from "./result";

/** Reads security.txt (RFC 9116): Contact lines and a future Expires. */
export function readSecurityTxt(text: string, now: Date): { contacts: string[]; expires: Date | null; problems: string[] } {
  const contacts = [...text.matchAll(/^\s*contact\s*:\s*(\S+)/gim)].map((m) => m[1]!);
  const raw = /^\s*expires\s*:\s*(\S+)/im.exec(text)?.[1];
  const expires = raw && !Number.isNaN(Date.parse(raw)) ? new Date(raw) : null;
  const problems: string[] = [];
  if (!contacts.length) problems.push("no Contact");
  if (!expires) problems.push("no valid Expires");
  else if (expires <= now) problems.push(`expired on ${expires.toISOString().slice(0, 10)}`);
  else if (expires.getTime() - now.getTime() > 366 * 86_400_000) problems.push("Expires is more than a year away");
  return { contacts, expires, problems };
}

/** Operational trust: can an agent trust and reach the operator? Always applicable. */
export function trustSurface(f: ReadinessFacts, now: Date): SurfaceResult {
  const page = f.page;
  const https = page.finalUrl.startsWith("https:");
  const security = answered(f.securityTxt) && !/html/.test(f.securityTxt.mediaType ?? "") ? readSecurityTxt(f.securityTxt.text, now) : null;
  const policyLinks = f.classification.links.filter((l) =>
    /privacy|terms|legal|imprint|impressum|contact|about/i.test(`${l.url} ${l.text}`),
  );
  const checks: ReadinessCheck[] = [
    {
      id: "https",
      weight: 3,
      pass: https,
      detail: https ? "Served over HTTPS" : "Served over plain HTTP: agents cannot tell the answer came from the operator",
      fix: "Serve the site over HTTPS and redirect HTTP to it.",
      evidence: [{ url: page.finalUrl, status: page.status, found: https ? "https" : "http" }],
    },
    {
      id: "security-txt",
      weight: 2,
      pass: !!security && security.problems.length === 0,
      detail: !security
        ? `No security.txt: ${missing(f.securityTxt, "/.well-known/security.txt")}`
        : security.problems.length
          ? `security.txt: ${security.problems.join(", ")}`
          : `security.txt with ${security.contacts.length} contact(s), expires ${security.expires!.toISOString().slice(0, 10)}`,
      fix: "Publish /.well-known/security.txt (RFC 9116) with a Contact line and an Expires date less than a year ahead.",
      evidence: [seen(f.securityTxt, security ? `contacts: ${security.contacts.join(", ") || "none"}` : "none")],
    },
    {
      id: "policies-and-contact",
      weight: 1,
      pass: policyLinks.length > 0,
      detail: policyLinks.length
        ? `Links to ${policyLinks
            .slice(0, 3)
            .map((l) => l.text || new URL(l.url).pathname)
            .join(", ")}`
        : "No link to a privacy policy, terms, imprint or contact page",
      fix: "Link the privacy policy, terms and a contact page from every page.",
      evidence: [
        {
          url: page.finalUrl,
          status: page.status,
          found:
            policyLinks
              .map((l) => l.url)
              .slice(0, 5)
              .join(", ") || "none",
        },
      ],
    },
  ];
  return surfaceResult("operational_trust", checks, "Operational trust");
}
