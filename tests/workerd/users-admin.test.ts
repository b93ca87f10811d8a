import { and, eq, isNull } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { groups, inviteTokens, offices, passwordResetTokens, sessions, users } from "~/db/schema";
import { newId } from "~/lib/ids";
import { lastMailTo, send } from "./account-helpers";
import { BASE, createCompany, db, tokenFor } from "./helpers";
import { SELF } from "cloudflare:test";

const REQUIRED = "This field is required.";

/** Opens the confirmation link last mailed to `to` and presses its button. */
async function confirm(to: string) {
  const line = (await lastMailTo(to)).textBody.split("\n").find((l: string) => l.includes("/confirm-email/"))!;
  const path = new URL(line.trim()).pathname;
  const response = await SELF.fetch(`${BASE}${path}`, { method: "POST", body: new URLSearchParams({}), redirect: "manual" });
  expect(response.status).toBe(200);
}

type Firm = Awaited<ReturnType<typeof createFirm>>;

/** A firm with a second team, people in both, and a token per role (the administrator in the first team). */
async function createFirm(name: string, settings: Record<string, unknown> = {}) {
  const firm = await createCompany(name, settings);
  const tax = { id: newId(), companyId: firm.company.id, name: `${name} Tax` };
  const malmo = { id: newId(), companyId: firm.company.id, groupId: tax.id, name: `${name} Malmö` };
  await db().batch([db().insert(groups).values(tax), db().insert(offices).values(malmo)]);
  const elsewhere = { groupId: tax.id, officeId: malmo.id };
  const people = {
    employee: await firm.createUser("employee", { name: "Bea Employee" }),
    observer: await firm.createUser("observer", { name: "Oscar Observer" }),
    administrator: await firm.createUser("administrator", { name: "Ada Administrator" }),
    companyAdmin: await firm.createUser("companyAdmin", { name: "Cai Company", groupId: null, officeId: null }),
    otherCompanyAdmin: await firm.createUser("companyAdmin", { name: "Cora Company", groupId: null, officeId: null }),
    elsewhere: await firm.createUser("employee", { name: "Eli Elsewhere", ...elsewhere }),
    secondary: await firm.createUser("employee", {
      name: "Sid Secondary",
      ...elsewhere,
      secondaryGroupId: firm.group.id,
      secondaryOfficeId: firm.office.id,
    }),
  };
  const tokens = {
    employee: await tokenFor(people.employee.email),
    observer: await tokenFor(people.observer.email),
    administrator: await tokenFor(people.administrator.email),
    companyAdmin: await tokenFor(people.companyAdmin.email),
  };
  return { ...firm, tax, malmo, people, tokens };
}

async function row(id: string) {
  const [user] = await db().select().from(users).where(eq(users.id, id));
  return user;
}

let own: Firm;
let other: Firm;

beforeAll(async () => {
  own = await createFirm("Admin Own");
  other = await createFirm("Admin Other");
});

describe("GET /users", () => {
  it("lists the whole company for a company admin, highest role first", async () => {
    const response = await send("GET", "/users", own.tokens.companyAdmin);
    expect(response.status).toBe(200);
    const names = response.body.map((u: { name: string }) => u.name);
    expect(names).toEqual(["Cai Company", "Cora Company", "Ada Administrator", "Oscar Observer", "Bea Employee", "Eli Elsewhere", "Sid Secondary"]);
    expect(response.body.every((u: { company: string }) => u.company === own.company.id)).toBe(true);
  });

  it("lists an administrator's and an observer's own group and office, secondary members included", async () => {
    for (const token of [own.tokens.administrator, own.tokens.observer]) {
      const names = (await send("GET", "/users", token)).body.map((u: { name: string }) => u.name);
      expect(names).toEqual(["Ada Administrator", "Oscar Observer", "Bea Employee", "Sid Secondary"]);
    }
  });

  it("refuses employees", async () => {
    expect((await send("GET", "/users", own.tokens.employee)).status).toBe(403);
  });
});

