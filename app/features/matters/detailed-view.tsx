import { useFetcher, useSearchParams } from "@remix-run/react";
import clsx from "clsx";
import { useEffect, useState } from "react";
import { Alert } from "~/components/alert";
import { Avatar } from "~/components/avatar";
import type { DetailedReport, MatterReportRow, ReportMatter, TimekeeperReportRow } from "~/domain/matters/reports.types";
import {
  DEFAULT_SORT,
  MATTER_SORTS,
  NATURAL_DIR,
  TIMEKEEPER_SORTS,
  type DetailedLayout,
  type MatterSort,
  type TimekeeperSort,
} from "~/domain/matters/report-sorts";
import { reportAddress } from "~/domain/matters/report-address";
import { isSortChoice, nextSort, readStoredChoice, storeChoice, type SortChoice } from "./stored-sort";
import { ReportPager } from "./report-pager";
import { SortBy, StatusDot } from "./status-dot";
import { useT } from "~/lib/i18n/i18n";

/** Marks, the same in every language: an empty cell, and between a matter's number and its client. */
const NONE = "–";
const SEPARATOR = " · ";

/**
 * The Detailed tab (spec: planning.md, "Detailed view"): Timekeepers | Matters, sortable
 * columns remembered in this browser, the person's own comment editable in place, and the
 * PM toggle. The server answers one layout, one page, in the asked order (decision 0205): the
 * layout, sort and page live in the address, and the choices kept in browser storage are put
 * there on arrival. The server leaves out the columns this person may not see; this only draws.
 */
type Layout = DetailedLayout;
type Choice = { layout: Layout; sort: SortChoice<TimekeeperSort | MatterSort>; page: number };

const LAYOUTS: readonly Layout[] = ["timekeepers", "matters"];
const isLayout = (v: unknown): v is Layout => v === "timekeepers" || v === "matters";
const sortKeyOf = (layout: Layout) => `detailed.${layout}.sort`;
const storedSort = (layout: Layout) =>
  readStoredChoice<SortChoice<TimekeeperSort | MatterSort>>(
    sortKeyOf(layout),
    isSortChoice<TimekeeperSort | MatterSort>(layout === "matters" ? MATTER_SORTS : TIMEKEEPER_SORTS),
  );
const defaultSort = (layout: Layout): SortChoice<TimekeeperSort | MatterSort> => ({
  key: DEFAULT_SORT[layout],
  dir: NATURAL_DIR[DEFAULT_SORT[layout]],
});

function searchOf(current: URLSearchParams, choice: Choice) {
  const next = new URLSearchParams(current);
  next.set("layout", choice.layout);
  return reportAddress(next, choice.sort, choice.page);
}

