import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { Link, NavLink, useLoaderData } from "@remix-run/react";
import clsx from "clsx";
import { lazy, Suspense } from "react";
import { Icon } from "~/components/icon";
import { SettingsTab as SettingsTabOnServer } from "~/features/projects/project-settings-render.server";
import { HoursList } from "~/features/projects/project-hours";
import { InvoicesTab, MembersTab } from "~/features/projects/project-tabs";
import { useFormat } from "~/lib/format";
import { AvatarGroup, dateRange, ProjectScore } from "~/features/projects/project-widgets";
import { WorkloadLegend } from "~/components/workload-legend";
import { loadProjectPage, runProjectPageAction } from "./project-page.server";
import { metaText, useT } from "~/lib/i18n/i18n";

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => [
  { title: metaText(matches, "projects.project.pageTitle", { name: data?.project.name ?? metaText(matches, "projects.project.kind") }) },
];

export const loader = (args: LoaderFunctionArgs) => loadProjectPage(args);

export const action = (args: ActionFunctionArgs) => runProjectPageAction(args);

/**
 * The settings tab: rendered at once on the server; in the browser its code (with conform)
 * loads when the tab is shown, and the tab's markup from the server stays as it is until then,
 * inside its Suspense boundary, and is hydrated once the code has come (decision 0292).
 */
const SettingsTab =
  typeof document === "undefined"
    ? // eslint-disable-next-line local/no-server-values-in-ui -- the server's render only; the browser takes the lazy tab below
      SettingsTabOnServer
    : lazy(() => import("~/features/projects/project-settings").then((module) => ({ default: module.SettingsTab })));

/** Between the dates, the manager and the stage: a mark, the same in every language. */
const SEPARATOR = " · ";

export default function ProjectPage() {
  const { project, view, views, invoices, timeReports, stages, categories, showManager, settingsConstraint, today } = useLoaderData<typeof loader>();
  const fmt = useFormat();
  const t = useT();
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-8 sm:py-10">
      <nav aria-label={t("projects.project.breadcrumbs")} className="text-sm">
        <ol className="flex min-w-0 items-center gap-1 text-slate-600">
          <li>
            <Link to="/projects" className="text-brand-700 hover:underline">
              {t("projects.title")}
            </Link>
          </li>
          <li aria-hidden="true" className="text-slate-400">
            <Icon name="chevron" />
          </li>
          <li className="min-w-0 truncate" aria-current="page">
            {project.name}
          </li>
        </ol>
      </nav>
      <div className="mt-3 flex flex-wrap items-center justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold break-words text-slate-900">
            {project.name}
            {project.archived ? (
              <span className="ml-3 rounded-md bg-slate-200 px-2 py-0.5 align-middle text-xs font-medium text-slate-700">
                {t("projects.project.archived")}
              </span>
            ) : null}
          </h1>
          <p className="mt-1 text-sm text-slate-600">
            {dateRange(project.startDate, project.endDate, fmt, t)}
            {project.manager ? SEPARATOR + t("projects.project.manager", { name: project.manager.name }) : ""}
            {project.projectStage ? SEPARATOR + project.projectStage.name : ""}
          </p>
        </div>
        <div className="flex items-center gap-3">
          <AvatarGroup people={project.users.slice(0, 5)} total={project.users.length} />
          <ProjectScore averageWorkload={project.averageWorkload} />
        </div>
      </div>
      <WorkloadLegend scores away={false} className="mt-3" label={t("projects.project.scale")} />
      {project.description ? <p className="mt-3 max-w-3xl text-sm whitespace-pre-line text-slate-700">{project.description}</p> : null}

      <nav aria-label={t("projects.project.views")} className="mt-6 border-b border-slate-200">
        <ul className="-mb-px flex gap-4">
          {views.map((tab) => (
            <li key={tab}>
              <NavLink
                to={`/projects/${project._id}/${tab}`}
                preventScrollReset
                className={({ isActive }) =>
                  clsx(
                    "inline-block border-b-2 px-1 pb-2 text-sm font-medium",
                    isActive ? "border-brand-600 text-brand-700" : "border-transparent text-slate-600 hover:text-slate-900",
                  )
                }
              >
                {t(`projects.tab.${tab}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <div className="mt-6">
        {view === "members" ? (
          <div className="space-y-6">
            <MembersTab projectId={project._id} members={project.users} hoursByUser={project.hoursByUser} canEdit={project.canEdit} today={today} />
            {timeReports ? <HoursList reports={timeReports} canEdit={project.canEdit} today={today} /> : null}
          </div>
        ) : null}
        {view === "invoices" && invoices ? <InvoicesTab invoices={invoices} canEdit={project.canEdit} today={today} /> : null}
        {view === "settings" ? (
          <Suspense fallback={null}>
            <SettingsTab
              key={project._id}
              project={project}
              stages={stages}
              categories={categories ?? []}
              showManager={showManager}
              constraint={settingsConstraint ?? {}}
            />
          </Suspense>
        ) : null}
      </div>
    </div>
  );
}
