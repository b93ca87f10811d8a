import { and, asc, eq, exists, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { audit } from "../audit.server";
import type { BatchItem } from "drizzle-orm/batch";
import { canDeleteProject, canEditProject, filterableGroupIds, filterableOfficeIds, isManager } from "~/auth/permissions";
import { runBatch } from "~/db/batch";
import { inJsonList } from "~/db/json-list";
import {
  groups,
  offices,
  projectCategories,
  projectCategoryLinks,
  projectInvoices,
  projectMembers,
  projects,
  projectStages,
  projectTimeReports,
  users,
  type Project,
} from "~/db/schema";
import { newId } from "~/lib/ids";
import { profilePictureUrl } from "~/lib/profile-picture";
import type { DomainContext } from "../context";
import { ForbiddenError, NotFoundError, ValidationError } from "../errors";
import type { ProjectCreateInput, ProjectFilter, ProjectFilterPage, ProjectUpdateInput } from "./project.schema";

/**
 * Projects (spec: planning.md, "Projects"; rules in decision 0100). Every statement is
 * scoped by ctx.companyId; a project the caller may not see answers "Project not found",
 * like another company's. Writes carry their audit row in the same batch and publish
 * UPDATE_PROJECT to the company's room afterwards.
 */

export interface ApiPerson {
  _id: string;
  name: string;
  profilePicture: string | null;
}

export interface ApiProjectMember extends ApiPerson {
  title: string;
  currentWorkload: number | null;
}

export interface ApiProject {
  _id: string;
  name: string;
  description: string;
  company: string;
  office: string | null;
  group: string | null;
  startDate: string | null;
  endDate: string | null;
  manager: ApiPerson | null;
  users: ApiPerson[];
  /** Number of members (users may be cut short in list answers for pages; never in the API). */
  nbrOfUsers: number;
  archived: boolean;
  /** Mean current workload (0 to 3) of the members who have one; null when none has. */
  averageWorkload: number | null;
  projectCategories: { _id: string; name: string }[];
  projectStage: { _id: string; name: string; color: string } | null;
  created: string;
  /** The caller manages or is a member of it ('My projects'). */
  mine: boolean;
}

export const PROJECTS_OFF = "Projects are turned off for this company.";

export function requireProjectsEnabled(ctx: DomainContext): void {
  if (ctx.actor.company.settings.disableProjects) throw new ForbiddenError(PROJECTS_OFF);
}

const isMemberSql = (ctx: DomainContext) =>
  exists(
    ctx.db
      .select({ one: sql`1` })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projects.id), eq(projectMembers.userId, ctx.actor.user.id))),
  );

/**
 * Which projects the caller sees: all for those who change the company (company admins and
 * administrators, who may also change any project) or when the company sets projectsAllGroups;
 * otherwise those sharing the caller's (primary or secondary) group or office, those without
 * any location, and those the caller manages or belongs to.
 */
export function visibleProjectsWhere(ctx: DomainContext): SQL | undefined {
  const user = ctx.actor.user;
  if (isManager(user) || ctx.actor.company.settings.projectsAllGroups) return undefined;
  const groupIds = filterableGroupIds(user);
  const officeIds = filterableOfficeIds(user);
  return or(
    and(isNull(projects.groupId), isNull(projects.officeId)),
    groupIds.length > 0 ? inArray(projects.groupId, groupIds) : undefined,
    officeIds.length > 0 ? inArray(projects.officeId, officeIds) : undefined,
    eq(projects.managerId, user.id),
    isMemberSql(ctx),
  );
}

export interface ProjectAccessRow extends Project {
  isMember: boolean;
}

/** A project the caller may see, with whether the caller is a member; 404 otherwise. */
export async function requireVisibleProject(ctx: DomainContext, id: string): Promise<ProjectAccessRow> {
  requireProjectsEnabled(ctx);
  const [row] = await ctx.db
    .select({ project: projects, isMember: sql<number>`${isMemberSql(ctx)}` })
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.companyId, ctx.companyId), visibleProjectsWhere(ctx)))
    .limit(1);
  if (!row) throw new NotFoundError("Project not found");
  return { ...row.project, isMember: Boolean(row.isMember) };
}

