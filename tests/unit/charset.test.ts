import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { decodeBody, decodeFeedBody } from "../../lib/net/charset";

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(parts.map((p) => (typeof p === "string" ? Buffer.from(p) : Buffer.from(p))));

describe("decoding bodies", () => {
  it("reads windows-1252's punctuation at 0x80–0x9F as the characters it names, not as control characters", () => {
    const body = bytes("<p>It", [0x92], "s ", [0x93], "quoted", [0x94], " for ", [0x80], "5 ", [0x96], " caf", [0xe9], "</p>");
    for (const type of ["text/html; charset=windows-1252", "text/html; charset=iso-8859-1", "text/html"]) {
      const { text, charset } = decodeBody(body, type);
      assert.equal(text, "<p>It’s “quoted” for €5 – café</p>", type);
      assert.equal(charset, "windows-1252");
    }
  });

  it("keeps UTF-8 text whole when a few windows-1252 bytes are pasted into it, and reads only those as windows-1252", () => {
    const body = bytes("<title>Café Zürich — news</title><p>It", [0x92], "s Ñandú</p>");
    for (const type of ["text/html; charset=utf-8", "text/html"]) {
      assert.deepEqual(decodeBody(body, type), { text: "<title>Café Zürich — news</title><p>It’s Ñandú</p>", charset: "utf-8" }, type);
    }
    // A feed, whatever its header says.
    assert.equal(
      decodeFeedBody(body, "application/rss+xml; charset=iso-8859-1").text,
      "<title>Café Zürich — news</title><p>It’s Ñandú</p>",
    );
  });

  it("reads bytes with more stray bytes than UTF-8 sequences as windows-1252 throughout", () => {
    const body = bytes("Caf", [0xe9], " cr", [0xe8], "me ", [0xe0], " la ", [0xc3, 0xa9]);
    assert.deepEqual(decodeBody(body, "text/html; charset=utf-8"), { text: "Café crème à la Ã©", charset: "windows-1252" });
  });
});

describe("decoding feeds", () => {
  it("lets a feed's own declaration of another charset win over a server's Latin-1 default", () => {
    const koi8 = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="koi8-r"?><rss><channel><title>'),
      Buffer.from([0xf0, 0xd2, 0xc9]),
      Buffer.from("</title></channel></rss>"),
    ]);
    assert.match(decodeFeedBody(koi8, "application/rss+xml; charset=ISO-8859-1").text, /<title>При<\/title>/);
    // A Latin-1 feed that says so keeps its Latin-1.
    const latin = Buffer.concat([
      Buffer.from('<?xml version="1.0" encoding="iso-8859-1"?><rss><channel><title>Caf'),
      Buffer.from([0xe9]),
      Buffer.from("</title></channel></rss>"),
    ]);
    assert.match(decodeFeedBody(latin, "text/xml; charset=iso-8859-1").text, /Café/);
  });

  it("reads a charset named as Java or Python spell it: underscores for hyphens, Windows code page names", () => {
    const doc = (label: string, bytes: number[]) =>
      Buffer.concat([
        Buffer.from(`<?xml version="1.0" encoding="${label}"?><rss><channel><title>`),
        Buffer.from(bytes),
        Buffer.from("</title></channel></rss>"),
      ]);
    const hangul = [0xc7, 0xd1, 0xb1, 0xb9]; // 한국 in EUC-KR
    for (const label of ["EUC_KR", "MS949", "cp949", "x-windows-949"])
      assert.match(decodeFeedBody(doc(label, hangul), null).text, /<title>한국<\/title>/, label);
    assert.match(decodeFeedBody(doc("windows_1251", [0xcc, 0xee, 0xf1]), "text/xml").text, /<title>Мос<\/title>/);
    assert.match(decodeFeedBody(doc("cp936", [0xd6, 0xd0, 0xce, 0xc4]), null).text, /<title>中文<\/title>/);
    assert.match(decodeFeedBody(doc("euc_jp", [0xc5, 0xec, 0xb5, 0xfe]), null).text, /<title>東京<\/title>/);
    // In a header too, and for pages.
    assert.equal(decodeBody(Buffer.from(hangul), "text/html; charset=EUC_KR").text, "한국");
  });
});
