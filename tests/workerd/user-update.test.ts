import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forecasts, users } from "~/db/schema";
import { api, createCompany, createCompanyWithRoles, day, db, listen, PASSWORD, tokenFor } from "./helpers";

const userRow = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];

describe("PUT /users/{id}: nothing sent is silently dropped", () => {
  it("applies the name at once and keeps one's own new e-mail pending until its link is confirmed (decision 0175)", async () => {
    const { createUser } = await createCompany();
    const me = await createUser("employee");
    const token = await tokenFor(me.email);
    const email = `renamed.${me.id}@example.test`;
    const response = await api(`/api/v2/users/${me.id}`, {
      method: "PUT",
      token,
      json: { email, name: "Renamed Person", currentPassword: PASSWORD },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ email: me.email, pendingEmail: email, name: "Renamed Person" });
    expect((await userRow(me.id)).email).toBe(me.email);
    expect(await tokenFor(me.email)).toMatch(/\./);
  });

  it("refuses an own e-mail someone else has with 409 and changes nothing; another firm's member is not named as such", async () => {
    const { createUser } = await createCompany();
    const me = await createUser("employee");
    const colleague = await createUser("employee");
    const { createUser: createElsewhere } = await createCompany("Other Firm");
    const other = await createElsewhere("employee");
    const token = await tokenFor(me.email);
    const mine = await api(`/api/v2/users/${me.id}`, { method: "PUT", token, json: { email: colleague.email, currentPassword: PASSWORD } });
    expect(mine.status).toBe(409);
    expect(await mine.json()).toEqual({ message: "A user with this e-mail already exists." });
    const response = await api(`/api/v2/users/${me.id}`, {
      method: "PUT",
      token,
      json: { email: other.email, name: "Should Not Stick", currentPassword: PASSWORD },
    });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ message: "This e-mail address cannot be used in this firm." });
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

/**
 * Every field of userUpdateParams (and the own settings fields PUT /users/{id} takes), for
 * each kind of caller: applied, or refused with a 400 field error that changes nothing.
 */
describe("PUT /users/{id}: each field is applied or refused, per caller", () => {
  const REPORTS = { enableUtilizationView: true, enableDetailedViewHours: true };
  const PRIVILEGES = [
    "admin",
    "observer",
    "utilizationViewOthersPriviliges",
    "detailedViewPriviliges",
    "detailedViewHoursPriviliges",
    "administratorPriviliges",
    "companyAdmin",
  ] as const;
  type Row = typeof users.$inferSelect;
  const stored = (row: Row, field: string) => (field === "observer" ? row.admin : row[field as keyof Row]);

  /** Sends one field (with a title that would be applied too), expects the refusal, and that the row did not change. */
  async function expectRefused(id: string, token: string, field: string, value: unknown, message: string) {
    const before = await userRow(id);
    const response = await api(`/api/v2/users/${id}`, { method: "PUT", token, json: { title: "Should Not Stick", [field]: value } });
    expect(response.status, field).toBe(400);
    expect(await response.json(), field).toMatchObject({ entityType: "UserInputErrors", errors: { [field]: message } });
    expect(await userRow(id), field).toEqual(before);
  }

  async function expectApplied(id: string, token: string, field: string, value: unknown, expected: unknown = value) {
    const response = await api(`/api/v2/users/${id}`, { method: "PUT", token, json: { [field]: value } });
    expect(response.status, `${field}: ${JSON.stringify(await response.clone().json())}`).toBe(200);
    const now = stored(await userRow(id), field);
    expect(now instanceof Date ? now.toISOString().slice(0, 10) : now, field).toEqual(expected);
  }

  it("one's own profile, settings, leave and future date are applied for every role", async () => {
    const { people, tokens } = await createCompanyWithRoles("Self Apply Firm", REPORTS);
    for (const role of ["employee", "observer", "administrator", "companyAdmin"] as const) {
      const me = people[role];
      await expectApplied(me.id, tokens[role], "name", `Renamed ${role}`);
      await expectApplied(me.id, tokens[role], "title", "Counsel");
      await expectApplied(me.id, tokens[role], "phone", "+46 8 123 45");
      await expectApplied(me.id, tokens[role], "startYear", 2019);
      await expectApplied(me.id, tokens[role], "updateReminders", 7);
      await expectApplied(me.id, tokens[role], "onLeave", true);
      await expectApplied(me.id, tokens[role], "workloadForecastDate", day(10));
    }
  });

  it("one's own rights are refused with the page's message, for every role, and nothing changes", async () => {
    const { people, tokens } = await createCompanyWithRoles("Self Refuse Firm", REPORTS);
    for (const role of ["employee", "observer", "administrator", "companyAdmin"] as const) {
      const me = await userRow(people[role].id);
      for (const field of PRIVILEGES) {
        await expectRefused(me.id, tokens[role], field, !stored(me, field), "You cannot change your own privileges.");
      }
    }
  });

  it("one's own rights sent as they are (a User read and sent back) pass, and the rest applies", async () => {
    const { people, tokens } = await createCompanyWithRoles("Round Trip Firm", REPORTS);
    const me = people.administrator;
    const read = (await (await api(`/api/v2/users/${me.id}`, { token: tokens.administrator })).json()) as Record<string, unknown>;
    const sentBack = Object.fromEntries(PRIVILEGES.filter((field) => field in read).map((field) => [field, read[field]]));
    expect(Object.keys(sentBack).length).toBeGreaterThan(3);
    const response = await api(`/api/v2/users/${me.id}`, { method: "PUT", token: tokens.administrator, json: { ...sentBack, title: "Partner" } });
    expect(response.status).toBe(200);
    expect(await userRow(me.id)).toMatchObject({ title: "Partner", administratorPriviliges: true, admin: false });
  });

  for (const caller of ["companyAdmin", "administrator"] as const) {
    it(`${caller} for someone else: the profile and rights of userUpdateParams are applied`, async () => {
      const firm = await createCompanyWithRoles(`${caller} Apply Firm`, REPORTS);
      const target = await firm.createUser("employee");
      const token = firm.tokens[caller];
      await expectApplied(target.id, token, "name", "Renamed By Admin");
      // A new e-mail waits for the new address to confirm it (issue 26, item 6; users-admin.test).
      const moved = await api(`/api/v2/users/${target.id}`, { method: "PUT", token, json: { email: `moved.${target.id}@example.test` } });
      expect(await moved.json()).toMatchObject({ email: target.email, pendingEmail: `moved.${target.id}@example.test` });
      await expectApplied(target.id, token, "title", "Senior Associate");
      await expectApplied(target.id, token, "admin", true);
      await expectApplied(target.id, token, "observer", false);
      await expectApplied(target.id, token, "utilizationViewOthersPriviliges", true);
      await expectApplied(target.id, token, "detailedViewPriviliges", true);
      await expectApplied(target.id, token, "detailedViewHoursPriviliges", true);
    });

    it(`${caller} for someone else: what only the person sets is refused with a field error, and nothing changes`, async () => {
      const firm = await createCompanyWithRoles(`${caller} Refuse Firm`, REPORTS);
      const target = await firm.createUser("employee");
      const token = firm.tokens[caller];
      const refusals: [string, unknown, string][] = [
        ["phone", "+46 8 999", "Only the person changes their phone number."],
        ["startYear", 2001, "Only the person changes their start year."],
        ["updateReminders", 7, "Only the person chooses their update reminders."],
        ["onLeave", true, "Only the person sets whether they are on leave here; plan their absence in the planner."],
        ["workloadForecastDate", day(7), "Only the person sets the date of their future workload."],
        ["administratorPriviliges", true, "Administrator rights are changed with PUT /users/{id}/admin."],
        ["companyAdmin", true, "Company administrators are named when they are invited."],
      ];
      for (const [field, value, message] of refusals) await expectRefused(target.id, token, field, value, message);
      // Sent as they are, they are no change and pass.
      const same = await api(`/api/v2/users/${target.id}`, {
        method: "PUT",
        token,
        json: { title: "Applied", phone: null, onLeave: false, workloadForecastDate: null, companyAdmin: false, administratorPriviliges: false },
      });
      expect(same.status).toBe(200);
      expect((await userRow(target.id)).title).toBe("Applied");
    });
  }
});
