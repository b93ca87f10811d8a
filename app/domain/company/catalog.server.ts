import { and, asc, eq, inArray } from "drizzle-orm";
import { audit } from "../audit.server";
import { companies, groups, offices, projectCategories, projectStages, skillLevels, users } from "~/db/schema";
import { newId } from "~/lib/ids";
import { sanitizeHtml } from "~/lib/sanitize-html.server";
import type { DomainContext } from "../context";
import { ForbiddenError, NotFoundError } from "../errors";
import { canAdministerCompany } from "~/auth/permissions";
import {
  DEFAULT_PROJECT_STAGE_COLOR,
  type CompanyUpdateInput,
  type GroupUpsertInput,
  type LevelOfSkillUpsertInput,
  type OfficeCreationInput,
  type OfficeRenameInput,
  type ProjectCategoryUpsertInput,
  type ProjectStageUpsertInput,
} from "./catalog.schema";
import { getCompany } from "./company.server";
import { requireManager } from "~/domain/guards.server";
import { requireRow } from "../require-row.server";

/**
 * The company catalog: groups, offices, skill levels, project stages and categories.
 * Every member reads it (filters and forms need it); company admins and administrators
 * change it. Every statement is scoped by ctx.companyId, so another company's id is
 * simply not found. Each change writes its audit row in the same batch.
 */

export interface ApiGroup {
  _id: string;
  name: string;
  ssoIdentifiers: string[];
  created: string;
}

/** GET /group items also carry company fields the clients read from the list. */
export interface ApiGroupListItem extends ApiGroup {
  allowGroupSelection: boolean;
  customHtml: string | null;
  companyName: string;
}

export interface ApiOffice {
  _id: string;
  name: string;
  group: string;
  /** The zone that decides "today" for the office's people: its own, or the company's. */
  timeZone: string;
  /** Whether the office has a zone of its own (false: it follows the company's). */
  ownTimeZone: boolean;
  created: string;
}

export interface ApiLevelOfSkill {
  _id: string;
  name: string;
  level: number;
  created: string;
}

export interface ApiProjectStage {
  _id: string;
  name: string;
  color: string;
  created: string;
}

export interface ApiProjectCategory {
  _id: string;
  name: string;
  created: string;
}

const created = (row: { createdAt: Date }) => row.createdAt.toISOString();

const toApiGroup = (row: typeof groups.$inferSelect): ApiGroup => ({
  _id: row.id,
  name: row.name,
  ssoIdentifiers: row.ssoIdentifiers,
  created: created(row),
});
const officeOf =
  (ctx: DomainContext) =>
  (row: typeof offices.$inferSelect): ApiOffice => ({
    _id: row.id,
    name: row.name,
    group: row.groupId,
    timeZone: row.timeZone ?? ctx.actor.company.settings.timeZone,
    ownTimeZone: row.timeZone !== null,
    created: created(row),
  });
const toApiLevel = (row: typeof skillLevels.$inferSelect): ApiLevelOfSkill => ({
  _id: row.id,
  name: row.name,
  level: row.level,
  created: created(row),
});
const toApiStage = (row: typeof projectStages.$inferSelect): ApiProjectStage => ({
  _id: row.id,
  name: row.name,
  color: row.color,
  created: created(row),
});
const toApiCategory = (row: typeof projectCategories.$inferSelect): ApiProjectCategory => ({ _id: row.id, name: row.name, created: created(row) });

/** A person of the company, for their groups and offices. */
const requireUserTeams = (ctx: DomainContext, userId: string) => requireRow(ctx, users, userId, "User");

/** Rows in the order of `ids` (primary first), each once, missing ones left out. */
function inOrder<T extends { id: string }>(rows: T[], ids: (string | null)[]): T[] {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  return wanted.map((id) => rows.find((row) => row.id === id)).filter((row): row is T => row !== undefined);
}

// Groups

