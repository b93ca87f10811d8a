import { json, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSearchParams } from "@remix-run/react";
import { useMemo, useState } from "react";
import { isAdmin } from "~/auth/permissions";
import { requireUser } from "~/auth/session.server";
import { Alert } from "~/components/alert";
import { Button } from "~/components/button";
import { DateRangeFields } from "~/components/date-field";
import { domainCtx } from "~/domain/context";
import { validate } from "~/domain/validation";
import { BUSY_THRESHOLD, MAX_TILES, STATISTICS_PEOPLE_MAX_LIMIT, TOP_COMPETENCES } from "~/domain/statistics/statistics.constants";
import { statisticQuerySchema, type StatisticsResponse } from "~/domain/statistics/statistics.schema";
import { getStatistics, statisticsFilterOptions } from "~/domain/statistics/statistics.server";
import { BarChart, BubbleChart, ChartCard, Doughnut } from "~/features/statistics/charts";
import { TimeSeriesChart, type TimeSeries } from "~/features/statistics/time-series";
import uplotStyles from "uplot/dist/uPlot.min.css";
import { dayKey } from "~/lib/dates";
import { useFormat } from "~/lib/format";
import { officeWithGroup } from "~/lib/office-name";
import { RawExportButton } from "~/features/statistics/raw-export-button";
import { pageStateOf } from "~/web/page-form.server";
import { WorkloadLegend } from "~/components/workload-legend";
import { metaText, useT } from "~/lib/i18n/i18n";
import { workloadLabel, workloadScaleText } from "~/lib/i18n/workload";

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "statistics.pageTitle") }];

// uPlot's few rules (cursor, selection, layers), on this page only: no other page draws a canvas chart.
export const links: LinksFunction = () => [{ rel: "stylesheet", href: uplotStyles }];

const list = (value: string | null) => (value ? value.split(",").filter(Boolean) : undefined);

/** People listed at first, and added by each 'Show more' ('View all' starts there); the API's page limit caps it. */
const PEOPLE_PAGE = 50;

/** The two layouts an administrator switches between: the teams' figures and their own. */
const LAYOUTS = ["admin", "user"] as const;

/** The API's weekday names, Monday first, for the reader's own short names. */
const WEEKDAY_NAMES = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];

/** `?level=` (a doughnut segment, 0..3) and `?people=` (how many are listed), read leniently: anything else is the default. */
function peopleAsked(url: URL) {
  const levelParam = url.searchParams.get("level");
  const level = levelParam !== null && /^[0-3]$/.test(levelParam) ? Number(levelParam) : null;
  const shown = Number.parseInt(url.searchParams.get("people") ?? "", 10);
  const limit = Number.isFinite(shown) && shown > 0 ? Math.min(STATISTICS_PEOPLE_MAX_LIMIT, shown) : level === null ? MAX_TILES : PEOPLE_PAGE;
  return { level, limit, offset: 0 };
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context);
  const url = new URL(request.url);
  const admin = isAdmin(actor.user);
  const layout = admin && url.searchParams.get("layout") !== "user" ? "admin" : "user";
  const ctx = domainCtx(context, actor);
  const { groupOptions, officeOptions } = await statisticsFilterOptions(ctx);
  // Nothing in the address: everything the caller may pick; an empty choice stays empty (and is refused).
  const chosenOffices = url.searchParams.has("offices") ? (list(url.searchParams.get("offices")) ?? []) : officeOptions.map((o) => o.id);
  const chosenGroups = url.searchParams.has("groups") ? (list(url.searchParams.get("groups")) ?? []) : groupOptions.map((g) => g.id);
  const query = {
    startDate: url.searchParams.get("startDate") || undefined,
    endDate: url.searchParams.get("endDate") || undefined,
  };
  // No range asked for: the last three months (issue 27, item 13). The API's own default starts at
  // the caller's team's creation when later, which opened the page on one day in a firm whose
  // teams were set up after its history began.
  if (!query.startDate && !query.endDate) {
    const today = ctx.today;
    query.startDate = dayKey(new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 3, today.getUTCDate())));
  }
  // The lean shape (decision 0290): the people listed, not every person in scope.
  const people = peopleAsked(url);
  // The same validation as the API: a bad date in the address is the server's message, never a 500.
  const answer = await pageStateOf(
    (async () => {
      const input = validate(statisticQuerySchema, query);
      const who = layout === "admin" ? { offices: chosenOffices, groups: chosenGroups } : { users: [actor.user.id] };
      return getStatistics(ctx, input, { ...who, people });
    })(),
  );
  const stats: StatisticsResponse | null = answer.ok ? answer.value : null;
  const message = answer.ok ? null : answer.message;
  return json({
    me: actor.user.id,
    admin,
    layout,
    stats,
    message,
    groupOptions,
    officeOptions,
    chosenOffices,
    chosenGroups,
    today: dayKey(ctx.today),
    query,
  });
}

