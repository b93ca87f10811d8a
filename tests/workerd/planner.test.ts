import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forecastRow } from "~/db/factories";
import { forecasts, users, workloadEntries } from "~/db/schema";
import { api, createCompany, day, db, tokenFor } from "./helpers";

/** The browser's forecast writes (planner and dashboard): the same forecast rules for any target person. */
function planner(token: string, fields: Record<string, string>) {
  return api("/resources/forecasts", { method: "POST", token, body: new URLSearchParams(fields) });
}

async function firm(settings: Record<string, unknown> = { enableNewForecasting: true }) {
  const company = await createCompany("Planner", settings);
  const employee = await company.createUser("employee", { name: "Eve Employee" });
  const colleague = await company.createUser("employee", { name: "Carl Colleague" });
  const admin = await company.createUser("administrator", { name: "Ada Admin" });
  const companyAdmin = await company.createUser("companyAdmin", { name: "Cora Company" });
  const observer = await company.createUser("observer", { name: "Otto Observer" });
  return { ...company, employee, colleague, admin, companyAdmin, observer };
}

const create = (token: string, userId: string, extra: Record<string, string> = {}) =>
  planner(token, { intent: "create", userId, startDate: day(1), endDate: day(3), status: "2", comment: "", ...extra });

async function seedForecast(companyId: string, userId: string, overrides: Partial<typeof forecasts.$inferInsert> = {}) {
  const row = forecastRow(companyId, userId, {
    startDate: new Date(`${day(2)}T00:00:00Z`),
    endDate: new Date(`${day(4)}T00:00:00Z`),
    status: "1",
    ...overrides,
  });
  await db().insert(forecasts).values(row);
  return row;
}

const forecastsOf = (userId: string) => db().select().from(forecasts).where(eq(forecasts.userId, userId));

describe("planner data", () => {
  it("lists completed non-admin people (the viewer first), their forecasts and vacations in the window", async () => {
    const f = await firm();
    await f.createUser("invited", { name: "Ivan Invited" });
    await seedForecast(f.company.id, f.colleague.id);
    const token = await tokenFor(f.employee.email);
    const response = await api(`/resources/planner?from=${day(0)}&days=14`, { token });
    expect(response.status).toBe(200);
    const data = (await response.json()) as { people: { name: string }[]; forecasts: { user: string; status: string }[]; settings: object };
    expect(data.people.map((p) => p.name)).toEqual(["Eve Employee", "Carl Colleague"]);
    expect(data.forecasts).toMatchObject([{ user: f.colleague.id, status: "1" }]);
    expect(data.settings).toEqual({ enableNewForecasting: true, absencePlannerviewOnly: false });
  });

  it("is refused when the absence planner is off and the person has no team overviews", async () => {
    const f = await firm({ enableNewForecasting: true, disableAbsencePlanner: true });
    expect((await api("/resources/planner", { token: await tokenFor(f.employee.email) })).status).toBe(403);
    // One's own forecasts stay the dashboard's to write; someone else's need the planner.
    expect((await create(await tokenFor(f.employee.email), f.employee.id)).status).toBe(201);
    expect((await create(await tokenFor(f.employee.email), f.colleague.id, { startDate: day(5), endDate: day(5) })).status).toBe(403);
    expect((await api("/resources/planner", { token: await tokenFor(f.admin.email) })).status).toBe(200);
  });

  it("refuses the company's forecasts on /api/v2/forecast to whom the page refuses the planner, and opens both to the same people", async () => {
    const f = await firm({ enableNewForecasting: true, disableAbsencePlanner: true });
    await seedForecast(f.company.id, f.colleague.id);
    const employee = await tokenFor(f.employee.email);
    expect((await api("/resources/planner", { token: employee })).status).toBe(403);
    const refused = await api("/api/v2/forecast", { token: employee });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "The planner is turned off for this company." });
    // One's own forecasts stay readable: the dashboard shows them.
    expect((await api(`/api/v2/forecast/user/${f.employee.id}`, { token: employee })).status).toBe(200);
    const flagged = await f.createUser("employee", { name: "Fay Flagged", canSeeForecastOverview: true });
    for (const person of [f.admin, f.observer, flagged]) {
      const token = await tokenFor(person.email);
      expect((await api("/resources/planner", { token })).status, person.name).toBe(200);
      const listed = await api("/api/v2/forecast", { token });
      expect(listed.status, person.name).toBe(200);
      expect(((await listed.json()) as { user: string }[]).map((forecast) => forecast.user)).toContain(f.colleague.id);
    }
  });

  it("rejects a bad window with 400", async () => {
    const f = await firm();
    const token = await tokenFor(f.employee.email);
    expect((await api("/resources/planner?days=500", { token })).status).toBe(400);
    expect((await api("/resources/planner?from=nonsense", { token })).status).toBe(400);
  });
});

