import assert from "node:assert/strict";
import { after, before, beforeEach, describe, it } from "node:test";
import type { Address, Hex } from "viem";
import { checkLlmsTxt } from "../../lib/capabilities/agent-readiness/llms-txt";
import { devAccount, devPrivateKey } from "../../lib/chain/dev-accounts";
import { createPayingFetch } from "../../lib/client/paying-fetch";
import { balances } from "../support/env";
import { type Stack, startStack } from "../support/stack";

/**
 * Agent Readiness and Remediation on a stack of their own, which also serves the service
 * itself as https://self.test (its public URL) so that it can audit itself.
 */
let stack: Stack;
let payingFetch: typeof fetch;
let balanceOf: (holder: Address) => Promise<bigint>;
const PAYER = 4;
const payer = devAccount(PAYER).address;

before(async () => {
  stack = await startStack({ name: "readiness", selfTest: true, extraEnv: { SECURITY_CONTACT: "mailto:security@self.test" } });
  payingFetch = createPayingFetch({
    privateKey: devPrivateKey(PAYER) as Hex,
    allowedAssets: [{ network: stack.env.WI_NETWORK!, asset: stack.env.WI_ASSET! }],
  });
  balanceOf = balances(stack.env.WI_RPC_URL!, stack.env.WI_ASSET as Address);
});
after(async () => {
  await stack?.stop();
});
beforeEach(() => {
  stack.fixture.requests.length = 0;
});

interface Surface {
  id: string;
  status: string;
  score: number | null;
  reason: string;
  checks: { id: string; pass: boolean; detail: string; evidence: { url: string | null; status: number | null; found: string }[] }[];
}
type Report = Record<string, unknown> & { surfaces: Surface[]; classification: string; coverage: Record<string, unknown> };

async function audit(url: string) {
  const before = await balanceOf(payer);
  const res = await payingFetch(`${stack.baseUrl}/api/agent-readiness?url=${encodeURIComponent(url)}`);
  const body = (await res.json()) as Report;
  return { res, body, spent: before - (await balanceOf(payer)) };
}
const surface = (r: Report, id: string) => r.surfaces.find((s) => s.id === id)!;
const check = (r: Report, surfaceId: string, checkId: string) => surface(r, surfaceId).checks.find((c) => c.id === checkId);
/** Requests the audit sent to a host, the audited page excluded. */
const extraRequests = (host: string) => stack.fixture.requests.filter((r) => r.startsWith(`${host}/`)).length - 1;

function assertShape(r: Report) {
  assert.equal(r.schema_version, "1.0.0");
  assert.match(r.report_id as string, /^ar_[0-9a-f]{24}$/);
  assert.equal(r.surfaces.length, 6);
  for (const s of r.surfaces) {
    assert.ok(s.reason.length > 10, `${s.id} has a reason`);
    if (s.status === "not_applicable") assert.equal(s.score, null);
    else assert.ok(Number.isInteger(s.score) && s.checks.length > 0, `${s.id} has a score and checks`);
  }
  assert.ok((r.coverage.requests_used as number) <= 8);
  assert.equal(r.coverage.request_budget, 8);
}

