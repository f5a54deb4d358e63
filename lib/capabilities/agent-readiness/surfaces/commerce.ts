import { schemaTypes } from "../../../html/json-ld";
import type { ReadinessCheck, ReadinessFacts, SurfaceResult } from "../types";
import { missing, notApplicable, seen, surfaceResult } from "./result";

const usdc = (atomic: string) => `${(Number(atomic) / 1e6).toString()} USDC`;

/**
 * Machine commerce: can an agent buy? Applicable when the site advertises paid access for
 * machines (an x402-priced resource in its OpenAPI, llms.txt or /.well-known/x402) and to
 * shops (offers an agent can read). The advertised resource is requested once, unpaid: its
 * challenge is decoded and compared with the public price claims for the same path. The
 * audit never signs or sends a payment.
 */
export function commerceSurface(f: ReadinessFacts): SurfaceResult {
  const cls = f.classification.class;
  const checks: ReadinessCheck[] = [];
  if (f.paid) {
    const { probe, challenge, claims } = f.paid;
    checks.push({
      id: "x402-challenge",
      weight: 3,
      pass: !!challenge,
      detail: challenge
        ? `${f.paid.url} answers 402 with an x402 v${challenge.version} challenge for ${usdc(challenge.amount)}${challenge.network ? ` on ${challenge.network}` : ""}`
        : probe?.status === 402
          ? `${f.paid.url} answers 402 but its challenge cannot be decoded (no PAYMENT-REQUIRED header, no accepts in the body)`
          : `The advertised paid resource ${f.paid.url} (${f.paid.source}) does not ask for payment: ${missing(probe, "it")}`,
      fix: "Answer unpaid requests to paid resources with 402 and an x402 v2 PAYMENT-REQUIRED header (scheme, network, amount, asset, payTo).",
      evidence: [seen(probe, challenge ? JSON.stringify(challenge) : `status ${probe?.status ?? "none"}`)],
    });
    if (challenge) {
      const mismatched = claims.filter((c) => c.atomic !== challenge.amount);
      checks.push({
        id: "price-claims-match",
        weight: 2,
        pass: claims.length > 0 && mismatched.length === 0,
        detail: !claims.length
          ? `No public price is stated for ${new URL(f.paid.url).pathname} (OpenAPI, llms.txt) to compare with the challenge's ${usdc(challenge.amount)}`
          : mismatched.length
            ? `Price mismatch for ${new URL(f.paid.url).pathname}: the challenge asks ${usdc(challenge.amount)}, ${mismatched.map((c) => `${c.source} says ${usdc(c.atomic)}`).join(", ")}`
            : `Price match for ${new URL(f.paid.url).pathname}: the challenge and ${claims.map((c) => c.source).join(" and ")} all say ${usdc(challenge.amount)}`,
        fix: "State the same price for each paid resource in the 402 challenge, the OpenAPI description and llms.txt.",
        evidence: [
          seen(probe, `challenge amount ${challenge.amount}`),
          ...claims.map((c) => ({ url: null, status: null, found: `${c.source}: ${c.decimal} (${c.atomic} atomic)` })),
        ],
      });
    }
  }
  if (cls === "commerce") {
    const products = f.classification.jsonLd.filter((n) => schemaTypes(n).some((t) => ["Product", "ProductGroup"].includes(t)));
    const offers = products.flatMap((p) => [p.offers].flat()).filter((o): o is Record<string, unknown> => !!o && typeof o === "object");
    const complete = offers.filter(
      (o) =>
        (o.price !== undefined || o.lowPrice !== undefined) && typeof o.priceCurrency === "string" && typeof o.availability === "string",
    );
    checks.push({
      id: "product-offers",
      weight: 3,
      pass: complete.length > 0,
      detail: complete.length
        ? `${complete.length} offer(s) with price, currency and availability in Product JSON-LD`
        : products.length
          ? "Product JSON-LD without a complete offer (price, priceCurrency, availability)"
          : "No Product JSON-LD: shopping agents cannot read what is sold, at what price",
      fix: "Describe products in JSON-LD: Product with name, image and offers {price, priceCurrency, availability, url}.",
      evidence: [
        {
          url: f.page.finalUrl,
          status: f.page.status,
          found: `${products.length} Product node(s), ${offers.length} offer(s)`,
        },
      ],
    });
  }
  if (!checks.length) {
    return notApplicable(
      "machine_commerce",
      `The site advertises no paid resource for machines (no x402 price in OpenAPI, llms.txt or /.well-known/x402), and a ${cls} site sells nothing an agent could buy from the page.`,
    );
  }
  return surfaceResult("machine_commerce", checks, "Machine commerce");
}
