import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forecasts, statusMessages, users, vacations, workloadEntries, workloadHistory, workplaceHistory } from "~/db/schema";
import { api, createCompany, day, db, listen, tokenFor } from "./helpers";

async function setup(settings: Record<string, unknown> = { enableNewForecasting: true }) {
  const firm = await createCompany("Avail", settings);
  const employee = await firm.createUser("employee", { name: "Eve Employee" });
  const token = await tokenFor(employee.email);
  return { ...firm, employee, token };
}

const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];

describe("workload", () => {
  it("a current level clears onLeave, records an entry and a history row with the source, and publishes UPDATE_USER", async () => {
    const { employee, token, company } = await setup();
    await db().update(users).set({ onLeave: true }).where(eq(users.id, employee.id));
    const room = await listen(company.id, token);
    const response = await api("/api/v2/workload/current", {
      method: "POST",
      token,
      json: { workscale: 2, source: "teams_app_desktop", sessionId: "tab-7" },
    });
    expect(response.status).toBe(201);
    const user = await userRow(employee.id);
    expect(user.currentWorkload).toBe(2);
    expect(user.onLeave).toBe(false);
    expect(user.lastUpdated!.getTime()).toBeGreaterThan(Date.now() - 10_000);
    const entries = await db().select().from(workloadEntries).where(eq(workloadEntries.userId, employee.id));
    expect(entries).toMatchObject([{ type: "current", workscale: 2, source: "teams_app_desktop" }]);
    const history = await db().select().from(workloadHistory).where(eq(workloadHistory.userId, employee.id));
    expect(history).toMatchObject([{ currentWorkload: 2, onLeave: false, source: "teams_app_desktop" }]);
    const event = await room.next("UPDATE_USER");
    expect(event).toMatchObject({ type: "UPDATE_USER", sessionId: "tab-7", _id: employee.id, currentWorkload: 2, onLeave: false });
    expect(event).not.toHaveProperty("user");
    room.close();
  });

  it("accepts only whole numbers 0 to 3 and known sources, and changes nothing otherwise", async () => {
    const { employee, token } = await setup();
    for (const workscale of [4, -1, 1.5, "2", null]) {
      const response = await api("/api/v2/workload/current", { method: "POST", token, json: { workscale } });
      expect(response.status, String(workscale)).toBe(400);
      expect(await response.json()).toMatchObject({
        entityType: "WorkloadInputErrors",
        errors: { workscale: "Workload must be a whole number from 0 to 3." },
      });
    }
    const badSource = await api("/api/v2/workload/current", { method: "POST", token, json: { workscale: 1, source: "android" } });
    expect(badSource.status).toBe(400);
    const badType = await api("/api/v2/workload/someday", { method: "POST", token, json: { workscale: 1 } });
    expect(badType.status).toBe(400);
    expect((await userRow(employee.id)).currentWorkload).toBeNull();
    expect(await db().select().from(workloadHistory).where(eq(workloadHistory.userId, employee.id))).toHaveLength(0);
  });

  it("a forecast date later than today creates a single-day forecast with the future level; a future level updates it", async () => {
    const { employee, token } = await setup();
    await api("/api/v2/workload/future", { method: "POST", token, json: { workscale: 3 } });
    const put = await api(`/api/v2/users/${employee.id}`, { method: "PUT", token, json: { workloadForecastDate: day(5) } });
    expect(put.status).toBe(200);
    expect(((await put.json()) as { workloadForecastDate: string }).workloadForecastDate).toBe(`${day(5)}T00:00:00.000Z`);
    let rows = await db().select().from(forecasts).where(eq(forecasts.userId, employee.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: "3", comment: null });
    expect(rows[0].startDate.toISOString().slice(0, 10)).toBe(day(5));
    expect(rows[0].endDate.getTime()).toBe(rows[0].startDate.getTime());

    await api("/api/v2/workload/future", { method: "POST", token, json: { workscale: 1 } });
    rows = await db().select().from(forecasts).where(eq(forecasts.userId, employee.id));
    expect(rows.map((r) => r.status)).toEqual(["1"]);

    // A later date moves it; an earlier date removes it and clears the date.
    await api(`/api/v2/users/${employee.id}`, { method: "PUT", token, json: { workloadForecastDate: day(8) } });
    rows = await db().select().from(forecasts).where(eq(forecasts.userId, employee.id));
    expect(rows.map((r) => r.startDate.toISOString().slice(0, 10))).toEqual([day(8)]);
    await api(`/api/v2/users/${employee.id}`, { method: "PUT", token, json: { workloadForecastDate: day(-2) } });
    expect(await db().select().from(forecasts).where(eq(forecasts.userId, employee.id))).toHaveLength(0);
    expect((await userRow(employee.id)).workloadForecastDate).toBeNull();
  });

  it("clearing the forecast date removes the forecast", async () => {
    const { employee, token } = await setup();
    await api(`/api/v2/users/${employee.id}`, { method: "PUT", token, json: { workloadForecastDate: day(3) } });
    await api(`/api/v2/users/${employee.id}`, { method: "PUT", token, json: { workloadForecastDate: null } });
    expect(await db().select().from(forecasts).where(eq(forecasts.userId, employee.id))).toHaveLength(0);
    expect((await userRow(employee.id)).workloadForecastDate).toBeNull();
  });

  it("the today placeholder set to away marks the person on leave", async () => {
    const { employee, token } = await setup();
    const response = await api(`/api/v2/users/${employee.id}`, { method: "PUT", token, json: { onLeave: true } });
    expect(response.status).toBe(200);
    expect((await userRow(employee.id)).onLeave).toBe(true);
    const history = await db().select().from(workloadHistory).where(eq(workloadHistory.userId, employee.id));
    expect(history.at(-1)).toMatchObject({ onLeave: true, source: "web_app" });
  });

  it("PUT /workload/refresh stamps lastUpdated and records the unchanged state", async () => {
    const { employee, token } = await setup();
    await db()
      .update(users)
      .set({ currentWorkload: 1, lastUpdated: new Date(Date.now() - 5 * 86_400_000) })
      .where(eq(users.id, employee.id));
    const response = await api("/api/v2/workload/refresh", { method: "PUT", token, json: { source: "ios_app" } });
    expect(response.status).toBe(200);
    const user = await userRow(employee.id);
    expect(user.lastUpdated!.getTime()).toBeGreaterThan(Date.now() - 10_000);
    expect(user.currentWorkload).toBe(1);
    expect(await db().select().from(workloadHistory).where(eq(workloadHistory.userId, employee.id))).toMatchObject([
      { currentWorkload: 1, source: "ios_app" },
    ]);
  });
});