describe("PUT /users/{id} by administrators", () => {
  it("changes name, title and the observer flag at once; a new e-mail waits for the new address to confirm it", async () => {
    const target = await own.createUser("employee");
    const newEmail = `renamed.${crypto.randomUUID().slice(0, 6)}@example.test`;
    const response = await send("PUT", `/users/${target.id}`, own.tokens.administrator, {
      name: "Renamed",
      email: newEmail.replace("renamed", "Renamed"),
      title: "Partner",
      admin: true,
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ name: "Renamed", email: target.email, pendingEmail: newEmail, title: "Partner", admin: true });
    // Issue 26, item 6: until the new address confirms, the account keeps its address.
    expect(await tokenFor(target.email)).toBeTruthy();
    await expect(tokenFor(newEmail)).rejects.toThrow(/401/);
    expect((await lastMailTo(newEmail)).textBody).toMatch(/an administrator of Admin Own, asked that your .* account signs in with/);
    expect((await lastMailTo(target.email)).subject).toMatch(/A change of your .* e-mail address was requested/);
  });

  it("validates name and e-mail and refuses an e-mail in use", async () => {
    const target = await own.createUser("employee");
    const bad = await send("PUT", `/users/${target.id}`, own.tokens.companyAdmin, { name: "", email: "nope" });
    expect(bad.body).toMatchObject({ entityType: "UserInputErrors", errors: { name: REQUIRED, email: "Needs to be a valid email" } });
    const taken = await send("PUT", `/users/${target.id}`, own.tokens.companyAdmin, { email: own.people.employee.email });
    expect(taken).toMatchObject({ status: 409, body: { message: "A user with this e-mail already exists." } });
    // Another firm's member is not named as such (issue 26, item 4).
    const foreign = await send("PUT", `/users/${target.id}`, own.tokens.companyAdmin, { email: other.people.employee.email });
    expect(foreign).toMatchObject({ status: 409, body: { message: "This e-mail address cannot be used in this firm." } });
  });

  it("lets only company admins edit company admins, the observer flag included", async () => {
    const target = own.people.otherCompanyAdmin;
    expect((await send("PUT", `/users/${target.id}`, own.tokens.administrator, { name: "Nope" })).status).toBe(403);
    const response = await send("PUT", `/users/${target.id}`, own.tokens.companyAdmin, { observer: true });
    expect(response.body).toMatchObject({ companyAdmin: true, admin: true });
    await send("PUT", `/users/${target.id}`, own.tokens.companyAdmin, { observer: false });
  });

  it("keeps administrators to their own people, and the observer and employees out", async () => {
    expect((await send("PUT", `/users/${own.people.elsewhere.id}`, own.tokens.administrator, { name: "Nope" })).status).toBe(403);
    expect((await send("PUT", `/users/${own.people.secondary.id}`, own.tokens.administrator, { title: "Counsel" })).status).toBe(200);
    expect((await send("PUT", `/users/${own.people.employee.id}`, own.tokens.observer, { name: "Nope" })).status).toBe(403);
    expect((await send("PUT", `/users/${own.people.observer.id}`, own.tokens.employee, { name: "Nope" })).status).toBe(403);
    expect((await send("PUT", `/users/${other.people.employee.id}`, own.tokens.companyAdmin, { name: "Nope" })).status).toBe(404);
  });

  it("still lets people change their own profile through the same path, but not their own rights", async () => {
    const refused = await send("PUT", `/users/${own.people.employee.id}`, own.tokens.employee, {
      name: "Bea Employee",
      updateReminders: 7,
      admin: true,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ admin: "You cannot change your own privileges." });
    const response = await send("PUT", `/users/${own.people.employee.id}`, own.tokens.employee, { name: "Bea Employee", updateReminders: 7 });
    expect(response.body).toMatchObject({ updateReminders: 7, admin: false });
  });

  it("allows the report permissions only when the company's switches do, and Hours only with Detailed View", async () => {
    const target = await own.createUser("employee");
    const off = await send("PUT", `/users/${target.id}`, own.tokens.companyAdmin, {
      detailedViewPriviliges: true,
      utilizationViewOthersPriviliges: true,
      detailedViewHoursPriviliges: true,
    });
    expect(off.body.errors).toEqual({
      detailedViewPriviliges: "Detailed View is not enabled for this company.",
      utilizationViewOthersPriviliges: "Utilization View is not enabled for this company.",
      detailedViewHoursPriviliges: "Detailed View Hours is not enabled for this company.",
    });
    expect(
      (await send("PUT", `/users/${target.id}`, own.tokens.companyAdmin, { detailedViewPriviliges: false, detailedViewHoursPriviliges: false }))
        .status,
    ).toBe(200);

    const reports = await createFirm("Admin Reports", { enableUtilizationView: true, enableDetailedViewHours: true });
    const person = await reports.createUser("employee");
    const hoursAlone = await send("PUT", `/users/${person.id}`, reports.tokens.companyAdmin, { detailedViewHoursPriviliges: true });
    expect(hoursAlone.body.errors).toEqual({ detailedViewHoursPriviliges: "Detailed View Hours needs Detailed View." });
    const both = await send("PUT", `/users/${person.id}`, reports.tokens.companyAdmin, {
      detailedViewPriviliges: true,
      detailedViewHoursPriviliges: true,
      utilizationViewOthersPriviliges: true,
    });
    expect(both.body).toMatchObject({ detailedViewPriviliges: true, detailedViewHoursPriviliges: true, utilizationViewOthersPriviliges: true });
    const detailedOff = await send("PUT", `/users/${person.id}`, reports.tokens.companyAdmin, { detailedViewPriviliges: false });
    expect(detailedOff.body).toMatchObject({ detailedViewPriviliges: false, detailedViewHoursPriviliges: false });
  });
});

