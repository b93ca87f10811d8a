import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import clsx from "clsx";
import { lazy, Suspense, useCallback, useEffect, useId, useState } from "react";
import { useAfterFirstPaint } from "~/lib/use-after-first-paint";
import { requireUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { OVERVIEW_MAX_SHOWN, OVERVIEW_SORTS, writeOverviewQuery, type OverviewQuery, type OverviewSort } from "~/domain/users/overview-query";
import type { OverviewUser } from "~/domain/users/overview.types";
import { getTeamOverview } from "~/domain/users/team-overview.server";
import { FilterBar } from "~/features/overview/filter-bar";
import { PersonCard } from "~/features/overview/person-card";
import { restoreSavedFilter, saveFilter } from "~/features/overview/saved-filter";
import type { CardPreview } from "~/features/overview/user-detail-card";
import { DetailedView } from "~/features/matters/detailed-view";
import { UtilizationView } from "~/features/matters/utilization-view";
import { usePreloadDialogs } from "~/components/modal-loader";
import { whenIdle } from "~/components/idle-module";
import type { DetailedReport, ReportView, UtilizationReport } from "~/domain/matters/reports.types";
import { loadReports, matterAction } from "./reports.server";
import { useFormat } from "~/lib/format";
import { metaText, useT, type MessageKey } from "~/lib/i18n/i18n";

// The person's card (its dialog) mounts when a card is first opened; its code loads at idle (decision 0292).
const loadCard = () => import("~/features/overview/user-detail-card");
const UserDetailModal = lazy(() => loadCard().then((module) => ({ default: module.UserDetailModal })));

/** The address keys of the open tab (decision 0205), which the filter bar's changes keep. */
const TAB_KEYS = ["view", "layout", "order", "dir"] as const;

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "overview.pageTitle") }];

/** Each order's name in the sort select. */
const SORT_NAMES: Record<OverviewSort, MessageKey> = {
  lastUpdated: "overview.sort.lastUpdated",
  name: "overview.sort.name",
  workloadHighLow: "overview.sort.workloadHighLow",
  workloadLowHigh: "overview.sort.workloadLowHigh",
  experience: "overview.sort.experience",
};

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const actor = await requireUser(request, context);
  const ctx = domainCtx(context, actor);
  // The grid, its filter choices and the first page: one batch, built for the person found (decision 0241).
  const overview = await getTeamOverview(ctx, params);
  return json({ ...overview, ...(await loadReports(ctx, params, overview.query)) });
}

/** The Detailed tab's writes: one's own matter comment and the PM toggle. */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context);
  return matterAction(domainCtx(context, actor), await request.formData());
}

