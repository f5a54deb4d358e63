import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CopyField } from "@/components/copy-field";
import { ScoreRing } from "@/components/score-ring";
import { VerifiedMark } from "@/components/verified-mark";
import type { ReadinessReport } from "@/lib/capabilities/agent-readiness";
import type { QuickAuditReport } from "@/lib/capabilities/quick-audit";
import { publicUrl } from "@/lib/config";
import { getReport } from "@/lib/reports/store";

export const dynamic = "force-dynamic";

type Params = { params: Promise<{ id: string }> };

export async function generateMetadata({ params }: Params): Promise<Metadata> {
  const { id } = await params;
  const stored = await getReport(id);
  const url = stored ? String(stored.report.final_url ?? stored.report.url) : id;
  return {
    alternates: { canonical: `/reports/${id}` },
    title: `Report for ${url} — Website Intelligence`,
    description: `A signed ${stored?.kind === "agent-readiness" ? "Agent Readiness" : "Quick Intelligence"} report for ${url}: scores, checks and fixes.`,
  };
}

export default async function ReportPage({ params }: Params) {
  const { id } = await params;
  const stored = await getReport(id);
  if (!stored) notFound();
  const report = stored.report;
  const host = new URL(String(report.final_url ?? report.url)).hostname;
  const badge = `${publicUrl()}/v1/badge?url=${encodeURIComponent(host)}`;
  const permalink = `${publicUrl()}/reports/${id}`;
  return (
    <main id="main" className="mx-auto max-w-4xl px-4 py-10">
      <p className="text-sm text-zinc-700 dark:text-zinc-300">
        {stored.kind === "agent-readiness" ? "Agent Readiness report" : "Quick Intelligence Audit"}
      </p>
      <h1 className="mt-1 break-words text-2xl font-semibold tracking-tight">{String(report.final_url ?? report.url)}</h1>
      <p className="mt-2 text-sm text-zinc-700 dark:text-zinc-300">
        Audited {new Date(String(report.fetched_at)).toUTCString()} · report <code>{id}</code>
      </p>
      {/* Its own line with room for the longest message: the check's answer moves nothing. */}
      <p className="mt-1 min-h-12 text-sm sm:min-h-6">
        <VerifiedMark report={report} />
      </p>
      {stored.kind === "agent-readiness" ? (
        <Readiness report={report as unknown as ReadinessReport} />
      ) : (
        <Quick report={report as unknown as QuickAuditReport} />
      )}
      <section className="mt-10" aria-labelledby="share">
        <h2 id="share" className="text-xl font-semibold">
          Share and embed
        </h2>
        <p className="mt-2">
          <a className="underline" href={`/reports/${id}/report.json`}>
            Download the signed JSON
          </a>{" "}
          (verify it any time with <code>POST /v1/verify</code>).
        </p>
        <img
          className="mt-4"
          src={`/v1/badge?url=${encodeURIComponent(host)}`}
          alt={`Website Intelligence score badge for ${host}`}
          height={20}
        />
        <CopyField label="Badge in Markdown" value={`[![Website Intelligence score](${badge})](${permalink})`} />
        <CopyField
          label="Badge in HTML"
          value={`<a href="${permalink}"><img src="${badge}" alt="Website Intelligence score for ${host}" height="20"></a>`}
        />
        <CopyField label="Permalink" value={permalink} />
      </section>
    </main>
  );
}

