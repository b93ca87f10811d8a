import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forecasts, vacations } from "~/db/schema";
import { api, day, db, listen, tokenFor } from "./helpers";
import { setup } from "./availability-helpers";

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

describe("GET /forecast date range (issue 9, item 13)", () => {
  it("answers 400 to a range longer than 400 days or reversed, and reads a bounded window for one end", async () => {
    const { employee, token } = await setup();
    const created = await api(`/api/v2/forecast/${employee.id}`, { method: "POST", token, json: { startDate: day(5), status: "2" } });
    expect(created.status).toBe(201);
    const huge = await api("/api/v2/forecast?from=1900-01-01&to=2999-12-31", { token });
    expect(huge.status).toBe(400);
    expect(await huge.json()).toMatchObject({ errors: { to: "Ask for at most 400 days at a time." } });
    const reversed = await api(`/api/v2/forecast?from=${day(10)}&to=${day(0)}`, { token });
    expect(reversed.status).toBe(400);
    const window = await api(`/api/v2/forecast?from=${day(0)}&to=${day(400)}`, { token });
    expect(window.status).toBe(200);
    const { _id } = (await created.json()) as { _id: string };
    expect(((await window.json()) as { _id: string }[]).map((f) => f._id)).toContain(_id);
    // Only `to` far away: the window ends there and starts 396 days before, so today's forecast is not read.
    const farTo = await api("/api/v2/forecast?to=2999-12-31", { token });
    expect(farTo.status).toBe(200);
    expect(await farTo.json()).toEqual([]);
  });
});