/** The filter bar's competence filter: people holding the competence; competences grouped by their category. */
function CompetenceFilter({
  options,
  query,
  go,
}: {
  options: { _id: string; name: string; category: string | null }[];
  query: OverviewQuery;
  go: (query: OverviewQuery) => void;
}) {
  const t = useT();
  const groups = new Map<string, typeof options>();
  for (const option of options) {
    const category = option.category ?? t("overview.noCategory");
    groups.set(category, [...(groups.get(category) ?? []), option]);
  }
  return (
    <select
      aria-label={t("overview.competence")}
      value={query.competences?.[0] ?? ""}
      onChange={(event) => go({ ...query, competences: event.target.value ? [event.target.value] : undefined })}
      className="w-full min-w-0 rounded-md border-0 bg-white py-2 pr-8 pl-3 text-sm text-slate-800 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 sm:w-auto sm:max-w-md"
    >
      <option value="">{t("overview.allCompetences")}</option>
      {[...groups].map(([category, list]) => (
        <optgroup key={category} label={category}>
          {list.map((option) => (
            <option key={option._id} value={option._id}>
              {option.name}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}

const TAB_CLASS = "-mb-px border-b-2 px-3 py-2 text-sm font-medium";

/**
 * The cards the server renders (decision 0295): four rows of the widest grid, more than a
 * first screen holds. The rest of the page's people are in its data and render once the page
 * has hydrated, so the first paint costs the Worker a third of the markup.
 */
const FIRST_PAINT_CARDS = 16;

export default function Overview() {
  const t = useT();
  const data = useLoaderData<typeof loader>();
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const sortId = useId();
  const [selected, setSelected] = useState<CardPreview | null>(null);
  const [cardOpen, setCardOpen] = useState(false);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/overview";
  const users = data.users as OverviewUser[];
  const painted = useAfterFirstPaint() ? users : users.slice(0, FIRST_PAINT_CARDS);
  const fmt = useFormat();

  // A filter change keeps the open tab, its layout and its order; its page starts again at 1.
  const go = useCallback(
    (query: OverviewQuery, show?: number) => {
      const next = writeOverviewQuery(query, show);
      const current = new URLSearchParams(window.location.search);
      for (const key of TAB_KEYS) if (current.has(key)) next.set(key, current.get(key)!);
      setSearchParams(next, { replace: true, preventScrollReset: true });
    },
    [setSearchParams],
  );

  // Without a filter in the address, bring back the one this person used last on this browser;
  // with one, remember it.
  const { source, query } = data;
  const userId = data.me._id;
  useEffect(() => {
    if (source === "default") {
      const saved = restoreSavedFilter(userId);
      if (saved) {
        // The open tab and its layout, order and page stay (decision 0205).
        const current = new URLSearchParams(window.location.search);
        for (const key of [...TAB_KEYS, "page"]) if (current.has(key)) saved.set(key, current.get(key)!);
        setSearchParams(saved, { replace: true, preventScrollReset: true });
      }
    } else {
      saveFilter(userId, query);
    }
  }, [source, query, userId, setSearchParams]);

  const openCard = useCallback((person: OverviewUser) => {
    setSelected({ _id: person._id, name: person.name, title: person.title, profilePicture: person.profilePicture });
    setCardOpen(true);
  }, []);

  const more = Math.min(data.pageSize, data.total - users.length);
  const view: ReportView = data.view;
  // The card's code and the dialog library at idle, so a card opens at once.
  usePreloadDialogs();
  useEffect(() => whenIdle(() => void loadCard().catch(() => undefined)), []);
  const tabs: { view: ReportView; label: string }[] = [
    { view: "overview", label: t("overview.tab.overview") },
    ...(data.tabs.detailed ? [{ view: "detailed" as const, label: t("overview.tab.detailed") }] : []),
    ...(data.tabs.utilization
      ? [{ view: "utilization" as const, label: data.tabs.others ? t("overview.tab.utilization") : t("overview.tab.myUtilization") }]
      : []),
  ];
  const tabHref = (next: ReportView) => {
    const params = new URLSearchParams(searchParams);
    // Each tab's order and page are its own (decision 0226); the next tab puts its remembered ones.
    if (next !== view) for (const key of ["layout", "order", "dir", "page"]) params.delete(key);
    if (next === "overview") params.delete("view");
    else params.set("view", next);
    const text = params.toString();
    return text ? `?${text}` : "/overview";
  };

  return (
    <div className="mx-auto max-w-7xl px-3 py-6 sm:px-6 lg:px-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-xl font-semibold text-slate-900">{t("overview.title")}</h1>
        <Link to="/find-people" className="rounded-md text-sm font-medium text-brand-700 hover:underline">
          {t("findPeople.title")}
        </Link>
      </div>

      <div role="tablist" aria-label={t("overview.views")} className="mt-4 flex gap-1 border-b border-slate-200">
        {tabs.map((tab) => (
          <Link
            key={tab.view}
            to={tabHref(tab.view)}
            role="tab"
            id={`tab-${tab.view}`}
            aria-selected={view === tab.view}
            aria-controls={`panel-${view}`}
            preventScrollReset
            className={clsx(
              TAB_CLASS,
              view === tab.view ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-800",
            )}
          >
            {tab.label}
          </Link>
        ))}
      </div>

      <div role="tabpanel" id={`panel-${view}`} aria-labelledby={`tab-${view}`} className="mt-4 space-y-4">
        <FilterBar
          term={query.term}
          offices={query.offices}
          groups={query.groups}
          options={data.options}
          onTermChange={(term) => go({ ...query, term })}
          onSelectionChange={(next) => go({ ...query, ...next })}
          searchLabel={view === "detailed" && data.detailed?.layout === "matters" ? t("overview.searchClient") : t("overview.searchTitle")}
          side={
            view !== "overview" ? null : (
              <>
                {data.projects ? (
                  <select
                    aria-label={t("overview.project")}
                    value={query.projects?.[0] ?? ""}
                    onChange={(event) => go({ ...query, projects: event.target.value ? [event.target.value] : undefined })}
                    className="w-full min-w-0 rounded-md border-0 bg-white py-2 pr-8 pl-3 text-sm text-slate-800 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 sm:w-auto sm:max-w-md"
                  >
                    <option value="">{t("overview.allProjects")}</option>
                    {data.projects.map((project) => (
                      <option key={project._id} value={project._id}>
                        {project.name}
                      </option>
                    ))}
                  </select>
                ) : null}
                {data.competences ? <CompetenceFilter options={data.competences} query={query} go={go} /> : null}
                {data.cvItems ? (
                  <select
                    aria-label={t("overview.cvItem")}
                    value={query.cvpartnerData?.[0] ?? ""}
                    onChange={(event) => go({ ...query, cvpartnerData: event.target.value ? [event.target.value] : undefined })}
                    className="w-full min-w-0 rounded-md border-0 bg-white py-2 pr-8 pl-3 text-sm text-slate-800 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 sm:w-auto sm:max-w-md"
                  >
                    <option value="">{t("overview.allCvItems")}</option>
                    {data.cvItems.map((title) => (
                      <option key={title} value={title}>
                        {title}
                      </option>
                    ))}
                  </select>
                ) : null}
                {/* Filter selects as wide as their longest choice on wider screens: a chosen value is never cut (issue 27, item 25). */}
                <div className="flex items-center gap-2">
                  <label htmlFor={sortId} className="shrink-0 text-sm text-slate-600">
                    {t("overview.sortBy")}
                  </label>
                  <select
                    id={sortId}
                    value={query.sort}
                    onChange={(event) => go({ ...query, sort: event.target.value as OverviewSort })}
                    className="w-full min-w-0 rounded-md border-0 bg-white py-2 pr-8 pl-3 text-sm text-slate-800 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 sm:w-auto"
                  >
                    {OVERVIEW_SORTS.map((sort) => (
                      <option key={sort} value={sort}>
                        {t(SORT_NAMES[sort])}
                      </option>
                    ))}
                  </select>
                </div>
              </>
            )
          }
        />

        {view === "detailed" && data.detailed ? <DetailedView report={data.detailed as unknown as DetailedReport} meId={data.me._id} /> : null}
        {view === "utilization" && data.utilization ? <UtilizationView report={data.utilization as unknown as UtilizationReport} /> : null}
        {view === "overview" ? (
          <>
            <p className="text-sm text-slate-600" aria-live="polite" data-testid="result-count">
              {data.total === 0 ? t("overview.nobody") : t("common.peopleCount", { count: data.total })}
              {users.length < data.total ? t("overview.showing", { count: fmt.count(users.length) }) : ""}
            </p>

            <ul
              role="list"
              // Busy too while the cards below the first screen are still to come (before hydration).
              aria-busy={loading || painted.length < users.length}
              aria-label={t("overview.people")}
              className={clsx(
                "grid grid-cols-1 gap-2 sm:grid-cols-2 sm:gap-3 md:grid-cols-3 lg:grid-cols-4",
                loading && "opacity-60 transition-opacity",
              )}
            >
              {painted.map((person) => (
                <PersonCard key={person._id} person={person} now={data.now} sort={query.sort} onOpen={openCard} />
              ))}
            </ul>

            {more > 0 ? (
              users.length < OVERVIEW_MAX_SHOWN ? (
                <div className="flex justify-center">
                  <button
                    type="button"
                    onClick={() => go(query, data.shown + data.pageSize)}
                    disabled={loading}
                    className="rounded-md bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-sm ring-1 ring-slate-300 ring-inset hover:bg-slate-50 disabled:text-slate-400"
                  >
                    {t("overview.showMore")}
                  </button>
                </div>
              ) : (
                <p className="text-center text-sm text-slate-500">{t("overview.showingFirst", { count: users.length })}</p>
              )
            ) : null}
          </>
        ) : null}
      </div>

      {selected ? (
        <Suspense fallback={null}>
          <UserDetailModal person={selected} open={cardOpen} onClose={() => setCardOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