export async function listGroups(ctx: DomainContext): Promise<ApiGroupListItem[]> {
  const [rows, [company]] = await ctx.db.batch([
    ctx.db.select().from(groups).where(eq(groups.companyId, ctx.companyId)).orderBy(asc(groups.name)),
    ctx.db
      .select({ name: companies.name, customHtml: companies.customHtml, allowGroupSelection: companies.allowGroupSelection })
      .from(companies)
      .where(eq(companies.id, ctx.companyId)),
  ]);
  const extra = {
    allowGroupSelection: company?.allowGroupSelection ?? false,
    customHtml: company?.customHtml ?? null,
    companyName: company?.name ?? ctx.actor.company.name,
  };
  return rows.map((row) => ({ ...toApiGroup(row), ...extra }));
}

const requireGroup = (ctx: DomainContext, id: string) => requireRow(ctx, groups, id, "Group");

export async function getGroup(ctx: DomainContext, id: string): Promise<ApiGroup> {
  return toApiGroup(await requireGroup(ctx, id));
}

/** The groups a person belongs to: primary, then secondary. */
export async function listUserGroups(ctx: DomainContext, userId: string): Promise<ApiGroup[]> {
  const user = await requireUserTeams(ctx, userId);
  const ids = [user.groupId, user.secondaryGroupId].filter((id): id is string => id !== null);
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(groups)
    .where(and(eq(groups.companyId, ctx.companyId), inArray(groups.id, ids)));
  return inOrder(rows, ids).map(toApiGroup);
}

export async function createGroup(ctx: DomainContext, input: GroupUpsertInput): Promise<ApiGroup> {
  requireManager(ctx);
  const values = { id: newId(), companyId: ctx.companyId, name: input.name, ssoIdentifiers: input.ssoIdentifiers ?? [], createdAt: ctx.now };
  const [[row]] = await ctx.db.batch([
    ctx.db.insert(groups).values(values).returning(),
    audit(ctx, "create", "group", values.id, { name: values.name, ssoIdentifiers: values.ssoIdentifiers }),
  ]);
  return toApiGroup(row);
}

/** Renames the group; SSO identifiers change only when sent. */
export async function updateGroup(ctx: DomainContext, id: string, input: GroupUpsertInput): Promise<ApiGroup> {
  requireManager(ctx);
  const before = await requireGroup(ctx, id);
  const changes = { name: input.name, ssoIdentifiers: input.ssoIdentifiers ?? before.ssoIdentifiers };
  const [[row]] = await ctx.db.batch([
    ctx.db
      .update(groups)
      .set(changes)
      .where(and(eq(groups.id, id), eq(groups.companyId, ctx.companyId)))
      .returning(),
    audit(ctx, "update", "group", id, { before: { name: before.name, ssoIdentifiers: before.ssoIdentifiers }, after: changes }),
  ]);
  return toApiGroup(row);
}

/**
 * Deletes the group. Its offices go with it (foreign key cascade) and people in them keep
 * their account with the membership emptied (foreign key set null).
 */
export async function deleteGroup(ctx: DomainContext, id: string): Promise<ApiGroup> {
  requireManager(ctx);
  const row = await requireGroup(ctx, id);
  const officeRows = await ctx.db
    .select({ id: offices.id, name: offices.name })
    .from(offices)
    .where(and(eq(offices.groupId, id), eq(offices.companyId, ctx.companyId)));
  await ctx.db.batch([
    ctx.db.delete(groups).where(and(eq(groups.id, id), eq(groups.companyId, ctx.companyId))),
    audit(ctx, "delete", "group", id, { name: row.name, ssoIdentifiers: row.ssoIdentifiers, offices: officeRows }),
  ]);
  return toApiGroup(row);
}

// Offices

export async function listOffices(ctx: DomainContext, filter: { groupId?: string } = {}): Promise<ApiOffice[]> {
  const where = filter.groupId
    ? and(eq(offices.companyId, ctx.companyId), eq(offices.groupId, filter.groupId))
    : eq(offices.companyId, ctx.companyId);
  const rows = await ctx.db.select().from(offices).where(where).orderBy(asc(offices.name));
  return rows.map(officeOf(ctx));
}

