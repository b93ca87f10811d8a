import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useNavigation, useSearchParams } from "@remix-run/react";
import clsx from "clsx";
import { useCallback, useEffect, useId, useState } from "react";
import { requireUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import {
  OVERVIEW_MAX_SHOWN,
  OVERVIEW_SORTS,
  SORT_LABELS,
  writeOverviewQuery,
  type OverviewQuery,
  type OverviewSort,
} from "~/domain/users/overview-query";
import type { OverviewUser } from "~/domain/users/overview.types";
import { getTeamOverview } from "~/domain/users/team-overview.server";
import { FilterBar } from "~/features/overview/filter-bar";
import { PersonCard } from "~/features/overview/person-card";
import { restoreSavedFilter, saveFilter } from "~/features/overview/saved-filter";
import { UserDetailModal, type CardPreview } from "~/features/overview/user-detail-card";

export const meta: MetaFunction = () => [{ title: "Overview · Availability" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const actor = await requireUser(request, context);
  return json(await getTeamOverview(domainCtx(context, actor), new URL(request.url).searchParams));
}

export default function Overview() {
  const data = useLoaderData<typeof loader>();
  const [, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const sortId = useId();
  const [selected, setSelected] = useState<CardPreview | null>(null);
  const [cardOpen, setCardOpen] = useState(false);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/overview";
  const users = data.users as OverviewUser[];

  const go = useCallback(
    (query: OverviewQuery, show?: number) => setSearchParams(writeOverviewQuery(query, show), { replace: true, preventScrollReset: true }),
    [setSearchParams],
  );

  // Without a filter in the address, bring back the one this person used last on this browser;
  // with one, remember it.
  const { source, query } = data;
  const userId = data.me._id;
  useEffect(() => {
    if (source === "default") {
      const saved = restoreSavedFilter(userId);
      if (saved) setSearchParams(saved, { replace: true, preventScrollReset: true });
    } else {
      saveFilter(userId, query);
    }
  }, [source, query, userId, setSearchParams]);

  const openCard = useCallback((person: OverviewUser) => {
    setSelected({ _id: person._id, name: person.name, title: person.title, profilePicture: person.profilePicture });
    setCardOpen(true);
  }, []);

  const more = Math.min(data.pageSize, data.total - users.length);

  return (
    <div className="mx-auto max-w-7xl px-3 py-6 sm:px-6 lg:px-8">
      <h1 className="text-xl font-semibold text-slate-900">Team overview</h1>

      <div role="tablist" aria-label="Views" className="mt-4 flex gap-1 border-b border-slate-200">
        <button
          type="button"
          role="tab"
          id="tab-overview"
          aria-selected="true"
          aria-controls="panel-overview"
          className="-mb-px border-b-2 border-brand-600 px-3 py-2 text-sm font-medium text-brand-700"
        >
          Overview
        </button>
      </div>

      <div role="tabpanel" id="panel-overview" aria-labelledby="tab-overview" className="mt-4 space-y-4">
        <FilterBar
          term={query.term}
          offices={query.offices}
          groups={query.groups}
          options={data.options}
          onTermChange={(term) => go({ ...query, term })}
          onSelectionChange={(next) => go({ ...query, ...next })}
          side={
            <>
              {data.projects ? (
                <select
                  aria-label="Project"
                  value={query.projects?.[0] ?? ""}
                  onChange={(event) => go({ ...query, projects: event.target.value ? [event.target.value] : undefined })}
                  className="w-full min-w-0 rounded-md border-0 bg-white py-2 pr-8 pl-3 text-sm text-slate-800 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 sm:w-48"
                >
                  <option value="">All projects</option>
                  {data.projects.map((project) => (
                    <option key={project._id} value={project._id}>
                      {project.name}
                    </option>
                  ))}
                </select>
              ) : null}
              <div className="flex items-center gap-2 sm:w-56">
                <label htmlFor={sortId} className="shrink-0 text-sm text-slate-600">
                  Sort by
                </label>
                <select
                  id={sortId}
                  value={query.sort}
                  onChange={(event) => go({ ...query, sort: event.target.value as OverviewSort })}
                  className="w-full min-w-0 rounded-md border-0 bg-white py-2 pr-8 pl-3 text-sm text-slate-800 ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500"
                >
                  {OVERVIEW_SORTS.map((sort) => (
                    <option key={sort} value={sort}>
                      {SORT_LABELS[sort]}
                    </option>
                  ))}
                </select>
              </div>
            </>
          }
        />

        <p className="text-sm text-slate-600" aria-live="polite" data-testid="result-count">
          {data.total === 0 ? "Nobody matches this filter." : data.total === 1 ? "1 person" : `${data.total.toLocaleString("en-GB")} people`}
          {users.length < data.total ? ` · showing ${users.length.toLocaleString("en-GB")}` : ""}
        </p>

        <ul
          role="list"
          aria-busy={loading}
          aria-label="People"
          className={clsx("grid grid-cols-1 gap-2 sm:grid-cols-2 sm:gap-3 md:grid-cols-3 lg:grid-cols-4", loading && "opacity-60 transition-opacity")}
        >
          {users.map((person) => (
            <PersonCard key={person._id} person={person} now={data.now} today={data.now} sort={query.sort} onOpen={openCard} />
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
                Show more
              </button>
            </div>
          ) : (
            <p className="text-center text-sm text-slate-500">Showing the first {users.length}. Search or narrow the filter to find someone else.</p>
          )
        ) : null}
      </div>

      <UserDetailModal person={selected} open={cardOpen} onClose={() => setCardOpen(false)} />
    </div>
  );
}
