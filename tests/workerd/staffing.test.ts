import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import type { Actor } from "~/auth/actor.types";
import { readCompanySettings } from "~/domain/company/settings.schema";
import type { DomainContext } from "~/domain/context";
import { staffingSearchSchema } from "~/domain/users/staffing.schema";
import { staffingStatement, workingDays } from "~/domain/users/staffing.server";
import { competences, forecasts, offices, skillLevels, userSkills, users, vacations } from "~/db/schema";
import { addDays, mondayOf, parseDayKey } from "~/lib/dates";
import { newId } from "~/lib/ids";
import { api, createCompanyWithRoles, db, day } from "./helpers";

/**
 * The staffing search (decision 0111): free on the window's working days, competence at a
 * level, in the offices; ranked by free days, then level; reasons; and the one statement
 * answered from indexes.
 */
const monday = mondayOf(addDays(parseDayKey(day(0)), 14));
const start = monday.toISOString().slice(0, 10);
const end = addDays(monday, 11).toISOString().slice(0, 10); // Friday of the second week: 10 working days
const at = (offset: number) => addDays(monday, offset);

let firm: Awaited<ReturnType<typeof createCompanyWithRoles>>;
const people: Record<string, { id: string; name: string }> = {};
let arbitration: string;
let otherOffice: string;
let seniorLevel: string;

beforeAll(async () => {
  firm = await createCompanyWithRoles("Staffing Firm", { allOfficesDefault: true, allGroupsDefault: true });
  const companyId = firm.company.id;
  otherOffice = newId();
  arbitration = newId();
  const junior = { id: newId(), companyId, name: "Junior", level: 1 };
  const senior = { id: newId(), companyId, name: "Senior", level: 3 };
  seniorLevel = senior.id;
  const expert = { id: newId(), companyId, name: "Expert", level: 4 };
  await db().batch([
    db().insert(offices).values({ id: otherOffice, companyId, groupId: firm.group.id, name: "Malmö" }),
    db().insert(competences).values({ id: arbitration, companyId, name: "Arbitration" }),
    db().insert(skillLevels).values([junior, senior, expert]),
  ]);
  const make = async (name: string, values: Record<string, unknown>, level: string | null | "none") => {
    const user = await firm.createUser("employee", { name, ...values });
    people[name] = { id: user.id, name };
    if (level !== "none") await db().insert(userSkills).values({ companyId, userId: user.id, competenceId: arbitration, levelId: level });
    return user.id;
  };
  await make("Alva Free", { currentWorkload: 0 }, senior.id);
  await make("Bo Expert", { currentWorkload: 1 }, expert.id);
  const busy = await make("Cai Forecast", { currentWorkload: 3 }, senior.id);
  await db()
    .insert(forecasts)
    .values({ companyId, userId: busy, startDate: at(0), endDate: at(4), status: "1" });
  await make("Dag Junior", { currentWorkload: 0 }, junior.id);
  await make("Eir Elsewhere", { currentWorkload: 0, officeId: otherOffice }, senior.id);
  const away = await make("Fia Away", { currentWorkload: 0 }, senior.id);
  await db()
    .insert(vacations)
    .values({ companyId, userId: away, startDate: at(-1), endDate: at(20) });
  await make("Gus Later", { currentWorkload: 2, futureWorkload: 0, workloadForecastDate: at(7) }, senior.id);
  await make("Hed Unskilled", { currentWorkload: 0 }, "none");
  const partly = await make("Ida Partly", { currentWorkload: 0 }, senior.id);
  await db()
    .insert(forecasts)
    .values({ companyId, userId: partly, startDate: at(2), endDate: at(3), status: "away" });
});

async function search(body: Record<string, unknown>, token = firm.tokens.employee) {
  const response = await api("/api/v2/users/staffing", { method: "POST", token, json: body });
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (await response.json()) as any };
}

