import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { ServiceError } from "../../lib/errors";
import { isPublicAddress } from "../../lib/net/address-guard";
import { parseTargetUrl } from "../../lib/net/input-url";

/** The error code parseTargetUrl throws for an input, or "ok" with the URL it accepted. */
function outcome(input: string): string {
  try {
    return `ok ${parseTargetUrl(input).toString()}`;
  } catch (err) {
    assert.ok(err instanceof ServiceError, `unexpected ${String(err)}`);
    return err.code;
  }
}

const BLOCKED = "PRIVATE_ADDRESS_BLOCKED";

// Every way the WHATWG URL parser lets one write a loopback, private, link-local or
// metadata address: each must be refused before any connection is made.
const blockedInputs: [string, string][] = [
  ["http://127.0.0.1/", "dotted loopback"],
  ["http://127.1/", "short form"],
  ["http://127.0.1/", "three-part short form"],
  ["http://2130706433/", "decimal integer"],
  ["http://0x7f000001/", "hex integer"],
  ["http://017700000001/", "octal integer"],
  ["http://0x7f.1/", "hex first octet, short"],
  ["http://0177.0.0.1/", "octal first octet"],
  ["http://0x7f.0x0.0x0.0x1/", "all-hex octets"],
  ["http://127.000.000.001/", "zero-padded octets"],
  ["http://127.0.0.1./", "trailing dot"],
  ["http://0/", "zero (0.0.0.0)"],
  ["http://0.0.0.0/", "unspecified"],
  ["http://10.0.0.1/", "RFC 1918 10/8"],
  ["http://172.16.5.4/", "RFC 1918 172.16/12"],
  ["http://172.31.255.255/", "RFC 1918 upper edge"],
  ["http://192.168.1.1/", "RFC 1918 192.168/16"],
  ["http://169.254.169.254/", "link-local cloud metadata"],
  ["http://0xa9fea9fe/", "metadata as hex integer"],
  ["http://2852039166/", "metadata as decimal integer"],
  ["http://100.64.0.1/", "carrier-grade NAT"],
  ["http://100.100.100.200/", "Alibaba metadata (CGNAT)"],
  ["http://192.0.0.192/", "IETF protocol assignments (Oracle metadata)"],
  ["http://198.18.0.1/", "benchmarking"],
  ["http://192.0.2.1/", "documentation"],
  ["http://224.0.0.1/", "multicast"],
  ["http://255.255.255.255/", "broadcast"],
  ["http://240.0.0.1/", "reserved class E"],
  ["http://[::1]/", "IPv6 loopback"],
  ["http://[0:0:0:0:0:0:0:1]/", "IPv6 loopback long form"],
  ["http://[::]/", "IPv6 unspecified"],
  ["http://[::ffff:127.0.0.1]/", "IPv4-mapped loopback"],
  ["http://[::ffff:7f00:1]/", "IPv4-mapped loopback, hex"],
  ["http://[0:0:0:0:0:ffff:169.254.169.254]/", "IPv4-mapped metadata"],
  ["http://[::ffff:a00:1]/", "IPv4-mapped 10.0.0.1"],
  ["http://[::127.0.0.1]/", "IPv4-compatible (deprecated)"],
  ["http://[64:ff9b::7f00:1]/", "NAT64 of loopback"],
  ["http://[64:ff9b::a9fe:a9fe]/", "NAT64 of metadata"],
  ["http://[2002:7f00:1::1]/", "6to4 of loopback"],
  ["http://[2002:a9fe:a9fe::1]/", "6to4 of metadata"],
  ["http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/", "Teredo"],
  ["http://[fe80::1]/", "IPv6 link-local"],
  ["http://[fc00::1]/", "unique local"],
  ["http://[fd00:ec2::254]/", "AWS IPv6 metadata"],
  ["http://[fec0::1]/", "deprecated site-local"],
  ["http://[ff02::1]/", "IPv6 multicast"],
  ["http://[2001:db8::1]/", "IPv6 documentation"],
  ["http://127.0.0.1#@example.com/", "fragment trick keeps the loopback host"],
  ["http://127.0.0.1?@example.com/", "query trick keeps the loopback host"],
  ["http://①②⑦.０.０.①/", "IDNA-mapped digits"],
  ["http://１２７.０.０.１/", "full-width digits"],
  ["http://localhost/", "localhost"],
  ["http://LOCALHOST./", "localhost, upper case with trailing dot"],
  ["http://app.localhost/", "*.localhost"],
  ["http://metadata.google.internal/", "GCP metadata name"],
  ["http://printer.local/", "mDNS"],
  ["http://intranet/", "single-label name"],
  ["localhost", "bare localhost"],
  ["127.0.0.1", "bare loopback address"],
  ["[::1]:443", "bare IPv6 loopback with port"],
];

