import { useFetcher } from "@remix-run/react";
import clsx from "clsx";
import { useMemo, useState } from "react";
import { Avatar } from "~/components/avatar";
import type { DetailedReport, MatterReportRow, ReportMatter, TimekeeperReportRow } from "~/domain/matters/reports.server";
import { isSortChoice, nextSort, useStoredChoice, type SortChoice } from "./stored-sort";
import { SortHeader, StatusDot } from "./status-dot";

/**
 * The Detailed tab (spec: planning.md, "Detailed view"): Timekeepers | Matters, sortable
 * columns remembered in this browser, the person's own comment editable in place, and the
 * PM toggle. The server leaves out the columns this person may not see; this only draws.
 */
type Layout = "timekeepers" | "matters";
const TIMEKEEPER_SORTS = ["name", "status", "forecast", "matters", "hours"] as const;
const MATTER_SORTS = ["matter", "lead", "hours"] as const;
type TimekeeperSort = (typeof TIMEKEEPER_SORTS)[number];
type MatterSort = (typeof MATTER_SORTS)[number];

const isLayout = (v: unknown): v is Layout => v === "timekeepers" || v === "matters";
const rank = (level: number | null, away: boolean) => (away ? 4 : (level ?? 5));

export function DetailedView({ report, meId }: { report: DetailedReport; meId: string }) {
  const [layout, setLayout] = useStoredChoice<Layout>("detailed.layout", "timekeepers", isLayout);
  const [tkSort, setTkSort] = useStoredChoice<SortChoice<TimekeeperSort>>(
    "detailed.timekeepers.sort",
    { key: "name", dir: "asc" },
    isSortChoice(TIMEKEEPER_SORTS),
  );
  const [mSort, setMSort] = useStoredChoice<SortChoice<MatterSort>>(
    "detailed.matters.sort",
    { key: "hours", dir: "desc" },
    isSortChoice(MATTER_SORTS),
  );
  const { columns } = report;

  const timekeepers = useMemo(() => sortTimekeepers(report.timekeepers, tkSort), [report.timekeepers, tkSort]);
  const matters = useMemo(() => sortMatters(report.matters, mSort), [report.matters, mSort]);

  return (
    <section aria-label="Detailed view" className="space-y-3">
      <div role="group" aria-label="Layout" className="inline-flex rounded-md shadow-sm ring-1 ring-slate-300">
        {(["timekeepers", "matters"] as const).map((value) => (
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
            {value === "timekeepers" ? "Timekeepers" : "Matters"}
          </button>
        ))}
      </div>

      <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
        {layout === "timekeepers" ? (
          <table className="min-w-full text-sm" data-testid="timekeeper-table">
            <caption className="sr-only">Timekeepers and their billable matters of the last {report.timeperiod} days</caption>
            <thead className="bg-slate-50">
              <tr>
                <SortHeader label="Name/Title" active={tkSort.key === "name"} dir={tkSort.dir} onClick={() => setTkSort(nextSort(tkSort, "name"))} />
                <SortHeader label="Status" active={tkSort.key === "status"} dir={tkSort.dir} onClick={() => setTkSort(nextSort(tkSort, "status"))} />
                <SortHeader
                  label="Forecast"
                  active={tkSort.key === "forecast"}
                  dir={tkSort.dir}
                  onClick={() => setTkSort(nextSort(tkSort, "forecast"))}
                />
                <th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  Lead
                </th>
                <SortHeader
                  label={`Matters (last ${report.timeperiod} days)`}
                  active={tkSort.key === "matters"}
                  dir={tkSort.dir}
                  onClick={() => setTkSort(nextSort(tkSort, "matters", "desc"))}
                />
                {columns.hours ? (
                  <SortHeader
                    label="Hours"
                    active={tkSort.key === "hours"}
                    dir={tkSort.dir}
                    onClick={() => setTkSort(nextSort(tkSort, "hours", "desc"))}
                  />
                ) : null}
                {columns.comments ? (
                  <th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                    Comment
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
              {timekeepers.map((person) => (
                <TimekeeperRows key={person.userId} person={person} report={report} mine={person.userId === meId} />
              ))}
            </tbody>
          </table>
        ) : (
          <table className="min-w-full text-sm" data-testid="matter-table">
            <caption className="sr-only">Billable matters of the last {report.timeperiod} days and their timekeepers</caption>
            <thead className="bg-slate-50">
              <tr>
                <SortHeader
                  label="Matter/Client"
                  active={mSort.key === "matter"}
                  dir={mSort.dir}
                  onClick={() => setMSort(nextSort(mSort, "matter"))}
                />
                <SortHeader label="Lead partner" active={mSort.key === "lead"} dir={mSort.dir} onClick={() => setMSort(nextSort(mSort, "lead"))} />
                {columns.hours ? (
                  <SortHeader
                    label="Hours"
                    active={mSort.key === "hours"}
                    dir={mSort.dir}
                    onClick={() => setMSort(nextSort(mSort, "hours", "desc"))}
                  />
                ) : null}
                <th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  Timekeeper
                </th>
                {columns.hours ? (
                  <th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                    Hours
                  </th>
                ) : null}
                {columns.comments ? (
                  <th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                    Comment
                  </th>
                ) : null}
                <th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  Status
                </th>
                <th scope="col" className="px-3 py-2 text-left text-xs font-semibold tracking-wide text-slate-600 uppercase">
                  Forecast
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {matters.length === 0 ? (
                <tr>
                  <td colSpan={8} className="px-3 py-6 text-center text-slate-500">
                    {report.emptyText}
                  </td>
                </tr>
              ) : (
                matters.map((m) => <MatterRows key={m.number} matter={m} report={report} />)
              )}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}

function MatterName({ matter }: { matter: Pick<ReportMatter, "number" | "displayName" | "clientDisplayName" | "confidential"> }) {
  return (
    <div className="min-w-40">
      <div className="font-medium text-slate-900">
        {matter.displayName}
        {matter.confidential ? (
          <span className="ml-1.5 rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-medium text-amber-900" title="Confidential matter">
            Confidential
          </span>
        ) : null}
      </div>
      <div className="text-xs text-slate-600">
        {matter.number}
        {matter.clientDisplayName ? ` · ${matter.clientDisplayName}` : ""}
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
          <td colSpan={rest} className="px-3 py-2 text-slate-500">
            {report.emptyText}
          </td>
        </tr>
      ) : (
        person.matters.map((m, i) => (
          <tr key={m.number} data-testid={`row-${person.userId}-${m.number}`}>
            {i === 0 ? head : null}
            <td className="px-3 py-2 align-top text-slate-700">{m.resposibleTimekeeperName ?? "–"}</td>
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
          <td className="px-3 py-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">General comment</td>
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
                {matter.resposibleTimekeeperName ?? "–"}
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
        aria-label={`Your comment on ${number}`}
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
        placeholder="Add a comment"
        className="w-full rounded-md border-0 px-2 py-1 text-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500"
      />
      {fetcher.data && !fetcher.data.ok ? (
        <p role="alert" className="mt-1 text-xs text-red-700">
          {fetcher.data.message}
        </p>
      ) : fetcher.state === "idle" && fetcher.data?.ok ? (
        <p className="sr-only" role="status">
          Comment saved
        </p>
      ) : null}
    </div>
  );
}

function PmToggle({ number, userId, value, name, matterName }: { number: string; userId: string; value: boolean; name: string; matterName: string }) {
  const fetcher = useFetcher<{ ok: boolean; message?: string }>();
  const pending = fetcher.formData ? fetcher.formData.get("value") === "true" : null;
  const on = pending ?? value;
  return (
    <div>
      <button
        type="button"
        role="switch"
        aria-checked={on}
        aria-label={`${name} manages ${matterName}`}
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
        <p role="alert" className="mt-1 text-xs text-red-700">
          {fetcher.data.message}
        </p>
      ) : null}
    </div>
  );
}

function sortTimekeepers(rows: TimekeeperReportRow[], sort: SortChoice<TimekeeperSort>) {
  const sign = sort.dir === "asc" ? 1 : -1;
  const byName = (a: TimekeeperReportRow, b: TimekeeperReportRow) => a.displayName.localeCompare(b.displayName);
  const value = (r: TimekeeperReportRow): number | string => {
    switch (sort.key) {
      case "name":
        return r.displayName;
      case "status":
        return rank(r.currentWorkload, r.away);
      case "forecast":
        return rank(r.futureWorkload, false);
      case "matters":
        return r.matters.length;
      case "hours":
        return r.hours ?? 0;
    }
  };
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    const c = typeof va === "string" ? va.localeCompare(vb as string) : va - (vb as number);
    return sign * c || byName(a, b);
  });
}

function sortMatters(rows: MatterReportRow[], sort: SortChoice<MatterSort>) {
  const sign = sort.dir === "asc" ? 1 : -1;
  const value = (r: MatterReportRow): number | string => {
    switch (sort.key) {
      case "matter":
        return r.displayName;
      case "lead":
        return r.resposibleTimekeeperName ?? "";
      case "hours":
        return r.totalHours ?? r.timekeepers.length;
    }
  };
  return [...rows].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    const c = typeof va === "string" ? va.localeCompare(vb as string) : va - (vb as number);
    return sign * c || a.number.localeCompare(b.number);
  });
}
