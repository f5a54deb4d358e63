/** A score as a ring with its number and a word, so the grade never rests on colour alone. */
export function rating(score: number): { word: string; colour: string } {
  if (score >= 90) return { word: "Good", colour: "#15803d" };
  if (score >= 50) return { word: "Needs work", colour: "#b45309" };
  return { word: "Poor", colour: "#b91c1c" };
}

export function ScoreRing({ label, score }: { label: string; score: number | null }) {
  const r = 34;
  const circumference = 2 * Math.PI * r;
  const value = score ?? 0;
  const { word, colour } = score === null ? { word: "Not scored", colour: "#71717a" } : rating(value);
  return (
    <figure className="flex w-28 flex-col items-center text-center">
      <svg viewBox="0 0 80 80" width="80" height="80" role="img" aria-label={`${label}: ${score ?? "not scored"} out of 100, ${word}`}>
        <circle cx="40" cy="40" r={r} fill="none" stroke="currentColor" strokeOpacity="0.15" strokeWidth="8" />
        <circle
          cx="40"
          cy="40"
          r={r}
          fill="none"
          stroke={colour}
          strokeWidth="8"
          strokeLinecap="round"
          strokeDasharray={`${(value / 100) * circumference} ${circumference}`}
          transform="rotate(-90 40 40)"
        />
        <text x="40" y="46" textAnchor="middle" fontSize="20" fontWeight="600" fill="currentColor">
          {score ?? "–"}
        </text>
      </svg>
      <figcaption className="mt-1 text-sm font-medium">{label}</figcaption>
      <span className="text-xs text-zinc-700 dark:text-zinc-300">{word}</span>
    </figure>
  );
}