describe("Agent Readiness (GET /api/agent-readiness)", () => {
  it("refuses a depth other than quick, and a blocked URL, with 400 before payment", async () => {
    for (const query of ["url=agentready.test&depth=deep", "url=http%3A%2F%2F10.0.0.1%2F"]) {
      const res = await fetch(`${stack.baseUrl}/api/agent-readiness?${query}`);
      assert.equal(res.status, 400, query);
      assert.equal(res.headers.get("payment-required"), null);
    }
    assert.deepEqual(stack.fixture.requests, []);
  });

  it("answers 502 for an unreachable site and charges nothing", async () => {
    const { res, body, spent } = await audit("http://down.test/");
    assert.equal(res.status, 502);
    assert.equal(body.code, "TARGET_UNREACHABLE");
    assert.equal(spent, 0n);
  });

  it("reads the page in a page worker: a page that needs more memory than a worker has is a 422, charging nothing", async () => {
    const seen = stack.fixture.requests.length;
    const { res, body, spent } = await audit("http://site.test/heavy");
    assert.equal(res.status, 422);
    assert.equal((body as Record<string, unknown>).code, "RESPONSE_TOO_LARGE");
    assert.match(String((body as Record<string, unknown>).error), /memory/);
    assert.equal(spent, 0n);
    assert.deepEqual(stack.fixture.requests.slice(seen), ["site.test/heavy"], "no probe is sent for a page that could not be read");
  });

  it("rates an agent-ready API provider: every surface applies and passes, prices match, at most 8 requests, 0.075 settled", async () => {
    const { res, body, spent } = await audit("https://agentready.test/");
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(spent, 75000n);
    assertShape(body);
    assert.equal(body.classification, "api_provider");
    assert.equal(body.http_status, 200);
    for (const s of body.surfaces) assert.equal(s.status, "pass", `${s.id}: ${s.reason}`);
    assert.ok((body.score as number) >= 90);
    const prices = check(body, "machine_commerce", "price-claims-match")!;
    assert.equal(prices.pass, true);
    assert.match(prices.detail, /0\.01 USDC/);
    const challenge = check(body, "machine_commerce", "x402-challenge")!;
    assert.equal(challenge.evidence[0]!.status, 402);
    assert.ok(extraRequests("agentready.test") <= 8, stack.fixture.requests.join(" "));
    assert.equal(body.coverage.requests_used, extraRequests("agentready.test"));
    // The report is signed: /v1/verify accepts it.
    const verify = await fetch(`${stack.baseUrl}/v1/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ report: body }),
    });
    assert.equal(((await verify.json()) as { valid: boolean }).valid, true);
  });

  it("reports a price mismatch with both values, and MCP as not applicable when none is declared", async () => {
    const { body } = await audit("http://pricey.test/");
    const prices = check(body, "machine_commerce", "price-claims-match")!;
    assert.equal(prices.pass, false);
    assert.match(prices.detail, /challenge asks 0\.02 USDC/);
    assert.match(prices.detail, /says 0\.01 USDC/);
    assert.equal(surface(body, "machine_commerce").status, "partial");
    const mcp = surface(body, "mcp");
    assert.equal(mcp.status, "not_applicable");
    assert.match(mcp.reason, /No MCP server/);
    assert.equal(check(body, "operational_trust", "https")!.pass, false);
  });

  it("finds a brochure site that blocks AI crawlers failing discovery, and says why the rest does not apply", async () => {
    const { res, body } = await audit("http://brochure.test/");
    assert.equal(res.status, 200);
    assertShape(body);
    assert.equal(body.classification, "brochure");
    const robots = check(body, "discovery", "robots-ai-agents")!;
    assert.equal(robots.pass, false);
    assert.match(robots.detail, /ChatGPT-User/);
    assert.equal(surface(body, "discovery").status, "fail");
    for (const id of ["apis", "mcp", "machine_commerce"]) {
      assert.equal(surface(body, id).status, "not_applicable", id);
      assert.match(surface(body, id).reason, /brochure/);
    }
    assert.ok(
      !stack.fixture.requests.some((r) => r.includes("api-catalog") || r.includes("mcp")),
      "no API or MCP probes for a brochure site",
    );
    assert.ok(extraRequests("brochure.test") <= 8);
    assert.ok((body.remediation as { priority: number }[])[0]?.priority === 1);
  });

  it("checks a documentation site's llms.txt and its links, and expects no API of docs that describe none", async () => {
    const { body } = await audit("http://docs.widget.test/");
    assert.equal(body.classification, "docs");
    assert.equal(check(body, "discovery", "llms-txt")!.pass, true);
    assert.equal(check(body, "discovery", "llms-txt-links")!.pass, true);
    assert.equal(surface(body, "apis").status, "not_applicable");
    assert.match(surface(body, "apis").reason, /describe no HTTP API/);
    assert.equal(surface(body, "mcp").status, "not_applicable");
  });

  it("does not take an app shell answering every path for robots.txt, llms.txt or a sitemap", async () => {
    const { body } = await audit("http://spa.test/");
    for (const id of ["llms-txt", "robots-ai-agents", "sitemap"]) assert.equal(check(body, "discovery", id)!.pass, false, id);
    assert.match(check(body, "discovery", "robots-ai-agents")!.detail, /HTML page, not the file/);
  });

  it("counts redirect hops against the budget: never more than eight requests beyond the page", async () => {
    const { res, body } = await audit("http://loop.test/");
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(extraRequests("loop.test"), body.coverage.requests_used);
    assert.ok(extraRequests("loop.test") <= 8, stack.fixture.requests.join(" "));
  });

  it("follows an OAuth-protected API to its RFC 9728 and RFC 8414 metadata", async () => {
    const { body } = await audit("http://oauthapi.test/");
    assert.equal(body.classification, "api_provider", JSON.stringify(body).slice(0, 500));
    assert.equal(check(body, "apis", "oauth-protected-resource")!.pass, true);
    const server = check(body, "apis", "oauth-authorization-server")!;
    assert.equal(server.pass, true, server.detail);
    assert.equal(server.evidence[0]!.url, "http://oauthapi.test/.well-known/oauth-authorization-server");
    assert.ok(extraRequests("oauthapi.test") <= 8);
  });

  it("reads a shop's offers as machine commerce", async () => {
    const { body } = await audit("http://shop.test/");
    assert.equal(body.classification, "commerce");
    assert.equal(check(body, "machine_commerce", "product-offers")!.pass, true);
    assert.equal(surface(body, "apis").status, "not_applicable");
  });

  it("dogfood: the service passes its own audit on every applicable surface", async () => {
    const { res, body } = await audit("https://self.test/");
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(body.classification, "api_provider");
    const applicable = body.surfaces.filter((s) => s.status !== "not_applicable");
    assert.ok(applicable.length >= 5);
    for (const s of applicable) assert.equal(s.status, "pass", `${s.id}: ${s.reason}`);
    assert.equal(check(body, "machine_commerce", "price-claims-match")!.pass, true);
  });
});

describe("the dashboard in the service's own quick audit", () => {
  it("scores at least 90 for SEO and accessibility on every main page and a report page", async () => {
    const audited: string[] = [];
    for (const path of ["/", "/pricing", "/api-docs", "/badges", null]) {
      const target = `https://self.test${path ?? `/reports/${audited[0]}`}`;
      const res = await payingFetch(`${stack.baseUrl}/api/audit?url=${encodeURIComponent(target)}`);
      const body = (await res.json()) as { report_id: string; scores: Record<string, number>; issues: string[] };
      assert.equal(res.status, 200, JSON.stringify(body));
      audited.push(body.report_id);
      assert.ok(body.scores.seo! >= 90, `${target} SEO ${body.scores.seo}: ${body.issues.join(" | ")}`);
      assert.ok(body.scores.accessibility! >= 90, `${target} accessibility ${body.scores.accessibility}: ${body.issues.join(" | ")}`);
    }
  });
});

