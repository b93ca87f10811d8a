import { and, asc, eq, sql } from "drizzle-orm";
import { audit } from "../audit.server";
import { alias } from "drizzle-orm/sqlite-core";
import { canChangeMembership, canEditCompetences, canSetSkillLevel } from "~/auth/permissions";
import { competences, skillLevels, userSkills, users } from "~/db/schema";
import { inJsonList } from "~/db/json-list";
import { newId } from "~/lib/ids";
import type { DomainContext } from "../context";
import { skillLevelChoicesQuery } from "../company/catalog.server";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../errors";
import { requireRow } from "../require-row.server";
import type { CompetenceUpsertInput, SkillCreateInput, SkillLevelInput } from "./competence.schema";
import { listedPeople } from "../users/filter.server";

/**
 * Competences and categories (a category is a competence with root = true) and the skills
 * that make people members of them (spec: planning.md, "Competences", sections 5 to 7).
 * Every statement carries ctx.companyId, so another company's id is not found. The rules
 * come from auth/permissions.ts (canEditCompetences, canChangeMembership, canSetSkillLevel);
 * competences the CV service imported (externalSource) are read-only here.
 */

export const ENTITY = "CompetenceInputErrors";
export const SKILL_ENTITY = "SkillInputErrors";

export interface ApiLevel {
  _id: string;
  name: string;
  level: number;
}

export interface ApiCompetenceMember {
  _id: string;
  skills: { _id: string; level: ApiLevel | null }[];
}

export interface ApiCompetence {
  _id: string;
  name: string;
  root: boolean;
  subCategory: boolean;
  parent: { _id: string; name: string; parent: string | null } | null;
  externalSource: string | null;
  users: ApiCompetenceMember[];
  averageSkillLevel: number | null;
  created: string;
}

export interface ApiSkill {
  _id: string;
  user: string;
  competence: { _id: string; name: string; parent: string | null; root: boolean };
  level: ApiLevel | null;
}

const parents = alias(competences, "competence_parents");

function requireCompetencesOn(ctx: DomainContext): void {
  if (ctx.actor.company.settings.disableCompetences) throw new ForbiddenError("Competences are turned off for this company.");
}

function requireEditor(ctx: DomainContext): void {
  requireCompetencesOn(ctx);
  if (!canEditCompetences(ctx.actor.user, ctx.actor.company.settings)) throw new ForbiddenError("Only administrators can change competences here.");
}

function requireNotExternal(row: { externalSource: string | null }): void {
  if (row.externalSource) throw new ForbiddenError("Competences from CV Partner are read-only.");
}

const competenceColumns = {
  id: competences.id,
  name: competences.name,
  root: competences.root,
  subCategory: competences.subCategory,
  parentId: competences.parentId,
  externalSource: competences.externalSource,
  createdAt: competences.createdAt,
  // Aliased: D1 batches answer rows keyed by column name, and "name" is taken.
  parentName: sql<string | null>`${parents.name}`.as("parent_name"),
  parentParentId: sql<string | null>`${parents.parentId}`.as("parent_parent_id"),
};

const skillColumns = {
  id: userSkills.id,
  userId: userSkills.userId,
  competenceId: userSkills.competenceId,
  levelId: sql<string | null>`${skillLevels.id}`.as("level_id"),
  levelName: sql<string | null>`${skillLevels.name}`.as("level_name"),
  level: sql<number | null>`${skillLevels.level}`.as("level_value"),
};

type CompetenceRow = {
  id: string;
  name: string;
  root: boolean;
  subCategory: boolean;
  parentId: string | null;
  externalSource: string | null;
  createdAt: Date;
  parentName: string | null;
  parentParentId: string | null;
};
type SkillRow = { id: string; userId: string; competenceId: string; levelId: string | null; levelName: string | null; level: number | null };

const toLevel = (row: Pick<SkillRow, "levelId" | "levelName" | "level">): ApiLevel | null =>
  row.levelId ? { _id: row.levelId, name: row.levelName ?? "", level: Number(row.level) } : null;

function toApiCompetence(row: CompetenceRow, skills: SkillRow[]): ApiCompetence {
  const levels = skills.map((s) => s.level).filter((l): l is number => l !== null);
  return {
    _id: row.id,
    name: row.name,
    root: Boolean(row.root),
    subCategory: Boolean(row.subCategory),
    parent: row.parentId && row.parentName !== null ? { _id: row.parentId, name: row.parentName, parent: row.parentParentId } : null,
    externalSource: row.externalSource,
    users: skills.map((s) => ({ _id: s.userId, skills: [{ _id: s.id, level: toLevel(s) }] })),
    averageSkillLevel: levels.length ? Math.round((levels.reduce((a, b) => a + b, 0) / levels.length) * 100) / 100 : null,
    created: new Date(row.createdAt).toISOString(),
  };
}