export default function StatisticsPage() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  // The reader's decimal mark (decision 0171).
  const fmt = useFormat();
  // "Mon" in the reader's language: 2026-11-23 was a Monday.
  const weekdayShort = (name: string) => {
    const index = WEEKDAY_NAMES.indexOf(name);
    return index < 0 ? name.slice(0, 3) : fmt.weekdayShort(new Date(Date.UTC(2026, 10, 23 + index)));
  };
  const shown = (v: number | null) => (v === null ? "–" : fmt.number(v + 1, 1));
  const percent = (v: number | null) => (v === null ? "–" : fmt.percent(v, 1));
  const [params, setParams] = useSearchParams();
  const { stats, layout } = data;
  const level = stats?.people?.level ?? null;
  const [allTeams, setAllTeams] = useState(false);
  const names = useMemo(() => new Map((stats?.data.users ?? []).map((u) => [u._id, u.name])), [stats]);
  const teamName = (key: string) => {
    const [officeId, groupId] = key.split("_");
    const office = stats?.data.offices.find((o) => o._id === officeId)?.name ?? "";
    const group = stats?.data.groups.find((g) => g._id === groupId)?.name ?? "";
    return `${group} - ${office}`;
  };
  // The server sends the people listed, highest average first, and how many there are in all.
  const people = Object.entries(stats?.userWorkloadData ?? {});
  const peopleTotal = stats?.people?.total ?? people.length;
  const listPeople = (changes: { level?: number | null; people?: number | null }) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null || value === undefined) next.delete(key);
      else next.set(key, String(value));
    }
    setParams(next, { preventScrollReset: true, replace: true });
  };
  const teams = Object.entries(stats?.teamWorkload ?? {});
  // Both series share the weekdays of the range; the chart keeps its zoom while they stay the same.
  const overTime = useMemo(() => {
    const workload = stats?.averageWorkloadOverTime ?? [];
    const atHome = new Map((stats?.portionOfUsersWorkingFromHomeOverTime ?? []).map((p) => [p.date, p.portionAtHome]));
    const series: TimeSeries[] = [
      {
        label: t("statistics.averageWorkload"),
        values: workload.map((p) => (p.value === null ? null : p.value + 1)),
        min: 1,
        max: 4,
        ticks: [1, 2, 3, 4],
        format: (v) => fmt.number(v, 1),
        colour: "--color-brand-700",
        caption: t("statistics.series.workloadCaption", { scale: workloadScaleText(t) }),
      },
      {
        label: t("statistics.series.atHome"),
        values: workload.map((p) => {
          const portion = atHome.get(p.date);
          return portion === null || portion === undefined ? null : portion * 100;
        }),
        min: 0,
        max: 100,
        ticks: [0, 25, 50, 75, 100],
        format: (v) => fmt.percent(v, 0),
        colour: "--color-violet-600",
        caption: t("statistics.series.atHomeCaption"),
      },
    ];
    return { days: workload.map((p) => p.date), series };
  }, [stats, fmt, t]);
  const competences = Object.entries(stats?.competenceWorkload ?? {})
    .sort(([, a], [, b]) => b.nbrOfUsers - a.nbrOfUsers)
    .slice(0, TOP_COMPETENCES);
  const busy = stats?.people?.seriouslyBusy ?? 0;
  const available = stats?.people?.available ?? 0;
  const layoutLink = (to: "admin" | "user") => {
    const next = new URLSearchParams(params);
    next.set("layout", to);
    return `?${next.toString()}`;
  };
  return (
    <div className="space-y-6 px-4 py-6 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">{t("nav.statistics")}</h1>
        {data.admin ? (
          <nav aria-label={t("statistics.layout")} className="flex rounded-md bg-slate-100 p-1 text-sm">
            {LAYOUTS.map((to) => (
              <Link
                key={to}
                to={layoutLink(to)}
                aria-current={layout === to ? "page" : undefined}
                className={`rounded px-3 py-1 ${layout === to ? "bg-white font-medium shadow-sm" : "text-slate-600"}`}
              >
                {to === "admin" ? t("statistics.teams") : t("statistics.mine")}
              </Link>
            ))}
          </nav>
        ) : null}
      </div>

      <Form method="get" className="flex flex-wrap items-end gap-4 rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
        <input type="hidden" name="layout" value={layout} />
        {layout === "admin" ? (
          <>
            <Choices
              legend={t("filter.offices")}
              name="offices"
              options={data.officeOptions.map((o) => ({ id: o.id, name: officeWithGroup(o.name, o.groupName) }))}
              chosen={data.chosenOffices}
            />
            <Choices legend={t("filter.groups")} name="groups" options={data.groupOptions} chosen={data.chosenGroups} />
          </>
        ) : null}
        <DateRangeFields
          start={{
            id: "statistics-start",
            name: "startDate",
            label: t("statistics.startDate"),
            defaultValue: stats?.startDate ?? data.query.startDate,
          }}
          end={{ id: "statistics-end", name: "endDate", label: t("statistics.endDate"), defaultValue: stats?.endDate ?? data.query.endDate }}
          max={data.today}
          className="w-44"
        />
        <Button type="submit">{t("statistics.show")}</Button>
        {stats ? (
          <RawExportButton
            startDate={stats.startDate}
            endDate={stats.endDate}
            filter={layout === "admin" ? { offices: data.chosenOffices, groups: data.chosenGroups } : { users: [data.me] }}
          />
        ) : null}
      </Form>

      {data.message || !stats ? (
        <Alert message={data.message ?? t("statistics.none")} />
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          <ChartCard title={t("statistics.keyFigures")} className="lg:col-span-2">
            <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
              <Figure label={t("overview.people")} value={String(stats.nbrOfUsers)} />
              <Figure label={t("statistics.averageWorkload")} value={shown(stats.averageWorkload)} />
              <Figure label={t("statistics.onLeave")} value={percent(stats.percentOnLeave)} />
              <Figure label={t("statistics.peakOccupancy")} value={percent(stats.peakOfficeOccupancy)} />
              <Figure label={t("statistics.fourDaysHome")} value={percent(stats.percentOfMoreThan4daysHome)} />
              <Figure label={t("statistics.fourDaysOffice")} value={percent(stats.percentOfMoreThan4daysAtOffice)} />
              <Figure label={t("statistics.forecastLowerHigher")} value={`${stats.workloadForecast.lower} / ${stats.workloadForecast.higher}`} />
              <Figure
                label={t("statistics.homeVsWorkload")}
                value={stats.WFHToWorkloadCorrelation.r === null ? "–" : String(stats.WFHToWorkloadCorrelation.r)}
              />
            </dl>
          </ChartCard>
          <ChartCard title={t("statistics.overTime")} className="lg:col-span-2">
            <TimeSeriesChart days={overTime.days} series={overTime.series} hint={t("statistics.zoomHint")} />
            <WorkloadLegend scores away={false} noData={false} className="mt-2" label={t("statistics.workloadScale")} />
          </ChartCard>
          <ChartCard title={t("statistics.distribution")}>
            <Doughnut
              counts={stats.workloadDistributions}
              people={stats.nbrOfUsers}
              selected={level}
              onSelect={(next) => listPeople({ level: next, people: null })}
              caption={t("statistics.distributionCaption")}
            />
          </ChartCard>
          <ChartCard title={level === null ? t("overview.people") : t("statistics.peopleAt", { level: workloadLabel(t, level) })}>
            <ul className="grid gap-2 sm:grid-cols-2" data-testid="people">
              {people.map(([id, d]) => (
                <li key={id} className="rounded-md bg-slate-50 px-3 py-2 text-sm">
                  <span className="font-medium">{names.get(id)}</span> <span className="text-slate-600">{shown(d.avgWorkload)}</span>
                </li>
              ))}
            </ul>
            {peopleTotal > people.length && people.length < STATISTICS_PEOPLE_MAX_LIMIT ? (
              <button
                type="button"
                className="mt-2 text-sm font-medium text-brand-700 hover:underline"
                onClick={() =>
                  listPeople({
                    people: Math.min(STATISTICS_PEOPLE_MAX_LIMIT, people.length <= MAX_TILES ? PEOPLE_PAGE : people.length + PEOPLE_PAGE),
                  })
                }
              >
                {people.length <= MAX_TILES ? t("statistics.viewAll") : t("overview.showMore")}
              </button>
            ) : people.length > MAX_TILES && level === null ? (
              <button type="button" className="mt-2 text-sm font-medium text-brand-700 hover:underline" onClick={() => listPeople({ people: null })}>
                {t("statistics.showFewer")}
              </button>
            ) : null}
            {peopleTotal > people.length ? (
              <p className="mt-1 text-sm text-slate-600">
                {t("statistics.showingOf", {
                  shown: people.length,
                  total: peopleTotal,
                  capped: people.length >= STATISTICS_PEOPLE_MAX_LIMIT ? "yes" : "no",
                })}
              </p>
            ) : null}
            <p className="mt-3 text-sm text-slate-600">
              {t("statistics.busyAvailable", { share: Math.round(BUSY_THRESHOLD * 100), busy, available })}
            </p>
          </ChartCard>
          {layout === "admin" ? (
            <ChartCard title={t("statistics.teams")}>
              <ul className="grid gap-2 sm:grid-cols-2">
                {(allTeams ? teams : teams.slice(0, MAX_TILES)).map(([key, t]) => (
                  <li key={key} className="rounded-md bg-slate-50 px-3 py-2 text-sm">
                    <span className="font-medium">{teamName(key)}</span> <span className="text-slate-600">{shown(t.avgWorkload)}</span>
                  </li>
                ))}
              </ul>
              {teams.length > MAX_TILES ? (
                <button type="button" className="mt-2 text-sm font-medium text-brand-700 hover:underline" onClick={() => setAllTeams((v) => !v)}>
                  {allTeams ? t("statistics.showFewer") : t("statistics.viewAll")}
                </button>
              ) : null}
            </ChartCard>
          ) : null}
          <ChartCard title={t("statistics.homeDaysPerWeek")}>
            <BarChart
              bars={stats.nbrOfHomeDaysPerWeek.map((n, i) => ({ label: String(i), value: n }))}
              format={(v) => String(v)}
              caption={t("statistics.homeDaysCaption")}
              labelHead={t("statistics.daysAtHome")}
            />
          </ChartCard>
          <ChartCard title={t("statistics.homeDaysAndWorkload")}>
            <BubbleChart
              points={stats.WFHToWorkloadCorrelation.points}
              r={stats.WFHToWorkloadCorrelation.r}
              caption={t("statistics.bubbleCaption")}
            />
          </ChartCard>
          <ChartCard title={t("statistics.perWeekday")}>
            <BarChart
              bars={stats.workFromHomePerWeekday.map((d) => ({ label: weekdayShort(d.weekday), value: d.percentAtHome }))}
              format={(v) => fmt.percent(v, 1)}
              caption={t("statistics.perWeekdayCaption")}
              labelHead={t("statistics.weekday")}
            />
          </ChartCard>
          <ChartCard title={t("statistics.topCompetences")}>
            <table className="w-full text-left text-sm">
              <thead>
                <tr className="text-slate-600">
                  <th scope="col" className="py-1">
                    {t("overview.competence")}
                  </th>
                  <th scope="col">{t("overview.people")}</th>
                  <th scope="col">{t("statistics.averageWorkload")}</th>
                </tr>
              </thead>
              <tbody>
                {competences.map(([id, c]) => (
                  <tr key={id} className="border-t border-slate-100">
                    <td className="py-1">{stats.data.competences.find((x) => x._id === id)?.name}</td>
                    <td>{c.nbrOfUsers}</td>
                    <td>{shown(c.avgWorkload)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </ChartCard>
        </div>
      )}
    </div>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2">
      <dt className="text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold text-slate-900">{value}</dd>
    </div>
  );
}

/** Offices or groups as checkboxes, sent as one comma-separated parameter. */
function Choices({ legend, name, options, chosen }: { legend: string; name: string; options: { id: string; name: string }[]; chosen: string[] }) {
  const [picked, setPicked] = useState(new Set(chosen));
  return (
    <fieldset className="text-sm">
      <legend className="font-medium text-slate-700">{legend}</legend>
      <input type="hidden" name={name} value={[...picked].join(",")} />
      <div className="mt-1 flex max-w-md flex-wrap gap-x-3 gap-y-1">
        {options.map((o) => (
          <label key={o.id} className="flex items-center gap-1">
            <input
              type="checkbox"
              checked={picked.has(o.id)}
              onChange={(e) => {
                const next = new Set(picked);
                if (e.target.checked) next.add(o.id);
                else next.delete(o.id);
                setPicked(next);
              }}
            />
            {o.name}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