describe("status message", () => {
  it("allows 50 characters, 100 with expandComment, and keeps a log", async () => {
    const narrow = await setup({ expandComment: false });
    const tooLong = await api("/api/v2/workload/message", { method: "PUT", token: narrow.token, json: { message: "x".repeat(51) } });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toMatchObject({ errors: { message: "At most 50 characters." } });
    expect((await api("/api/v2/workload/message", { method: "PUT", token: narrow.token, json: { message: "x".repeat(50) } })).status).toBe(200);

    const wide = await setup({ expandComment: true });
    expect((await api("/api/v2/workload/message", { method: "PUT", token: wide.token, json: { message: "y".repeat(100) } })).status).toBe(200);
    expect((await api("/api/v2/workload/message", { method: "PUT", token: wide.token, json: { message: "y".repeat(101) } })).status).toBe(400);
    expect((await userRow(wide.employee.id)).message).toBe("y".repeat(100));
    expect(await db().select().from(statusMessages).where(eq(statusMessages.userId, wide.employee.id))).toHaveLength(1);
  });

  it("turns line breaks into spaces (Enter is blocked) and is refused when messages are off", async () => {
    const { employee, token } = await setup();
    await api("/api/v2/workload/message", { method: "PUT", token, json: { message: "In court\nall week" } });
    expect((await userRow(employee.id)).message).toBe("In court all week");
    const off = await setup({ disableMessage: true });
    expect((await api("/api/v2/workload/message", { method: "PUT", token: off.token, json: { message: "hi" } })).status).toBe(403);
  });
});