/** A project the caller may change (manager, member, or isManager); 403 for one they only see. */
export async function requireEditableProject(ctx: DomainContext, id: string): Promise<ProjectAccessRow> {
  const project = await requireVisibleProject(ctx, id);
  if (!canEditProject(ctx.actor.user, project)) throw new ForbiddenError("Only the project's manager, its members and administrators can change it.");
  return project;
}

export function publishProject(ctx: DomainContext, projectId: string) {
  ctx.publish(ctx.companyId, { type: "UPDATE_PROJECT", projectId, sessionId: ctx.clientSessionId ?? null });
}

const person = (row: { id: string; name: string; profilePicture: string | null }): ApiPerson => ({
  _id: row.id,
  name: row.name,
  profilePicture: profilePictureUrl(row.profilePicture),
});

export interface ListOptions {
  /** Extra narrowing (filters, one project). */
  where?: SQL;
  /** Members per project in the answer (the page's avatar group); all when left out. */
  memberLimit?: number;
  /** One page of the list by name, then id (decision 0291): members and categories are then read for that page alone. */
  page?: { limit: number; offset: number };
}

/** A project's own fields as its statement writes them (one JSON object per row, plain values only). */
interface ProjectRowJson {
  id: string;
  name: string;
  description: string;
  company: string;
  office: string | null;
  group: string | null;
  /** Dates as stored: ms since 1970. */
  start: number | null;
  end: number | null;
  created: number;
  archived: 0 | 1;
  mine: 0 | 1;
  managerId: string | null;
  managerName: string | null;
  managerPicture: string | null;
  stageId: string | null;
  stageName: string | null;
  stageColor: string | null;
  memberCount: number | null;
  workloadSum: number | null;
  workloadCount: number | null;
}

type MemberTuple = [id: string, name: string, profilePicture: string | null];

/** SQLite's text order (BINARY): by name, then id; the lists are sorted here rather than per project in SQL. */
const byNameThenId = (a: [string, string, ...unknown[]], b: [string, string, ...unknown[]]) =>
  a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0;

const isoOf = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

/**
 * The visible projects with their members, workload, stage and categories in one statement
 * with one row per project (decision 0210): members and categories are grouped once for all
 * projects (set-wise, never a subquery per project) into small JSON lists and joined, and the
 * project's own fields come as one JSON object, so D1 hands back three values per project
 * whatever its members. The lists are sorted here: an ORDER BY inside SQLite's aggregate
 * costs a sorter per project.
 */