describe("AI Readiness Remediation (POST /api/audit/remediate)", () => {
  const post = (body: unknown, f: typeof fetch = fetch) =>
    f(`${stack.baseUrl}/api/audit/remediate`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });

  it("costs 0.02 without a report and generates a valid llms.txt and Organization without fetching the site", async () => {
    const unpaid = await post({ url: "https://brochure.test/" });
    assert.equal(unpaid.status, 402);
    const before = await balanceOf(payer);
    const res = await post(
      {
        url: "http://brochure.test/",
        failed_layers: ["discovery"],
        organization: { name: "Smith & Sons", logo: "/logo.png", sameAs: ["https://facebook.com/smith"] },
      },
      payingFetch,
    );
    const body = (await res.json()) as Record<string, unknown>;
    assert.equal(res.status, 200, JSON.stringify(body));
    assert.equal(before - (await balanceOf(payer)), 20000n);
    assert.equal(body.free, false);
    assert.equal(body.domain, "brochure.test");
    const llms = checkLlmsTxt(body.llms_txt as string);
    assert.ok(llms.lighthouse && llms.valid, llms.problems.join(", "));
    assert.ok((body.llms_txt as string).startsWith("# Smith & Sons\n"));
    const org = body.organization_jsonld as Record<string, unknown>;
    assert.equal(org["@type"], "Organization");
    assert.equal(org.url, "http://brochure.test/");
    assert.equal(org.logo, "http://brochure.test/logo.png");
    assert.deepEqual(org.sameAs, ["https://facebook.com/smith"]);
    assert.deepEqual(stack.fixture.requests, [], "the site is not fetched");
  });

  it("is free five times with a signed readiness report of the same domain, then 402", async () => {
    const { body: report } = await audit("https://agentready.test/");
    stack.fixture.requests.length = 0;
    const remaining: number[] = [];
    for (let i = 0; i < 5; i++) {
      const res = await post({ url: "https://agentready.test/pricing", report });
      const body = (await res.json()) as Record<string, unknown>;
      assert.equal(res.status, 200, JSON.stringify(body));
      assert.equal(res.headers.get("payment-response"), null);
      assert.equal(body.free, true);
      remaining.push(body.uses_remaining as number);
      if (i === 0) {
        assert.ok((body.llms_txt as string).startsWith("# Agent Ready\n"), "the name comes from the report's evidence");
        assert.match(body.llms_txt as string, /\(https:\/\/agentready\.test\/openapi\.json\)/);
      }
    }
    assert.deepEqual(remaining, [4, 3, 2, 1, 0]);
    assert.equal((await post({ url: "https://agentready.test/", report })).status, 402);
    assert.deepEqual(stack.fixture.requests, []);
  });

  it("is not free with a report for another domain, an altered report, or a published one", async () => {
    const { body: report } = await audit("http://pricey.test/");
    assert.equal((await post({ url: "https://agentready.test/", report })).status, 402, "another domain");
    assert.equal((await post({ url: "http://pricey.test/", report: { ...report, score: 100 } })).status, 402, "altered");
    assert.equal((await post({ url: "http://pricey.test/", report: { ...report, published: true } })).status, 402, "published");
    assert.equal((await post({ url: "http://pricey.test/", report })).status, 200, "the genuine report is free");
  });

  it("refuses bad input with 400 and charges nothing", async () => {
    for (const body of [{ url: "http://brochure.test/", failed_layers: ["nope"] }, { url: "ftp://x.test/" }, {}]) {
      const res = await post(body, payingFetch);
      assert.equal(res.status, 400, JSON.stringify(body));
    }
  });
});
