import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forecasts, statusMessages, users, workloadEntries, workloadHistory } from "~/db/schema";
import { api, day, db, listen } from "./helpers";
import { setup, userRow } from "./availability-helpers";

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

  it("clearing the forecast date removes the forecast and the future level with it", async () => {
    const { employee, token } = await setup();
    await api(`/api/v2/users/${employee.id}`, { method: "PUT", token, json: { workloadForecastDate: day(3) } });
    await api("/api/v2/workload/future", { method: "POST", token, json: { workscale: 2 } });
    expect((await userRow(employee.id)).futureWorkload).toBe(2);
    await api(`/api/v2/users/${employee.id}`, { method: "PUT", token, json: { workloadForecastDate: null } });
    expect(await db().select().from(forecasts).where(eq(forecasts.userId, employee.id))).toHaveLength(0);
    expect(await userRow(employee.id)).toMatchObject({ workloadForecastDate: null, futureWorkload: null });
    // What a colleague's client reads: no level without a date.
    const read = await api(`/api/v2/users/${employee.id}`, { token });
    expect(await read.json()).toMatchObject({ workloadForecastDate: null, futureWorkload: null });
    // A new date starts again at the spec's default level, Available.
    await api(`/api/v2/users/${employee.id}`, { method: "PUT", token, json: { workloadForecastDate: day(4) } });
    expect((await db().select().from(forecasts).where(eq(forecasts.userId, employee.id))).map((r) => r.status)).toEqual(["0"]);
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
