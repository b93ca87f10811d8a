import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/auth/permissions";
import { accessMatrix, ALL_ROLES, notEndpoints, type CompanyIds } from "./access-matrix";
import { eq } from "drizzle-orm";
import {
  companies,
  competences,
  forecasts,
  groups,
  matters,
  notificationTokens,
  offices,
  projectCategories,
  projectInvoices,
  projectMembers,
  projects,
  projectStages,
  projectTimeReports,
  scimTokens,
  skillLevels,
  userSkills,
  vacations,
  webPushSubscriptions,
} from "~/db/schema";
import { newId } from "~/lib/ids";
import { api, createCompany, db, placeOnShard, syncDirectory, tokenFor } from "./helpers";

const routeFiles = Object.keys(import.meta.glob("/app/routes/api.v2.*.{ts,tsx}")).map((path) => path.split("/").pop()!);

type DeletableIds = Pick<
  CompanyIds,
  | "deletableGroupId"
  | "deletableOfficeId"
  | "deletableSkillLevelId"
  | "deletableProjectStageId"
  | "deletableProjectCategoryId"
  | "deletableForecastId"
  | "deletableVacationId"
  | "deletableUserId"
  | "deletableNotificationTokenId"
  | "deletableWebPushSubscriptionId"
  | "deletableCompetenceId"
  | "deletableSkillId"
  | "deletableProjectId"
  | "deletableTimeReportId"
  | "deletableInvoiceId"
>;

interface Tenant {
  companyId: string;
  ids: CompanyIds;
  tokens: Record<Role, string>;
  emails: Record<Role, string>;
  /** One set of rows to delete per role, so that every allowed role's DELETE finds its row. */
  deletable: Record<Role, DeletableIds>;
}

async function catalogRows(companyId: string, groupId: string, label: string) {
  const ids = { group: newId(), office: newId(), level: newId(), stage: newId(), category: newId() };
  await db().batch([
    db()
      .insert(groups)
      .values({ id: ids.group, companyId, name: `${label} group` }),
    db()
      .insert(offices)
      .values({ id: ids.office, companyId, groupId, name: `${label} office` }),
    db()
      .insert(skillLevels)
      .values({ id: ids.level, companyId, name: `${label} level`, level: 1 }),
    db()
      .insert(projectStages)
      .values({ id: ids.stage, companyId, name: `${label} stage` }),
    db()
      .insert(projectCategories)
      .values({ id: ids.category, companyId, name: `${label} category` }),
  ]);
  return ids;
}

/** A competence to delete, and a skill of the employee (in a competence of its own) to delete. */
async function competenceRows(companyId: string, userId: string, label: string) {
  const ids = { competence: newId(), holder: newId(), skill: newId() };
  await db().batch([
    db()
      .insert(competences)
      .values([
        { id: ids.competence, companyId, name: `${label} competence` },
        { id: ids.holder, companyId, name: `${label} skill holder` },
      ]),
    db().insert(userSkills).values({ id: ids.skill, companyId, userId, competenceId: ids.holder }),
  ]);
  return ids;
}

/** A forecast and a vacation of the tenant's employee, far enough ahead to overlap nothing. */
async function availabilityRows(companyId: string, userId: string, weeksAhead: number) {
  const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 0, 1 + weeksAhead * 7));
  const ids = { forecast: newId(), vacation: newId() };
  await db().batch([
    db().insert(forecasts).values({ id: ids.forecast, companyId, userId, startDate: start, endDate: start, status: "1" }),
    db().insert(vacations).values({ id: ids.vacation, companyId, userId, startDate: start, endDate: start }),
  ]);
  return ids;
}

/** A project in the tenant's group and office with the employee as member, hours and an invoice. */
async function projectRows(companyId: string, groupId: string, officeId: string, employeeId: string, label: string) {
  const ids = { project: newId(), timeReport: newId(), invoice: newId() };
  const day = new Date(Date.UTC(2026, 2, 2));
  await db().batch([
    db()
      .insert(projects)
      .values({ id: ids.project, companyId, name: `${label} project`, groupId, officeId }),
    db().insert(projectMembers).values({ companyId, projectId: ids.project, userId: employeeId }),
    db().insert(projectTimeReports).values({ id: ids.timeReport, companyId, projectId: ids.project, userId: employeeId, date: day, hours: 2 }),
    db().insert(projectInvoices).values({ id: ids.invoice, companyId, projectId: ids.project, date: day, amount: 100 }),
  ]);
  return ids;
}

