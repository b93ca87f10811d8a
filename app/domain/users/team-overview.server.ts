import type { DomainContext } from "../context";
import { hasOverviewQuery, OVERVIEW_PAGE_SIZE, readOverviewQuery, readShown, type OverviewQuery } from "./overview-query";
import { projectFilterOptionsQuery } from "../projects/projects.server";
import { competenceOptionsQuery, readCompetenceOptions } from "../competences/competences.server";
import {
  cvFilterOptionsStatement,
  filterOptionsStatements,
  pageStatements,
  readFilterOptions,
  readPage,
  resolveFilter,
  type ResolvedFilter,
} from "./filter.server";
import type { BatchItem } from "drizzle-orm/batch";

/**
 * Everything the /overview page shows, from its address: the filter (or, without one, the
 * default: everything the person may pick), the multi-select's options and the first
 * `show` people. Cheap enough to run on every realtime revalidation: one batch (the
 * options, the total, the page and its forecasts and locations), which the page sends in
 * the session lookup's own (teamOverviewPlan with rideAsActor, decision 0215).
 */
export async function getTeamOverview(ctx: DomainContext, params: URLSearchParams) {
  const plan = teamOverviewPlan(ctx, params);
  return plan.read((await ctx.db.batch(plan.statements as unknown as [BatchItem<"sqlite">])) as unknown[]);
}

/** The statements of the overview for this person and address, and how to read their rows. */
export function teamOverviewPlan(ctx: DomainContext, params: URLSearchParams) {
  const requested = readOverviewQuery(params);
  const shown = readShown(params);
  const filter = resolveFilter(ctx.actor, { ...requested, completed: true });
  // The projects, competence and CV filters' choices ride in the same batch: still one round trip.
  const projectQuery = projectFilterOptionsQuery(ctx);
  const competenceQuery = competenceOptionsQuery(ctx);
  const extra = [projectQuery, competenceQuery].filter((q) => q !== null);
  const statements = [...extra, cvFilterOptionsStatement(ctx), ...filterOptionsStatements(ctx), ...pageStatements(ctx, filter, 0, shown)] as const;
  return { statements, read: (answers: unknown[]) => readTeamOverview(ctx, params, filter, shown, { projectQuery, competenceQuery }, answers) };
}

function readTeamOverview(
  ctx: DomainContext,
  params: URLSearchParams,
  filter: ResolvedFilter,
  shown: number,
  {
    projectQuery,
    competenceQuery,
  }: { projectQuery: ReturnType<typeof projectFilterOptionsQuery>; competenceQuery: ReturnType<typeof competenceOptionsQuery> },
  answers: unknown[],
) {
  const results = [...answers] as unknown[][];
  const projectOptions = projectQuery ? (results.shift() as Awaited<NonNullable<typeof projectQuery>>) : null;
  const competenceRows = competenceQuery ? (results.shift() as Awaited<NonNullable<typeof competenceQuery>>) : null;
  // What is left is what readFilterOptions and readPage read, in their statements' order.
  const cvRows = results.shift() as { title: string }[];
  const [groupRows, officeRows, ...pageRows] = results as Awaited<ReturnType<typeof ctx.db.batch>>;
  const options = readFilterOptions(ctx, [groupRows, officeRows]);
  const page = readPage(ctx, pageRows, 0, shown);
  const query: OverviewQuery = {
    offices: filter.offices,
    groups: filter.groups,
    term: filter.term,
    sort: filter.sort,
    ...(filter.projects?.length ? { projects: filter.projects } : {}),
    ...(filter.competences?.length ? { competences: filter.competences } : {}),
    ...(filter.cvpartnerData?.length ? { cvpartnerData: filter.cvpartnerData } : {}),
  };
  const settings = ctx.actor.company.settings;
  return {
    me: { _id: ctx.actor.user.id },
    /** "address": the page's address named the filter; "default": it did not, so a saved one may be restored. */
    source: hasOverviewQuery(params) ? ("address" as const) : ("default" as const),
    query,
    options,
    /** The projects filter's choices: the active projects the person sees (null when the company has no projects). */
    projects: projectOptions,
    /** The competence filter's choices (null when the company turned competences off). */
    competences: competenceRows ? readCompetenceOptions(competenceRows) : null,
    /** The CV filter's choices: the firm's distinct CV item titles (null when nothing was imported). */
    cvItems: cvRows.length ? cvRows.map((row) => row.title) : null,
    users: page.users,
    total: page.total,
    shown,
    pageSize: OVERVIEW_PAGE_SIZE,
    now: ctx.now.toISOString(),
    features: { location: !settings.disableWFH, message: !settings.disableMessage },
  };
}

export type TeamOverview = ReturnType<typeof readTeamOverview>;