describe("forecasts", () => {
  it("creates, updates and deletes the caller's forecast, publishing UPDATE_FORECASTS_FOR_USER with the sessionId", async () => {
    const { employee, token, company } = await setup();
    const room = await listen(company.id, token);
    const created = await api(`/api/v2/forecast/${employee.id}`, {
      method: "POST",
      token,
      json: { startDate: day(1), endDate: day(3), status: "2", comment: "Trial prep", sessionId: "s1" },
    });
    expect(created.status).toBe(201);
    const forecast = (await created.json()) as { _id: string; status: string; comment: string; startDate: string; endDate: string };
    expect(forecast).toMatchObject({ status: "2", comment: "Trial prep", startDate: `${day(1)}T00:00:00.000Z`, endDate: `${day(3)}T00:00:00.000Z` });
    expect(await room.next("UPDATE_FORECASTS_FOR_USER")).toMatchObject({ userId: employee.id, sessionId: "s1" });

    const updated = await api(`/api/v2/forecast/${employee.id}/${forecast._id}`, {
      method: "PUT",
      token,
      json: { startDate: day(2), status: "away", sessionId: "s1" },
    });
    expect(updated.status).toBe(200);
    expect(await updated.json()).toMatchObject({ status: "away", comment: null, endDate: `${day(2)}T00:00:00.000Z` });

    const list = (await (await api(`/api/v2/forecast/user/${employee.id}`, { token })).json()) as unknown[];
    expect(list).toHaveLength(1);
    const deleted = await api(`/api/v2/forecast/${employee.id}/${forecast._id}?sessionId=s1`, { method: "DELETE", token });
    expect(deleted.status).toBe(200);
    expect(await db().select().from(forecasts).where(eq(forecasts.userId, employee.id))).toHaveLength(0);
    room.close();
  });

  it("validates status, dates in order, today or later, and comment limits", async () => {
    const { employee, token } = await setup({ enableNewForecasting: false, expandComment: false });
    const post = (json: unknown) => api(`/api/v2/forecast/${employee.id}`, { method: "POST", token, json });
    expect(await (await post({ startDate: day(1), status: "busy" })).json()).toMatchObject({
      errors: { status: "Status must be away, 0, 1, 2 or 3." },
    });
    expect(await (await post({ startDate: day(3), endDate: day(1), status: "away" })).json()).toMatchObject({
      errors: { endDate: "The end date cannot be before the start date." },
    });
    expect(await (await post({ startDate: day(-1), status: "away" })).json()).toMatchObject({
      errors: { startDate: "Forecasts can start today at the earliest." },
    });
    expect(await (await post({ startDate: "not a date", status: "away" })).json()).toMatchObject({
      errors: { startDate: "Needs to be a valid date." },
    });
    expect(await (await post({ status: "away" })).json()).toMatchObject({ errors: { startDate: "This field is required." } });
    // Without new forecasting and expandComment: editor 25, card 50; the server takes the larger.
    expect((await post({ startDate: day(1), status: "away", comment: "c".repeat(51) })).status).toBe(400);
    expect((await post({ startDate: day(1), status: "away", comment: "c".repeat(50) })).status).toBe(201);
    // Only absences without new forecasting.
    expect((await post({ startDate: day(9), status: "1" })).status).toBe(403);
    expect(await db().select().from(forecasts).where(eq(forecasts.userId, employee.id))).toHaveLength(1);
  });

  it("refuses dates inside an away forecast or a vacation", async () => {
    const { employee, token } = await setup();
    await api(`/api/v2/forecast/${employee.id}`, { method: "POST", token, json: { startDate: day(2), endDate: day(4), status: "away" } });
    const overlap = await api(`/api/v2/forecast/${employee.id}`, {
      method: "POST",
      token,
      json: { startDate: day(4), endDate: day(6), status: "1" },
    });
    expect(overlap.status).toBe(409);
    expect(await overlap.json()).toEqual({ message: "These dates overlap an absence." });
    const vacation = await api(`/api/v2/vacation/${employee.id}`, { method: "POST", token, json: { startDate: day(10), endDate: day(12) } });
    expect(vacation.status).toBe(201);
    expect((await api(`/api/v2/forecast/${employee.id}`, { method: "POST", token, json: { startDate: day(11), status: "0" } })).status).toBe(409);
    expect((await api(`/api/v2/forecast/${employee.id}`, { method: "POST", token, json: { startDate: day(7), status: "0" } })).status).toBe(201);
  });

  it("lets admins edit anyone's forecasts unless the planner is view-only; never external ones", async () => {
    const { employee, token, createUser } = await setup();
    const colleague = await createUser("employee");
    const admin = await createUser("administrator");
    const adminToken = await tokenFor(admin.email);
    expect((await api(`/api/v2/forecast/${colleague.id}`, { method: "POST", token, json: { startDate: day(1), status: "1" } })).status).toBe(403);
    expect(
      (await api(`/api/v2/forecast/${employee.id}`, { method: "POST", token: adminToken, json: { startDate: day(1), status: "1" } })).status,
    ).toBe(201);

    const external = {
      id: "e".repeat(24),
      companyId: employee.companyId,
      userId: employee.id,
      startDate: new Date(`${day(20)}T00:00:00Z`),
      endDate: new Date(`${day(21)}T00:00:00Z`),
      status: "away" as const,
      externalSource: "timekeeping",
    };
    await db().insert(forecasts).values(external);
    const change = await api(`/api/v2/forecast/${employee.id}/${external.id}`, {
      method: "PUT",
      token,
      json: { startDate: day(20), status: "away" },
    });
    expect(change.status).toBe(403);
    expect(await change.json()).toEqual({ message: "Forecasts from an external source cannot be changed." });
    expect((await api(`/api/v2/forecast/${employee.id}/${external.id}`, { method: "DELETE", token: adminToken })).status).toBe(403);

    const viewOnly = await setup({ enableNewForecasting: true, absencePlannerviewOnly: true });
    const viewOnlyAdmin = await viewOnly.createUser("companyAdmin");
    expect(
      (
        await api(`/api/v2/forecast/${viewOnly.employee.id}`, {
          method: "POST",
          token: await tokenFor(viewOnlyAdmin.email),
          json: { startDate: day(1), status: "1" },
        })
      ).status,
    ).toBe(403);
    expect(
      (await api(`/api/v2/forecast/${viewOnly.employee.id}`, { method: "POST", token: viewOnly.token, json: { startDate: day(1), status: "1" } }))
        .status,
    ).toBe(201);
  });

  it("vacations: create, move and delete, only for oneself or by an admin", async () => {
    const { employee, token, createUser } = await setup();
    const colleague = await createUser("employee");
    const created = (await (
      await api(`/api/v2/vacation/${employee.id}`, { method: "POST", token, json: { startDate: day(30), endDate: day(35) } })
    ).json()) as { _id: string };
    expect(
      (await api(`/api/v2/vacation/${employee.id}/${created._id}`, { method: "PUT", token, json: { startDate: day(31), endDate: day(36) } })).status,
    ).toBe(200);
    expect((await db().select().from(vacations).where(eq(vacations.id, created._id)))[0].startDate.toISOString().slice(0, 10)).toBe(day(31));
    expect((await api(`/api/v2/vacation/${colleague.id}`, { method: "POST", token, json: { startDate: day(1) } })).status).toBe(403);
    expect((await api(`/api/v2/vacation/${employee.id}/${created._id}`, { method: "DELETE", token })).status).toBe(200);
    expect(await db().select().from(vacations).where(eq(vacations.userId, employee.id))).toHaveLength(0);
  });
});