describe("address guard: URL encodings of non-public addresses", () => {
  for (const [input, label] of blockedInputs) {
    it(`refuses ${label}: ${input}`, () => assert.equal(outcome(input), BLOCKED));
  }
});

describe("address guard: other URL rules", () => {
  const cases: [string, string][] = [
    ["example.com", "ok https://example.com/"],
    ["example.com:443/path?q=1#frag", "ok https://example.com/path?q=1"],
    ["//example.com/x", "ok https://example.com/x"],
    ["HTTP://Example.COM", "ok http://example.com/"],
    ["http://93.184.216.34/", "ok http://93.184.216.34/"],
    ["http://[2606:4700:4700::1111]/", "ok http://[2606:4700:4700::1111]/"],
    ["http://[::ffff:8.8.8.8]/", "ok http://[::ffff:808:808]/"],
    ["http://xn--bcher-kva.example/", "ok http://xn--bcher-kva.example/"],
    ["http://bücher.example/", "ok http://xn--bcher-kva.example/"],
    ["http://example.com:80/", "ok http://example.com/"],
    ["https://example.com:80/", "ok https://example.com:80/"],
    ["http://example.com:8080/", "INVALID_URL"],
    ["http://example.com:22/", "INVALID_URL"],
    ["http://user:pass@example.com/", "INVALID_URL"],
    ["http://example.com@127.0.0.1/", "INVALID_URL"],
    ["ftp://example.com/", "UNSUPPORTED_SCHEME"],
    ["file:///etc/passwd", "UNSUPPORTED_SCHEME"],
    ["javascript:alert(1)", "UNSUPPORTED_SCHEME"],
    ["data:text/html,hi", "UNSUPPORTED_SCHEME"],
    ["gopher://example.com/", "UNSUPPORTED_SCHEME"],
    ["http://", "INVALID_URL"],
    ["http://exa mple.com/", "INVALID_URL"],
    ["", "INVALID_URL"],
    [`https://example.com/${"a".repeat(2048)}`, "URL_TOO_LONG"],
  ];
  for (const [input, expected] of cases) {
    it(`${input.slice(0, 60)} → ${expected.slice(0, 60)}`, () => assert.equal(outcome(input), expected));
  }

  it("accepts exactly 2048 characters", () => {
    const url = `https://example.com/${"a".repeat(2048 - "https://example.com/".length)}`;
    assert.equal(url.length, 2048);
    assert.match(outcome(url), /^ok /);
  });

  it("refuses a url that is not a string", () => {
    assert.throws(
      () => parseTargetUrl(42),
      (e: unknown) => e instanceof ServiceError && e.code === "INVALID_URL",
    );
  });
});

describe("isPublicAddress", () => {
  const table: [string, boolean][] = [
    ["8.8.8.8", true],
    ["1.1.1.1", true],
    ["93.184.216.34", true],
    ["2606:4700:4700::1111", true],
    ["2a00:1450:4001:80b::200e", true],
    ["::ffff:8.8.8.8", true],
    ["127.0.0.1", false],
    ["127.255.255.254", false],
    ["10.1.2.3", false],
    ["172.16.0.1", false],
    ["192.168.0.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["::1", false],
    ["::", false],
    ["::ffff:10.0.0.1", false],
    ["::ffff:127.0.0.1", false],
    ["fe80::1%eth0", false],
    ["fd00:ec2::254", false],
    ["64:ff9b::808:808", false],
    ["2002:808:808::1", false],
    ["not an address", false],
    ["", false],
  ];
  for (const [address, expected] of table) {
    it(`${address || "(empty)"} is ${expected ? "public" : "not public"}`, () => assert.equal(isPublicAddress(address), expected));
  }
});
