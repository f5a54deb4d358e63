import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { ServiceError } from "../../lib/errors";
import type { ResolvedAddress, Resolver } from "../../lib/net/resolve";
import { resolveTarget } from "../../lib/net/resolve";
import { safeFetch, type SafeFetchOptions } from "../../lib/net/safe-fetch";
import { type FixtureSite, startFixtureSite } from "../support/fixture-site";

const MB = 1024 * 1024;
let site: FixtureSite;
let previousConnectTo: string | undefined;

before(async () => {
  site = await startFixtureSite();
  previousConnectTo = process.env.CONNECT_TO;
  process.env.CONNECT_TO = site.connectTo;
});
after(async () => {
  process.env.CONNECT_TO = previousConnectTo;
  await site.close();
});

/** A resolver that must never be asked: CONNECT_TO or the guard answers first. */
const noDns: Resolver = async (host) => {
  throw new Error(`unexpected DNS lookup for ${host}`);
};

const opts = (extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions => ({
  maxBytes: 2 * MB,
  timeoutMs: 2000,
  resolver: noDns,
  ...extra,
});

async function code(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return "ok";
  } catch (err) {
    assert.ok(err instanceof ServiceError, `expected a ServiceError, got ${String(err)}`);
    return err.code;
  }
}

describe("safeFetch against fixture sites (CONNECT_TO)", () => {
  it("fetches a page with metadata, headers and timing", async () => {
    const page = await safeFetch("http://site.test/", opts());
    assert.equal(page.status, 200);
    assert.equal(page.finalUrl, "http://site.test/");
    assert.equal(page.mediaType, "text/html");
    assert.match(page.text, /<h1>Fixture Shop<\/h1>/);
    assert.equal(page.headers["x-fixture-host"], "site.test");
    assert.deepEqual(page.setCookies, ["s=1; HttpOnly"]);
    assert.ok(page.timing.total >= page.timing.ttfb);
  });

  it("sends the requested host name, not the pinned address", async () => {
    const page = await safeFetch("http://www.site.test/echo-headers", opts());
    const headers = JSON.parse(page.text) as Record<string, string>;
    assert.equal(headers.host, "www.site.test");
    assert.match(headers["user-agent"] ?? "", /WebsiteIntelligence/);
  });

  it("follows up to five redirects and reports the final URL", async () => {
    const page = await safeFetch("http://site.test/hops/5", opts());
    assert.equal(page.finalUrl, "http://site.test/hops/0");
    assert.equal(page.redirects.length, 5);
  });

  it("refuses a sixth redirect", async () => {
    assert.equal(await code(safeFetch("http://site.test/hops/6", opts())), "TOO_MANY_REDIRECTS");
  });

  it("follows a redirect to another mapped host", async () => {
    const page = await safeFetch("http://site.test/to-other-host", opts());
    assert.equal(page.finalUrl, "http://other.test/about");
  });

  for (const [path, expected] of [
    ["/to-loopback", "PRIVATE_ADDRESS_BLOCKED"],
    ["/to-metadata", "PRIVATE_ADDRESS_BLOCKED"],
    ["/to-decimal-ip", "PRIVATE_ADDRESS_BLOCKED"],
    ["/to-file", "UNSUPPORTED_SCHEME"],
    ["/to-odd-port", "INVALID_URL"],
  ] as const) {
    it(`checks every redirect hop: ${path} → ${expected}`, async () => {
      assert.equal(await code(safeFetch(`http://site.test${path}`, opts())), expected);
    });
  }

  it("re-checks DNS on a redirect hop (first hop public, second resolves private)", async () => {
    let lookups = 0;
    const resolver: Resolver = async (host) => {
      lookups++;
      assert.equal(host, "rebind.example");
      return [{ address: "10.0.0.7", family: 4 }];
    };
    assert.equal(await code(safeFetch("http://site.test/to-unmapped", opts({ resolver }))), "PRIVATE_ADDRESS_BLOCKED");
    assert.equal(lookups, 1, "the first hop is mapped by CONNECT_TO; only the second reaches DNS");
  });

  it("refuses a body over the cap, by Content-Length or while streaming", async () => {
    assert.equal(await code(safeFetch("http://site.test/big", opts())), "RESPONSE_TOO_LARGE");
    assert.equal(await code(safeFetch("http://site.test/big-chunked", opts())), "RESPONSE_TOO_LARGE");
    const page = await safeFetch("http://site.test/big-chunked", opts({ maxBytes: 5 * MB }));
    assert.equal(page.body.length, 3 * MB);
  });

  it("counts the cap after decompression (gzip bomb)", async () => {
    assert.equal(await code(safeFetch("http://site.test/gzip-bomb", opts())), "RESPONSE_TOO_LARGE");
    const page = await safeFetch("http://site.test/gzip", opts());
    assert.match(page.text, /Fixture Shop/);
  });

  it("accepts text formats only", async () => {
    assert.equal(await code(safeFetch("http://site.test/image.png", opts())), "UNSUPPORTED_CONTENT_TYPE");
    assert.equal(await code(safeFetch("http://site.test/untyped-binary", opts())), "UNSUPPORTED_CONTENT_TYPE");
    assert.equal((await safeFetch("http://site.test/json", opts())).mediaType, "application/json");
    assert.equal((await safeFetch("http://site.test/feed.xml", opts())).mediaType, "application/rss+xml");
  });

  it("decodes charsets from the header, a BOM or a meta tag", async () => {
    assert.match((await safeFetch("http://site.test/latin1", opts())).text, /café/);
    assert.equal((await safeFetch("http://site.test/sjis", opts())).text, "日本");
    assert.equal((await safeFetch("http://site.test/utf16-bom", opts())).text, "hi");
  });

  it("returns the target's own error statuses as fetched pages", async () => {
    assert.equal((await safeFetch("http://site.test/status/404", opts())).status, 404);
  });

  it("times out slow headers and slow bodies with AUDIT_TIMEOUT", async () => {
    assert.equal(await code(safeFetch("http://site.test/slow", opts({ timeoutMs: 300 }))), "AUDIT_TIMEOUT");
    assert.equal(await code(safeFetch("http://site.test/slow-body", opts({ timeoutMs: 300 }))), "AUDIT_TIMEOUT");
  });

  it("reports an unreachable target as TARGET_UNREACHABLE", async () => {
    assert.equal(await code(safeFetch("http://down.test/", opts())), "TARGET_UNREACHABLE");
    const nxdomain: Resolver = async () => {
      throw Object.assign(new Error("not found"), { code: "ENOTFOUND" });
    };
    assert.equal(await code(safeFetch("http://no-such-host.example/", opts({ resolver: nxdomain }))), "TARGET_UNREACHABLE");
  });

  it("fetches a mapped HTTPS fixture with a self-signed certificate", async () => {
    const page = await safeFetch("https://secure.test/about", opts());
    assert.equal(page.status, 200);
    assert.equal(page.headers["x-fixture-host"], "secure.test");
    assert.equal(page.finalUrl, "https://secure.test/about");
  });

  it("accepts local-looking names only when CONNECT_TO lists them", async () => {
    const saved = process.env.CONNECT_TO;
    process.env.CONNECT_TO = `${saved},shop.local:80:127.0.0.1:${site.port}`;
    try {
      assert.equal((await safeFetch("http://shop.local/small", opts())).text, "ok");
      assert.equal(await code(safeFetch("http://other.local/", opts())), "PRIVATE_ADDRESS_BLOCKED");
      assert.equal(await code(safeFetch("http://127.0.0.1/", opts())), "PRIVATE_ADDRESS_BLOCKED");
    } finally {
      process.env.CONNECT_TO = saved;
    }
  });

  it("does not redirect unlisted ports of a listed host", async () => {
    // site.test:443 is not in CONNECT_TO, so it goes through DNS and the guard.
    const resolver: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    assert.equal(await code(safeFetch("https://site.test/", opts({ resolver }))), "PRIVATE_ADDRESS_BLOCKED");
  });
});