export async function queryProjects(ctx: DomainContext, options: ListOptions = {}): Promise<ApiProject[]> {
  requireProjectsEnabled(ctx);
  const matching = and(eq(projects.companyId, ctx.companyId), visibleProjectsWhere(ctx), options.where);
  const page = options.page;
  const where = page
    ? and(
        matching,
        inArray(
          projects.id,
          ctx.db
            .select({ id: projects.id })
            .from(projects)
            .where(matching)
            .orderBy(asc(projects.name), asc(projects.id))
            .limit(page.limit)
            .offset(page.offset),
        ),
      )
    : matching;
  const visibleIds = ctx.db.select({ id: projects.id }).from(projects).where(where);
  const manager = alias(users, "manager");
  const memberships = and(eq(projectMembers.companyId, ctx.companyId), inArray(projectMembers.projectId, visibleIds));
  const members = memberSummaries(ctx, memberships, options.memberLimit).as("members");
  const categories = ctx.db
    .select({
      projectId: projectCategoryLinks.projectId,
      list: sql<string>`json_group_array(json_array(${projectCategories.id}, ${projectCategories.name}))`.as("category_list"),
    })
    .from(projectCategoryLinks)
    .innerJoin(projectCategories, eq(projectCategories.id, projectCategoryLinks.categoryId))
    .where(and(eq(projectCategoryLinks.companyId, ctx.companyId), inArray(projectCategoryLinks.projectId, visibleIds)))
    .groupBy(projectCategoryLinks.projectId)
    .as("categories");
  const rows = await ctx.db
    .select({
      project: sql<string>`json_object(
        'id', ${projects.id}, 'name', ${projects.name}, 'description', ${projects.description}, 'company', ${projects.companyId},
        'office', ${projects.officeId}, 'group', ${projects.groupId},
        'start', ${projects.startDate}, 'end', ${projects.endDate}, 'created', ${projects.createdAt}, 'archived', ${projects.archived},
        'mine', (${eq(projects.managerId, ctx.actor.user.id)} or ${isMemberSql(ctx)}),
        'managerId', ${manager.id}, 'managerName', ${manager.name}, 'managerPicture', ${manager.profilePicture},
        'stageId', ${projectStages.id}, 'stageName', ${projectStages.name}, 'stageColor', ${projectStages.color},
        'memberCount', ${members.count}, 'workloadSum', ${members.workloadSum}, 'workloadCount', ${members.workloadCount}
      )`.as("project"),
      members: sql<string | null>`${members.list}`.as("member_list"),
      categories: sql<string | null>`${categories.list}`.as("category_list"),
    })
    .from(projects)
    .leftJoin(manager, and(eq(manager.id, projects.managerId), eq(manager.companyId, ctx.companyId)))
    .leftJoin(projectStages, and(eq(projectStages.id, projects.stageId), eq(projectStages.companyId, ctx.companyId)))
    .leftJoin(members, eq(members.projectId, projects.id))
    .leftJoin(categories, eq(categories.projectId, projects.id))
    .where(where)
    .orderBy(asc(projects.name), asc(projects.id));
  const showStage = ctx.actor.company.settings.enableProjectStages;
  const showManager = !ctx.actor.company.settings.disableProjectManager;
  return rows.map((row) => {
    const p = JSON.parse(row.project) as ProjectRowJson;
    const memberList = row.members ? (JSON.parse(row.members) as MemberTuple[]).sort(byNameThenId) : [];
    const categoryList = row.categories ? (JSON.parse(row.categories) as [string, string][]).sort(byNameThenId) : [];
    return {
      _id: p.id,
      name: p.name,
      description: p.description,
      company: p.company,
      office: p.office,
      group: p.group,
      startDate: isoOf(p.start),
      endDate: isoOf(p.end),
      manager:
        showManager && p.managerId !== null && p.managerName !== null
          ? person({ id: p.managerId, name: p.managerName, profilePicture: p.managerPicture })
          : null,
      users: memberList.map(([id, name, profilePicture]) => person({ id, name, profilePicture })),
      nbrOfUsers: p.memberCount ?? 0,
      archived: p.archived === 1,
      averageWorkload: p.workloadCount && p.workloadSum !== null ? p.workloadSum / p.workloadCount : null,
      projectCategories: categoryList.map(([_id, name]) => ({ _id, name })),
      projectStage:
        showStage && p.stageId !== null && p.stageName !== null ? { _id: p.stageId, name: p.stageName, color: p.stageColor ?? "75B7D8" } : null,
      created: new Date(p.created).toISOString(),
      mine: p.mine === 1,
    };
  });
}

/**
 * One row per project with members: their count, the sum and count of their workloads, and
 * the members as a JSON list of [id, name, picture]; with `limit`, only the first `limit` by
 * name and id (ranked by one window function over all memberships).
 */
