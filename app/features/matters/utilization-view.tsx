import { useSearchParams } from "@remix-run/react";
import clsx from "clsx";
import { useEffect } from "react";
import { Avatar } from "~/components/avatar";
import { isUtilizationSortKey, utilizationNaturalDir, type UtilizationSort } from "~/domain/matters/report-sorts";
import { reportAddress } from "~/domain/matters/report-address";
import type { UtilizationReport } from "~/domain/matters/reports.types";
import { ReportPager } from "./report-pager";
import { nextSort, readStoredChoice, storeChoice, type SortChoice } from "./stored-sort";
import { SortHeader, StatusDot } from "./status-dot";

/**
 * The Utilization tab (spec: planning.md, "Utilization table"; maths in decision 0130):
 * one column per week with billable hours and non-billable in grey, each week sortable by
 * billable or by 'NB'; the legend stands above the table from 768 px up. The server answers one
 * page of 50 in the asked order (decision 0226, as the Detailed tab, decision 0205): the order
 * and page live in the address, and the order kept in browser storage is put there on arrival.
 */
type SortKey = UtilizationSort;
const STORED = "utilization.sort";
const isUtilizationSort = (v: unknown): v is SortChoice<SortKey> =>
  typeof v === "object" &&
  v !== null &&
  isUtilizationSortKey((v as SortChoice<SortKey>).key) &&
  ((v as SortChoice<SortKey>).dir === "asc" || (v as SortChoice<SortKey>).dir === "desc");

const percent = (n: number | null) => (n === null ? "–" : `${n} %`);

export const NOT_IN_TIME_KEEPING = "Not in time keeping";
/** The name column stays in view while the weeks scroll sideways (issue 27, item 16). */
const STICKY_HEAD = "sticky left-0 z-[1] bg-slate-50 shadow-[1px_0_0_0_theme(colors.slate.200)]";
const STICKY_CELL = "sticky left-0 z-[1] bg-white shadow-[1px_0_0_0_theme(colors.slate.200)]";