const requireOffice = (ctx: DomainContext, id: string) => requireRow(ctx, offices, id, "Office");

export async function getOffice(ctx: DomainContext, id: string): Promise<ApiOffice> {
  return officeOf(ctx)(await requireOffice(ctx, id));
}

/** The offices a person belongs to: primary, then secondary. */
export async function listUserOffices(ctx: DomainContext, userId: string): Promise<ApiOffice[]> {
  const user = await requireUserTeams(ctx, userId);
  const ids = [user.officeId, user.secondaryOfficeId].filter((id): id is string => id !== null);
  if (ids.length === 0) return [];
  const rows = await ctx.db
    .select()
    .from(offices)
    .where(and(eq(offices.companyId, ctx.companyId), inArray(offices.id, ids)));
  return inOrder(rows, ids).map(officeOf(ctx));
}

export async function createOffice(ctx: DomainContext, input: OfficeCreationInput): Promise<ApiOffice> {
  requireManager(ctx);
  const group = await requireGroup(ctx, input.group);
  const values = { id: newId(), companyId: ctx.companyId, groupId: group.id, name: input.name, timeZone: input.timeZone ?? null, createdAt: ctx.now };
  const [[row]] = await ctx.db.batch([
    ctx.db.insert(offices).values(values).returning(),
    audit(ctx, "create", "office", values.id, { name: values.name, group: group.id, timeZone: values.timeZone }),
  ]);
  return officeOf(ctx)(row);
}

export async function renameOffice(ctx: DomainContext, id: string, input: OfficeRenameInput): Promise<ApiOffice> {
  requireManager(ctx);
  const before = await requireOffice(ctx, id);
  const [[row]] = await ctx.db.batch([
    ctx.db
      .update(offices)
      .set({ name: input.name, ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}) })
      .where(and(eq(offices.id, id), eq(offices.companyId, ctx.companyId)))
      .returning(),
    audit(ctx, "update", "office", id, {
      before: { name: before.name, timeZone: before.timeZone },
      after: { name: input.name, timeZone: input.timeZone === undefined ? before.timeZone : input.timeZone },
    }),
  ]);
  return officeOf(ctx)(row);
}

/** Sets the office's time zone (null: the company's), which decides "today" for its people. */
export async function setOfficeTimeZone(ctx: DomainContext, id: string, input: { timeZone: string | null }): Promise<ApiOffice> {
  const office = await requireOffice(ctx, id);
  return renameOffice(ctx, id, { name: office.name, timeZone: input.timeZone });
}

/** People in the office keep their group; their office is emptied (foreign key set null). */
export async function deleteOffice(ctx: DomainContext, id: string): Promise<ApiOffice> {
  requireManager(ctx);
  const row = await requireOffice(ctx, id);
  await ctx.db.batch([
    ctx.db.delete(offices).where(and(eq(offices.id, id), eq(offices.companyId, ctx.companyId))),
    audit(ctx, "delete", "office", id, { name: row.name, group: row.groupId }),
  ]);
  return officeOf(ctx)(row);
}

// Skill levels

/** The firm's skill levels as the pickers list them (id, name, level), lowest level first: a statement for a batch. */
export function skillLevelChoicesQuery(ctx: DomainContext) {
  return ctx.db
    .select({ _id: skillLevels.id, name: skillLevels.name, level: skillLevels.level })
    .from(skillLevels)
    .where(eq(skillLevels.companyId, ctx.companyId))
    .orderBy(asc(skillLevels.level));
}

export async function listLevelsOfSkill(ctx: DomainContext): Promise<ApiLevelOfSkill[]> {
  const rows = await ctx.db
    .select()
    .from(skillLevels)
    .where(eq(skillLevels.companyId, ctx.companyId))
    .orderBy(asc(skillLevels.level), asc(skillLevels.name));
  return rows.map(toApiLevel);
}

