import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forecasts, users } from "~/db/schema";
import { api, createCompany, createCompanyWithRoles, day, db, listen, tokenFor } from "./helpers";

const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];

describe("PUT /users/{id}: nothing sent is silently dropped", () => {
  it("applies the name at once and keeps one's own new e-mail pending until its link is confirmed (decision 0175)", async () => {
    const { createUser } = await createCompany();
    const me = await createUser("employee");
    const token = await tokenFor(me.email);
    const email = `renamed.${me.id}@example.test`;
    const response = await api(`/api/v2/users/${me.id}`, { method: "PUT", token, json: { email, name: "Renamed Person" } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: me.email, pendingEmail: email, name: "Renamed Person" });
    expect((await userRow(me.id)).email).toBe(me.email);
    expect(await tokenFor(me.email)).toMatch(/\./);
  });

  it("refuses an own e-mail someone else has with 409 and changes nothing", async () => {
    const { createUser } = await createCompany();
    const me = await createUser("employee");
    const { createUser: createElsewhere } = await createCompany("Other Firm");
    const other = await createElsewhere("employee");
    const token = await tokenFor(me.email);
    const response = await api(`/api/v2/users/${me.id}`, { method: "PUT", token, json: { email: other.email, name: "Should Not Stick" } });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "A user with this e-mail already exists." });
    const row = await userRow(me.id);
    expect(row.email).toBe(me.email);
    expect(row.name).toBe(me.name);
  });

  it("refuses an administrator's workloadForecastDate for someone else with a field error", async () => {
    const { people, tokens } = await createCompanyWithRoles();
    const person = people.employee;
    const token = tokens.administrator;
    const response = await api(`/api/v2/users/${person.id}`, { method: "PUT", token, json: { title: "Partner", workloadForecastDate: day(7) } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      entityType: "UserInputErrors",
      errors: { workloadForecastDate: "Only the person sets the date of their future workload." },
    });
    const row = await userRow(person.id);
    expect(row.workloadForecastDate).toBeNull();
    expect(row.title).toBe(person.title);
  });

  it("changes profile, future date and leave in one go and publishes UPDATE_USER with the spec's fields at the top level", async () => {
    const { company, createUser } = await createCompany();
    const me = await createUser("employee", { futureWorkload: 2 });
    const token = await tokenFor(me.email);
    const room = await listen(company.id, token);
    const response = await api(`/api/v2/users/${me.id}`, {
      method: "PUT",
      token,
      json: { title: "Counsel", workloadForecastDate: day(10), onLeave: true, sessionId: "tab-1" },
    });
    expect(response.status).toBe(200);
    const row = await userRow(me.id);
    expect(row).toMatchObject({ title: "Counsel", onLeave: true, futureWorkload: 2 });
    expect(row.workloadForecastDate?.toISOString().slice(0, 10)).toBe(day(10));
    const placed = await db().select().from(forecasts).where(eq(forecasts.userId, me.id));
    expect(placed.map((f) => f.status)).toEqual(["2"]);
    const event = await room.next("UPDATE_USER");
    expect(Object.keys(event).sort()).toEqual(
      ["_id", "atHome", "currentWorkload", "futureWorkload", "lastUpdated", "message", "onLeave", "sessionId", "type", "workplaceForecast"].sort(),
    );
    expect(event).toMatchObject({ _id: me.id, onLeave: true, futureWorkload: 2, sessionId: "tab-1" });
  });
});