function competenceQuery(ctx: DomainContext) {
  return ctx.db
    .select(competenceColumns)
    .from(competences)
    .leftJoin(parents, and(eq(parents.id, competences.parentId), eq(parents.companyId, competences.companyId)));
}

function skillQuery(ctx: DomainContext) {
  return ctx.db.select(skillColumns).from(userSkills).leftJoin(skillLevels, eq(skillLevels.id, userSkills.levelId));
}

/**
 * GET /competences: every competence and category with its members, by name. With
 * `addToUser`, only the competences (no categories) that person does not have yet.
 */
export async function listCompetences(ctx: DomainContext, options: { addToUser?: string } = {}): Promise<ApiCompetence[]> {
  requireCompetencesOn(ctx);
  if (options.addToUser) await requirePerson(ctx, options.addToUser);
  const [rows, skills] = await ctx.db.batch([
    competenceQuery(ctx)
      .where(eq(competences.companyId, ctx.companyId))
      .orderBy(sql`${competences.name} collate nocase`, asc(competences.id)),
    skillQuery(ctx).where(eq(userSkills.companyId, ctx.companyId)).orderBy(asc(userSkills.createdAt), asc(userSkills.id)),
  ]);
  const byCompetence = new Map<string, SkillRow[]>();
  for (const skill of skills) {
    const list = byCompetence.get(skill.competenceId);
    if (list) list.push(skill);
    else byCompetence.set(skill.competenceId, [skill]);
  }
  const list = rows.map((row) => toApiCompetence(row, byCompetence.get(row.id) ?? []));
  if (!options.addToUser) return list;
  const target = options.addToUser;
  return list.filter((c) => !c.root && !c.users.some((u) => u._id === target));
}

async function requireCompetenceEntity(ctx: DomainContext, id: string): Promise<ApiCompetence> {
  const [[row], skills] = await ctx.db.batch([
    competenceQuery(ctx)
      .where(and(eq(competences.id, id), eq(competences.companyId, ctx.companyId)))
      .limit(1),
    skillQuery(ctx)
      .where(and(eq(userSkills.companyId, ctx.companyId), eq(userSkills.competenceId, id)))
      .orderBy(asc(userSkills.createdAt), asc(userSkills.id)),
  ]);
  if (!row) throw new NotFoundError("Competence not found");
  return toApiCompetence(row, skills);
}

export async function getCompetence(ctx: DomainContext, id: string): Promise<ApiCompetence> {
  requireCompetencesOn(ctx);
  return requireCompetenceEntity(ctx, id);
}

const requireCompetence = (ctx: DomainContext, id: string) => requireRow(ctx, competences, id, "Competence");

const requirePerson = (ctx: DomainContext, userId: string) => requireRow(ctx, users, userId, "User");

/**
 * The parent must be a category of the company, and a category may not end up inside
 * itself (its own parent, or a parent further up that is one of its sub-categories).
 */
async function checkParent(ctx: DomainContext, parentId: string | null | undefined, selfId?: string): Promise<void> {
  if (!parentId) return;
  if (parentId === selfId) throw new ValidationError(ENTITY, { parentId: "A category cannot be its own parent." });
  const all = await ctx.db
    .select({ id: competences.id, root: competences.root, parentId: competences.parentId })
    .from(competences)
    .where(eq(competences.companyId, ctx.companyId));
  const byId = new Map(all.map((row) => [row.id, row]));
  const parent = byId.get(parentId);
  if (!parent) throw new ValidationError(ENTITY, { parentId: "That category does not exist." });
  if (!parent.root) throw new ValidationError(ENTITY, { parentId: "Pick a category as the parent." });
  const seen = new Set<string>();
  for (let at: string | null = parent.parentId; at && !seen.has(at); at = byId.get(at)?.parentId ?? null) {
    seen.add(at);
    if (at === selfId) throw new ValidationError(ENTITY, { parentId: "A category cannot sit inside one of its own sub-categories." });
  }
}

export async function createCompetence(ctx: DomainContext, input: CompetenceUpsertInput): Promise<ApiCompetence> {
  requireEditor(ctx);
  await checkParent(ctx, input.parentId);
  const values = {
    id: newId(),
    companyId: ctx.companyId,
    name: input.name,
    root: input.root,
    subCategory: input.subCategory || (input.root && Boolean(input.parentId)),
    parentId: input.parentId ?? null,
    createdAt: ctx.now,
  };
  await ctx.db.batch([
    ctx.db.insert(competences).values(values),
    audit(ctx, "create", "competence", values.id, { name: values.name, root: values.root }),
  ]);
  return requireCompetenceEntity(ctx, values.id);
}