export function UtilizationView({ report }: { report: UtilizationReport }) {
  const [params, setParams] = useSearchParams();
  const { sort, rows } = report;
  const go = (next: SortChoice<SortKey>, page: number, replace = false) =>
    setParams(reportAddress(new URLSearchParams(window.location.search), next, page), { preventScrollReset: true, replace });
  // Arriving without an order in the address: the one kept in this browser, if any (a week
  // sort past this report's weeks is dropped).
  useEffect(() => {
    if (params.has("order")) return;
    const stored = readStoredChoice(STORED, isUtilizationSort);
    const week = stored ? /^(?:w|nb)(\d+)$/.exec(stored.key) : null;
    if (stored && !(week && Number(week[1]) >= report.weeks.length) && (stored.key !== sort.key || stored.dir !== sort.dir)) go(stored, 1, true);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);
  const sortBy = (key: SortKey) => {
    const next = nextSort(sort, key, utilizationNaturalDir(key));
    storeChoice(STORED, next);
    go(next, 1);
  };
  // The week, average and utilization columns a person outside time keeping has no figures for.
  const hoursColumns = report.weeks.length + 1 + (report.months ? 2 : 1);
  const header = (label: string, key: SortKey, className?: string) => (
    <SortHeader label={label} active={sort.key === key} dir={sort.dir} onClick={() => sortBy(key)} className={className} />
  );
  return (
    <section aria-label={report.others ? "Utilization" : "My Utilization"} className="space-y-3">
      {/* In the flow above the table, from 768 px up: it never covers a row (issue 27, item 16). */}
      <p
        data-testid="utilization-legend"
        className="hidden w-fit items-center gap-4 rounded-full bg-white px-4 py-2 text-xs text-slate-700 shadow-sm ring-1 ring-slate-200 md:flex"
      >
        <span>
          <span className="font-semibold text-slate-900">12.0</span> billable hours
        </span>
        <span>
          <span className="text-slate-500">3.0</span> non-billable
        </span>
        <span>Utilization: billable hours against {report.rows[0] ? `${report.rows[0].targetHours} h` : "the target"} a week</span>
      </p>
      <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        <table className="min-w-full text-sm" data-testid="utilization-table">
          <caption className="sr-only">Billable hours per week and utilization against the weekly target</caption>
          <thead className="bg-slate-50">
            <tr>
              {header("Name/Title", "name", STICKY_HEAD)}
              {header("Current status", "status")}
              {header("Forecast", "forecast")}
              {header("Average status", "avgStatus")}
              {/* The summary before the weeks, so it is in view at 1280 px (issue 27, item 16). */}
              {header("Average", "average", "text-right")}
              {report.months ? (
                <>
                  {header("Last month", "lastMonth", "text-right")}
                  {header("This month", "thisMonth", "text-right")}
                </>
              ) : (
                header("Utilization", "utilization", "text-right")
              )}
              {report.weeks.map((w, i) => (
                <th
                  key={w.weekStart}
                  scope="col"
                  aria-sort={sort.key === `w${i}` || sort.key === `nb${i}` ? (sort.dir === "asc" ? "ascending" : "descending") : "none"}
                  className="px-2 py-2 text-right"
                >
                  <button
                    type="button"
                    onClick={() => sortBy(`w${i}`)}
                    className="text-xs font-semibold tracking-wide text-slate-600 uppercase hover:text-slate-900"
                    aria-label={`Sort by billable hours in week ${w.weekNumber}`}
                  >
                    W{w.weekNumber}
                  </button>
                  <button
                    type="button"
                    onClick={() => sortBy(`nb${i}`)}
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
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((r) => (
              <tr key={r.userId}>
                <th scope="row" className={clsx(STICKY_CELL, "px-3 py-2 text-left font-normal")}>
                  <div className="flex min-w-44 items-center gap-2">
                    <Avatar name={r.displayName} src={r.profilePicture} size="sm" />
                    <div>
                      <div className="font-medium text-slate-900">{r.displayName}</div>
                      <div className="text-xs text-slate-600">{r.title}</div>
                    </div>
                  </div>
                </th>
                <td className="px-3 py-2">
                  <StatusDot level={r.currentWorkload} away={r.away} />
                </td>
                <td className="px-3 py-2">
                  <StatusDot level={r.futureWorkload} />
                </td>
                <td className="px-3 py-2">{r.avgWorkload === null ? "–" : <StatusDot level={Math.round(r.avgWorkload)} />}</td>
                {r.inTimeKeeping ? (
                  <>
                    <td className="px-3 py-2 text-right tabular-nums">{r.weeklyAverage.toFixed(1)}</td>
                    {report.months ? (
                      <>
                        <td className="px-3 py-2 text-right tabular-nums">{percent(r.utilizationAverageLastMonth)}</td>
                        <td className="px-3 py-2 text-right tabular-nums">{percent(r.utilizationAverageThisMonth)}</td>
                      </>
                    ) : (
                      <td className="px-3 py-2 text-right font-medium tabular-nums">{percent(r.utilizationAverage)}</td>
                    )}
                    {r.weeklyOverview.map((w, i) => (
                      <td key={report.weeks[i]?.weekStart ?? i} className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                        <span className="text-slate-900">{w.billableHours.toFixed(1)}</span>
                        <span className="ml-1 text-xs text-slate-500" title="Non-billable hours">
                          {(w.totalHours - w.billableHours).toFixed(1)}
                        </span>
                      </td>
                    ))}
                  </>
                ) : (
                  // No hours to show is not zero hours: say why (issue 27, item 16).
                  <td colSpan={hoursColumns} className="px-3 py-2 whitespace-nowrap text-slate-600" data-testid="not-in-time-keeping">
                    {NOT_IN_TIME_KEEPING}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ReportPager report={report} shown={rows.length} noun="people" link={(page) => `?${reportAddress(params, sort, page).toString()}`} />
    </section>
  );
}
