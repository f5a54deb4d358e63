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
    // "UTF-8" declared over bytes that are not UTF-8 is almost always windows-1252, or UTF-8
    // with a few windows-1252 bytes pasted in. Decoded once: the strict decode is the check.
    if (charset === "utf-8") return strictUtf8(body) ?? utf8OrWindows1252(body);
    return { text: decode(body, declared), charset };
  }

  return strictUtf8(body) ?? utf8OrWindows1252(body);
}

/** The bytes as UTF-8 when they are valid UTF-8; null when they are not. */
function strictUtf8(body: Buffer): { text: string; charset: string } | null {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true }).decode(body), charset: "utf-8" };
  } catch {
    return null;
  }
}

/**
 * Bytes that are not valid UTF-8: windows-1252 as a whole, unless they are UTF-8 with a few
 * windows-1252 bytes pasted in (a "’" copied from a word processor into a UTF-8 page), when
 * each valid UTF-8 sequence is kept and only the stray bytes are read as windows-1252.
 */
function utf8OrWindows1252(body: Buffer): { text: string; charset: string } {
  const mixed = mostlyUtf8(body);
  return mixed === null ? { text: decode(body, "windows-1252"), charset: "windows-1252" } : { text: mixed, charset: "utf-8" };
}

/** The length of the valid UTF-8 sequence at `i` (1 for ASCII), or 0 when the byte starts none. */
function utf8SequenceAt(b: Buffer, i: number): number {
  const lead = b[i]!;
  if (lead < 0x80) return 1;
  // No closures or arrays here: this runs once per byte of a 5 MB page.
  if (lead >= 0xc2 && lead <= 0xdf) return continuationAt(b, i + 1, 0x80, 0xbf) ? 2 : 0;
  if (lead >= 0xe0 && lead <= 0xef) {
    const lo = lead === 0xe0 ? 0xa0 : 0x80;
    const hi = lead === 0xed ? 0x9f : 0xbf;
    return continuationAt(b, i + 1, lo, hi) && continuationAt(b, i + 2, 0x80, 0xbf) ? 3 : 0;
  }
  if (lead >= 0xf0 && lead <= 0xf4) {
    const lo = lead === 0xf0 ? 0x90 : 0x80;
    const hi = lead === 0xf4 ? 0x8f : 0xbf;
    return continuationAt(b, i + 1, lo, hi) && continuationAt(b, i + 2, 0x80, 0xbf) && continuationAt(b, i + 3, 0x80, 0xbf) ? 4 : 0;
  }
  return 0;
}

function continuationAt(b: Buffer, at: number, lo: number, hi: number): boolean {
  return at < b.length && b[at]! >= lo && b[at]! <= hi;
}

/** UTF-8 with its invalid bytes read as windows-1252, when it has more valid multi-byte sequences than invalid bytes; else null. */
function mostlyUtf8(body: Buffer): string | null {
  let multiByte = 0;
  let invalid = 0;
  for (let i = 0; i < body.length;) {
    const n = utf8SequenceAt(body, i);
    if (n === 0) invalid++;
    else if (n > 1) multiByte++;
    i += n || 1;
  }
  if (multiByte <= invalid) return null;
  // The valid bytes copied as they are and each stray byte replaced by the UTF-8 of its
  // windows-1252 character (at most 3 bytes), then decoded once.
  const out = Buffer.allocUnsafe(body.length * 3);
  let length = 0;
  for (let i = 0; i < body.length;) {
    const n = utf8SequenceAt(body, i);
    if (n > 0) {
      for (let k = 0; k < n; k++) out[length++] = body[i + k]!;
      i += n;
      continue;
    }
    length += out.write(String.fromCharCode(WINDOWS_1252_TABLE[body[i]!]!), length, "utf8");
    i++;
  }
  return out.toString("utf8", 0, length);
}

/**
 * Feeds declare encodings wrongly more often than pages do (an ISO-8859-1 header over UTF-8
 * bytes is common). For them bytes that are valid UTF-8 are read as UTF-8 whatever the
 * declaration; otherwise the usual order applies.
 */