async function tenant(name: string): Promise<Tenant> {
  // The time-keeping views on, with admins holding the report privileges (access-matrix.matters.ts),
  // and the absence planner off, so the planner's rule shows (access-matrix.availability.ts).
  const { company, createUser, group, office } = await createCompany(name, {
    disableAbsencePlanner: true,
    enableNewForecasting: true,
    enableUtilizationView: true,
    enableMatterPM: true,
    adminsHaveReportPrivileges: true,
    projectInvoicing: true,
  });
  // History kept for ever, as an existing firm's (decision 0308): the matrix's retention call is shorter, so takes the step-up.
  await db().update(companies).set({ historyRetentionMonths: null }).where(eq(companies.id, company.id));
  const tokens = {} as Record<Role, string>;
  const emails = {} as Record<Role, string>;
  const deletable = {} as Record<Role, DeletableIds>;
  let employeeId = "";
  for (const role of ALL_ROLES) {
    const user = await createUser(role === "observer" ? "observer" : role);
    if (role === "employee") employeeId = user.id;
    // Sign-in finds the firm's shard in the directory, which hears of new people from their shard.
    await syncDirectory();
    tokens[role] = await tokenFor(user.email);
    emails[role] = user.email;
    const rows = await catalogRows(company.id, group.id, `Deletable ${role}`);
    const availability = await availabilityRows(company.id, employeeId, ALL_ROLES.indexOf(role) + 1);
    const competenceIds = await competenceRows(company.id, employeeId, `Deletable ${role}`);
    const project = await projectRows(company.id, group.id, office.id, employeeId, `Deletable ${role}`);
    deletable[role] = {
      deletableCompetenceId: competenceIds.competence,
      deletableSkillId: competenceIds.skill,
      deletableGroupId: rows.group,
      deletableOfficeId: rows.office,
      deletableSkillLevelId: rows.level,
      deletableProjectStageId: rows.stage,
      deletableProjectCategoryId: rows.category,
      deletableForecastId: availability.forecast,
      deletableVacationId: availability.vacation,
      deletableUserId: (await createUser("employee")).id,
      deletableNotificationTokenId: (
        await db()
          .insert(notificationTokens)
          .values({ companyId: company.id, userId: user.id, tokenType: "apns", token: `matrix-${user.id}` })
          .returning()
      )[0].id,
      deletableWebPushSubscriptionId: (
        await db()
          .insert(webPushSubscriptions)
          .values({ companyId: company.id, userId: user.id, endpoint: `https://push.example.com/matrix/${user.id}`, p256dh: "p", auth: "a" })
          .returning()
      )[0].id,
      deletableProjectId: project.project,
      deletableTimeReportId: project.timeReport,
      deletableInvoiceId: project.invoice,
    };
  }
  const invited = await createUser("invited");
  const kept = await catalogRows(company.id, group.id, "Kept");
  const keptAvailability = await availabilityRows(company.id, employeeId, 10);
  const matterNumber = `M-${name.replace(/\W/g, "")}`;
  await db()
    .insert(matters)
    .values({ companyId: company.id, number: matterNumber, displayName: `${name} matter` });
  const keptCompetence = await competenceRows(company.id, employeeId, "Kept");
  const keptProject = await projectRows(company.id, group.id, office.id, employeeId, "Kept");
  return {
    companyId: company.id,
    ids: {
      userId: employeeId,
      groupId: group.id,
      officeId: office.id,
      skillLevelId: kept.level,
      projectStageId: kept.stage,
      projectCategoryId: kept.category,
      forecastId: keptAvailability.forecast,
      vacationId: keptAvailability.vacation,
      invitedUserId: invited.id,
      matterNumber,
      competenceId: keptCompetence.competence,
      skillId: keptCompetence.skill,
      projectId: keptProject.project,
      timeReportId: keptProject.timeReport,
      invoiceId: keptProject.invoice,
      scimTokenId: (
        await db()
          .insert(scimTokens)
          .values({ companyId: company.id, name: "Matrix directory", tokenHash: `matrix-${newId()}` })
          .returning()
      )[0].id,
      ...deletable.employee,
    },
    tokens,
    emails,
    deletable,
  };
}

/** The tenant's ids as `role` uses them: its own rows to delete. */
function idsFor(t: Tenant, role: Role): CompanyIds {
  return { ...t.ids, ...t.deletable[role] };
}

/** Every id as `:name`, for the test titles. */
const placeholders: CompanyIds = {
  userId: ":userId",
  groupId: ":groupId",
  officeId: ":officeId",
  skillLevelId: ":skillLevelId",
  projectStageId: ":projectStageId",
  projectCategoryId: ":projectCategoryId",
  deletableGroupId: ":groupId",
  deletableOfficeId: ":officeId",
  deletableSkillLevelId: ":skillLevelId",
  deletableProjectStageId: ":projectStageId",
  deletableProjectCategoryId: ":projectCategoryId",
  forecastId: ":forecastId",
  vacationId: ":vacationId",
  deletableForecastId: ":forecastId",
  deletableVacationId: ":vacationId",
  invitedUserId: ":invitedUserId",
  deletableUserId: ":userId",
  deletableNotificationTokenId: ":id",
  deletableWebPushSubscriptionId: ":id",
  matterNumber: ":matterNumber",
  competenceId: ":competenceId",
  skillId: ":skillId",
  deletableCompetenceId: ":competenceId",
  deletableSkillId: ":skillId",
  projectId: ":projectId",
  timeReportId: ":id",
  invoiceId: ":id",
  deletableProjectId: ":projectId",
  deletableTimeReportId: ":id",
  deletableInvoiceId: ":id",
  scimTokenId: ":id",
};