describe("planner writes", () => {
  it("an employee adds, moves and deletes their own forecasts but not a colleague's", async () => {
    const f = await firm();
    const token = await tokenFor(f.employee.email);
    const created = await create(token, f.employee.id);
    expect(created.status).toBe(201);
    const { forecast } = (await created.json()) as { forecast: { _id: string } };
    const moved = await planner(token, {
      intent: "update",
      userId: f.employee.id,
      forecastId: forecast._id,
      startDate: day(4),
      endDate: day(6),
      status: "2",
    });
    expect(moved.status).toBe(200);
    expect((await forecastsOf(f.employee.id))[0].startDate.toISOString().slice(0, 10)).toBe(day(4));

    const theirs = await seedForecast(f.company.id, f.colleague.id);
    expect((await create(token, f.colleague.id)).status).toBe(403);
    const refused = await planner(token, {
      intent: "update",
      userId: f.colleague.id,
      forecastId: theirs.id,
      startDate: day(7),
      endDate: day(8),
      status: "1",
    });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ ok: false, message: "You cannot change this forecast." });
    expect((await planner(token, { intent: "delete", userId: f.colleague.id, forecastId: theirs.id })).status).toBe(403);
    expect(await forecastsOf(f.colleague.id)).toMatchObject([{ id: theirs.id, startDate: theirs.startDate }]);

    expect((await planner(token, { intent: "delete", userId: f.employee.id, forecastId: forecast._id })).status).toBe(200);
    expect(await forecastsOf(f.employee.id)).toEqual([]);
  });

  it("every kind of admin changes anyone's forecasts", async () => {
    const f = await firm();
    for (const who of [f.admin, f.companyAdmin, f.observer]) {
      const token = await tokenFor(who.email);
      const theirs = await seedForecast(f.company.id, f.colleague.id, {
        startDate: new Date(`${day(10)}T00:00:00Z`),
        endDate: new Date(`${day(10)}T00:00:00Z`),
      });
      const moved = await planner(token, {
        intent: "update",
        userId: f.colleague.id,
        forecastId: theirs.id,
        startDate: day(11),
        endDate: day(11),
        status: "3",
      });
      expect(moved.status, who.name).toBe(200);
      expect((await planner(token, { intent: "delete", userId: f.colleague.id, forecastId: theirs.id })).status, who.name).toBe(200);
    }
    const made = await create(await tokenFor(f.admin.email), f.colleague.id);
    expect(made.status).toBe(201);
    expect(await forecastsOf(f.colleague.id)).toMatchObject([{ status: "2" }]);
  });

  it("with absencePlannerviewOnly an admin changes nobody else's forecasts; people still change their own", async () => {
    const f = await firm({ enableNewForecasting: true, absencePlannerviewOnly: true });
    const theirs = await seedForecast(f.company.id, f.colleague.id);
    const adminToken = await tokenFor(f.admin.email);
    expect((await create(adminToken, f.colleague.id)).status).toBe(403);
    expect(
      (
        await planner(adminToken, {
          intent: "update",
          userId: f.colleague.id,
          forecastId: theirs.id,
          startDate: day(5),
          endDate: day(5),
          status: "1",
        })
      ).status,
    ).toBe(403);
    expect((await planner(adminToken, { intent: "delete", userId: f.colleague.id, forecastId: theirs.id })).status).toBe(403);
    expect((await planner(adminToken, { intent: "today", userId: f.colleague.id, status: "away" })).status).toBe(403);
    expect(await forecastsOf(f.colleague.id)).toMatchObject([{ id: theirs.id, status: "1" }]);
    expect((await create(await tokenFor(f.colleague.email), f.colleague.id)).status).toBe(201);
  });

  it("never changes a forecast from an external source, not even for its owner or an admin", async () => {
    const f = await firm();
    const external = await seedForecast(f.company.id, f.employee.id, { externalSource: "timekeeping" });
    for (const who of [f.employee, f.admin]) {
      const token = await tokenFor(who.email);
      const response = await planner(token, {
        intent: "update",
        userId: f.employee.id,
        forecastId: external.id,
        startDate: day(6),
        endDate: day(6),
        status: "1",
      });
      expect(response.status, who.name).toBe(403);
      expect(await response.json()).toMatchObject({ ok: false, message: "Forecasts from an external source cannot be changed." });
      expect((await planner(token, { intent: "delete", userId: f.employee.id, forecastId: external.id })).status, who.name).toBe(403);
    }
    expect(await forecastsOf(f.employee.id)).toMatchObject([{ id: external.id, startDate: external.startDate }]);
  });

  it("with new forecasting off only away items are added or changed", async () => {
    const f = await firm({ enableNewForecasting: false });
    const token = await tokenFor(f.employee.email);
    const busy = await create(token, f.employee.id, { status: "2" });
    expect(busy.status).toBe(403);
    expect(await busy.json()).toMatchObject({ ok: false, message: "Only absences can be planned in this company." });
    expect((await create(token, f.employee.id, { status: "away" })).status).toBe(201);
    const level = await seedForecast(f.company.id, f.employee.id, {
      startDate: new Date(`${day(8)}T00:00:00Z`),
      endDate: new Date(`${day(8)}T00:00:00Z`),
      status: "1",
    });
    expect(
      (await planner(token, { intent: "update", userId: f.employee.id, forecastId: level.id, startDate: day(9), endDate: day(9), status: "1" }))
        .status,
    ).toBe(403);
    expect((await planner(token, { intent: "today", userId: f.employee.id, status: "2" })).status).toBe(403);
    expect((await planner(token, { intent: "today", userId: f.employee.id, status: "away" })).status).toBe(200);
  });

  it("answers 404 for a person or forecast of another company and changes nothing there", async () => {
    const f = await firm();
    const other = await createCompany("Elsewhere", { enableNewForecasting: true });
    const stranger = await other.createUser("employee");
    const strangers = await seedForecast(other.company.id, stranger.id);
    const token = await tokenFor(f.admin.email);
    expect((await create(token, stranger.id)).status).toBe(404);
    expect(
      (await planner(token, { intent: "update", userId: stranger.id, forecastId: strangers.id, startDate: day(5), endDate: day(5), status: "1" }))
        .status,
    ).toBe(404);
    expect((await planner(token, { intent: "delete", userId: stranger.id, forecastId: strangers.id })).status).toBe(404);
    expect((await planner(token, { intent: "today", userId: stranger.id, status: "away" })).status).toBe(404);
    expect(await forecastsOf(stranger.id)).toMatchObject([{ id: strangers.id, status: "1" }]);
  });

  it("saving the today placeholder changes the current state instead of adding a forecast", async () => {
    const f = await firm();
    const token = await tokenFor(f.admin.email);
    expect((await planner(token, { intent: "today", userId: f.colleague.id, status: "away" })).status).toBe(200);
    expect((await db().select().from(users).where(eq(users.id, f.colleague.id)))[0].onLeave).toBe(true);
    expect((await planner(token, { intent: "today", userId: f.colleague.id, status: "3" })).status).toBe(200);
    const [after] = await db().select().from(users).where(eq(users.id, f.colleague.id));
    expect(after).toMatchObject({ onLeave: false, currentWorkload: 3 });
    expect(await db().select().from(workloadEntries).where(eq(workloadEntries.userId, f.colleague.id))).toMatchObject([
      { type: "current", workscale: 3 },
    ]);
    expect(await forecastsOf(f.colleague.id)).toEqual([]);
    expect((await planner(await tokenFor(f.employee.email), { intent: "today", userId: f.colleague.id, status: "1" })).status).toBe(403);
  });

  it("rejects bad input with 400 and field errors", async () => {
    const f = await firm();
    const token = await tokenFor(f.employee.email);
    const response = await create(token, f.employee.id, { startDate: day(5), endDate: day(2) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      entityType: "ForecastInputErrors",
      errors: { endDate: "The end date cannot be before the start date." },
    });
    expect((await planner(token, { intent: "explode" })).status).toBe(400);
    expect(await forecastsOf(f.employee.id)).toEqual([]);
  });
});
