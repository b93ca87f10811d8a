import { withFlash } from "~/components/flash-message";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { showsProjectLocationPicker } from "~/auth/permissions";
import { requireUser } from "~/auth/session.server";
import { listProjectStages } from "~/domain/company/catalog.server";
import { domainCtx } from "~/domain/context";
import { PROJECT_CREATE_FAILED, projectCreateSchema, PROJECTS_PAGE } from "~/domain/projects/project.schema";
import { createProject, filterProjects } from "~/domain/projects/projects.server";
import { teamChoices } from "~/domain/users/team.server";
import { orStatusPage, submitForm } from "~/web/page-form.server";

export const PROJECT_SORTS = ["name", "startDate", "endDate", "members", "workload"] as const;
export type ProjectSort = (typeof PROJECT_SORTS)[number];

/** Members shown in a list item's avatar group before '+N'. */
export const AVATARS_SHOWN = 5;

const PROJECTS_MAX_SHOWN = 5000;

/** The page hides entirely (404) when the company turns projects off, as the navigation does. */
async function requireProjectsPage(request: Request, context: LoaderFunctionArgs["context"]) {
  const actor = await requireUser(request, context);
  if (actor.company.settings.disableProjects) throw new Response("Not found", { status: 404 });
  return actor;
}

const data = (list: { _id: string }[]) => list.map((p) => p._id);

function sortProjects<
  T extends { name: string; startDate: string | null; endDate: string | null; nbrOfUsers: number; averageWorkload: number | null },
>(list: T[], sort: ProjectSort): T[] {
  const byName = (a: T, b: T) => a.name.localeCompare(b.name);
  // Missing dates and workloads go last; members and workload sort highest first.
  const byValue = (value: (p: T) => number | null, descending: boolean) => (a: T, b: T) => {
    const x = value(a);
    const y = value(b);
    if (x === null || y === null) return x === y ? byName(a, b) : x === null ? 1 : -1;
    return (descending ? y - x : x - y) || byName(a, b);
  };
  const date = (d: string | null) => (d ? Date.parse(d) : null);
  const compare = {
    name: byName,
    startDate: byValue((p) => date(p.startDate), false),
    endDate: byValue((p) => date(p.endDate), false),
    members: byValue((p) => p.nbrOfUsers, true),
    workload: byValue((p) => p.averageWorkload, true),
  }[sort];
  return [...list].sort(compare);
}

/** /projects: the visible projects narrowed by the page's filters (office, group, search), sorted. */
export async function loadProjectsPage({ request, context }: LoaderFunctionArgs) {
  const actor = await requireProjectsPage(request, context);
  const ctx = domainCtx(context, actor);
  const url = new URL(request.url);
  const office = url.searchParams.get("office") ?? "";
  const group = url.searchParams.get("group") ?? "";
  const term = (url.searchParams.get("q") ?? "").slice(0, 100);
  const sortParam = url.searchParams.get("sort") ?? "name";
  const sort: ProjectSort = (PROJECT_SORTS as readonly string[]).includes(sortParam) ? (sortParam as ProjectSort) : "name";
  const settings = actor.company.settings;
  const [list, choices, stages] = await Promise.all([
    orStatusPage(filterProjects(ctx, { term, offices: office ? [office] : undefined, groups: group ? [group] : undefined }, AVATARS_SHOWN)),
    teamChoices(ctx),
    settings.enableProjectStages ? listProjectStages(ctx) : Promise.resolve(null),
  ]);
  const { user } = actor;
  const showParam = Number.parseInt(url.searchParams.get("show") ?? "", 10);
  const show = Number.isFinite(showParam) && showParam > PROJECTS_PAGE ? Math.min(PROJECTS_MAX_SHOWN, showParam) : PROJECTS_PAGE;
  const sorted = sortProjects(list, sort);
  const groups = {
    mine: sorted.filter((p) => p.mine && !p.archived),
    others: sorted.filter((p) => !p.mine && !p.archived),
    archived: sorted.filter((p) => p.archived),
  };
  return json({
    groups: {
      mine: { projects: groups.mine.slice(0, show), total: groups.mine.length },
      others: { projects: groups.others.slice(0, show), total: groups.others.length },
      archived: { projects: groups.archived.slice(0, show), total: groups.archived.length },
    },
    show,
    /** Every listed project's id, for the export of a filtered list (unfiltered, the export asks for 'all'). */
    ids: office || group || term ? data(sorted) : [],
    filters: { office, group, q: term, sort },
    filtered: Boolean(office || group || term),
    choices,
    stages,
    me: { id: user.id, groupId: user.groupId, officeId: user.officeId },
    showLocationPicker: showsProjectLocationPicker(user),
  });
}

/** The Add project dialog: on success the browser goes to the new project. */
export async function runProjectsPageAction({ request, context }: ActionFunctionArgs) {
  const actor = await requireProjectsPage(request, context);
  const ctx = domainCtx(context, actor);
  const form = await request.formData();
  if (form.get("intent") !== "create") throw new Response("Unknown intent", { status: 400 });
  const addMe = form.get("addMe") === "on";
  return submitForm(
    form,
    projectCreateSchema,
    async (input) => {
      const project = await createProject(ctx, { ...input, users: addMe ? [actor.user.id] : input.users });
      return redirect(withFlash(`/projects/${project._id}/members`, "projectCreated"));
    },
    { formError: () => PROJECT_CREATE_FAILED },
  );
}