describe("POST /users/staffing", () => {
  it("ranks the free, skilled people of the office by free days, then level, with reasons", async () => {
    const { status, body } = await search({ startDate: start, endDate: end, competenceId: arbitration, minLevel: 2, offices: [firm.office.id] });
    expect(status).toBe(200);
    expect(body.days).toHaveLength(10);
    expect(body.users.map((u: { name: string }) => u.name)).toEqual(["Bo Expert", "Alva Free", "Ida Partly", "Cai Forecast", "Gus Later"]);
    const [bo, , ida, cai, gus] = body.users;
    expect(bo.freeDays).toBe(10);
    expect(bo.why).toEqual([
      "Free 10 of 10 working days (Available or some availability)",
      "Arbitration: Expert (level 4)",
      "Office: Staffing Firm Office",
    ]);
    expect(ida.freeDays).toBe(8);
    expect(ida.days.slice(0, 4)).toEqual(["free", "free", "away", "away"]);
    expect(ida.why).toContain("Away 2 days");
    expect(gus.freeDays).toBe(5);
    expect(gus.days).toEqual([...Array(5).fill("busy"), ...Array(5).fill("free")]);
    // Each day also carries its level on the one scale, so the squares use its colours (issue 27, item 14).
    expect(gus.levels).toEqual([...Array(5).fill(2), ...Array(5).fill(0)]);
    expect(ida.levels.slice(2, 4)).toEqual(["away", "away"]);
    expect(cai.freeDays).toBe(5);
    expect(cai.days).toEqual([...Array(5).fill("free"), ...Array(5).fill("busy")]);
    expect(body.total).toBe(5);
    expect(body.competence).toEqual({ _id: arbitration, name: "Arbitration" });
  });

  it("without a competence every free person counts; the office filter and the limit apply", async () => {
    const { body } = await search({ startDate: start, endDate: end, offices: [otherOffice] });
    expect(body.users.map((u: { name: string }) => u.name)).toEqual(["Eir Elsewhere"]);
    const all = await search({ startDate: start, endDate: end, limit: 2 });
    expect(all.body.users).toHaveLength(2);
    expect(all.body.total).toBe(8);
    expect(all.body.users[0].skill).toBeNull();
  });

  it("refuses bad windows and levels with field errors", async () => {
    const backwards = await search({ startDate: end, endDate: start });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toMatchObject({
      entityType: "StaffingSearchInputErrors",
      errors: { endDate: "The end date cannot be before the start date." },
    });
    const long = await search({ startDate: start, endDate: addDays(monday, 40).toISOString().slice(0, 10) });
    expect(long.body.errors.endDate).toBe("Search at most 31 days at a time.");
    const weekend = await search({
      startDate: addDays(monday, 5).toISOString().slice(0, 10),
      endDate: addDays(monday, 6).toISOString().slice(0, 10),
    });
    expect(weekend.body.errors.endDate).toBe("Pick at least one working day (Monday to Friday).");
    expect((await search({ startDate: start, endDate: end, minLevel: 2 })).body.errors.minLevel).toBe("Pick a competence for the minimum level.");
    expect((await search({ startDate: start, endDate: end, competenceId: newId() })).body.errors.competenceId).toBe(
      "That competence does not exist.",
    );
    expect((await search({ startDate: "soon", endDate: end })).body.errors.startDate).toBe("Needs to be a valid date.");
    const blank = await search({ startDate: "", endDate: "" });
    expect(blank.status).toBe(400);
    expect(blank.body.errors).toMatchObject({ startDate: "This field is required.", endDate: "This field is required." });
  });

  it("another company's people never appear, whatever ids are sent", async () => {
    const other = await createCompanyWithRoles("Staffing Other", { allOfficesDefault: true });
    await other.createUser("employee", { name: "Other Free", currentWorkload: 0 });
    const { body } = await search({ startDate: start, endDate: end, offices: [other.office.id] }, firm.tokens.employee);
    expect(body.users).toEqual([]);
    const theirs = await search({ startDate: start, endDate: end }, other.tokens.employee);
    expect(theirs.body.users.map((u: { name: string }) => u.name)).toEqual(["Other Free"]);
  });

  it("never offers a person the firm's directory deactivated (SCIM active: false)", async () => {
    const gone = await firm.createUser("employee", { name: "Jon Deactivated", currentWorkload: 0 });
    await db().insert(userSkills).values({ companyId: firm.company.id, userId: gone.id, competenceId: arbitration, levelId: seniorLevel });
    await db().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    const skilled = await search({ startDate: start, endDate: end, competenceId: arbitration, offices: [firm.office.id] });
    expect(skilled.body.users.map((u: { name: string }) => u.name)).not.toContain("Jon Deactivated");
    const everyone = await search({ startDate: start, endDate: end, limit: 50 });
    expect(everyone.body.users.map((u: { name: string }) => u.name)).not.toContain("Jon Deactivated");
    expect(everyone.body.total).toBe(8);
  });

  it("is answered from indexes: no table scan of forecasts, vacations or user skills", async () => {
    const actor = {
      user: people["Alva Free"] as unknown as Actor["user"],
      company: {
        id: firm.company.id,
        name: firm.company.name,
        allowGroupSelection: false,
        settings: readCompanySettings({ allOfficesDefault: true }),
      },
      sessionId: "plan",
    } as Actor;
    Object.assign(actor.user, {
      admin: false,
      administratorPriviliges: false,
      companyAdmin: false,
      groupId: firm.group.id,
      officeId: firm.office.id,
    });
    const ctx = { db: db(), actor, companyId: firm.company.id, now: new Date() } as unknown as DomainContext;
    const input = staffingSearchSchema.parse({ startDate: start, endDate: end, competenceId: arbitration, minLevel: 2, offices: [firm.office.id] });
    const plan = await db().all<{ detail: string }>(
      sql`explain query plan ${staffingStatement(ctx, input, workingDays(input.startDate, input.endDate))}`,
    );
    const details = plan.map((row) => row.detail);
    const scans = details.filter(
      (d) => /^SCAN (forecasts|vacations|user_skills|users)\b/.test(d) || (/^SCAN \w+$/.test(d) && !/json_each|days|cand|scored/.test(d)),
    );
    expect(scans, details.join("\n")).toEqual([]);
    expect(
      details.some((d) => /SEARCH f USING INDEX forecasts_user_dates_idx/.test(d)),
      details.join("\n"),
    ).toBe(true);
    expect(
      details.some((d) => /SEARCH v USING INDEX vacations_user_idx/.test(d)),
      details.join("\n"),
    ).toBe(true);
  });
});