function memberSummaries(ctx: DomainContext, memberships: SQL | undefined, limit: number | undefined) {
  const ranked = ctx.db
    .select({
      projectId: projectMembers.projectId,
      id: users.id,
      name: users.name,
      profilePicture: users.profilePicture,
      workload: users.currentWorkload,
      rank:
        limit === undefined
          ? sql<number>`0`.as("rank")
          : sql<number>`row_number() over (partition by ${projectMembers.projectId} order by ${users.name}, ${users.id})`.as("rank"),
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .where(memberships)
    .as("ranked");
  const member = sql`json_array(${ranked.id}, ${ranked.name}, ${ranked.profilePicture})`;
  return ctx.db
    .select({
      projectId: ranked.projectId,
      count: sql<number>`count(*)`.as("member_count"),
      workloadSum: sql<number | null>`sum(${ranked.workload})`.as("workload_sum"),
      workloadCount: sql<number>`count(${ranked.workload})`.as("workload_count"),
      list: (limit === undefined
        ? sql<string>`json_group_array(${member})`
        : sql<string>`json_group_array(${member}) filter (where ${ranked.rank} <= ${limit})`
      ).as("member_list"),
    })
    .from(ranked)
    .groupBy(ranked.projectId);
}

/** The SQL of POST /project/filtered's body: every given list narrows, the term matches name or description. */
export function projectFilterWhere(ctx: DomainContext, filter: ProjectFilter): SQL | undefined {
  const term = filter.term.replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    filter.offices?.length ? inJsonList(projects.officeId, filter.offices) : undefined,
    filter.groups?.length ? inJsonList(projects.groupId, filter.groups) : undefined,
    filter.stages?.length ? inJsonList(projects.stageId, filter.stages) : undefined,
    filter.categories?.length
      ? exists(
          ctx.db
            .select({ one: sql`1` })
            .from(projectCategoryLinks)
            .where(and(eq(projectCategoryLinks.projectId, projects.id), inJsonList(projectCategoryLinks.categoryId, filter.categories))),
        )
      : undefined,
    term ? or(sql`${projects.name} like ${`%${term}%`} escape '\\'`, sql`${projects.description} like ${`%${term}%`} escape '\\'`) : undefined,
  );
}

/** The overview's projects filter: the active projects the caller sees, by name (null when projects are off). */
export async function projectFilterOptions(ctx: DomainContext): Promise<{ _id: string; name: string }[] | null> {
  return projectFilterOptionsQuery(ctx) ?? null;
}

/** The same as a query to run in a batch (null when the company has no projects). */
export function projectFilterOptionsQuery(ctx: DomainContext) {
  if (ctx.actor.company.settings.disableProjects) return null;
  return ctx.db
    .select({ _id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.companyId, ctx.companyId), eq(projects.archived, false), visibleProjectsWhere(ctx)))
    .orderBy(asc(projects.name));
}

/** GET /project: active projects (all = archived too), optionally of one office. */
export function listProjects(ctx: DomainContext, query: { all?: boolean; office?: string }): Promise<ApiProject[]> {
  return queryProjects(ctx, {
    where: and(query.all ? undefined : eq(projects.archived, false), query.office ? eq(projects.officeId, query.office) : undefined),
  });
}

export function filterProjects(ctx: DomainContext, filter: ProjectFilter, memberLimit?: number): Promise<ApiProject[]> {
  return queryProjects(ctx, { where: projectFilterWhere(ctx, filter), memberLimit });
}

export interface ProjectPage {
  /** Every project the filter matches. */
  total: number;
  offset: number;
  limit: number;
  projects: ApiProject[];
}

/**
 * POST /project/filtered: every matching project (the spec's answer), or with `limit` one page
 * of them by name and id with the number there are in all (decision 0291).
 */
export async function filterProjectsPage(ctx: DomainContext, body: ProjectFilterPage): Promise<ApiProject[] | ProjectPage> {
  const { limit, offset = 0, ...filter } = body;
  if (limit === undefined) return filterProjects(ctx, filter);
  requireProjectsEnabled(ctx);
  const where = projectFilterWhere(ctx, filter);
  const [[counted], list] = await Promise.all([
    ctx.db
      .select({ total: sql<number>`count(*)` })
      .from(projects)
      .where(and(eq(projects.companyId, ctx.companyId), visibleProjectsWhere(ctx), where)),
    queryProjects(ctx, { where, page: { limit, offset } }),
  ]);
  return { total: Number(counted?.total ?? 0), offset, limit, projects: list };
}

export interface ProjectDetail extends ApiProject {
  users: ApiProjectMember[];
  /** Hours reported per member (members without hours are left out). */
  hoursByUser: Record<string, number>;
  totalHours: number;
  canEdit: boolean;
  canDelete: boolean;
}

