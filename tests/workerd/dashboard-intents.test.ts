import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forecasts, statusMessages, workplacePlans } from "~/db/schema";
import { api, createCompany, day, db, listen, tokenFor } from "./helpers";
import { setup, userRow } from "./availability-helpers";

/** The dashboard's page writes (POST /home) and its forecast writes (POST /resources/forecasts), as the browser's fetchers send them. */
const post = (path: string, token: string, fields: Record<string, string>) =>
  api(path, { method: "POST", token, body: new URLSearchParams({ sessionId: "tab-1", ...fields }) });
// The route id asks Remix for the action's data, as a fetcher does.
const home = (token: string, fields: Record<string, string>) => post("/home?_data=routes%2F_app.home", token, fields);
const forecastWrite = (token: string, fields: Record<string, string>) => post("/resources/forecasts", token, fields);
const forecastsOf = (userId: string) => db().select().from(forecasts).where(eq(forecasts.userId, userId));

describe("dashboard intents", () => {
  it("current and future workload, the forecast date, the message and a work-location day each save and answer ok", async () => {
    const { employee, token, company } = await setup();
    const room = await listen(company.id, token);
    expect(await (await home(token, { intent: "current", workscale: "2" })).json()).toEqual({ ok: true, intent: "current" });
    expect(await room.next("UPDATE_USER")).toMatchObject({ _id: employee.id, currentWorkload: 2, sessionId: "tab-1" });
    room.close();
    expect((await home(token, { intent: "future", workscale: "3" })).status).toBe(200);
    expect((await home(token, { intent: "forecastDate", date: day(7) })).status).toBe(200);
    expect((await home(token, { intent: "message", message: "In court until Thursday" })).status).toBe(200);
    expect((await home(token, { intent: "workplace", index: "1", option: "1", future: "false" })).status).toBe(200);
    const user = await userRow(employee.id);
    expect(user).toMatchObject({ currentWorkload: 2, futureWorkload: 3 });
    expect(user.workloadForecastDate?.toISOString().slice(0, 10)).toBe(day(7));
    expect(await db().select().from(statusMessages).where(eq(statusMessages.userId, employee.id))).toMatchObject([
      { message: "In court until Thursday" },
    ]);
    expect(await db().select().from(workplacePlans).where(eq(workplacePlans.userId, employee.id))).toMatchObject([{ kind: "rolling", option: 1 }]);
    // An empty date clears the future date.
    expect((await home(token, { intent: "forecastDate", date: "" })).status).toBe(200);
    expect((await userRow(employee.id)).workloadForecastDate).toBeNull();
  });

  it("answers 400 with the field's message for bad input or an unknown intent, and changes nothing", async () => {
    const { employee, token } = await setup();
    const before = await userRow(employee.id);
    const refused: Record<string, string>[] = [
      { intent: "current", workscale: "7" },
      { intent: "current" },
      { intent: "forecastDate", date: "31/02" },
      { intent: "nonsense" },
      {},
    ];
    for (const fields of refused) {
      const response = await home(token, fields);
      expect(response.status, JSON.stringify(fields)).toBe(400);
      const body = (await response.json()) as { ok: boolean; message: string };
      expect(body.ok).toBe(false);
      expect(body.message.length).toBeGreaterThan(0);
    }
    expect(await userRow(employee.id)).toEqual(before);
  });

  it("forecasts: one's own without a userId (create 201, update, delete), with the API's rules and messages", async () => {
    const { employee, token } = await setup();
    const created = await forecastWrite(token, { intent: "create", startDate: day(1), endDate: day(2), status: "2", comment: "Pitch" });
    expect(created.status).toBe(201);
    const { forecast } = (await created.json()) as { forecast: { _id: string; user: string } };
    expect(forecast.user).toBe(employee.id);
    const updated = await forecastWrite(token, { intent: "update", forecastId: forecast._id, startDate: day(1), endDate: day(4), status: "3" });
    expect(updated.status).toBe(200);
    expect(await forecastsOf(employee.id)).toMatchObject([{ status: "3", comment: null }]);
    const backwards = await forecastWrite(token, { intent: "create", startDate: day(9), endDate: day(8), status: "1" });
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toMatchObject({ ok: false, errors: { endDate: "The end date cannot be before the start date." } });
    expect((await forecastWrite(token, { intent: "create", startDate: "", status: "1" })).status).toBe(400);
    expect((await forecastWrite(token, { intent: "delete", forecastId: forecast._id })).status).toBe(200);
    expect(await forecastsOf(employee.id)).toEqual([]);
  });

  it("today's status from the dashboard follows the planner's rule set: away puts one on leave, a level ends it", async () => {
    const { employee, token } = await setup();
    expect((await forecastWrite(token, { intent: "today", status: "away" })).status).toBe(200);
    expect((await userRow(employee.id)).onLeave).toBe(true);
    expect((await forecastWrite(token, { intent: "today", status: "1" })).status).toBe(200);
    expect(await userRow(employee.id)).toMatchObject({ onLeave: false, currentWorkload: 1 });
    // Classic forecasting plans absences only: the same refusal as in the planner.
    const classic = await setup({ enableNewForecasting: false });
    const refused = await forecastWrite(classic.token, { intent: "today", status: "2" });
    expect(refused.status).toBe(403);
    expect((await userRow(classic.employee.id)).currentWorkload).not.toBe(2);
  });

  it("the WFH overview is refused inside the domain for someone without team overviews", async () => {
    const firm = await createCompany("Overviews", { enableNewForecasting: true });
    const employee = await firm.createUser("employee", { name: "Eve" });
    const trusted = await firm.createUser("employee", { name: "Tess", canSeeForecastOverview: true });
    const admin = await firm.createUser("administrator", { name: "Ada" });
    expect((await api("/resources/wfh-overview", { token: await tokenFor(admin.email) })).status).toBe(200);
    expect((await api("/resources/wfh-overview", { token: await tokenFor(trusted.email) })).status).toBe(200);
    expect((await api("/resources/wfh-overview", { token: await tokenFor(employee.email) })).status).toBe(403);
  });
});
