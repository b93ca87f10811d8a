import { and, asc, eq, inArray, type SQL } from "drizzle-orm";
import { audit } from "../audit.server";
import { companies, groups, offices, projectCategories, projectStages, skillLevels, users } from "~/db/schema";
import { newId } from "~/lib/ids";
import { sanitizeHtml } from "~/lib/sanitize-html.server";
import type { DomainContext } from "../context";
import { ForbiddenError, NotFoundError } from "../errors";
import { canAdministerCompany } from "~/auth/permissions";
import type { z } from "zod";
import {
  DEFAULT_PROJECT_STAGE_COLOR,
  groupUpsertSchema,
  levelOfSkillUpsertSchema,
  officeCreationSchema,
  officeRenameSchema,
  projectCategoryUpsertSchema,
  projectStageUpsertSchema,
  type CompanyUpdateInput,
} from "./catalog.schema";
import { getCompany } from "./company.server";
import { requireManager } from "~/domain/guards.server";
import { requireRow } from "../require-row.server";
import type { Env } from "~/env";
import type { MailEnv } from "~/integrations/email/config.server";
import { requireStepUp } from "~/domain/identity/reauth.server";
import { retentionCutoff, shortensRetention } from "~/domain/history/retention-cutoff";
import { companyToday } from "../today";
import { tellCompanyAdmins, type NoticeSay } from "./admin-notice.server";

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

// Reading

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

export async function getGroup(ctx: DomainContext, id: string): Promise<ApiGroup> {
  return toApiGroup(await requireEntry(ctx, GROUPS, id));
}

/** The groups a person belongs to: primary, then secondary. */
export async function listUserGroups(ctx: DomainContext, userId: string): Promise<ApiGroup[]> {
  const user = await requireUserTeams(ctx, userId);
  return (await entriesInOrder(ctx, GROUPS, [user.groupId, user.secondaryGroupId])).map(toApiGroup);
}

export async function listOffices(ctx: DomainContext, filter: { groupId?: string } = {}): Promise<ApiOffice[]> {
  const where = filter.groupId
    ? and(eq(offices.companyId, ctx.companyId), eq(offices.groupId, filter.groupId))
    : eq(offices.companyId, ctx.companyId);
  const rows = await ctx.db.select().from(offices).where(where).orderBy(asc(offices.name));
  return rows.map(officeOf(ctx));
}

export async function getOffice(ctx: DomainContext, id: string): Promise<ApiOffice> {
  return officeOf(ctx)(await requireEntry(ctx, OFFICES, id));
}

/** The offices a person belongs to: primary, then secondary. */
export async function listUserOffices(ctx: DomainContext, userId: string): Promise<ApiOffice[]> {
  const user = await requireUserTeams(ctx, userId);
  return (await entriesInOrder(ctx, OFFICES, [user.officeId, user.secondaryOfficeId])).map(officeOf(ctx));
}

/** The firm's skill levels as the pickers list them (id, name, level), lowest level first: a statement for a batch. */
export function skillLevelChoicesQuery(ctx: DomainContext) {
  return ctx.db
    .select({ _id: skillLevels.id, name: skillLevels.name, level: skillLevels.level })
    .from(skillLevels)
    .where(eq(skillLevels.companyId, ctx.companyId))
    .orderBy(asc(skillLevels.level));
}

export async function listLevelsOfSkill(ctx: DomainContext): Promise<ApiLevelOfSkill[]> {
  return (await entries(ctx, SKILL_LEVELS, asc(skillLevels.level), asc(skillLevels.name))).map(toApiLevel);
}

/** In the order they were added, which is the order of the stages a project moves through. */
export async function listProjectStages(ctx: DomainContext): Promise<ApiProjectStage[]> {
  return (await entries(ctx, PROJECT_STAGES, asc(projectStages.createdAt), asc(projectStages.name))).map(toApiStage);
}

export async function listProjectCategories(ctx: DomainContext): Promise<ApiProjectCategory[]> {
  return (await entries(ctx, PROJECT_CATEGORIES, asc(projectCategories.name))).map(toApiCategory);
}

// Writing: one definition per kind, one create, update and delete for all five

type CatalogTable = typeof groups | typeof offices | typeof skillLevels | typeof projectStages | typeof projectCategories;
type Row<T extends CatalogTable> = T["$inferSelect"];
/** A new row's own columns: what is left when the id, the company and the time are set. */
type NewColumns<T extends CatalogTable> = Omit<T["$inferInsert"], "id" | "companyId" | "createdAt">;
type Audited = Record<string, unknown>;

