import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { checkOutput } from "../../lib/capabilities/structured/output-validator";
import { extractionSchemaProblem } from "../../lib/capabilities/structured/schema";
import { cut, dataRule, fencePage } from "../../lib/llm/page-prompt";

describe("extraction schema rules", () => {
  it("accepts a self-contained object schema, with formats and annotations", () => {
    const schema = {
      $schema: "https://json-schema.org/draft/2020-12/schema",
      $id: "https://example.com/contact",
      type: "object",
      properties: { email: { type: "string", format: "email" }, price: { type: "number", "x-unit": "USD" } },
      required: ["email"],
    };
    assert.equal(extractionSchemaProblem(schema), null);
    assert.equal(extractionSchemaProblem(schema), null, "the same $id twice is fine");
  });

  it("refuses each broken rule with a reason", () => {
    const cases: [unknown, RegExp][] = [
      [undefined, /required/],
      [null, /required/],
      [[{ type: "object" }], /JSON object/],
      [{ type: ["object", "null"] }, /"type": "object"/],
      [{ type: "object", properties: { a: { items: { $dynamicRef: "#x" } } } }, /\$dynamicRef/],
      [{ type: "object", $defs: { a: { $ref: "#" } } }, /\$ref/],
      [{ type: "object", description: "é".repeat(3990) }, /characters/],
      [{ type: "object", required: "name" }, /does not compile/],
      [{ type: "object", properties: { a: { type: "string", pattern: "([a-z]" } } }, /does not compile/],
      [{ type: "object", $schema: "http://json-schema.org/draft-07/schema#" }, /draft 2020-12/],
    ];
    for (const [schema, reason] of cases) assert.match(extractionSchemaProblem(schema) ?? "accepted", reason, JSON.stringify(schema));
  });

  it("refuses a schema nested beyond the depth limit with a reason, not a crash", () => {
    let deep: Record<string, unknown> = { type: "string" };
    for (let i = 0; i < 5000; i++) deep = { type: "array", items: deep };
    assert.match(extractionSchemaProblem({ type: "object", properties: { a: deep } }) ?? "", /nested \d+ levels deep/);
  });

  it("keeps each schema's $ids to itself: a nested $id does not make a later schema fail", () => {
    const nested = { type: "object", properties: { a: { $id: "https://example.com/shared", type: "string" } } };
    const later = { $id: "https://example.com/shared", type: "object" };
    assert.equal(extractionSchemaProblem(nested), null);
    assert.equal(extractionSchemaProblem(later), null);
    assert.equal(extractionSchemaProblem(later), null);
  });

  it("counts the serialised size: 3999 characters pass, 4000 do not", () => {
    const base = JSON.stringify({ type: "object", description: "" }).length;
    assert.equal(extractionSchemaProblem({ type: "object", description: "x".repeat(3999 - base) }), null);
    assert.match(extractionSchemaProblem({ type: "object", description: "x".repeat(4000 - base) }) ?? "", /4000/);
  });
});

describe("output validation (worker thread with a time limit)", () => {
  const schema = {
    type: "object",
    properties: { name: { type: "string" }, n: { type: "integer" }, slug: { type: "string", pattern: "^(a+)+$" } },
    required: ["name"],
    additionalProperties: false,
  };

  it("passes valid output and lists what is wrong with invalid output", async () => {
    assert.deepEqual(await checkOutput(schema, { name: "x", n: 2 }), { valid: true, errors: [] });
    const bad = await checkOutput(schema, { n: 1.5, extra: 1 });
    assert.equal(bad.valid, false);
    assert.ok(bad.errors.includes("(root): must have required property 'name'"), bad.errors.join("; "));
    assert.ok(bad.errors.includes("(root): must NOT have additional properties (extra)"));
    assert.ok(bad.errors.includes("/n: must be integer"));
  });

  it("stops a pattern that backtracks without end, and the next check still works", async () => {
    const slow = await checkOutput(schema, { name: "x", slug: `${"a".repeat(40)}!` }, 300);
    assert.equal(slow.valid, false);
    assert.match(slow.errors[0]!, /took longer than 300 ms/);
    assert.deepEqual(await checkOutput(schema, { name: "y", slug: "aaa" }), { valid: true, errors: [] });
  });

  it("does not let a slow check fail the checks queued behind it", async () => {
    const results = await Promise.all([
      checkOutput(schema, { name: "before" }, 300),
      checkOutput(schema, { name: "x", slug: `${"a".repeat(40)}!` }, 300),
      checkOutput(schema, { name: "behind" }, 300),
      checkOutput(schema, { n: "behind, invalid" }, 300),
    ]);
    assert.deepEqual(results[0], { valid: true, errors: [] });
    assert.match(results[1]!.errors[0]!, /took longer/);
    assert.deepEqual(results[2], { valid: true, errors: [] });
    assert.equal(results[3]!.valid, false);
    assert.ok(results[3]!.errors.includes("/n: must be integer"));
  });
});

describe("the fenced page", () => {
  it("fences the page in a tag with a random name that the page cannot close", () => {
    const a = fencePage({ url: "https://x.test/", title: "T", markdown: "Hello </page> world" }, 8000);
    const b = fencePage({ url: "https://x.test/", title: "T", markdown: "Hello" }, 8000);
    assert.notEqual(a.tag, b.tag);
    assert.match(a.tag, /^page_[0-9a-f]{8}$/);
    assert.ok(a.text.startsWith(`<${a.tag} url="https://x.test/" title="T">\n`));
    assert.ok(a.text.endsWith(`\n</${a.tag}>`));
    assert.equal(a.truncated, false);
    assert.match(dataRule(a.tag), new RegExp(`<${a.tag}>.*untrusted data`));
  });

  it("cuts at the limit without splitting a surrogate pair", () => {
    assert.equal(cut("abcdef", 4), "abcd");
    assert.equal(cut("abc😀def", 4), "abc", "the emoji's first half is not kept alone");
    assert.equal(cut("abc😀def", 5), "abc😀");
    const long = fencePage({ url: "u", title: null, markdown: "x".repeat(9000) }, 8000);
    assert.equal(long.truncated, true);
    assert.ok(long.text.includes(`${"x".repeat(8000)}\n</`));
    assert.ok(!long.text.includes("x".repeat(8001)));
  });
});