describe("work location", () => {
  it("sets today to home (atHome) and absent (onLeave), records history and publishes", async () => {
    const { employee, token, company } = await setup();
    const room = await listen(company.id, token);
    const home = await api("/api/v2/workplace-forecast/0", { method: "POST", token, json: { option: 1, future: false, source: "ios_app" } });
    expect(home.status).toBe(200);
    const today = new Date().getUTCDay();
    const isWeekday = today >= 1 && today <= 5;
    const user = await userRow(employee.id);
    expect(user.atHome).toBe(isWeekday);
    const event = await room.next("UPDATE_USER");
    expect((event.workplaceForecast as number[])[0]).toBe(1);
    const history = await db().select().from(workplaceHistory).where(eq(workplaceHistory.userId, employee.id));
    expect(history).toMatchObject([{ kind: "rolling", option: 1, source: "ios_app" }]);

    await api("/api/v2/workplace-forecast/0", { method: "POST", token, json: { option: 2, future: false } });
    expect((await userRow(employee.id)).onLeave).toBe(isWeekday);
    room.close();
  });

  it("the default week fills the rolling week where no day has its own choice", async () => {
    const { token } = await setup();
    for (let weekday = 0; weekday < 5; weekday++) {
      expect((await api(`/api/v2/workplace-forecast/${weekday}`, { method: "POST", token, json: { option: 1, future: true } })).status).toBe(200);
    }
    await api("/api/v2/workplace-forecast/2", { method: "POST", token, json: { option: 0, future: false } });
    const me = (await (await api("/api/v2/users/me", { token })).json()) as { workplaceForecast: number[]; workplaceDefault: number[] };
    expect(me.workplaceDefault).toEqual([1, 1, 1, 1, 1]);
    expect(me.workplaceForecast).toEqual([1, 1, 0, 1, 1]);
  });

  it("validates index and option: none only for the default week, elsewhere only when enabled", async () => {
    const { token } = await setup({ elseWhereOption: false });
    expect((await api("/api/v2/workplace-forecast/5", { method: "POST", token, json: { option: 0 } })).status).toBe(400);
    const none = await api("/api/v2/workplace-forecast/1", { method: "POST", token, json: { option: null, future: false } });
    expect(await none.json()).toMatchObject({ errors: { option: "None can only be chosen for the default week." } });
    expect((await api("/api/v2/workplace-forecast/1", { method: "POST", token, json: { option: null, future: true } })).status).toBe(200);
    expect((await api("/api/v2/workplace-forecast/1", { method: "POST", token, json: { option: 3 } })).status).toBe(400);
    const elsewhere = await setup({ elseWhereOption: true });
    expect((await api("/api/v2/workplace-forecast/1", { method: "POST", token: elsewhere.token, json: { option: 3 } })).status).toBe(200);
    expect((await api("/api/v2/workplace-forecast/1", { method: "POST", token, json: { option: 7 } })).status).toBe(400);
  });

  it("is refused for an admin's own week and when the company turned work location off", async () => {
    const { createUser } = await setup();
    const admin = await createUser("observer");
    expect((await api("/api/v2/workplace-forecast/0", { method: "POST", token: await tokenFor(admin.email), json: { option: 1 } })).status).toBe(403);
    const off = await setup({ disableWFH: true });
    expect((await api("/api/v2/workplace-forecast/0", { method: "POST", token: off.token, json: { option: 1 } })).status).toBe(403);
  });
});

