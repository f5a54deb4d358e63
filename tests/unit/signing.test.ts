import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, it } from "node:test";
import { canonicalJson } from "../../lib/signing/canonical-json";
import { signDocument, verifyDocument } from "../../lib/signing/hmac";

describe("canonical JSON (RFC 8785)", () => {
  it("serialises the §3.2.2 example exactly", () => {
    const input = JSON.parse(
      '{"numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001], "string": "\\u20ac$\\u000F\\u000aA\'\\u0042\\u0022\\u005c\\\\\\"\\/", "literals": [null, true, false]}',
    );
    assert.equal(
      canonicalJson(input),
      '{"literals":[null,true,false],"numbers":[333333333.3333333,1e+30,4.5,0.002,1e-27],"string":"€$\\u000f\\nA\'B\\"\\\\\\\\\\"/"}',
    );
  });

  it("sorts members by UTF-16 code units (§3.2.3)", () => {
    const input = {
      "\u20ac": "Euro Sign",
      "\r": "Carriage Return",
      "\ufb33": "Hebrew Letter Dalet With Dagesh",
      "1": "One",
      "\ud83d\ude00": "Emoji: Grinning Face",
      "\u0080": "Control",
      "\u00f6": "Latin Small Letter O With Diaeresis",
    };
    const order = ["\r", "1", "\u0080", "\u00f6", "\u20ac", "\ud83d\ude00", "\ufb33"];
    // (JSON.parse would move the integer-like key "1" first, so compare the text.)
    assert.equal(
      canonicalJson(input),
      `{${order.map((k) => `${JSON.stringify(k)}:${JSON.stringify(input[k as keyof typeof input])}`).join(",")}}`,
    );
  });

  it("sorts nested objects, keeps array order, drops undefined members, refuses non-finite numbers", () => {
    assert.equal(canonicalJson({ b: [3, { z: 1, a: 2 }], a: undefined, c: "x" }), '{"b":[3,{"a":2,"z":1}],"c":"x"}');
    assert.throws(() => canonicalJson({ n: Number.NaN }));
    assert.throws(() => canonicalJson({ n: Infinity }));
  });
});

describe("HMAC-SHA256 signed documents", () => {
  const current = { id: "k2", secret: randomBytes(32) };
  const retired = { id: "k1", secret: randomBytes(32) };
  const report = {
    report_id: "r_1",
    url: "https://example.com/",
    overall_score: 87,
    scores: { seo: 90, security: 70 },
    issues: ["Add a description"],
  };

  it("verifies a document as issued, whatever its member order", () => {
    const signed = signDocument(report, current, new Date("2026-01-02T03:04:05Z"));
    assert.deepEqual(verifyDocument(signed, [current, retired]), { valid: true, kid: "k2", signed_at: "2026-01-02T03:04:05.000Z" });
    const reordered = JSON.parse(
      JSON.stringify({
        signature: signed.signature,
        issues: signed.issues,
        scores: { security: 70, seo: 90 },
        url: signed.url,
        overall_score: 87,
        report_id: "r_1",
      }),
    );
    assert.equal(verifyDocument(reordered, [current]).valid, true);
  });

  it("verifies documents signed with a retired key that is still known", () => {
    const signed = signDocument(report, retired);
    assert.equal(verifyDocument(signed, [current, retired]).valid, true);
    assert.deepEqual(verifyDocument(signed, [current]), {
      valid: false,
      reason: "unknown key k1",
      kid: "k1",
      signed_at: signed.signature.signed_at,
    });
  });

  it("rejects any altered copy: a field, a nested score, an added member, the time or the key id", () => {
    const signed = signDocument(report, current);
    const tampered = [
      { ...signed, overall_score: 88 },
      { ...signed, scores: { ...signed.scores, security: 100 } },
      { ...signed, extra: true },
      { ...signed, issues: [] },
      { ...signed, signature: { ...signed.signature, signed_at: "2030-01-01T00:00:00.000Z" } },
      { ...signed, signature: { ...signed.signature, kid: "k1" } },
    ];
    for (const copy of tampered) assert.equal(verifyDocument(copy, [current, { id: "k1", secret: current.secret }]).valid, false);
  });

  it("explains malformed input", () => {
    assert.equal((verifyDocument(null, [current]) as { reason: string }).reason, "not a JSON object");
    assert.equal((verifyDocument({ a: 1 }, [current]) as { reason: string }).reason, "no signature");
    assert.equal((verifyDocument({ signature: { alg: "none" } }, [current]) as { reason: string }).reason, "malformed signature");
    const signed = signDocument(report, current);
    assert.equal(
      (verifyDocument({ ...signed, signature: { ...signed.signature, value: "AAAA" } }, [current]) as { reason: string }).reason,
      "signature does not match",
    );
  });
});
