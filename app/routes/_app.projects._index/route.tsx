import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction, SerializeFrom } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData, useSearchParams, useSubmit } from "@remix-run/react";
import { lazy, useRef } from "react";
import { Button } from "~/components/button";
import { DialogButton } from "~/components/list-block";
import { Icon } from "~/components/icon";
import { SEARCH_DEBOUNCE_MS, SearchInput } from "~/components/search-input";
import { useFormat } from "~/lib/format";
import { AvatarGroup, dateRange, ExportButton, ProjectScore } from "~/features/projects/project-widgets";
import { WorkloadLegend } from "~/components/workload-legend";
import { PROJECTS_PAGE } from "~/domain/projects/project-list";
import { officeChoiceLabel } from "~/lib/office-name";
import { loadProjectsPage, runProjectsPageAction } from "./projects-page.server";
import { metaText, useT } from "~/lib/i18n/i18n";

// The dialog's form (its schema, with zod, and conform) loads when it first opens (decision 0292).
const AddProjectForm = lazy(() => import("~/features/projects/add-project-dialog").then((m) => ({ default: m.AddProjectForm })));

export const meta: MetaFunction = ({ matches }) => [{ title: metaText(matches, "projects.pageTitle") }];

export const loader = (args: LoaderFunctionArgs) => loadProjectsPage(args);

export const action = (args: ActionFunctionArgs) => runProjectsPageAction(args);

type Project = SerializeFrom<typeof loader>["groups"]["mine"]["projects"][number];

const SORT_KEYS = ["name", "startDate", "endDate", "members", "workload"] as const;

/** The search box waits for a pause in typing (SEARCH_DEBOUNCE_MS); a select answers at once. */
const isSearchBox = (target: EventTarget) => target instanceof HTMLInputElement && target.type === "search";

export default function ProjectsPage() {
  const data = useLoaderData<typeof loader>();
  const t = useT();
  const submit = useSubmit();
  const [searchParams] = useSearchParams();
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const change = (delay = 0) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => submit(formRef.current, { replace: true, preventScrollReset: true }), delay);
  };
  const { mine, others, archived } = data.groups;
  const moreParams = new URLSearchParams(searchParams);
  moreParams.set("show", String(data.show + PROJECTS_PAGE));
  const more = `?${moreParams.toString()}`;
  const offices = (data.filters.group ? data.choices.offices.filter((o) => o.group === data.filters.group) : data.choices.offices).map((o) => ({
    _id: o._id,
    name: officeChoiceLabel(o, data.choices.groups),
  }));

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-8 sm:py-10">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-2xl font-semibold text-slate-900">{t("projects.title")}</h1>
        <div className="flex flex-wrap items-center gap-2">
          <ExportButton ids={data.ids} all={!data.filtered} />
          <DialogButton
            title={t("projects.add")}
            panelClassName="max-w-[600px]"
            button={(open) => (
              <Button onClick={open}>
                <Icon name="plus" />
                {t("projects.add")}
              </Button>
            )}
          >
            {(close) => (
              <AddProjectForm
                onClose={close}
                choices={data.choices}
                showLocationPicker={data.showLocationPicker}
                defaultTeam={{ groupId: data.me.groupId, officeId: data.me.officeId }}
                stages={data.stages}
              />
            )}
          </DialogButton>
        </div>
      </div>

      <Form
        ref={formRef}
        method="get"
        className="mt-6 grid gap-3 sm:grid-cols-[1fr_auto_auto_auto]"
        onChange={(event) => change(isSearchBox(event.target) ? SEARCH_DEBOUNCE_MS : 0)}
      >
        <SearchInput name="q" defaultValue={data.filters.q} label={t("projects.search")} className="" />
        <FilterSelect name="group" label={t("users.group")} value={data.filters.group} all={t("users.allGroups")} options={data.choices.groups} />
        <FilterSelect name="office" label={t("users.office")} value={data.filters.office} all={t("users.allOffices")} options={offices} />
        <FilterSelect
          name="sort"
          label={t("projects.sortBy")}
          value={data.filters.sort}
          options={SORT_KEYS.map((key) => ({ _id: key, name: t("projects.sortOption", { name: t(`projects.sort.${key}`) }) }))}
        />
      </Form>
      <WorkloadLegend scores away={false} className="mt-3" label={t("projects.averageScale")} />

      <ProjectGroup slug="my-projects" title={t("projects.mine")} group={mine} more={more} empty={t("projects.noMine")} />
      <ProjectGroup
        slug="others"
        title={t("projects.others")}
        group={others}
        more={more}
        empty={data.filtered ? t("users.noMatches") : t("projects.noOthers")}
      />
      <ProjectGroup slug="archived" title={t("projects.archived")} group={archived} more={more} empty={t("projects.noArchived")} />
    </div>
  );
}

function FilterSelect({
  name,
  label,
  value,
  all,
  options,
}: {
  name: string;
  label: string;
  value: string;
  all?: string;
  options: { _id: string; name: string }[];
}) {
  return (
    <select
      name={name}
      aria-label={label}
      defaultValue={value}
      key={value}
      className="block rounded-md border-0 bg-white py-2 pr-8 pl-3 text-slate-900 shadow-sm ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-brand-500 focus:outline-none focus:ring-inset sm:text-sm"
    >
      {all ? <option value="">{all}</option> : null}
      {options.map((option) => (
        <option key={option._id} value={option._id}>
          {option.name}
        </option>
      ))}
    </select>
  );
}

function ProjectGroup({
  slug,
  title,
  group,
  more,
  empty,
}: {
  /** The heading's id, the same in every language ("projects-my-projects"). */
  slug: string;
  title: string;
  group: { projects: Project[]; total: number };
  more: string;
  empty: string;
}) {
  const id = `projects-${slug}`;
  const { projects, total } = group;
  const fmt = useFormat();
  const t = useT();
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
        {title} <span className="font-normal text-slate-500">({total})</span>
      </h2>
      {projects.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">{empty}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
          {projects.map((project) => (
            <li key={project._id}>
              <Link
                to={`/projects/${project._id}`}
                prefetch="intent"
                className="flex flex-wrap items-center gap-x-4 gap-y-2 px-4 py-3 hover:bg-slate-50"
              >
                <span className="min-w-0 flex-1 basis-48">
                  <span className="block truncate text-sm font-medium text-slate-900">{project.name}</span>
                  <span className="block text-xs text-slate-600">
                    {dateRange(project.startDate, project.endDate, fmt, t)}
                    {project.projectStage ? (
                      <span className="ml-2 inline-flex items-center gap-1">
                        <span
                          aria-hidden="true"
                          className="inline-block h-2 w-2 rounded-full"
                          style={{ backgroundColor: `#${project.projectStage.color}` }}
                        />
                        {project.projectStage.name}
                      </span>
                    ) : null}
                  </span>
                </span>
                <AvatarGroup people={project.users} total={project.nbrOfUsers} />
                <ProjectScore averageWorkload={project.averageWorkload} />
              </Link>
            </li>
          ))}
        </ul>
      )}
      {total > projects.length ? (
        <Link to={more} preventScrollReset replace className="mt-2 inline-block text-sm font-medium text-brand-700 hover:underline">
          {t("projects.showMore", { count: total - projects.length })}
        </Link>
      ) : null}
    </section>
  );
}