describe("history", () => {
  it("answers a person's own daily workload, carried forward from their last change", async () => {
    const { employee, token } = await setup();
    await db()
      .insert(workloadHistory)
      .values([
        {
          id: "a".repeat(24),
          companyId: employee.companyId,
          userId: employee.id,
          currentWorkload: 3,
          onLeave: false,
          source: "web_app",
          recordedAt: new Date(Date.now() - 20 * 86_400_000),
        },
        {
          id: "b".repeat(24),
          companyId: employee.companyId,
          userId: employee.id,
          currentWorkload: 1,
          onLeave: false,
          source: "ios_app",
          recordedAt: new Date(Date.now() - 2 * 86_400_000),
        },
      ]);
    const response = await api(`/api/v2/workload-history/user/${employee.id}/10`, { token });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { points: { date: string; averageWorkload: number | null }[]; entries: unknown[] };
    expect(body.points).toHaveLength(10);
    expect(body.points[0]).toMatchObject({ date: day(-9), averageWorkload: 3 });
    expect(body.points.at(-1), JSON.stringify(body)).toMatchObject({ date: day(0), averageWorkload: 1 });
    expect(body.entries).toHaveLength(1);
    const raw = (await (await api(`/api/v2/users/${employee.id}/workload-history`, { token })).json()) as unknown[];
    expect(raw).toHaveLength(2);
  });

  it("keeps other people's and teams' history to admins, and checks scope, id and days", async () => {
    const { employee, token, createUser, group, company } = await setup();
    const colleague = await createUser("employee");
    expect((await api(`/api/v2/workload-history/user/${colleague.id}/30`, { token })).status).toBe(403);
    expect((await api(`/api/v2/workload-history/group/${group.id}/30`, { token })).status).toBe(403);
    const adminToken = await tokenFor((await createUser("administrator")).email);
    expect((await api(`/api/v2/workload-history/group/${group.id}/30`, { token: adminToken })).status).toBe(200);
    expect((await api(`/api/v2/workplace-history/company/${company.id}/30`, { token: adminToken })).status).toBe(200);
    expect((await api(`/api/v2/workload-history/user/${employee.id}/0`, { token })).status).toBe(400);
    expect((await api(`/api/v2/workload-history/user/${employee.id}/366`, { token })).status).toBe(400);
    expect((await api(`/api/v2/workload-history/team/${employee.id}/30`, { token })).status).toBe(400);
    const other = await createCompany("Elsewhere");
    expect((await api(`/api/v2/workload-history/group/${other.group.id}/30`, { token: adminToken })).status).toBe(404);
  });

  it("counts where people worked each day", async () => {
    const { token, createUser, company } = await setup();
    const adminToken = await tokenFor((await createUser("administrator")).email);
    await api("/api/v2/workplace-forecast/0", { method: "POST", token, json: { option: 1 } });
    const today = new Date().getUTCDay();
    const body = (await (await api(`/api/v2/workplace-history/company/${company.id}/7`, { token: adminToken })).json()) as {
      points: { date: string; home: number }[];
    };
    expect(body.points).toHaveLength(7);
    expect(body.points.at(-1)!.home).toBe(today >= 1 && today <= 5 ? 1 : 0);
  });
});
