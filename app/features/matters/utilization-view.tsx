import { useSearchParams } from "@remix-run/react";
import clsx from "clsx";
import { useEffect } from "react";
import { Avatar } from "~/components/avatar";
import { isUtilizationSortKey, utilizationNaturalDir, type UtilizationSort } from "~/domain/matters/report-sorts";
import { reportAddress } from "~/domain/matters/report-address";
import type { UtilizationReport } from "~/domain/matters/reports.types";
import { ReportPager } from "./report-pager";
import { nextSort, readStoredChoice, storeChoice, type SortChoice } from "./stored-sort";
import { ariaSortOf, SortBy, StatusDot } from "./status-dot";
import { useT } from "~/lib/i18n/i18n";

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

/** An empty cell: a dash, the same in every language. */
const NONE = "–";
const percent = (n: number | null) => (n === null ? NONE : `${n} %`);
/** The name column stays in view while the weeks scroll sideways (issue 27, item 16). */
const STICKY_HEAD = "sticky left-0 z-[1] bg-slate-50 shadow-[1px_0_0_0_theme(colors.slate.200)]";
const STICKY_CELL = "sticky left-0 z-[1] bg-white shadow-[1px_0_0_0_theme(colors.slate.200)]";

export function UtilizationView({ report }: { report: UtilizationReport }) {
  const t = useT();
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
  return (
    <section aria-label={report.others ? t("matters.utilization") : t("matters.myUtilization")} className="space-y-3">
      {/* In the flow above the table, from 768 px up: it never covers a row (issue 27, item 16). */}
      <p
        data-testid="utilization-legend"
        className="hidden w-fit items-center gap-4 rounded-full bg-white px-4 py-2 text-xs text-slate-700 shadow-sm ring-1 ring-slate-200 md:flex"
      >
        <span>
          <span className="font-semibold text-slate-900">12.0</span> {t("matters.legend.billable")}
        </span>
        <span>
          <span className="text-slate-500">3.0</span> {t("matters.legend.nonBillable")}
        </span>
        <span>
          {t("matters.legend.target", {
            target: report.rows[0] ? t("projects.hoursValue", { hours: report.rows[0].targetHours }) : t("matters.legend.theTarget"),
          })}
        </span>
      </p>
      <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        <table className="min-w-full text-sm" data-testid="utilization-table">
          <caption className="sr-only">{t("matters.utilizationCaption")}</caption>
          <thead className="bg-slate-50">
            <tr>
              <SortBy<SortKey> sortKey="name" label={t("matters.col.nameTitle")} sort={sort} onSort={sortBy} className={STICKY_HEAD} />
              <SortBy<SortKey> sortKey="status" label={t("matters.col.currentStatus")} sort={sort} onSort={sortBy} />
              <SortBy<SortKey> sortKey="forecast" label={t("matters.col.forecast")} sort={sort} onSort={sortBy} />
              <SortBy<SortKey> sortKey="avgStatus" label={t("matters.col.averageStatus")} sort={sort} onSort={sortBy} />
              {/* The summary before the weeks, so it is in view at 1280 px (issue 27, item 16). */}
              <SortBy<SortKey> sortKey="average" label={t("matters.col.average")} sort={sort} onSort={sortBy} className="text-right" />
              {report.months ? (
                <>
                  <SortBy<SortKey> sortKey="lastMonth" label={t("matters.col.lastMonth")} sort={sort} onSort={sortBy} className="text-right" />
                  <SortBy<SortKey> sortKey="thisMonth" label={t("matters.col.thisMonth")} sort={sort} onSort={sortBy} className="text-right" />
                </>
              ) : (
                <SortBy<SortKey> sortKey="utilization" label={t("matters.col.utilization")} sort={sort} onSort={sortBy} className="text-right" />
              )}
              {report.weeks.map((w, i) => (
                <th
                  key={w.weekStart}
                  scope="col"
                  aria-sort={ariaSortOf(sort.key === `w${i}` || sort.key === `nb${i}`, sort.dir)}
                  className="px-2 py-2 text-right"
                >
                  <button
                    type="button"
                    onClick={() => sortBy(`w${i}`)}
                    className="text-xs font-semibold tracking-wide text-slate-600 uppercase hover:text-slate-900"
                    aria-label={t("matters.sortBillable", { week: w.weekNumber })}
                  >
                    {t("matters.week", { week: w.weekNumber })}
                  </button>
                  <button
                    type="button"
                    onClick={() => sortBy(`nb${i}`)}
                    className={clsx(
                      "ml-1 text-[10px] font-semibold hover:text-slate-900",
                      sort.key === `nb${i}` ? "text-brand-700" : "text-slate-500",
                    )}
                    aria-label={t("matters.sortNonBillable", { week: w.weekNumber })}
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
                <td className="px-3 py-2">{r.avgWorkload === null ? NONE : <StatusDot level={Math.round(r.avgWorkload)} />}</td>
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
                        <span className="ml-1 text-xs text-slate-500" title={t("matters.nonBillableHours")}>
                          {(w.totalHours - w.billableHours).toFixed(1)}
                        </span>
                      </td>
                    ))}
                  </>
                ) : (
                  // No hours to show is not zero hours: say why (issue 27, item 16).
                  <td colSpan={hoursColumns} className="px-3 py-2 whitespace-nowrap text-slate-600" data-testid="not-in-time-keeping">
                    {t("matters.notInTimeKeeping")}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <ReportPager
        report={report}
        shown={rows.length}
        noun={t("matters.noun.people")}
        link={(page) => `?${reportAddress(params, sort, page).toString()}`}
      />
    </section>
  );
}
