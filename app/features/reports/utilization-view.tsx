import clsx from "clsx";
import { useMemo } from "react";
import { Avatar } from "~/components/avatar";
import type { UtilizationReport, UtilizationRow } from "~/domain/matters/reports.server";
import { isSortChoice, nextSort, useStoredChoice, type SortChoice } from "./stored-sort";
import { SortHeader, StatusDot } from "./status-dot";

/**
 * The Utilization tab (spec: planning.md, "Utilization table"; maths in decision 0130):
 * one column per week with billable hours and non-billable in grey, each week sortable by
 * billable or by 'NB'; the sort is remembered in this browser; the legend floats at the
 * bottom from 768 px up.
 */
type SortKey = "name" | "status" | "forecast" | "average" | "utilization" | "lastMonth" | "thisMonth" | "avgStatus" | `w${number}` | `nb${number}`;
const FIXED: SortKey[] = ["name", "status", "forecast", "average", "utilization", "lastMonth", "thisMonth", "avgStatus"];
const isKey = (v: unknown): v is SortKey => typeof v === "string" && (FIXED.includes(v as SortKey) || /^(w|nb)\d{1,2}$/.test(v));
const isUtilizationSort = (v: unknown): v is SortChoice<SortKey> =>
  typeof v === "object" && v !== null && isKey((v as SortChoice<SortKey>).key) && isSortChoice([(v as SortChoice<SortKey>).key])(v);

const percent = (n: number | null) => (n === null ? "–" : `${n} %`);

export function UtilizationView({ report }: { report: UtilizationReport }) {
  const [sort, setSort] = useStoredChoice<SortChoice<SortKey>>("utilization.sort", { key: "name", dir: "asc" }, isUtilizationSort);
  const rows = useMemo(() => sortRows(report.rows, sort), [report.rows, sort]);
  const header = (label: string, key: SortKey, natural: "asc" | "desc" = "desc", className?: string) => (
    <SortHeader label={label} active={sort.key === key} dir={sort.dir} onClick={() => setSort(nextSort(sort, key, natural))} className={className} />
  );
  return (
    <section aria-label={report.others ? "Utilization" : "My Utilization"} className="space-y-3 pb-16">
      <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        <table className="min-w-full text-sm" data-testid="utilization-table">
          <caption className="sr-only">Billable hours per week and utilization against the weekly target</caption>
          <thead className="bg-slate-50">
            <tr>
              {header("Name/Title", "name", "asc")}
              {header("Current status", "status", "asc")}
              {header("Forecast", "forecast", "asc")}
              {report.weeks.map((w, i) => (
                <th
                  key={w.weekStart}
                  scope="col"
                  aria-sort={sort.key === `w${i}` || sort.key === `nb${i}` ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}
                  className="px-2 py-2 text-right"
                >
                  <button
                    type="button"
                    onClick={() => setSort(nextSort(sort, `w${i}`, "desc"))}
                    className="text-xs font-semibold tracking-wide text-slate-600 uppercase hover:text-slate-900"
                    aria-label={`Sort by billable hours in week ${w.weekNumber}`}
                  >
                    W{w.weekNumber}
                  </button>
                  <button
                    type="button"
                    onClick={() => setSort(nextSort(sort, `nb${i}`, "desc"))}
                    className={clsx(
                      "ml-1 text-[10px] font-semibold hover:text-slate-900",
                      sort.key === `nb${i}` ? "text-brand-700" : "text-slate-500",
                    )}
                    aria-label={`Sort by non-billable hours in week ${w.weekNumber}`}
                  >
                    NB
                  </button>
                </th>
              ))}
              {header("Average", "average", "desc", "text-right")}
              {report.months ? (
                <>
                  {header("Last month", "lastMonth", "desc", "text-right")}
                  {header("This month", "thisMonth", "desc", "text-right")}
                </>
              ) : (
                header("Utilization", "utilization", "desc", "text-right")
              )}
              {header("Average status", "avgStatus", "desc")}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.userId}>
                <td className="px-3 py-2">
                  <div className="flex min-w-44 items-center gap-2">
                    <Avatar name={r.displayName} src={r.profilePicture} size="sm" />
                    <div>
                      <div className="font-medium text-slate-900">{r.displayName}</div>
                      <div className="text-xs text-slate-600">{r.title}</div>
                    </div>
                  </div>
                </td>
                <td className="px-3 py-2">
                  <StatusDot level={r.currentWorkload} away={r.away} />
                </td>
                <td className="px-3 py-2">
                  <StatusDot level={r.futureWorkload} />
                </td>
                {r.weeklyOverview.map((w, i) => (
                  <td key={report.weeks[i]?.weekStart ?? i} className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                    <span className="text-slate-900">{w.billableHours.toFixed(1)}</span>
                    <span className="ml-1 text-xs text-slate-500" title="Non-billable hours">
                      {(w.totalHours - w.billableHours).toFixed(1)}
                    </span>
                  </td>
                ))}
                <td className="px-3 py-2 text-right tabular-nums">{r.weeklyAverage.toFixed(1)}</td>
                {report.months ? (
                  <>
                    <td className="px-3 py-2 text-right tabular-nums">{percent(r.utilizationAverageLastMonth)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">{percent(r.utilizationAverageThisMonth)}</td>
                  </>
                ) : (
                  <td className="px-3 py-2 text-right font-medium tabular-nums">{percent(r.utilizationAverage)}</td>
                )}
                <td className="px-3 py-2">{r.avgWorkload === null ? "–" : <StatusDot level={Math.round(r.avgWorkload)} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div
        data-testid="utilization-legend"
        className="fixed bottom-4 left-1/2 z-10 hidden -translate-x-1/2 items-center gap-4 rounded-full bg-white px-4 py-2 text-xs text-slate-700 shadow-md ring-1 ring-slate-200 md:flex"
      >
        <span>
          <span className="font-semibold text-slate-900">12.0</span> billable hours
        </span>
        <span>
          <span className="text-slate-500">3.0</span> non-billable
        </span>
        <span>Utilization: billable hours against {report.rows[0] ? `${report.rows[0].targetHours} h` : "the target"} a week</span>
      </div>
    </section>
  );
}

function sortRows(rows: UtilizationRow[], sort: SortChoice<SortKey>) {
  const sign = sort.dir === "asc" ? 1 : -1;
  const value = (r: UtilizationRow): number | string => {
    const week = /^(w|nb)(\d+)$/.exec(sort.key);
    if (week) {
      const w = r.weeklyOverview[Number(week[2])];
      if (!w) return 0;
      return week[1] === "w" ? w.billableHours : w.totalHours - w.billableHours;
    }
    switch (sort.key) {
      case "name":
        return r.displayName;
      case "status":
        return r.away ? 4 : (r.currentWorkload ?? 5);
      case "forecast":
        return r.futureWorkload ?? 5;
      case "average":
        return r.weeklyAverage;
      case "utilization":
        return r.utilizationAverage ?? -1;
      case "lastMonth":
        return r.utilizationAverageLastMonth ?? -1;
      case "thisMonth":
        return r.utilizationAverageThisMonth ?? -1;
      default:
        return r.avgWorkload ?? -1;
    }
  };
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    const c = typeof va === "string" ? va.localeCompare(vb as string) : va - (vb as number);
    return sign * c || a.displayName.localeCompare(b.displayName);
  });
}