const requireLevel = (ctx: DomainContext, id: string) => requireRow(ctx, skillLevels, id, "Skill level");

export async function createLevelOfSkill(ctx: DomainContext, input: LevelOfSkillUpsertInput): Promise<ApiLevelOfSkill> {
  requireManager(ctx);
  const values = { id: newId(), companyId: ctx.companyId, name: input.name, level: input.level, createdAt: ctx.now };
  const [[row]] = await ctx.db.batch([
    ctx.db.insert(skillLevels).values(values).returning(),
    audit(ctx, "create", "levelOfSkill", values.id, { name: values.name, level: values.level }),
  ]);
  return toApiLevel(row);
}

export async function updateLevelOfSkill(ctx: DomainContext, id: string, input: LevelOfSkillUpsertInput): Promise<ApiLevelOfSkill> {
  requireManager(ctx);
  const before = await requireLevel(ctx, id);
  const changes = { name: input.name, level: input.level };
  const [[row]] = await ctx.db.batch([
    ctx.db
      .update(skillLevels)
      .set(changes)
      .where(and(eq(skillLevels.id, id), eq(skillLevels.companyId, ctx.companyId)))
      .returning(),
    audit(ctx, "update", "levelOfSkill", id, { before: { name: before.name, level: before.level }, after: changes }),
  ]);
  return toApiLevel(row);
}

/** Competences rated with this level keep their skill, unrated (foreign key set null). */
export async function deleteLevelOfSkill(ctx: DomainContext, id: string): Promise<ApiLevelOfSkill> {
  requireManager(ctx);
  const row = await requireLevel(ctx, id);
  await ctx.db.batch([
    ctx.db.delete(skillLevels).where(and(eq(skillLevels.id, id), eq(skillLevels.companyId, ctx.companyId))),
    audit(ctx, "delete", "levelOfSkill", id, { name: row.name, level: row.level }),
  ]);
  return toApiLevel(row);
}

// Project stages

/** In the order they were added, which is the order of the stages a project moves through. */
export async function listProjectStages(ctx: DomainContext): Promise<ApiProjectStage[]> {
  const rows = await ctx.db
    .select()
    .from(projectStages)
    .where(eq(projectStages.companyId, ctx.companyId))
    .orderBy(asc(projectStages.createdAt), asc(projectStages.name));
  return rows.map(toApiStage);
}

const requireStage = (ctx: DomainContext, id: string) => requireRow(ctx, projectStages, id, "Project stage");

export async function createProjectStage(ctx: DomainContext, input: ProjectStageUpsertInput): Promise<ApiProjectStage> {
  requireManager(ctx);
  const values = { id: newId(), companyId: ctx.companyId, name: input.name, color: input.color ?? DEFAULT_PROJECT_STAGE_COLOR, createdAt: ctx.now };
  const [[row]] = await ctx.db.batch([
    ctx.db.insert(projectStages).values(values).returning(),
    audit(ctx, "create", "projectStage", values.id, { name: values.name, color: values.color }),
  ]);
  return toApiStage(row);
}

/** Renames the stage; the colour changes only when sent. */
export async function updateProjectStage(ctx: DomainContext, id: string, input: ProjectStageUpsertInput): Promise<ApiProjectStage> {
  requireManager(ctx);
  const before = await requireStage(ctx, id);
  const changes = { name: input.name, color: input.color ?? before.color };
  const [[row]] = await ctx.db.batch([
    ctx.db
      .update(projectStages)
      .set(changes)
      .where(and(eq(projectStages.id, id), eq(projectStages.companyId, ctx.companyId)))
      .returning(),
    audit(ctx, "update", "projectStage", id, { before: { name: before.name, color: before.color }, after: changes }),
  ]);
  return toApiStage(row);
}