export async function updateCompetence(ctx: DomainContext, id: string, input: CompetenceUpsertInput): Promise<ApiCompetence> {
  requireEditor(ctx);
  const before = await requireCompetence(ctx, id);
  requireNotExternal(before);
  await checkParent(ctx, input.parentId, id);
  if (before.root && !input.root) {
    const [child] = await ctx.db
      .select({ id: competences.id })
      .from(competences)
      .where(and(eq(competences.companyId, ctx.companyId), eq(competences.parentId, id)))
      .limit(1);
    if (child) throw new ConflictError(`${before.name} still holds competences; move them to another category first.`);
  }
  if (!before.root && input.root) {
    const [member] = await ctx.db
      .select({ id: userSkills.id })
      .from(userSkills)
      .where(and(eq(userSkills.companyId, ctx.companyId), eq(userSkills.competenceId, id)))
      .limit(1);
    if (member) throw new ConflictError(`${before.name} has members; a category cannot have members.`);
  }
  const changes = {
    name: input.name,
    root: input.root,
    subCategory: input.subCategory || (input.root && Boolean(input.parentId)),
    parentId: input.parentId ?? null,
  };
  await ctx.db.batch([
    ctx.db
      .update(competences)
      .set(changes)
      .where(and(eq(competences.id, id), eq(competences.companyId, ctx.companyId))),
    audit(ctx, "update", "competence", id, { before: { name: before.name, parentId: before.parentId, root: before.root }, after: changes }),
  ]);
  return requireCompetenceEntity(ctx, id);
}

/** Members lose the skill; competences of a deleted category stay, without a category. */
export async function deleteCompetence(ctx: DomainContext, id: string): Promise<ApiCompetence> {
  requireEditor(ctx);
  const before = await requireCompetenceEntity(ctx, id);
  requireNotExternal(before);
  await ctx.db.batch([
    ctx.db.delete(userSkills).where(and(eq(userSkills.companyId, ctx.companyId), eq(userSkills.competenceId, id))),
    ctx.db
      .update(competences)
      .set({ parentId: null })
      .where(and(eq(competences.companyId, ctx.companyId), eq(competences.parentId, id))),
    ctx.db.delete(competences).where(and(eq(competences.id, id), eq(competences.companyId, ctx.companyId))),
    audit(ctx, "delete", "competence", id, { name: before.name, root: before.root, members: before.users.length }),
  ]);
  return before;
}

// Members and skills -----------------------------------------------------------------------

async function requireMemberTarget(ctx: DomainContext, competenceId: string) {
  requireCompetencesOn(ctx);
  const competence = await requireCompetence(ctx, competenceId);
  requireNotExternal(competence);
  if (competence.root) throw new ValidationError(ENTITY, {}, "A category has no members; add people to one of its competences.");
  return competence;
}

function requireMayAdd(ctx: DomainContext, userIds: string[]): void {
  const settings = ctx.actor.company.settings;
  for (const userId of userIds) {
    if (!canChangeMembership(ctx.actor.user, userId, settings)) throw new ForbiddenError("You can only add yourself to a competence.");
  }
}

async function requireLevelRow(ctx: DomainContext, levelId: string | null | undefined, entity: string): Promise<string | null> {
  if (!levelId) return null;
  const [level] = await ctx.db
    .select({ id: skillLevels.id })
    .from(skillLevels)
    .where(and(eq(skillLevels.id, levelId), eq(skillLevels.companyId, ctx.companyId)))
    .limit(1);
  if (!level) throw new ValidationError(entity, { levelOfSkillId: "That skill level does not exist." });
  return level.id;
}

/** POST /competences/{id}/users: adds the people who do not have it yet; the others are left as they are. */
export async function addMembers(ctx: DomainContext, competenceId: string, userIds: string[]): Promise<ApiCompetence> {
  const competence = await requireMemberTarget(ctx, competenceId);
  requireMayAdd(ctx, userIds);
  const found = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.companyId, ctx.companyId), inJsonList(users.id, userIds)));
  if (found.length !== userIds.length) throw new NotFoundError("User not found");
  // D1 binds at most 100 parameters per statement: 15 rows of 6 values per insert, all in one batch.
  const rows = userIds.map((userId) => ({ id: newId(), companyId: ctx.companyId, userId, competenceId, createdAt: ctx.now }));
  const inserts = [];
  for (let from = 0; from < rows.length; from += 15)
    inserts.push(
      ctx.db
        .insert(userSkills)
        .values(rows.slice(from, from + 15))
        .onConflictDoNothing(),
    );
  await ctx.db.batch([audit(ctx, "addMembers", "competence", competence.id, { userIds }), ...inserts]);
  return requireCompetenceEntity(ctx, competenceId);
}