describe("PUT /users/{id}/move", () => {
  it("sets the primary and secondary team, checking each pair", async () => {
    const target = await own.createUser("employee");
    const mixed = await send("PUT", `/users/${target.id}/move`, own.tokens.companyAdmin, { group: own.group.id, office: own.malmo.id });
    expect(mixed.body.errors).toEqual({ office: "Choose an office in the selected group." });
    const response = await send("PUT", `/users/${target.id}/move`, own.tokens.companyAdmin, {
      group: own.tax.id,
      office: own.malmo.id,
      secondaryEnabled: true,
      secondaryGroup: own.group.id,
      secondaryOffice: own.office.id,
    });
    expect(response.status).toBe(200);
    expect(await row(target.id)).toMatchObject({
      groupId: own.tax.id,
      officeId: own.malmo.id,
      secondaryGroupId: own.group.id,
      secondaryOfficeId: own.office.id,
    });
    await send("PUT", `/users/${target.id}/move`, own.tokens.companyAdmin, { group: own.tax.id, office: own.malmo.id, secondaryEnabled: false });
    expect(await row(target.id)).toMatchObject({ secondaryGroupId: null, secondaryOfficeId: null });
  });

  it("lets only a company admin be left without a team", async () => {
    const target = await own.createUser("employee");
    expect((await send("PUT", `/users/${target.id}/move`, own.tokens.companyAdmin, {})).body.errors).toEqual({ group: REQUIRED, office: REQUIRED });
    const ca = own.people.otherCompanyAdmin;
    await send("PUT", `/users/${ca.id}/move`, own.tokens.companyAdmin, { group: own.group.id, office: own.office.id });
    expect(await row(ca.id)).toMatchObject({ groupId: own.group.id });
    expect((await send("PUT", `/users/${ca.id}/move`, own.tokens.companyAdmin, { group: "", office: "" })).status).toBe(200);
    expect(await row(ca.id)).toMatchObject({ groupId: null, officeId: null });
  });

  it("needs the secondary team when it is enabled, and refuses the observer", async () => {
    const target = await own.createUser("employee");
    const response = await send("PUT", `/users/${target.id}/move`, own.tokens.companyAdmin, {
      group: own.group.id,
      office: own.office.id,
      secondaryEnabled: true,
    });
    expect(response.body.errors).toEqual({ secondaryGroup: REQUIRED, secondaryOffice: REQUIRED });
    expect((await send("PUT", `/users/${target.id}/move`, own.tokens.observer, { group: own.group.id, office: own.office.id })).status).toBe(403);
  });
});

