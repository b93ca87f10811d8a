import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/auth/permissions";
import { accessMatrix, ALL_ROLES, notEndpoints, type CompanyIds } from "./access-matrix";
import { forecasts, groups, notificationTokens, offices, projectCategories, projectStages, scimTokens, skillLevels, vacations } from "~/db/schema";
import { newId } from "~/lib/ids";
import { api, createCompany, db, tokenFor } from "./helpers";

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
>;

interface Tenant {
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

async function tenant(name: string): Promise<Tenant> {
  const { company, createUser, group, office } = await createCompany(name, { enableNewForecasting: true });
  const tokens = {} as Record<Role, string>;
  const emails = {} as Record<Role, string>;
  const deletable = {} as Record<Role, DeletableIds>;
  let employeeId = "";
  for (const role of ALL_ROLES) {
    const user = await createUser(role === "observer" ? "observer" : role);
    if (role === "employee") employeeId = user.id;
    tokens[role] = await tokenFor(user.email);
    emails[role] = user.email;
    const rows = await catalogRows(company.id, group.id, `Deletable ${role}`);
    const availability = await availabilityRows(company.id, employeeId, ALL_ROLES.indexOf(role) + 1);
    deletable[role] = {
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
    };
  }
  const invited = await createUser("invited");
  const kept = await catalogRows(company.id, group.id, "Kept");
  const keptAvailability = await availabilityRows(company.id, employeeId, 10);
  return {
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
  scimTokenId: ":id",
};

let own: Tenant;
let other: Tenant;

beforeAll(async () => {
  own = await tenant("Own Firm");
  other = await tenant("Other Firm");
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
    const label = `${entry.method} ${entry.path(placeholders)}`;
    describe(label, () => {
      if (entry.roles === "public") {
        it("is reachable signed-out and never answers 401/500 for well-formed input", async () => {
          const response = await call(entry, own.ids);
          expect(response.status).toBeLessThan(500);
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
            expect(response.status).toBeLessThan(500);
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
});