async function insertSkill(ctx: DomainContext, competenceId: string, userId: string, levelId: string | null, entity: string) {
  const competence = await requireMemberTarget(ctx, competenceId);
  requireMayAdd(ctx, [userId]);
  const person = await requirePerson(ctx, userId);
  if (levelId && !canSetSkillLevel(ctx.actor.user, userId, ctx.actor.company.settings)) {
    throw new ForbiddenError("You cannot set this skill level.");
  }
  const level = await requireLevelRow(ctx, levelId, entity);
  const [existing] = await ctx.db
    .select({ id: userSkills.id })
    .from(userSkills)
    .where(and(eq(userSkills.companyId, ctx.companyId), eq(userSkills.userId, userId), eq(userSkills.competenceId, competenceId)))
    .limit(1);
  if (existing) throw new ConflictError(`${person.name || person.email} already has ${competence.name}.`);
  const id = newId();
  await ctx.db.batch([
    ctx.db.insert(userSkills).values({ id, companyId: ctx.companyId, userId, competenceId, levelId: level, createdAt: ctx.now }),
    audit(ctx, "create", "skill", id, { userId, competenceId, levelId: level }),
  ]);
  return id;
}

/** POST /competences/{id}/user/{userId}: one person; 409 when they have it already. */
export async function addMember(ctx: DomainContext, competenceId: string, userId: string): Promise<ApiCompetence> {
  await insertSkill(ctx, competenceId, userId, null, ENTITY);
  return requireCompetenceEntity(ctx, competenceId);
}

async function requireSkillEntity(ctx: DomainContext, id: string): Promise<ApiSkill> {
  const [row] = await ctx.db
    .select({
      ...skillColumns,
      competenceName: sql<string>`${competences.name}`.as("competence_name"),
      competenceParent: competences.parentId,
      competenceRoot: competences.root,
    })
    .from(userSkills)
    .innerJoin(competences, and(eq(competences.id, userSkills.competenceId), eq(competences.companyId, userSkills.companyId)))
    .leftJoin(skillLevels, eq(skillLevels.id, userSkills.levelId))
    .where(and(eq(userSkills.id, id), eq(userSkills.companyId, ctx.companyId)))
    .limit(1);
  if (!row) throw new NotFoundError("Skill not found");
  return {
    _id: row.id,
    user: row.userId,
    competence: { _id: row.competenceId, name: row.competenceName, parent: row.competenceParent, root: Boolean(row.competenceRoot) },
    level: toLevel(row),
  };
}

/** POST /skill: a person (oneself by default) gets a competence, optionally rated. */
export async function createSkill(ctx: DomainContext, input: SkillCreateInput): Promise<ApiSkill> {
  const id = await insertSkill(ctx, input.competenceId, input.userId ?? ctx.actor.user.id, input.levelOfSkillId ?? null, SKILL_ENTITY);
  return requireSkillEntity(ctx, id);
}

async function requireSkill(ctx: DomainContext, id: string) {
  requireCompetencesOn(ctx);
  const skill = await requireRow(ctx, userSkills, id, "Skill");
  const competence = await requireCompetence(ctx, skill.competenceId);
  requireNotExternal(competence);
  return skill;
}

/** PUT /skill/{id}: sets the level, or clears it when levelOfSkillId is absent or null. */
export async function setSkillLevel(ctx: DomainContext, id: string, input: SkillLevelInput): Promise<ApiSkill> {
  const skill = await requireSkill(ctx, id);
  if (!canSetSkillLevel(ctx.actor.user, skill.userId, ctx.actor.company.settings)) throw new ForbiddenError("You cannot set this skill level.");
  const levelId = await requireLevelRow(ctx, input.levelOfSkillId, SKILL_ENTITY);
  await ctx.db.batch([
    ctx.db
      .update(userSkills)
      .set({ levelId })
      .where(and(eq(userSkills.id, id), eq(userSkills.companyId, ctx.companyId))),
    audit(ctx, "update", "skill", id, { before: skill.levelId, after: levelId }),
  ]);
  return requireSkillEntity(ctx, id);
}