function Quick({ report }: { report: QuickAuditReport }) {
  const categories = Object.entries(report.checks);
  return (
    <>
      <section aria-labelledby="scores" className="mt-8">
        <h2 id="scores" className="sr-only">
          Scores
        </h2>
        <div className="flex flex-wrap gap-4">
          <ScoreRing label="Overall" score={report.overall_score} />
          <ScoreRing label="Performance" score={report.scores.performance} />
          <ScoreRing label="SEO" score={report.scores.seo} />
          <ScoreRing label="Accessibility" score={report.scores.accessibility} />
          <ScoreRing label={`Security (${report.security_grade})`} score={report.scores.security} />
          <ScoreRing label="Website intelligence" score={report.website_intelligence_score} />
        </div>
        <p className="mt-3 text-sm text-zinc-700 dark:text-zinc-300">
          HTTP {report.http_status} · first byte {report.timing_ms.ttfb} ms · total {report.timing_ms.total} ms
        </p>
      </section>
      {report.issues.length ? (
        <section aria-labelledby="todo" className="mt-8">
          <h2 id="todo" className="text-xl font-semibold">
            To do ({report.issues.length})
          </h2>
          <ul className="mt-3 space-y-2">
            {report.issues.map((issue, i) => (
              <li key={i} className="flex gap-2">
                <input type="checkbox" id={`todo-${i}`} className="mt-1" />
                <label htmlFor={`todo-${i}`}>{issue}</label>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {categories.map(([category, checks]) => (
        <section key={category} aria-labelledby={`cat-${category}`} className="mt-8">
          <h2 id={`cat-${category}`} className="text-xl font-semibold capitalize">
            {category} — {checks.filter((c) => c.pass).length} of {checks.length} pass
          </h2>
          <ul className="mt-3 divide-y divide-zinc-200 dark:divide-zinc-800">
            {checks.map((c) => (
              <CheckItem key={c.id} name={c.title ?? c.id} pass={c.pass} detail={c.detail} fix={c.fix} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

const STATUS_WORDS: Record<string, string> = { pass: "Pass", partial: "Partial", fail: "Fail", not_applicable: "Not applicable" };
const STATUS_CLASS: Record<string, string> = {
  pass: "text-green-800 dark:text-green-300",
  partial: "text-amber-800 dark:text-amber-300",
  fail: "text-red-800 dark:text-red-300",
  not_applicable: "text-zinc-700 dark:text-zinc-300",
};

function Readiness({ report }: { report: ReadinessReport }) {
  return (
    <>
      <section aria-labelledby="scores" className="mt-8">
        <h2 id="scores" className="sr-only">
          Score
        </h2>
        <div className="flex flex-wrap items-center gap-6">
          <ScoreRing label={`Readiness (${report.grade})`} score={report.score} />
          <p className="max-w-xl">
            {report.summary} Classified as <strong>{report.classification.replace("_", " ")}</strong> (confidence{" "}
            {Math.round(report.confidence * 100)}%); {report.coverage.requests_used} of {report.coverage.request_budget} extra requests
            used.
          </p>
        </div>
      </section>
      {report.remediation.length ? (
        <section aria-labelledby="todo" className="mt-8">
          <h2 id="todo" className="text-xl font-semibold">
            To do, most important first
          </h2>
          <ol className="mt-3 list-decimal space-y-2 pl-6">
            {report.remediation.map((r) => (
              <li key={r.priority}>
                <span className="text-sm text-zinc-700 dark:text-zinc-300">{r.surface.replace("_", " ")}:</span> {r.action}
              </li>
            ))}
          </ol>
        </section>
      ) : null}
      {report.surfaces.map((s) => (
        <section key={s.id} aria-labelledby={`surface-${s.id}`} className="mt-8">
          <h2 id={`surface-${s.id}`} className="text-xl font-semibold capitalize">
            {s.id.replace("_", " ")} — <span className={STATUS_CLASS[s.status]}>{STATUS_WORDS[s.status]}</span>
            {s.score === null ? "" : ` (${s.score}/100)`}
          </h2>
          <p className="mt-1">{s.reason}</p>
          <ul className="mt-2 divide-y divide-zinc-200 dark:divide-zinc-800">
            {s.checks.map((c) => (
              <CheckItem key={c.id} name={c.id} pass={c.pass} detail={c.detail} fix={c.fix} />
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

/** One check: pass or fail in words (colour is never the only carrier), its detail and fix. */
function CheckItem({ name, pass, detail, fix }: { name: string; pass: boolean; detail: string; fix?: string }) {
  return (
    <li className="py-2">
      <span className={`font-medium ${pass ? STATUS_CLASS.pass : STATUS_CLASS.fail}`}>{pass ? "Pass" : "Fail"}</span> {name}
      <p className="text-sm text-zinc-700 dark:text-zinc-300">{detail}</p>
      {!pass && fix ? <p className="text-sm">Fix: {fix}</p> : null}
    </li>
  );
}