/**
 * A kind of catalog row. `audited` is what its audit rows record of a row (before and
 * after an update, and at create and delete unless the kind records more or less there);
 * `update` answers every audited column, so the update's `after` is the change itself.
 */
interface CatalogKind<T extends CatalogTable, Create, Update, Api> {
  table: T;
  /** The input of create and of update, as the page forms and /api/v2 parse it. */
  schema: { create: z.ZodType<Create>; update: z.ZodType<Update> };
  /** The audit log's entity type. */
  entityType: string;
  /** The 404 message: "{noun} not found". */
  noun: string;
  toApi: (ctx: DomainContext, row: Row<T>) => Api;
  create: (ctx: DomainContext, input: Create) => NewColumns<T> | Promise<NewColumns<T>>;
  /** The columns an update sets: what was sent, else what the row had. */
  update: (input: Update, before: Row<T>) => Partial<Row<T>>;
  audited: (row: NewColumns<T>) => Audited;
  auditCreate?: (columns: NewColumns<T>) => Audited;
  auditDelete?: (ctx: DomainContext, row: Row<T>) => Audited | Promise<Audited>;
}

const catalogKind = <T extends CatalogTable, Create, Update, Api>(kind: CatalogKind<T, Create, Update, Api>) => kind;

const requireEntry = <T extends CatalogTable>(ctx: DomainContext, kind: { table: T; noun: string }, id: string): Promise<Row<T>> =>
  requireRow(ctx, kind.table as CatalogTable, id, kind.noun) as Promise<Row<T>>;

/** The kind's rows of the company, in the given order. */
function entries<T extends CatalogTable>(ctx: DomainContext, kind: { table: T }, ...order: SQL[]): Promise<Row<T>[]> {
  const table = kind.table as typeof groups;
  return ctx.db
    .select()
    .from(table)
    .where(eq(table.companyId, ctx.companyId))
    .orderBy(...order) as Promise<Row<T>[]>;
}

/** The kind's rows of the company with these ids, in their order (primary first), each once, missing ones left out. */
async function entriesInOrder<T extends CatalogTable>(ctx: DomainContext, kind: { table: T }, ids: (string | null)[]): Promise<Row<T>[]> {
  const wanted = [...new Set(ids.filter((id): id is string => id !== null))];
  if (wanted.length === 0) return [];
  const table = kind.table as typeof groups;
  const rows = (await ctx.db
    .select()
    .from(table)
    .where(and(eq(table.companyId, ctx.companyId), inArray(table.id, wanted)))) as Row<T>[];
  return wanted.map((id) => rows.find((row) => row.id === id)).filter((row): row is Row<T> => row !== undefined);
}

const GROUPS = catalogKind({
  table: groups,
  schema: { create: groupUpsertSchema, update: groupUpsertSchema },
  entityType: "group",
  noun: "Group",
  toApi: (_ctx, row) => toApiGroup(row),
  create: (_ctx, input) => ({ name: input.name, ssoIdentifiers: input.ssoIdentifiers ?? [] }),
  /** SSO identifiers change only when sent. */
  update: (input, before) => ({ name: input.name, ssoIdentifiers: input.ssoIdentifiers ?? before.ssoIdentifiers }),
  audited: (row) => ({ name: row.name, ssoIdentifiers: row.ssoIdentifiers }),
  /**
   * Its offices go with it (foreign key cascade) and people in them keep their account with
   * the membership emptied (foreign key set null): the audit row names the offices.
   */
  auditDelete: async (ctx, row) => ({
    name: row.name,
    ssoIdentifiers: row.ssoIdentifiers,
    offices: await ctx.db
      .select({ id: offices.id, name: offices.name })
      .from(offices)
      .where(and(eq(offices.groupId, row.id), eq(offices.companyId, ctx.companyId))),
  }),
});

/** People in a deleted office keep their group; their office is emptied (foreign key set null). */
const OFFICES = catalogKind({
  table: offices,
  schema: { create: officeCreationSchema, update: officeRenameSchema },
  entityType: "office",
  noun: "Office",
  toApi: (ctx, row) => officeOf(ctx)(row),
  create: async (ctx, input) => {
    const group = await requireEntry(ctx, GROUPS, input.group);
    return { groupId: group.id, name: input.name, timeZone: input.timeZone ?? null };
  },
  /** The time zone changes only when sent. */
  update: (input, before) => ({ name: input.name, timeZone: input.timeZone === undefined ? before.timeZone : input.timeZone }),
  audited: (row) => ({ name: row.name, timeZone: row.timeZone }),
  auditCreate: (columns) => ({ name: columns.name, group: columns.groupId, timeZone: columns.timeZone }),
  auditDelete: (_ctx, row) => ({ name: row.name, group: row.groupId }),
});