/** Projects in this stage keep existing without a stage (foreign key set null). */
export async function deleteProjectStage(ctx: DomainContext, id: string): Promise<ApiProjectStage> {
  requireManager(ctx);
  const row = await requireStage(ctx, id);
  await ctx.db.batch([
    ctx.db.delete(projectStages).where(and(eq(projectStages.id, id), eq(projectStages.companyId, ctx.companyId))),
    audit(ctx, "delete", "projectStage", id, { name: row.name, color: row.color }),
  ]);
  return toApiStage(row);
}

// Project categories

export async function listProjectCategories(ctx: DomainContext): Promise<ApiProjectCategory[]> {
  const rows = await ctx.db
    .select()
    .from(projectCategories)
    .where(eq(projectCategories.companyId, ctx.companyId))
    .orderBy(asc(projectCategories.name));
  return rows.map(toApiCategory);
}

const requireCategory = (ctx: DomainContext, id: string) => requireRow(ctx, projectCategories, id, "Project category");

export async function createProjectCategory(ctx: DomainContext, input: ProjectCategoryUpsertInput): Promise<ApiProjectCategory> {
  requireManager(ctx);
  const values = { id: newId(), companyId: ctx.companyId, name: input.name, createdAt: ctx.now };
  const [[row]] = await ctx.db.batch([
    ctx.db.insert(projectCategories).values(values).returning(),
    audit(ctx, "create", "projectCategory", values.id, { name: values.name }),
  ]);
  return toApiCategory(row);
}

export async function updateProjectCategory(ctx: DomainContext, id: string, input: ProjectCategoryUpsertInput): Promise<ApiProjectCategory> {
  requireManager(ctx);
  const before = await requireCategory(ctx, id);
  const [[row]] = await ctx.db.batch([
    ctx.db
      .update(projectCategories)
      .set({ name: input.name })
      .where(and(eq(projectCategories.id, id), eq(projectCategories.companyId, ctx.companyId)))
      .returning(),
    audit(ctx, "update", "projectCategory", id, { before: { name: before.name }, after: { name: input.name } }),
  ]);
  return toApiCategory(row);
}

/** Projects lose the category (their links cascade away); the projects stay. */
export async function deleteProjectCategory(ctx: DomainContext, id: string): Promise<ApiProjectCategory> {
  requireManager(ctx);
  const row = await requireCategory(ctx, id);
  await ctx.db.batch([
    ctx.db.delete(projectCategories).where(and(eq(projectCategories.id, id), eq(projectCategories.companyId, ctx.companyId))),
    audit(ctx, "delete", "projectCategory", id, { name: row.name }),
  ]);
  return toApiCategory(row);
}

// The company itself

/**
 * PUT /company and the company page: the name and the custom HTML, each when sent (the
 * schema makes blank HTML null). Answers the company as GET does.
 */
/** The allow-list sanitiser on write (decisions 0082 and 0242); nothing left is no block (null). */
function sanitizedCustomHtml(html: string | null): string | null {
  const clean = html?.trim() ? sanitizeHtml(html) : "";
  return clean.trim() ? clean : null;
}

export async function updateCompany(ctx: DomainContext, input: Partial<CompanyUpdateInput>) {
  requireManager(ctx);
  // Every person of the company sees the block: only company admins write it.
  if (input.customHtml !== undefined && !canAdministerCompany(ctx.actor.user))
    throw new ForbiddenError("Only company admins change the custom HTML.");
  const [before] = await ctx.db
    .select({ name: companies.name, customHtml: companies.customHtml })
    .from(companies)
    .where(eq(companies.id, ctx.companyId))
    .limit(1);
  if (!before) throw new NotFoundError("Company not found");
  const changes = {
    name: input.name ?? before.name,
    customHtml: input.customHtml === undefined ? before.customHtml : sanitizedCustomHtml(input.customHtml),
    updatedAt: ctx.now,
  };
  await ctx.db.batch([
    ctx.db.update(companies).set(changes).where(eq(companies.id, ctx.companyId)),
    audit(ctx, "update", "company", ctx.companyId, { before, after: { name: changes.name, customHtml: changes.customHtml } }),
  ]);
  return getCompany(ctx);
}