/** GET /project/{id}: the project with every member's title and workload and their hours. */
export async function getProject(ctx: DomainContext, id: string): Promise<ProjectDetail> {
  const access = await requireVisibleProject(ctx, id);
  const [project] = await queryProjects(ctx, { where: eq(projects.id, id), memberLimit: 0 });
  if (!project) throw new NotFoundError("Project not found");
  const [members, hours] = await ctx.db.batch([
    ctx.db
      .select({ id: users.id, name: users.name, profilePicture: users.profilePicture, title: users.title, currentWorkload: users.currentWorkload })
      .from(projectMembers)
      .innerJoin(users, eq(users.id, projectMembers.userId))
      .where(and(eq(projectMembers.companyId, ctx.companyId), eq(projectMembers.projectId, id)))
      .orderBy(asc(users.name), asc(users.id)),
    ctx.db
      .select({ userId: projectTimeReports.userId, hours: sql<number>`sum(${projectTimeReports.hours})` })
      .from(projectTimeReports)
      .where(and(eq(projectTimeReports.companyId, ctx.companyId), eq(projectTimeReports.projectId, id)))
      .groupBy(projectTimeReports.userId),
  ]);
  const hoursByUser = Object.fromEntries(hours.map((h) => [h.userId, Number(h.hours)]));
  return {
    ...project,
    users: members.map((m) => ({ ...person(m), title: m.title, currentWorkload: m.currentWorkload })),
    hoursByUser,
    totalHours: hours.reduce((sum, h) => sum + Number(h.hours), 0),
    canEdit: canEditProject(ctx.actor.user, access),
    canDelete: canDeleteProject(ctx.actor.user, access),
  };
}

// Writing --------------------------------------------------------------------------------------

async function checkReferences(
  ctx: DomainContext,
  input: { manager?: string | null; projectStage?: string | null; projectCategories?: string[]; office?: string | null; group?: string | null },
) {
  const settings = ctx.actor.company.settings;
  const errors: Record<string, string> = {};
  if (input.manager && settings.disableProjectManager) errors.manager = "Project managers are turned off for this company.";
  if (input.projectStage && !settings.enableProjectStages) errors.projectStage = "Project stages are turned off for this company.";
  const [managerRows, stageRows, categoryRows, officeRows, groupRows] = await ctx.db.batch([
    ctx.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, ctx.companyId), eq(users.id, input.manager ?? ""))),
    ctx.db
      .select({ id: projectStages.id })
      .from(projectStages)
      .where(and(eq(projectStages.companyId, ctx.companyId), eq(projectStages.id, input.projectStage ?? ""))),
    ctx.db
      .select({ id: projectCategories.id })
      .from(projectCategories)
      .where(and(eq(projectCategories.companyId, ctx.companyId), inJsonList(projectCategories.id, input.projectCategories ?? []))),
    ctx.db
      .select({ id: offices.id, groupId: offices.groupId })
      .from(offices)
      .where(and(eq(offices.companyId, ctx.companyId), eq(offices.id, input.office ?? ""))),
    ctx.db
      .select({ id: groups.id })
      .from(groups)
      .where(and(eq(groups.companyId, ctx.companyId), eq(groups.id, input.group ?? ""))),
  ]);
  if (input.manager && !errors.manager && managerRows.length === 0) errors.manager = "No such person in this company.";
  if (input.projectStage && !errors.projectStage && stageRows.length === 0) errors.projectStage = "No such project stage.";
  if (input.projectCategories && categoryRows.length !== input.projectCategories.length) errors.projectCategories = "No such project category.";
  if (input.office && officeRows.length === 0) errors.office = "No such office.";
  if (input.group && groupRows.length === 0) errors.group = "No such group.";
  if (input.office && input.group && officeRows[0] && officeRows[0].groupId !== input.group)
    errors.office = "This office is not in the chosen group.";
  if (Object.keys(errors).length > 0) throw new ValidationError("ProjectInputErrors", errors);
}

async function checkUsers(ctx: DomainContext, ids: string[]) {
  if (ids.length === 0) return;
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, ctx.companyId), inJsonList(users.id, ids)));
  if (rows.length !== new Set(ids).size) throw new NotFoundError("User not found");
}