/** DELETE /skill/{id}: the person leaves the competence. */
export async function deleteSkill(ctx: DomainContext, id: string): Promise<ApiSkill> {
  const skill = await requireSkill(ctx, id);
  if (!canChangeMembership(ctx.actor.user, skill.userId, ctx.actor.company.settings)) {
    throw new ForbiddenError("You can only take yourself off a competence.");
  }
  const before = await requireSkillEntity(ctx, id);
  await ctx.db.batch([
    ctx.db.delete(userSkills).where(and(eq(userSkills.id, id), eq(userSkills.companyId, ctx.companyId))),
    audit(ctx, "delete", "skill", id, { userId: skill.userId, competenceId: skill.competenceId }),
  ]);
  return before;
}

// The /competences/{id} page ---------------------------------------------------------------

/**
 * What the detail page needs beyond the entity: members with names, the firm's levels, the
 * categories for the parent dropdown (with their competence counts) and the people who can
 * still be added. One batch.
 */
export async function competencePageData(ctx: DomainContext, id: string) {
  requireCompetencesOn(ctx);
  const competence = await requireCompetenceEntity(ctx, id);
  const [memberRows, levelRows, categoryRows, peopleRows, parentRows] = await ctx.db.batch([
    ctx.db
      .select({
        skillId: userSkills.id,
        // Aliased: D1 batches answer rows keyed by column name, and "id" is taken by the skill.
        userId: sql<string>`${users.id}`.as("member_user_id"),
        name: sql<string>`${users.name}`.as("member_name"),
        email: users.email,
        title: users.title,
        levelId: userSkills.levelId,
      })
      .from(userSkills)
      .innerJoin(users, and(eq(users.id, userSkills.userId), eq(users.companyId, userSkills.companyId)))
      .where(and(eq(userSkills.companyId, ctx.companyId), eq(userSkills.competenceId, id)))
      .orderBy(sql`${users.name} collate nocase`),
    skillLevelChoicesQuery(ctx),
    ctx.db
      .select({
        _id: competences.id,
        name: competences.name,
        parentId: competences.parentId,
      })
      .from(competences)
      .where(and(eq(competences.companyId, ctx.companyId), eq(competences.root, true)))
      .orderBy(sql`${competences.name} collate nocase`),
    ctx.db
      .select({ _id: users.id, name: users.name, email: users.email })
      .from(users)
      .where(listedPeople(ctx.companyId))
      .orderBy(sql`${users.name} collate nocase`),
    ctx.db
      .select({ parentId: competences.parentId })
      .from(competences)
      .where(and(eq(competences.companyId, ctx.companyId), sql`${competences.parentId} is not null`)),
  ]);
  const counts = new Map<string, number>();
  for (const row of parentRows) if (row.parentId) counts.set(row.parentId, (counts.get(row.parentId) ?? 0) + 1);
  const memberIds = new Set(memberRows.map((m) => m.userId));
  const settings = ctx.actor.company.settings;
  const me = ctx.actor.user;
  return {
    competence,
    members: memberRows.map((m) => ({
      ...m,
      name: m.name || m.email,
      canRate: !competence.externalSource && canSetSkillLevel(me, m.userId, settings),
      canRemove: !competence.externalSource && canChangeMembership(me, m.userId, settings),
    })),
    levels: levelRows,
    categories: categoryRows.filter((c) => c._id !== id).map((c) => ({ ...c, count: counts.get(c._id) ?? 0 })),
    candidates: peopleRows
      .filter((p) => !memberIds.has(p._id) && canChangeMembership(me, p._id, settings))
      .map((p) => ({ _id: p._id, name: p.name || p.email })),
    mySkill: memberRows.find((m) => m.userId === me.id) ?? null,
    canEdit: !competence.externalSource && canEditCompetences(me, settings),
  };
}

export interface CompetenceOption {
  _id: string;
  name: string;
  category: string | null;
}

/** Competences (no categories) by name, for pickers: the staffing search, the user card's 'Add competence'. */
export async function competenceOptions(ctx: DomainContext): Promise<CompetenceOption[]> {
  const query = competenceOptionsQuery(ctx);
  return query ? readCompetenceOptions(await query) : [];
}

/** The same as a statement to run in a batch (the overview's competence filter); null when competences are off. */
export function competenceOptionsQuery(ctx: DomainContext) {
  if (ctx.actor.company.settings.disableCompetences) return null;
  return competenceQuery(ctx)
    .where(and(eq(competences.companyId, ctx.companyId), eq(competences.root, false)))
    .orderBy(sql`${competences.name} collate nocase`);
}

export function readCompetenceOptions(rows: { id: string; name: string; parentName: string | null }[]): CompetenceOption[] {
  return rows.map((row) => ({ _id: row.id, name: row.name, category: row.parentName }));
}