/** Competences rated with a deleted level keep their skill, unrated (foreign key set null). */
const SKILL_LEVELS = catalogKind({
  table: skillLevels,
  schema: { create: levelOfSkillUpsertSchema, update: levelOfSkillUpsertSchema },
  entityType: "levelOfSkill",
  noun: "Skill level",
  toApi: (_ctx, row) => toApiLevel(row),
  create: (_ctx, input) => ({ name: input.name, level: input.level }),
  update: (input) => ({ name: input.name, level: input.level }),
  audited: (row) => ({ name: row.name, level: row.level }),
});

/** Projects in a deleted stage keep existing without a stage (foreign key set null). */
const PROJECT_STAGES = catalogKind({
  table: projectStages,
  schema: { create: projectStageUpsertSchema, update: projectStageUpsertSchema },
  entityType: "projectStage",
  noun: "Project stage",
  toApi: (_ctx, row) => toApiStage(row),
  create: (_ctx, input) => ({ name: input.name, color: input.color ?? DEFAULT_PROJECT_STAGE_COLOR }),
  /** The colour changes only when sent. */
  update: (input, before) => ({ name: input.name, color: input.color ?? before.color }),
  audited: (row) => ({ name: row.name, color: row.color }),
});

/** Projects lose a deleted category (their links cascade away); the projects stay. */
const PROJECT_CATEGORIES = catalogKind({
  table: projectCategories,
  schema: { create: projectCategoryUpsertSchema, update: projectCategoryUpsertSchema },
  entityType: "projectCategory",
  noun: "Project category",
  toApi: (_ctx, row) => toApiCategory(row),
  create: (_ctx, input) => ({ name: input.name }),
  update: (input) => ({ name: input.name }),
  audited: (row) => ({ name: row.name }),
});

/**
 * Create, update and delete of one kind, for managers. The company is in every `where`,
 * so another company's id is not found, and the audit row goes in the same batch.
 */
function catalogWrites<T extends CatalogTable, Create, Update, Api>(kind: CatalogKind<T, Create, Update, Api>) {
  // The five tables share id and company_id; drizzle cannot check a statement over a union of tables.
  const table = kind.table as typeof groups;
  const own = (ctx: DomainContext, id: string) => and(eq(table.id, id), eq(table.companyId, ctx.companyId));
  return {
    async create(ctx: DomainContext, input: Create): Promise<Api> {
      requireManager(ctx);
      const columns = await kind.create(ctx, input);
      const values = { id: newId(), companyId: ctx.companyId, ...columns, createdAt: ctx.now };
      const [[row]] = await ctx.db.batch([
        ctx.db
          .insert(table)
          .values(values as typeof groups.$inferInsert)
          .returning(),
        audit(ctx, "create", kind.entityType, values.id, (kind.auditCreate ?? kind.audited)(columns)),
      ]);
      return kind.toApi(ctx, row as Row<T>);
    },
    async update(ctx: DomainContext, id: string, input: Update): Promise<Api> {
      requireManager(ctx);
      const before = await requireEntry(ctx, kind, id);
      const changes = kind.update(input, before);
      const [[row]] = await ctx.db.batch([
        ctx.db
          .update(table)
          .set(changes as Partial<typeof groups.$inferSelect>)
          .where(own(ctx, id))
          .returning(),
        audit(ctx, "update", kind.entityType, id, { before: kind.audited(before), after: changes }),
      ]);
      return kind.toApi(ctx, row as Row<T>);
    },
    async remove(ctx: DomainContext, id: string): Promise<Api> {
      requireManager(ctx);
      const row = await requireEntry(ctx, kind, id);
      const audited = kind.auditDelete ? await kind.auditDelete(ctx, row) : kind.audited(row);
      await ctx.db.batch([ctx.db.delete(table).where(own(ctx, id)), audit(ctx, "delete", kind.entityType, id, audited)]);
      return kind.toApi(ctx, row);
    },
  };
}