export function decodeFeedBody(body: Buffer, contentType: string | null): { text: string; charset: string } {
  if (sniffBom(body)) return decodeBody(body, contentType);
  // UTF-16 without a byte-order mark shows itself by how "<?" is written (XML 1.0, Appendix F).
  const utf16 =
    body[0] === 0x3c && body[1] === 0 && body[2] === 0x3f && body[3] === 0
      ? "utf-16le"
      : body[0] === 0 && body[1] === 0x3c && body[2] === 0 && body[3] === 0x3f
        ? "utf-16be"
        : null;
  if (utf16) return { text: decode(body, utf16), charset: utf16 };
  // ISO-2022-JP is 7-bit, so its bytes are valid UTF-8 too: its escape sequences and a
  // declaration that names it tell it apart. Not over a header that names another charset,
  // nor over bytes it cannot have (8-bit ones).
  if (body.includes(0x1b) && isSevenBit(body)) {
    const header = charsetFromContentType(contentType);
    const says = (c: string | undefined) => !!c && isSupported(c) && normalise(c) === "iso-2022-jp";
    if (says(header) || ((!header || !isSupported(header)) && says(charsetFromMarkup(body))))
      return { text: decode(body, "iso-2022-jp"), charset: "iso-2022-jp" };
  }
  const valid = strictUtf8(body);
  if (valid) return valid;
  // UTF-8 with a few stray windows-1252 bytes, whatever the header says.
  const mixed = mostlyUtf8(body);
  if (mixed !== null) return { text: mixed, charset: "utf-8" };
  // Not UTF-8, so a header that says UTF-8 ("utf-8", "UTF8") is wrong, and one that names no
  // charset we know says nothing: the XML declaration speaks next. So does a server's default
  // (ISO-8859-1, as Apache and Tomcat send) when the document names another charset itself: a
  // KOI8-R or Shift_JIS feed served as Latin-1.
  const header = charsetFromContentType(contentType);
  const declared = charsetFromMarkup(body);
  const headerSays = header && isSupported(header) ? normalise(header) : null;
  const serverDefault = headerSays === "windows-1252" && !!declared && isSupported(declared) && normalise(declared) !== "windows-1252";
  if ((headerSays === null || headerSays === "utf-8" || serverDefault) && declared) return decodeBody(body, null);
  return decodeBody(body, contentType);
}

function isSevenBit(body: Buffer): boolean {
  for (const byte of body) if (byte >= 0x80) return false;
  return true;
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
  return encodingOf(label) !== null;
}

function normalise(label: string): string {
  return encodingOf(label)!;
}

function decode(body: Buffer, label: string): string {
  const encoding = normalise(label);
  return encoding === "windows-1252" ? windows1252(body) : new TextDecoder(encoding).decode(body);
}

/**
 * The encoding a charset name stands for, or null. Besides the Encoding Standard's labels, the
 * names Java and Python give the same charsets: underscores for hyphens ("EUC_KR", "euc_jp",
 * "windows_1251") and the Windows code pages by number ("MS949", "cp949", "x-windows-949",
 * "cp936"), as JSP- and Python-made feeds declare them.
 */
function encodingOf(label: string): string | null {
  const name = label.trim().toLowerCase();
  const codePage = /^(?:cp|ms|x-windows-|windows-)(9(?:32|36|49|50))$/.exec(name)?.[1];
  for (const candidate of [name, name.replace(/_/g, "-"), codePage ? CODE_PAGES[codePage]! : ""]) {
    if (!candidate) continue;
    try {
      return new TextDecoder(candidate).encoding;
    } catch {
      /* not a label: the next spelling */
    }
  }
  return null;
}
/** Windows' East Asian code pages, which the Encoding Standard's decoders for these labels read. */
const CODE_PAGES: Record<string, string> = { "932": "shift_jis", "936": "gbk", "949": "euc-kr", "950": "big5" };

/**
 * Windows-1252 bytes as text, through a 256-entry table: Node 20's decoder reads the label as
 * ISO-8859-1 (U+0092 for "’"), and fixing that afterwards character by character is slow on
 * megabytes of such bytes.
 */
function windows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) units[i] = WINDOWS_1252_TABLE[bytes[i]!]!;
  return Buffer.from(units.buffer, units.byteOffset, units.byteLength).toString("utf16le");
}

/** Windows-1252's printable characters at 0x80–0x9F (five bytes have none and stay as they are). */
const WINDOWS_1252_C1 = "€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008DŽ\u008F\u0090‘’“”•–—˜™š›œ\u009DžŸ";
const WINDOWS_1252_TABLE = Uint16Array.from({ length: 256 }, (_, b) => (b >= 0x80 && b <= 0x9f ? WINDOWS_1252_C1.charCodeAt(b - 0x80) : b));

/**
 * C1 control characters read as windows-1252's punctuation: old feeds write "&#146;" for "’",
 * which HTML5 reads as windows-1252 does (bytes are decoded through the table above).
 */
export function withWindows1252Punctuation(text: string): string {
  return /[\u0080-\u009F]/.test(text) ? text.replace(/[\u0080-\u009F]/g, (c) => WINDOWS_1252_C1[c.charCodeAt(0) - 0x80]!) : text;
}