/** Where a new project lives: the picked location (any for administrators, one's own otherwise), or one's primary team. */
function locationFor(ctx: DomainContext, input: ProjectCreateInput): { officeId: string | null; groupId: string | null } {
  const user = ctx.actor.user;
  const picked = input.office !== undefined || input.group !== undefined;
  if (!picked) return { officeId: user.officeId, groupId: user.groupId };
  const groupId = input.group ?? null;
  const officeId = input.office ?? null;
  if (!isManager(user)) {
    const errors: Record<string, string> = {};
    if (groupId && !filterableGroupIds(user).includes(groupId)) errors.group = "Pick one of your own groups.";
    if (officeId && !filterableOfficeIds(user).includes(officeId)) errors.office = "Pick one of your own offices.";
    if (Object.keys(errors).length > 0) throw new ValidationError("ProjectInputErrors", errors);
  }
  return { officeId, groupId };
}

function categoryLinks(ctx: DomainContext, projectId: string, categoryIds: string[]): BatchItem<"sqlite">[] {
  if (categoryIds.length === 0) return [];
  return [ctx.db.insert(projectCategoryLinks).values(categoryIds.map((categoryId) => ({ companyId: ctx.companyId, projectId, categoryId })))];
}

export async function createProject(ctx: DomainContext, input: ProjectCreateInput): Promise<ProjectDetail> {
  requireProjectsEnabled(ctx);
  await checkReferences(ctx, input);
  const memberIds = [...new Set(input.users ?? [])];
  await checkUsers(ctx, memberIds);
  const id = newId();
  const location = locationFor(ctx, input);
  await runBatch(ctx.db, [
    ctx.db.insert(projects).values({
      id,
      companyId: ctx.companyId,
      name: input.name,
      description: input.description?.trim() ?? "",
      startDate: input.startDate ?? null,
      endDate: input.endDate ?? null,
      managerId: input.manager ?? null,
      stageId: input.projectStage ?? null,
      ...location,
      createdAt: ctx.now,
    }),
    ...categoryLinks(ctx, id, input.projectCategories ?? []),
    ...(memberIds.length > 0
      ? [ctx.db.insert(projectMembers).values(memberIds.map((userId) => ({ companyId: ctx.companyId, projectId: id, userId })))]
      : []),
    audit(ctx, "create", "project", id, { name: input.name, members: memberIds.length }),
  ]);
  publishProject(ctx, id);
  return getProject(ctx, id);
}

/** PUT /project/{id}: the name always; fields left out stay as they are, null clears them. */
export async function updateProject(ctx: DomainContext, id: string, input: ProjectUpdateInput): Promise<ProjectDetail> {
  const project = await requireEditableProject(ctx, id);
  await checkReferences(ctx, input);
  const startDate = input.startDate === undefined ? project.startDate : input.startDate;
  const endDate = input.endDate === undefined ? project.endDate : input.endDate;
  if (startDate && endDate && endDate.getTime() < startDate.getTime())
    throw new ValidationError("ProjectInputErrors", { endDate: "The end date cannot be before the start date." });
  const changes: Partial<typeof projects.$inferInsert> = { name: input.name, startDate, endDate };
  if (input.description !== undefined) changes.description = input.description?.trim() ?? "";
  if (input.manager !== undefined) changes.managerId = input.manager;
  if (input.projectStage !== undefined) changes.stageId = input.projectStage;
  const statements: BatchItem<"sqlite">[] = [
    ctx.db
      .update(projects)
      .set(changes)
      .where(and(eq(projects.id, id), eq(projects.companyId, ctx.companyId))),
  ];
  if (input.projectCategories !== undefined) {
    statements.push(
      ctx.db.delete(projectCategoryLinks).where(and(eq(projectCategoryLinks.projectId, id), eq(projectCategoryLinks.companyId, ctx.companyId))),
      ...categoryLinks(ctx, id, input.projectCategories),
    );
  }
  statements.push(audit(ctx, "update", "project", id, { fields: Object.keys(input).filter((k) => k !== "sessionId") }));
  await runBatch(ctx.db, statements);
  publishProject(ctx, id);
  return getProject(ctx, id);
}

export async function setProjectArchived(ctx: DomainContext, id: string, archived: boolean): Promise<ProjectDetail> {
  await requireEditableProject(ctx, id);
  await runBatch(ctx.db, [
    ctx.db
      .update(projects)
      .set({ archived })
      .where(and(eq(projects.id, id), eq(projects.companyId, ctx.companyId))),
    audit(ctx, archived ? "archive" : "unarchive", "project", id, {}),
  ]);
  publishProject(ctx, id);
  return getProject(ctx, id);
}