describe("no escape from an administrator's scope (issue 9, item 5)", () => {
  it("refuses an administrator moving one of their people into a team they do not administer, and changes nothing", async () => {
    const target = await own.createUser("employee");
    const out = await send("PUT", `/users/${target.id}/move`, own.tokens.administrator, { group: own.tax.id, office: own.malmo.id });
    expect(out.status).toBe(403);
    expect(out.body.message).toBe("You can only move people into a group and office you administer.");
    const sideways = await send("PUT", `/users/${target.id}/move`, own.tokens.administrator, {
      group: own.group.id,
      office: own.office.id,
      secondaryEnabled: true,
      secondaryGroup: own.tax.id,
      secondaryOffice: own.malmo.id,
    });
    expect(sideways.status).toBe(403);
    expect(await row(target.id)).toMatchObject({ groupId: own.group.id, officeId: own.office.id, secondaryGroupId: null });
    // Within their own team it works; a company admin moves anyone anywhere.
    const within = await send("PUT", `/users/${target.id}/move`, own.tokens.administrator, { group: own.group.id, office: own.office.id });
    expect(within.status).toBe(200);
    expect((await send("PUT", `/users/${target.id}/move`, own.tokens.companyAdmin, { group: own.tax.id, office: own.malmo.id })).status).toBe(200);
  });

  it("lets nobody move, promote, edit the privileges of or delete themselves through the admin paths", async () => {
    const admin = own.people.administrator;
    const before = await row(admin.id);
    const tries = [
      await send("PUT", `/users/${admin.id}/move`, own.tokens.administrator, { group: own.group.id, office: own.office.id }),
      await send("PUT", `/users/${admin.id}/admin`, own.tokens.administrator, { admin: false, administratorPriviliges: true }),
      await send("DELETE", `/users/${admin.id}`, own.tokens.administrator),
      await send("PUT", `/users/${own.people.companyAdmin.id}/move`, own.tokens.companyAdmin, { group: own.group.id, office: own.office.id }),
    ];
    expect(tries.map((t) => t.status)).toEqual([403, 403, 403, 403]);
    expect(await row(admin.id)).toEqual(before);
    expect(await row(own.people.companyAdmin.id)).toMatchObject({ groupId: null, officeId: null });
    // PUT /users/{own id} is the self-update: a privilege field is refused with a field error and changes nothing.
    const self = await send("PUT", `/users/${admin.id}`, own.tokens.administrator, { detailedViewPriviliges: true });
    expect(self.status).toBe(400);
    expect(self.body.errors).toEqual({ detailedViewPriviliges: "You cannot change your own privileges." });
    expect(await row(admin.id)).toEqual(before);
  });
});

describe("an administrator changing someone's e-mail (issue 9, item 6)", () => {
  it("tells the old address, ends the person's sessions and tokens, and voids their reset and invite links", async () => {
    const person = await own.createUser("employee");
    const token = await tokenFor(person.email);
    expect((await send("GET", "/users/me", token)).status).toBe(200);
    expect((await send("POST", "/account/reset-password", undefined, { resetEmail: person.email })).status).toBe(200);
    const invited = await own.createUser("invited");
    expect((await send("POST", `/account/${invited.id}/resend-invite`, own.tokens.companyAdmin)).status).toBe(200);

    const newEmail = `moved-${crypto.randomUUID().slice(0, 6)}@admin-own.test`;
    expect((await send("PUT", `/users/${person.id}`, own.tokens.companyAdmin, { email: newEmail })).status).toBe(200);
    // An invited person's address (a typo in the invite) changes at once.
    expect((await send("PUT", `/users/${invited.id}`, own.tokens.companyAdmin, { email: `re-${newEmail}` })).body).toMatchObject({
      email: `re-${newEmail}`,
    });
    // Nothing ends before the new address confirms.
    expect((await send("GET", "/users/me", token)).status).toBe(200);
    await confirm(newEmail);

    expect((await send("GET", "/users/me", token)).status).toBe(401);
    const open = await db()
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, person.id), isNull(sessions.revokedAt)));
    expect(open).toEqual([]);
    const resets = await db().select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, person.id));
    expect(resets.length).toBeGreaterThan(0);
    expect(resets.every((r) => r.usedAt !== null)).toBe(true);
    const invites = await db().select().from(inviteTokens).where(eq(inviteTokens.userId, invited.id));
    expect(invites.length).toBeGreaterThan(0);
    expect(invites.every((r) => r.usedAt !== null)).toBe(true);

    const notice = await lastMailTo(person.email);
    expect(notice.subject).toBe("Your Availability e-mail address was changed");
    expect(notice.textBody).toContain(newEmail);
    expect(notice.textBody).toContain("You have been signed out everywhere");
    // The new address signs in with the same password.
    expect(await tokenFor(newEmail)).toBeTruthy();
  });

  it("changes nothing of the kind when the e-mail stays the same", async () => {
    const person = await own.createUser("employee");
    const token = await tokenFor(person.email);
    expect((await send("PUT", `/users/${person.id}`, own.tokens.companyAdmin, { email: person.email, title: "Associate" })).status).toBe(200);
    expect((await send("GET", "/users/me", token)).status).toBe(200);
    expect(await lastMailTo(person.email)).toBeUndefined();
  });
});

