/** Colours by score band, paired with the number itself (never colour alone). */
function colour(score: number | null): string {
  if (score === null) return "#5f6368";
  if (score >= 90) return "#1e7d34";
  if (score >= 75) return "#4d7c0f";
  if (score >= 50) return "#b45309";
  return "#b91c1c";
}

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c]!);

/**
 * An accessible SVG badge ("website intelligence | 87/100", or "not audited"): role="img",
 * a <title> and an aria-label that say the same as the picture.
 */
export function badgeSvg(host: string, score: number | null): string {
  const label = "website intelligence";
  const value = score === null ? "not audited" : `${score}/100`;
  const width = (text: string) => Math.round(text.length * 6.6 + 12);
  const lw = width(label);
  const vw = width(value);
  const title = escapeXml(
    score === null ? `${host}: not audited by Website Intelligence` : `${host}: website intelligence score ${score} out of 100`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${lw + vw}" height="20" role="img" aria-label="${title}"><title>${title}</title>
<rect width="${lw}" height="20" fill="#374151"/><rect x="${lw}" width="${vw}" height="20" fill="${colour(score)}"/>
<g fill="#fff" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11" text-anchor="middle">
<text x="${lw / 2}" y="14">${label}</text><text x="${lw + vw / 2}" y="14">${escapeXml(value)}</text></g></svg>`;
}
