import { gradeFor, MINIMUM_SCORE_FOR_EXTRA_CREDIT, SCORE_TABLE, type Expectation } from "./table";
import { SECURITY_TESTS, type SecurityInput } from "./tests";

export type { SecurityInput } from "./tests";

export interface SecurityTestResult {
  id: string;
  expectation: Expectation;
  modifier: number;
  pass: boolean;
  detail: string;
  fix?: string;
}

export interface SecurityResult {
  /** The Observatory score: 100 plus penalties, plus bonuses when penalties leave ≥ 90; may exceed 100. */
  score: number;
  grade: string;
  tests: SecurityTestResult[];
}

/** Grades one response on the MDN HTTP Observatory model (tests, score table, grade chart). */
export function gradeSecurity(input: SecurityInput): SecurityResult {
  const tests = SECURITY_TESTS.map(([id, test]): SecurityTestResult => {
    const expectation = test(input);
    const entry: { modifier: number; detail: string; fix: string; pass?: boolean } = SCORE_TABLE[expectation];
    const pass = entry.pass ?? entry.modifier >= 0;
    return { id, expectation, modifier: entry.modifier, pass, detail: entry.detail, ...(!pass || entry.fix ? { fix: entry.fix } : {}) };
  });
  const penalties = tests.reduce((s, t) => s + Math.min(t.modifier, 0), 0);
  const bonuses = tests.reduce((s, t) => s + Math.max(t.modifier, 0), 0);
  const base = 100 + penalties;
  const score = Math.max(0, base >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? base + bonuses : base);
  return { score, grade: gradeFor(score), tests };
}