export const { create: createGroup, update: updateGroup, remove: deleteGroup } = catalogWrites(GROUPS);
export const { create: createOffice, update: renameOffice, remove: deleteOffice } = catalogWrites(OFFICES);
export const { create: createLevelOfSkill, update: updateLevelOfSkill, remove: deleteLevelOfSkill } = catalogWrites(SKILL_LEVELS);
export const { create: createProjectStage, update: updateProjectStage, remove: deleteProjectStage } = catalogWrites(PROJECT_STAGES);
export const { create: createProjectCategory, update: updateProjectCategory, remove: deleteProjectCategory } = catalogWrites(PROJECT_CATEGORIES);

/** Sets the office's time zone (null: the company's), which decides "today" for its people. */
export async function setOfficeTimeZone(ctx: DomainContext, id: string, input: { timeZone: string | null }): Promise<ApiOffice> {
  const office = await requireEntry(ctx, OFFICES, id);
  return renameOffice(ctx, id, { name: office.name, timeZone: input.timeZone });
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

/** Who asks, for the step-up a shorter retention takes: the Worker's bindings (mail too) and the caller's address. */
export interface CompanyUpdateRequest {
  env: Env & MailEnv;
  ip: string;
}

/** The entity of PUT /company's field errors (the step-up's password among them). */
export const COMPANY_ENTITY = "InputErrors";

export async function updateCompany(ctx: DomainContext, input: Partial<CompanyUpdateInput>, request: CompanyUpdateRequest) {
  requireManager(ctx);
  // Every person of the company sees the block: only company admins write it.
  if (input.customHtml !== undefined && !canAdministerCompany(ctx.actor.user))
    throw new ForbiddenError("Only company admins change the custom HTML.");
  // How long raw history is kept decides what is deleted (decision 0308): company admins only.
  if (input.historyRetentionMonths !== undefined && !canAdministerCompany(ctx.actor.user))
    throw new ForbiddenError("Only company admins change how long history is kept.");
  const [before] = await ctx.db
    .select({ name: companies.name, customHtml: companies.customHtml, historyRetentionMonths: companies.historyRetentionMonths })
    .from(companies)
    .where(eq(companies.id, ctx.companyId))
    .limit(1);
  if (!before) throw new NotFoundError("Company not found");
  const changes = {
    name: input.name ?? before.name,
    customHtml: input.customHtml === undefined ? before.customHtml : sanitizedCustomHtml(input.customHtml),
    historyRetentionMonths: input.historyRetentionMonths === undefined ? before.historyRetentionMonths : input.historyRetentionMonths,
    updatedAt: ctx.now,
  };
  // A shorter retention (or one where there was none) deletes the day-by-day detail of older
  // history for good: like the settings that hand out the firm's data, it takes the step-up and
  // every company admin hears of it (decisions 0276, 0308). Raising it or "for ever" does not.
  const shortens = shortensRetention(before.historyRetentionMonths, changes.historyRetentionMonths);
  if (shortens) await requireStepUp(ctx, request, input.currentPassword, COMPANY_ENTITY);
  // The retention is in the audit row when it was sent (decision 0308); a rename's row stays as it was.
  const retention = input.historyRetentionMonths !== undefined;
  const { historyRetentionMonths: _months, ...beforeRest } = before;
  await ctx.db.batch([
    ctx.db.update(companies).set(changes).where(eq(companies.id, ctx.companyId)),
    audit(ctx, "update", "company", ctx.companyId, {
      before: retention ? before : beforeRest,
      after: {
        name: changes.name,
        customHtml: changes.customHtml,
        ...(retention ? { historyRetentionMonths: changes.historyRetentionMonths } : {}),
      },
    }),
  ]);
  if (shortens) {
    const cutoff = retentionCutoff(companyToday(ctx.actor.company.settings, ctx.now), changes.historyRetentionMonths!);
    const kept = (t: NoticeSay, months: number | null) =>
      months === null ? t("historyRetention.forever") : t("historyRetention.months", { months });
    await tellCompanyAdmins(ctx, request.env, {
      setting: "notice.setting.historyRetention",
      what: (t) =>
        t("notice.historyRetention.shortened", {
          from: kept(t, before.historyRetentionMonths),
          to: kept(t, changes.historyRetentionMonths),
          cutoff: new Intl.DateTimeFormat(t("language.locale"), { dateStyle: "long", timeZone: "UTC" }).format(cutoff),
        }),
      advice: "notice.historyRetention.advice",
    });
  }
  return getCompany(ctx);
}
