import clsx from "clsx";
import { useState } from "react";
import { Avatar } from "~/components/avatar";
import { Button } from "~/components/button";
import { projectScore } from "~/domain/projects/project-list";
import { nearestLevel, workloadColorClass } from "~/domain/workload/levels";
import { downloadWithProgress } from "~/lib/download";
import { useFormat, type Formatter } from "~/lib/format";
import { useT, type Translate } from "~/lib/i18n/i18n";

/** A day as the lists show it, in the reader's locale (`fmt`, from useFormat): "5 Jan 2026", "Jan 5, 2026". */
export function formatDay(iso: string | null, fmt: Formatter): string {
  if (!iso) return "–";
  return fmt.dayMonthYear(iso);
}

/** A project's dates: "5 Jan 2026 – 31 Mar 2026", "From 5 Jan 2026", "Until …" or "No dates". */
export function dateRange(start: string | null, end: string | null, fmt: Formatter, t: Translate): string {
  if (start && end) return `${formatDay(start, fmt)} – ${formatDay(end, fmt)}`;
  if (start) return t("projects.dates.from", { date: formatDay(start, fmt) });
  if (end) return t("projects.dates.until", { date: formatDay(end, fmt) });
  return t("projects.dates.none");
}

/** The first members' faces, then '+N' for the rest. */
export function AvatarGroup({ people, total }: { people: { _id: string; name: string; profilePicture: string | null }[]; total: number }) {
  const t = useT();
  const rest = total - people.length;
  return (
    <span className="flex items-center -space-x-2" aria-label={t("projects.membersCount", { count: total })} role="img">
      {people.map((p) => (
        <span key={p._id} className="rounded-full ring-2 ring-white" title={p.name}>
          <Avatar name={p.name} src={p.profilePicture} size="sm" />
        </span>
      ))}
      {rest > 0 ? (
        <span className="inline-flex h-8 min-w-8 items-center justify-center rounded-full bg-slate-200 px-1.5 text-xs font-semibold text-slate-700 ring-2 ring-white">
          +{rest}
        </span>
      ) : null}
    </span>
  );
}

/**
 * A workload on the one scale (issue 27, item 14): the level's colour, its number (1 Available to
 * 4 Seriously busy) and, for screen readers and on hover, its name. `label` says whose workload.
 */
export function WorkloadScore({ workload, label }: { workload: number | null; label: string }) {
  const t = useT();
  const level = nearestLevel(workload);
  const name = level === null ? t("projects.noData") : t(`workload.level${level as 0 | 1 | 2 | 3}`);
  return (
    <span
      className="inline-flex min-w-10 items-center justify-center gap-1.5 rounded-md bg-slate-100 px-2 py-1 text-sm font-semibold text-slate-800"
      title={`${label}: ${name}`}
    >
      <span aria-hidden="true" className={clsx("h-2.5 w-2.5 shrink-0 rounded-full", workloadColorClass(level))} />
      <span className="sr-only">{`${label}: ${name}, `}</span>
      {projectScore(workload)}
    </span>
  );
}

/** The project's score: average workload + 1 with one decimal, coloured as its nearest level. */
export function ProjectScore({ averageWorkload }: { averageWorkload: number | null }) {
  const t = useT();
  return <WorkloadScore workload={averageWorkload} label={t("projects.averageWorkload")} />;
}

/** Ids longer than this go as 'all' would be wrong for a filter, so the list's ids are sent; past it the URL gets too long. */
const MAX_IDS_IN_URL = 300;

/**
 * Downloads the projects summary workbook and shows how far it has come while it streams: the
 * share of Content-Length when the server sends one, otherwise the kilobytes received (the
 * workbook is written as it is sent, decision 0211); then saves it as report.xlsx.
 */
export function ExportButton({ ids, all }: { ids: string[]; all: boolean }) {
  const [progress, setProgress] = useState<number | null>(null);
  const [received, setReceived] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const tooMany = !all && ids.length > MAX_IDS_IN_URL;
  const fmt = useFormat();
  const t = useT();
  async function download() {
    setError(null);
    setProgress(0);
    setReceived(null);
    try {
      const encoded = all ? "all" : encodeURIComponent(ids.join(","));
      await downloadWithProgress(`/api/projectsSummary/${encoded}/report.xlsx`, {}, "report.xlsx", (bytes, total) => {
        setProgress(total ? Math.min(99, Math.round((bytes / total) * 100)) : 0);
        setReceived(total ? null : bytes);
      });
      setProgress(100);
      setTimeout(() => setProgress(null), 1500);
    } catch (e) {
      setProgress(null);
      setError(e instanceof Error ? e.message : t("projects.exportFailed"));
    }
  }
  const busy = progress !== null && progress < 100;
  return (
    <span className="inline-flex items-center gap-3">
      <Button
        variant="secondary"
        onClick={download}
        disabled={busy || tooMany || (!all && ids.length === 0)}
        title={tooMany ? t("projects.exportNarrow") : undefined}
      >
        {busy ? t("projects.exporting") : t("projects.export")}
      </Button>
      <span role="status" className="text-sm text-slate-600">
        {progress !== null ? (
          <span className="inline-flex items-center gap-2">
            {progress < 100 && received !== null ? (
              <>
                <progress className="h-2 w-24" aria-label={t("projects.exportProgress")} />
                {t("projects.kilobytes", { count: fmt.count(Math.round(received / 1024)) })}
              </>
            ) : (
              <>
                <progress max={100} value={progress} className="h-2 w-24" aria-label={t("projects.exportProgress")} />
                {progress === 100 ? t("projects.exportDone") : `${progress}%`}
              </>
            )}
          </span>
        ) : null}
        {error ? <span className="text-red-700">{error}</span> : null}
      </span>
    </span>
  );
}
