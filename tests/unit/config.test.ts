import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checkStartupEnvironment, ConfigError, parseConfig } from "../../lib/config";
import { parseConnectTo } from "../../lib/net/connect-to";
import { formatUsdc, usdcToAtomic } from "../../lib/payments/settings";

describe("configuration", () => {
  it("has working defaults for the one-command start", () => {
    const cfg = parseConfig({});
    assert.equal(cfg.PORT, 3000);
    assert.equal(cfg.DATA_DIR, ".data");
    assert.equal(cfg.PAYMENTS_MODE, "local");
    assert.equal(cfg.ANVIL_PORT, 8545);
    assert.equal(cfg.DATABASE_URL, undefined);
    assert.equal(cfg.FETCH_TIMEOUT_MS, 15_000);
  });

  it("names every bad setting", () => {
    assert.throws(
      () => parseConfig({ PORT: "http", PAYMENTS_MODE: "cash", PAY_TO: "0x12" }),
      (e: unknown) =>
        e instanceof ConfigError && ["PORT", "PAYMENTS_MODE", "PAY_TO"].every((name) => e.problems.some((p) => p.startsWith(`${name}:`))),
    );
  });

  it("requires the settings each payments mode needs", () => {
    assert.throws(() => parseConfig({ PAYMENTS_MODE: "remote", PAY_TO: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }), /FACILITATOR_URL/);
    assert.throws(
      () => parseConfig({ PAYMENTS_MODE: "self-hosted", PAY_TO: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" }),
      /RPC_URL[\s\S]*FACILITATOR_PRIVATE_KEY/,
    );
    assert.throws(() => parseConfig({ PAYMENTS_MODE: "remote", FACILITATOR_URL: "https://f.example" }), /PAY_TO/);
  });

  it("refuses CONNECT_TO in production", () => {
    const cfg = parseConfig({ CONNECT_TO: "a.test:80:127.0.0.1:4000" });
    assert.throws(() => checkStartupEnvironment(cfg, "production"), /CONNECT_TO/);
    assert.doesNotThrow(() => checkStartupEnvironment(cfg, "test"));
  });

  it("treats empty strings as unset", () => {
    assert.equal(parseConfig({ DATABASE_URL: "", PAY_TO: " " }).DATABASE_URL, undefined);
  });
});

describe("CONNECT_TO parsing", () => {
  it("reads name:port:address:port pairs, IPv6 in brackets", () => {
    const map = parseConnectTo("shop.test:80:127.0.0.1:4101, Blog.test:443:[::1]:4102");
    assert.deepEqual(map.get("shop.test:80"), { address: "127.0.0.1", port: 4101 });
    assert.deepEqual(map.get("blog.test:443"), { address: "::1", port: 4102 });
    assert.equal(map.get("shop.test:443"), undefined);
  });

  it("refuses private, non-loopback targets and malformed entries", () => {
    assert.throws(() => parseConnectTo("a.test:80:10.0.0.1:80"), /neither loopback nor public/);
    assert.throws(() => parseConnectTo("a.test:80:169.254.169.254:80"), /neither loopback nor public/);
    assert.throws(() => parseConnectTo("a.test:80:4000"), /cannot read/);
    assert.throws(() => parseConnectTo("a.test:80:example.com:80"), /not an IP address/);
  });
});

describe("USDC amounts", () => {
  it("converts between dollars and atomic units", () => {
    assert.equal(usdcToAtomic("0.002"), "2000");
    assert.equal(usdcToAtomic("0.225"), "225000");
    assert.equal(usdcToAtomic("0.5"), "500000");
    assert.equal(usdcToAtomic("1"), "1000000");
    assert.equal(formatUsdc("15000"), "0.015");
    assert.equal(formatUsdc(1_000_000_000n), "1000");
    assert.throws(() => usdcToAtomic("0.0000001"));
    assert.throws(() => usdcToAtomic("-1"));
  });
});