/** Deletes the project with its members, category links, hours and invoices, in one batch. */
export async function deleteProject(ctx: DomainContext, id: string): Promise<{ message: string }> {
  const project = await requireVisibleProject(ctx, id);
  if (!canDeleteProject(ctx.actor.user, project)) throw new ForbiddenError("Only the project's manager and administrators can delete it.");
  await runBatch(ctx.db, [
    ctx.db.delete(projectTimeReports).where(and(eq(projectTimeReports.projectId, id), eq(projectTimeReports.companyId, ctx.companyId))),
    ctx.db.delete(projectInvoices).where(and(eq(projectInvoices.projectId, id), eq(projectInvoices.companyId, ctx.companyId))),
    ctx.db.delete(projectMembers).where(and(eq(projectMembers.projectId, id), eq(projectMembers.companyId, ctx.companyId))),
    ctx.db.delete(projectCategoryLinks).where(and(eq(projectCategoryLinks.projectId, id), eq(projectCategoryLinks.companyId, ctx.companyId))),
    ctx.db.delete(projects).where(and(eq(projects.id, id), eq(projects.companyId, ctx.companyId))),
    audit(ctx, "delete", "project", id, { name: project.name }),
  ]);
  publishProject(ctx, id);
  return { message: "Project deleted" };
}

/** POST /project/{id}/users and /user/{userId}: adds people of the company (those already in stay). */
export async function addProjectMembers(ctx: DomainContext, id: string, userIds: string[]): Promise<ProjectDetail> {
  await requireEditableProject(ctx, id);
  const ids = [...new Set(userIds)];
  await checkUsers(ctx, ids);
  await runBatch(ctx.db, [
    ctx.db
      .insert(projectMembers)
      .values(ids.map((userId) => ({ companyId: ctx.companyId, projectId: id, userId })))
      .onConflictDoNothing(),
    audit(ctx, "addMembers", "project", id, { users: ids }),
  ]);
  publishProject(ctx, id);
  return getProject(ctx, id);
}

/** DELETE /project/{id}/user/{userId}: the person leaves the project; hours they reported stay. */
export async function removeProjectMember(ctx: DomainContext, id: string, userId: string): Promise<ProjectDetail> {
  await requireEditableProject(ctx, id);
  const [member] = await ctx.db
    .select({ id: projectMembers.id })
    .from(projectMembers)
    .where(and(eq(projectMembers.companyId, ctx.companyId), eq(projectMembers.projectId, id), eq(projectMembers.userId, userId)))
    .limit(1);
  if (!member) throw new NotFoundError("User not found");
  await runBatch(ctx.db, [
    ctx.db.delete(projectMembers).where(and(eq(projectMembers.id, member.id), eq(projectMembers.companyId, ctx.companyId))),
    audit(ctx, "removeMember", "project", id, { user: userId }),
  ]);
  publishProject(ctx, id);
  return getProject(ctx, id);
}

/** People of the company whose name or title matches, for the member picker (those already in left out). */
export async function searchPeopleForProject(ctx: DomainContext, id: string, term: string, limit = 50): Promise<ApiProjectMember[]> {
  await requireVisibleProject(ctx, id);
  const pattern = `%${term.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rows = await ctx.db
    .select({ id: users.id, name: users.name, profilePicture: users.profilePicture, title: users.title, currentWorkload: users.currentWorkload })
    .from(users)
    .where(
      and(
        eq(users.companyId, ctx.companyId),
        eq(users.completed, true),
        sql`not exists (select 1 from ${projectMembers} where ${projectMembers.projectId} = ${id} and ${projectMembers.userId} = ${users.id})`,
        term.trim() ? or(sql`${users.name} like ${pattern} escape '\\'`, sql`${users.title} like ${pattern} escape '\\'`) : undefined,
      ),
    )
    .orderBy(asc(users.name))
    .limit(limit);
  return rows.map((m) => ({ ...person(m), title: m.title, currentWorkload: m.currentWorkload }));
}