describe("resolveTarget with an injected resolver", () => {
  const sequence = (...answers: ResolvedAddress[][]): Resolver & { calls: number } => {
    const r = Object.assign(async () => answers[Math.min(r.calls++, answers.length - 1)] ?? [], { calls: 0 });
    return r;
  };

  it("resolves once and pins the checked address (rebinding: public, then private)", async () => {
    const resolver = sequence([{ address: "93.184.216.34", family: 4 }], [{ address: "127.0.0.1", family: 4 }]);
    const target = await resolveTarget("rebind.example", 443, resolver);
    assert.deepEqual(target, { address: "93.184.216.34", port: 443, redirected: false });
    assert.equal(resolver.calls, 1, "one lookup per hop: the connection uses this answer");
    // A later hop that resolves privately is refused.
    await assert.rejects(
      resolveTarget("rebind.example", 443, resolver),
      (e: unknown) => (e as ServiceError).code === "PRIVATE_ADDRESS_BLOCKED",
    );
  });

  it("refuses a name with any private answer among public ones", async () => {
    const resolver = sequence([
      { address: "93.184.216.34", family: 4 },
      { address: "169.254.169.254", family: 4 },
    ]);
    await assert.rejects(
      resolveTarget("mixed.example", 80, resolver),
      (e: unknown) => (e as ServiceError).code === "PRIVATE_ADDRESS_BLOCKED",
    );
  });

  it("refuses IPv6 answers that embed private IPv4", async () => {
    for (const address of ["::ffff:10.0.0.1", "64:ff9b::a9fe:a9fe", "2002:c0a8:101::1", "fd12::1"]) {
      const resolver = sequence([{ address, family: 6 }]);
      await assert.rejects(
        resolveTarget("v6.example", 80, resolver),
        (e: unknown) => (e as ServiceError).code === "PRIVATE_ADDRESS_BLOCKED",
        address,
      );
    }
  });

  it("prefers an IPv4 answer when both families are public", async () => {
    const resolver = sequence([
      { address: "2606:4700::6810:84e5", family: 6 },
      { address: "104.16.132.229", family: 4 },
    ]);
    assert.equal((await resolveTarget("dual.example", 443, resolver)).address, "104.16.132.229");
  });

  it("answers TARGET_UNREACHABLE when a name has no addresses", async () => {
    await assert.rejects(
      resolveTarget("empty.example", 80, sequence([])),
      (e: unknown) => (e as ServiceError).code === "TARGET_UNREACHABLE",
    );
  });
});