let own: Tenant;
let other: Tenant;

/**
 * The matrix runs on a sharded installation (decision 0313): the firm whose people call lives on
 * shard 1, the other firm on shard 2, and every statement run on shard 2 is counted, so the last
 * test can prove that no call of the firm on shard 1 ever read it.
 */
const shardTwo = countedStatements(env.DB_SHARD_2!);

function countedStatements(d1: D1Database) {
  const counted = { statements: 0, sql: [] as string[] };
  const target = d1 as unknown as Record<string, (...args: unknown[]) => unknown>;
  for (const method of ["prepare", "batch", "exec", "withSession"]) {
    const original = target[method]?.bind(d1);
    if (!original) continue;
    target[method] = (...args: unknown[]) => {
      counted.statements++;
      counted.sql.push(`${method}: ${typeof args[0] === "string" ? args[0].slice(0, 80) : ""}`);
      return original(...args);
    };
  }
  return counted;
}

beforeAll(async () => {
  placeOnShard(1);
  own = await tenant("Own Firm");
  placeOnShard(2);
  other = await tenant("Other Firm");
  placeOnShard(0);
  await syncDirectory();
  shardTwo.statements = 0;
  shardTwo.sql = [];
});

function call(entry: (typeof accessMatrix)[number], ids: CompanyIds, token?: string) {
  return api(entry.path(ids), { method: entry.method, token, json: entry.body ? entry.body(ids) : entry.method === "GET" ? undefined : {} });
}

describe("access matrix", () => {
  it("lists every /api/v2 route file, and only existing ones", () => {
    const listed = new Set(accessMatrix.map((entry) => entry.file));
    const unlisted = routeFiles.filter((file) => !listed.has(file) && !notEndpoints.has(file));
    expect(unlisted, "route files missing from tests/workerd/access-matrix.ts").toEqual([]);
    const missing = [...listed].filter((file) => !routeFiles.includes(file));
    expect(missing, "matrix entries without a route file").toEqual([]);
  });

  for (const entry of accessMatrix) {
    const label = `${entry.method} ${entry.path(placeholders)}${entry.note ? ` (${entry.note})` : ""}`;
    describe(label, () => {
      if (entry.roles === "public") {
        it("is reachable signed-out and never answers 401/500 for well-formed input", async () => {
          // Signed out, a call names no firm: a secret without one in front (from before shards, or
          // made up, as here) is looked for on every shard. Not a read of the firm on shard 1.
          const counted = shardTwo.statements;
          const response = await call(entry, own.ids);
          expect(response.status).toBeLessThan(500);
          shardTwo.statements = counted;
          shardTwo.sql.length = counted;
        });
        return;
      }
      const allowed = entry.roles;

      it("answers 401 JSON without credentials", async () => {
        const response = await call(entry, own.ids);
        expect(response.status).toBe(401);
        expect(await response.json()).toHaveProperty("message");
      });

      for (const role of ALL_ROLES) {
        if (allowed.includes(role)) {
          it(`lets ${role} in`, async () => {
            // A call that ends the caller's session gets a session of its own.
            const token = entry.endsSession ? await tokenFor(own.emails[role]) : own.tokens[role];
            const response = await call(entry, idsFor(own, role), token);
            expect([401, 403, 404]).not.toContain(response.status);
            expect(response.status).toBeLessThan(entry.succeeds ? 300 : 500);
          });
        } else if (entry.operatorOnly) {
          it(`answers 404 to ${role}`, async () => {
            const response = await call(entry, idsFor(own, role), own.tokens[role]);
            expect(response.status).toBe(404);
          });
        } else {
          it(`answers 403 to ${role}`, async () => {
            const response = await call(entry, idsFor(own, role), own.tokens[role]);
            expect(response.status).toBe(403);
          });
        }
      }

      if (entry.scoped) {
        it("answers 404 for ids of another company", async () => {
          for (const role of allowed) {
            const response = await call(entry, idsFor(other, role), own.tokens[role]);
            expect(response.status, role).toBe(404);
          }
        });
      }
    });
  }

  it("never read the other firm's shard for any call of the firm on shard 1", async () => {
    const placed = await env.DIRECTORY.prepare("select company_id as companyId, shard from firms where company_id in (?, ?)")
      .bind(own.companyId, other.companyId)
      .all<{ companyId: string; shard: number }>();
    expect(Object.fromEntries(placed.results.map((row) => [row.companyId, row.shard]))).toEqual({ [own.companyId]: 1, [other.companyId]: 2 });
    // Writes' after-answer work (the directory flush) is done by now: it, too, only ever opened shard 1.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(shardTwo.statements, shardTwo.sql.slice(0, 5).join("\n")).toBe(0);
  });
});