describe("PUT /users/{id}/admin", () => {
  it("makes an admin; only a company admin removes the privileges again (issue 26, item 6)", async () => {
    const target = await own.createUser("observer");
    const made = await send("PUT", `/users/${target.id}/admin`, own.tokens.administrator, { admin: false, administratorPriviliges: true });
    expect(made.body).toMatchObject({ admin: false, administratorPriviliges: true });
    // One administrator never edits another: the peer's scope may be wider than theirs.
    expect((await send("PUT", `/users/${target.id}/admin`, own.tokens.administrator, { admin: false, administratorPriviliges: false })).status).toBe(
      403,
    );
    expect((await send("PUT", `/users/${target.id}`, own.tokens.administrator, { name: "Taken Over" })).status).toBe(403);
    const removed = await send("PUT", `/users/${target.id}/admin`, own.tokens.companyAdmin, { admin: false, administratorPriviliges: false });
    expect(removed.body).toMatchObject({ admin: false, administratorPriviliges: false });
  });

  it("refuses one's own rights, company admins for administrators, and bad input", async () => {
    expect(
      (await send("PUT", `/users/${own.people.administrator.id}/admin`, own.tokens.administrator, { admin: false, administratorPriviliges: false }))
        .status,
    ).toBe(403);
    expect(
      (
        await send("PUT", `/users/${own.people.otherCompanyAdmin.id}/admin`, own.tokens.administrator, {
          admin: false,
          administratorPriviliges: true,
        })
      ).status,
    ).toBe(403);
    const bad = await send("PUT", `/users/${own.people.employee.id}/admin`, own.tokens.companyAdmin, { administratorPriviliges: "yes" });
    expect(bad.body.errors).toEqual({ administratorPriviliges: "Needs to be true or false." });
  });
});

describe("DELETE /users/{id}", () => {
  it("deletes the person, whose sessions end with them", async () => {
    const target = await own.createUser("employee");
    const token = await tokenFor(target.email);
    const response = await send("DELETE", `/users/${target.id}`, own.tokens.administrator);
    expect(response.status).toBe(200);
    expect(await row(target.id)).toBeUndefined();
    expect((await send("GET", "/users/me", token)).status).toBe(401);
  });

  it("refuses oneself, people out of reach, and another company's people", async () => {
    expect((await send("DELETE", `/users/${own.people.companyAdmin.id}`, own.tokens.companyAdmin)).status).toBe(403);
    expect((await send("DELETE", `/users/${own.people.elsewhere.id}`, own.tokens.administrator)).status).toBe(403);
    expect((await send("DELETE", `/users/${own.people.otherCompanyAdmin.id}`, own.tokens.administrator)).status).toBe(403);
    expect((await send("DELETE", `/users/${other.people.employee.id}`, own.tokens.companyAdmin)).status).toBe(404);
    expect(await row(own.people.elsewhere.id)).toBeTruthy();
  });
});