export function DetailedView({ report, meId }: { report: DetailedReport; meId: string }) {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const { columns, layout, sort } = report;
  // From the address as it stands now: the overview's own effect may have just replaced it.
  const go = (choice: Choice, replace = false) =>
    setParams(searchOf(new URLSearchParams(window.location.search), choice), { preventScrollReset: true, replace });
  // Arriving without a choice in the address: the one kept in this browser, if any.
  useEffect(() => {
    if (params.has("layout")) return;
    const storedLayout = readStoredChoice("detailed.layout", isLayout) ?? "timekeepers";
    const storedOrder = storedSort(storedLayout) ?? defaultSort(storedLayout);
    if (storedLayout !== layout || storedOrder.key !== sort.key || storedOrder.dir !== sort.dir)
      go({ layout: storedLayout, sort: storedOrder, page: 1 }, true);
    // Again whenever the address loses it (the overview bringing back a saved filter).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params]);
  const setLayout = (value: Layout) => {
    storeChoice("detailed.layout", value);
    go({ layout: value, sort: storedSort(value) ?? defaultSort(value), page: 1 });
  };
  const sortBy = (key: TimekeeperSort | MatterSort) => {
    const next = nextSort(sort, key, NATURAL_DIR[key]);
    storeChoice(sortKeyOf(layout), next);
    go({ layout, sort: next, page: 1 });
  };
  const shown = layout === "matters" ? report.matters.length : report.timekeepers.length;
  const pageLink = (page: number) => `?${searchOf(params, { layout, sort, page }).toString()}`;

  return (
    <section aria-label={t("matters.detailedView")} className="space-y-3">
      <div role="group" aria-label={t("matters.layout")} className="inline-flex rounded-md shadow-sm ring-1 ring-slate-300">
        {LAYOUTS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={layout === value}
            onClick={() => setLayout(value)}
            className={clsx(
              "px-4 py-1.5 text-sm font-medium first:rounded-l-md last:rounded-r-md",
              layout === value ? "bg-brand-600 text-white" : "bg-white text-slate-700 hover:bg-slate-50",
            )}
          >
            {value === "timekeepers" ? t("matters.timekeepers") : t("matters.matters")}
          </button>
        ))}
      </div>

      <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        {layout === "timekeepers" ? (
          <table className="min-w-full text-sm" data-testid="timekeeper-table">
            <caption className="sr-only">{t("matters.timekeepersCaption", { days: report.timeperiod })}</caption>
            <thead className="bg-slate-50">
              <tr>
                <SortBy<TimekeeperSort | MatterSort> sortKey="name" label={t("matters.col.nameTitle")} sort={sort} onSort={sortBy} />
                <SortBy<TimekeeperSort | MatterSort> sortKey="status" label={t("matters.col.status")} sort={sort} onSort={sortBy} />
                <SortBy<TimekeeperSort | MatterSort> sortKey="forecast" label={t("matters.col.forecast")} sort={sort} onSort={sortBy} />
                <th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  {t("matters.col.lead")}
                </th>
                <SortBy<TimekeeperSort | MatterSort>
                  sortKey="matters"
                  label={t("matters.col.mattersLast", { days: report.timeperiod })}
                  sort={sort}
                  onSort={sortBy}
                />
                {columns.hours ? (
                  <SortBy<TimekeeperSort | MatterSort> sortKey="hours" label={t("matters.col.hours")} sort={sort} onSort={sortBy} />
                ) : null}
                {columns.comments ? (
                  <th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                    {t("matters.col.comment")}
                  </th>
                ) : null}
                {columns.pm ? (
                  <th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                    PM
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {report.timekeepers.map((person) => (
                <TimekeeperRows key={person.userId} person={person} report={report} mine={person.userId === meId} />
              ))}
            </tbody>
          </table>
        ) : (
          <table className="min-w-full text-sm" data-testid="matter-table">
            <caption className="sr-only">{t("matters.mattersCaption", { days: report.timeperiod })}</caption>
            <thead className="bg-slate-50">
              <tr>
                <SortBy<TimekeeperSort | MatterSort> sortKey="matter" label={t("matters.col.matterClient")} sort={sort} onSort={sortBy} />
                <SortBy<TimekeeperSort | MatterSort> sortKey="lead" label={t("matters.col.leadPartner")} sort={sort} onSort={sortBy} />
                {columns.hours ? (
                  <SortBy<TimekeeperSort | MatterSort> sortKey="hours" label={t("matters.col.hours")} sort={sort} onSort={sortBy} />
                ) : null}
                <th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  {t("matters.col.timekeeper")}
                </th>
                {columns.hours ? (
                  <th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                    {t("matters.col.hours")}
                  </th>
                ) : null}
                {columns.comments ? (
                  <th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                    {t("matters.col.comment")}
                  </th>
                ) : null}
                <th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  {t("matters.col.status")}
                </th>
                <th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  {t("matters.col.forecast")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {report.matters.length === 0 ? (
                <tr>
                  <td colSpan={8} className="px-3 py-6 text-center text-slate-500">
                    {report.search ? t("matters.noMatch", { days: report.timeperiod, search: report.search }) : report.emptyText}
                  </td>
                </tr>
              ) : (
                report.matters.map((m) => <MatterRows key={m.number} matter={m} report={report} />)
              )}
            </tbody>
          </table>
        )}
      </div>
      <ReportPager
        report={report}
        shown={shown}
        noun={layout === "matters" ? t("matters.noun.matters") : t("matters.noun.timekeepers")}
        link={pageLink}
      />
    </section>
  );
}

function MatterName({ matter }: { matter: Pick<ReportMatter, "number" | "displayName" | "clientDisplayName" | "confidential"> }) {
  const t = useT();
  return (
    <div className="min-w-40">
      <div className="font-medium text-slate-900">
        {matter.displayName}
        {matter.confidential ? (
          <span className="ml-1.5 rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-medium text-amber-900" title={t("matters.confidentialTitle")}>
            {t("matters.confidential")}
          </span>
        ) : null}
      </div>
      <div className="text-xs text-slate-600">
        {matter.number}
        {matter.clientDisplayName ? SEPARATOR + matter.clientDisplayName : ""}
      </div>
    </div>
  );
}

function Person({ name, title, picture }: { name: string; title: string; picture: string | null }) {
  return (
    <div className="flex min-w-44 items-center gap-2">
      <Avatar name={name} src={picture} size="sm" />
      <div>
        <div className="font-medium text-slate-900">{name}</div>
        <div className="text-xs text-slate-600">{title}</div>
      </div>
    </div>
  );
}

function TimekeeperRows({ person, report, mine }: { person: TimekeeperReportRow; report: DetailedReport; mine: boolean }) {
  const t = useT();
  const { columns } = report;
  const general = person.message ? 1 : 0;
  const span = Math.max(person.matters.length, 1) + general;
  const head = (
    <>
      <td rowSpan={span} className="px-3 py-2 align-top">
        <Person name={person.displayName} title={person.title} picture={person.profilePicture} />
      </td>
      <td rowSpan={span} className="px-3 py-2 align-top">
        <StatusDot level={person.currentWorkload} away={person.away} />
      </td>
      <td rowSpan={span} className="px-3 py-2 align-top">
        <StatusDot level={person.futureWorkload} />
      </td>
    </>
  );
  const rest = 2 + (columns.hours ? 1 : 0) + (columns.comments ? 1 : 0) + (columns.pm ? 1 : 0);
  return (
    <>
      {person.matters.length === 0 ? (
        <tr>
          {head}
          <td colSpan={rest} className="px-3 py-2 text-slate-500" data-testid={person.inTimeKeeping ? undefined : "not-in-time-keeping"}>
            {person.inTimeKeeping ? report.emptyText : t("matters.notInTimeKeeping")}
          </td>
        </tr>
      ) : (
        person.matters.map((m, i) => (
          <tr key={m.number} data-testid={`row-${person.userId}-${m.number}`}>
            {i === 0 ? head : null}
            <td className="px-3 py-2 align-top text-slate-700">{m.resposibleTimekeeperName ?? NONE}</td>
            <td className="px-3 py-2 align-top">
              <MatterName matter={m} />
            </td>
            {columns.hours ? <td className="px-3 py-2 align-top tabular-nums">{m.hours?.toFixed(1)}</td> : null}
            {columns.comments ? (
              <td className="px-3 py-2 align-top">
                <CommentCell number={m.number} comment={m.comment ?? ""} editable={mine} />
              </td>
            ) : null}
            {columns.pm ? (
              <td className="px-3 py-2 align-top">
                <PmToggle number={m.number} userId={person.userId} value={Boolean(m.manager)} name={person.displayName} matterName={m.displayName} />
              </td>
            ) : null}
          </tr>
        ))
      )}
      {general ? (
        <tr>
          <td className="px-3 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">{t("matters.generalComment")}</td>
          <td colSpan={rest - 1} className="px-3 py-2 text-slate-700 italic">
            {person.message}
          </td>
        </tr>
      ) : null}
    </>
  );
}

function MatterRows({ matter, report }: { matter: MatterReportRow; report: DetailedReport }) {
  const { columns } = report;
  const span = matter.timekeepers.length;
  return (
    <>
      {matter.timekeepers.map((t, i) => (
        <tr key={t.userId}>
          {i === 0 ? (
            <>
              <td rowSpan={span} className="px-3 py-2 align-top">
                <MatterName matter={matter} />
              </td>
              <td rowSpan={span} className="px-3 py-2 align-top text-slate-700">
                {matter.resposibleTimekeeperName ?? NONE}
              </td>
              {columns.hours ? (
                <td rowSpan={span} className="px-3 py-2 align-top font-medium tabular-nums">
                  {matter.totalHours?.toFixed(1)}
                </td>
              ) : null}
            </>
          ) : null}
          <td className="px-3 py-2">
            <Person name={t.displayName} title={t.title} picture={t.profilePicture} />
          </td>
          {columns.hours ? <td className="px-3 py-2 tabular-nums">{t.hours?.toFixed(1)}</td> : null}
          {columns.comments ? <td className="px-3 py-2 text-slate-700">{t.comment}</td> : null}
          <td className="px-3 py-2">
            <StatusDot level={t.currentWorkload} away={t.away} />
          </td>
          <td className="px-3 py-2">
            <StatusDot level={t.futureWorkload} />
          </td>
        </tr>
      ))}
    </>
  );
}

function CommentCell({ number, comment, editable }: { number: string; comment: string; editable: boolean }) {
  const t = useT();
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const [value, setValue] = useState(comment);
  if (!editable) return <span className="text-slate-700">{comment}</span>;
  const save = () => {
    if (value.trim() === comment) return;
    fetcher.submit({ intent: "matterComment", number, comment: value }, { method: "post" });
  };
  return (
    <div className="min-w-44">
      <input
        type="text"
        aria-label={t("matters.commentOn", { number })}
        value={value}
        maxLength={500}
        onChange={(e) => setValue(e.target.value)}
        onBlur={save}
        onKeyDown={(e) => {
          if (e.key === "Enter") {
            e.preventDefault();
            save();
          }
        }}
        placeholder={t("matters.addComment")}
        className="w-full rounded-md border-0 px-2 py-1 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500"
      />
      {fetcher.data && !fetcher.data.ok ? (
        <Alert plain small message={fetcher.data.message} className="mt-1" />
      ) : fetcher.state === "idle" && fetcher.data?.ok ? (
        <p className="sr-only" role="status">
          {t("matters.commentSaved")}
        </p>
      ) : null}
    </div>
  );
}

function PmToggle({ number, userId, value, name, matterName }: { number: string; userId: string; value: boolean; name: string; matterName: string }) {
  const t = useT();
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const pending = fetcher.formData ? fetcher.formData.get("value") === "true" : null;
  const on = pending ?? value;
  return (
    <div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={t("matters.manages", { name, matter: matterName })}
        onClick={() => fetcher.submit({ intent: "matterManager", matterNumber: number, userId, value: String(!on) }, { method: "post" })}
        className={clsx(
          "inline-flex h-5 w-9 shrink-0 items-center rounded-full p-0.5 transition-colors focus-visible:ring-2 focus-visible:ring-brand-500 focus-visible:outline-none",
          on ? "bg-brand-600" : "bg-slate-300",
        )}
      >
        <span
          aria-hidden="true"
          className={clsx("h-4 w-4 rounded-full bg-white shadow transition-transform", on ? "translate-x-4" : "translate-x-0")}
        />
      </button>
      {fetcher.data && !fetcher.data.ok ? (
        <Alert plain small message={fetcher.data.message} className="mt-1" />
      ) : fetcher.state === "idle" && fetcher.data?.ok ? (
        // Said once the server has it (the switch moves at the click, before).
        <p className="sr-only" role="status">
          {t(value ? "matters.managerSet" : "matters.managerUnset", { name, matter: matterName })}
        </p>
      ) : null}
    </div>
  );
}
