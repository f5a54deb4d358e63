/**
 * Decodes a text body into a JS string (UTF-16 inside, UTF-8 on the wire out). The charset
 * comes from, in order: a byte-order mark, the Content-Type header, an XML declaration, an
 * HTML <meta> in the first 1024 bytes; otherwise UTF-8 when the bytes are valid UTF-8 and
 * windows-1252 (the web's legacy default) when they are not.
 */
export function decodeBody(body: Buffer, contentType: string | null): { text: string; charset: string } {
  const bom = sniffBom(body);
  if (bom) return { text: decode(body.subarray(bom.length), bom.charset), charset: bom.charset };

  const declared = charsetFromContentType(contentType) ?? charsetFromMarkup(body);
  if (declared && isSupported(declared)) {
    const charset = normalise(declared);
    // "UTF-8" declared over bytes that are not UTF-8 is almost always windows-1252.
    if (charset === "utf-8" && !isValidUtf8(body)) return { text: decode(body, "windows-1252"), charset: "windows-1252" };
    return { text: decode(body, declared), charset };
  }

  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(body), charset: "utf-8" };
  } catch {
    return { text: decode(body, "windows-1252"), charset: "windows-1252" };
  }
}

/**
 * Feeds declare encodings wrongly more often than pages do (an ISO-8859-1 header over UTF-8
 * bytes is common). For them bytes that are valid UTF-8 are read as UTF-8 whatever the
 * declaration; otherwise the usual order applies.
 */
export function decodeFeedBody(body: Buffer, contentType: string | null): { text: string; charset: string } {
  if (!sniffBom(body)) {
    // UTF-16 without a byte-order mark shows itself by how "<?" is written (XML 1.0, Appendix F).
    const utf16 =
      body[0] === 0x3c && body[1] === 0 && body[2] === 0x3f && body[3] === 0
        ? "utf-16le"
        : body[0] === 0 && body[1] === 0x3c && body[2] === 0 && body[3] === 0x3f
          ? "utf-16be"
          : null;
    if (utf16) return { text: decode(body, utf16), charset: utf16 };
    try {
      return { text: new TextDecoder("utf-8", { fatal: true }).decode(body), charset: "utf-8" };
    } catch {
      // Not UTF-8, so a header that says UTF-8 ("utf-8", "UTF8") is wrong, and one that names no
      // charset we know says nothing: the XML declaration speaks next.
      const header = charsetFromContentType(contentType);
      if ((!header || !isSupported(header) || normalise(header) === "utf-8") && charsetFromMarkup(body)) return decodeBody(body, null);
    }
  }
  return decodeBody(body, contentType);
}

function sniffBom(b: Buffer): { charset: string; length: number } | undefined {
  if (b[0] === 0xef && b[1] === 0xbb && b[2] === 0xbf) return { charset: "utf-8", length: 3 };
  if (b[0] === 0xfe && b[1] === 0xff) return { charset: "utf-16be", length: 2 };
  if (b[0] === 0xff && b[1] === 0xfe) return { charset: "utf-16le", length: 2 };
  return undefined;
}

export function charsetFromContentType(contentType: string | null): string | undefined {
  const m = /;\s*charset\s*=\s*["']?([^"';\s]+)["']?/i.exec(contentType ?? "");
  return m?.[1]?.toLowerCase();
}

function charsetFromMarkup(body: Buffer): string | undefined {
  const head = body.subarray(0, 1024).toString("latin1");
  const xml = /^\s*<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head);
  if (xml?.[1]) return xml[1].toLowerCase();
  const meta = /<meta[^>]+charset\s*=\s*["']?\s*([a-zA-Z0-9_:.-]+)/i.exec(head);
  const found = meta?.[1]?.toLowerCase();
  // A page that is served as bytes but declares UTF-16 in markup is really ASCII-compatible.
  if (found && found.startsWith("utf-16")) return "utf-8";
  return found;
}

function isSupported(label: string): boolean {
  try {
    new TextDecoder(label);
    return true;
  } catch {
    return false;
  }
}

function normalise(label: string): string {
  return new TextDecoder(label).encoding;
}

function decode(body: Buffer, label: string): string {
  return new TextDecoder(label).decode(body);
}

function isValidUtf8(body: Buffer): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(body);
    return true;
  } catch {
    return false;
  }
}
