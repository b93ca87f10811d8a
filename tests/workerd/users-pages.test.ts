import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { DEFAULT_SORT, nextSort, sortUsers, type TableUser } from "~/features/users/user-table";
import { eq } from "drizzle-orm";
import { users } from "~/db/schema";
import { REQUIRED } from "~/domain/schema-kit";
import { INVALID_EMAIL } from "~/lib/email-address";
import { EMAIL_TAKEN, SOME_CANNOT_BE_INVITED } from "~/domain/identity/invite.server";
import { BASE, createCompany, db, PASSWORD } from "./helpers";

async function cookieFor(email: string) {
  const form = new URLSearchParams({ email, password: PASSWORD, redirectTo: "" });
  const response = await SELF.fetch(`${BASE}/login`, {
    method: "POST",
    body: form,
    redirect: "manual",
    headers: { "CF-Connecting-IP": `192.0.2.${Math.floor(Math.random() * 250)}` },
  });
  return response.headers.get("Set-Cookie")!.split(";")[0];
}

function post(path: string, cookie: string, fields: Record<string, string>) {
  return SELF.fetch(`${BASE}${path}`, { method: "POST", body: new URLSearchParams(fields), headers: { Cookie: cookie }, redirect: "manual" });
}

describe("the users pages", () => {
  it("open /users/all for company admins and admins, /users for admins, and neither for employees", async () => {
    const firm = await createCompany("Pages Firm");
    const companyAdmin = await cookieFor((await firm.createUser("companyAdmin", { groupId: null, officeId: null })).email);
    const administrator = await cookieFor((await firm.createUser("administrator")).email);
    const employee = await cookieFor((await firm.createUser("employee")).email);
    expect((await SELF.fetch(`${BASE}/users/all`, { headers: { Cookie: companyAdmin } })).status).toBe(200);
    expect((await SELF.fetch(`${BASE}/users/all`, { headers: { Cookie: administrator } })).status).toBe(200);
    expect((await SELF.fetch(`${BASE}/users`, { headers: { Cookie: administrator } })).status).toBe(200);
    expect((await SELF.fetch(`${BASE}/users`, { headers: { Cookie: companyAdmin }, redirect: "manual" })).headers.get("Location")).toBe("/users/all");
    for (const path of ["/users", "/users/all"]) {
      // The 403 page saying why (issue 27, item 11; decision 0264), not a silent trip to /home.
      const refused = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: employee }, redirect: "manual" });
      expect(refused.status).toBe(403);
      expect(await refused.text()).toContain("This page is for administrators.");
    }
    expect((await post("/users/all", employee, { intent: "delete", id: "x" })).status).toBe(403);
  });

  it("refuses the forms of /users and /users/all to anyone but managers (requireManager), whatever the intent, and changes nothing", async () => {
    const firm = await createCompany("Pages Guard Firm");
    const observer = await cookieFor((await firm.createUser("observer")).email);
    const employee = await cookieFor((await firm.createUser("employee")).email);
    const target = await firm.createUser("employee");
    const invite = { intent: "inviteMultiple", emails: "guarded@pages.test", group: firm.group.id, office: firm.office.id };
    for (const cookie of [observer, employee]) {
      for (const path of ["/users?index&_data=routes%2F_app.users._index", "/users/all?_data=routes%2F_app.users.all"]) {
        expect((await post(path, cookie, invite)).status, path).toBe(403);
        expect((await post(path, cookie, { intent: "delete", id: target.id })).status, path).toBe(403);
        expect((await post(path, cookie, { intent: "no-such-intent" })).status, path).toBe(403);
      }
    }
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, "guarded@pages.test"))).toHaveLength(0);
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, target.id))).toHaveLength(1);
  });

  it("puts a taken address of the single invite on its e-mail field, not under the form (issue 27, item 22)", async () => {
    const firm = await createCompany("Pages Taken Firm");
    const existing = await firm.createUser("employee");
    const cookie = await cookieFor((await firm.createUser("administrator")).email);
    const taken = await post("/users?index&_data=routes%2F_app.users._index", cookie, {
      intent: "invite",
      name: "Twice",
      email: existing.email,
      group: firm.group.id,
      office: firm.office.id,
    });
    expect(taken.status).toBe(409);
    const reply = (await taken.json()) as { status: string; error: Record<string, string[]> };
    expect(reply).toMatchObject({ status: "error", error: { email: [EMAIL_TAKEN] } });
    expect(reply.error[""] ?? []).toEqual([]);
  });

  it("answers 'Invite multiple' through the form pipeline: the invalid e-mails by place, the existing ones as data, the count in the message", async () => {
    const firm = await createCompany("Pages Invite Firm");
    const existing = await firm.createUser("employee");
    const cookie = await cookieFor((await firm.createUser("administrator")).email);
    const invalid = await post("/users?index&_data=routes%2F_app.users._index", cookie, {
      intent: "inviteMultiple",
      names: "A; B",
      emails: "good@pages.test; bad@",
      group: firm.group.id,
      office: firm.office.id,
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ status: "error", error: { "emails[1]": [INVALID_EMAIL] } });
    const empty = await post("/users?index&_data=routes%2F_app.users._index", cookie, {
      intent: "inviteMultiple",
      emails: " ; ",
      group: firm.group.id,
      office: firm.office.id,
    });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toMatchObject({ status: "error", error: { emails: [REQUIRED] } });
    const taken = await post("/users?index&_data=routes%2F_app.users._index", cookie, {
      intent: "inviteMultiple",
      names: "",
      emails: `fresh@pages.test; ${existing.email}`,
      group: firm.group.id,
      office: firm.office.id,
    });
    expect(taken.status).toBe(409);
    expect(await taken.json()).toMatchObject({ status: "error", data: [existing.email], error: { "": [EMAIL_TAKEN] } });
    // Another firm's address is not named (decision 0082): only the message says why.
    const elsewhere = await (await createCompany("Pages Other Firm")).createUser("employee");
    const foreign = await post("/users?index&_data=routes%2F_app.users._index", cookie, {
      intent: "inviteMultiple",
      emails: `fresh@pages.test; ${elsewhere.email}`,
      group: firm.group.id,
      office: firm.office.id,
    });
    expect(foreign.status).toBe(409);
    expect(await foreign.json()).toMatchObject({ status: "error", data: [], error: { "": [SOME_CANNOT_BE_INVITED] } });
    expect(await db().select({ id: users.id }).from(users).where(eq(users.email, "fresh@pages.test"))).toHaveLength(0);
    const badTeam = await post("/users?index&_data=routes%2F_app.users._index", cookie, {
      intent: "inviteMultiple",
      emails: "fresh@pages.test",
      group: "no-such-group",
      office: firm.office.id,
    });
    expect(badTeam.status).toBe(400);
    expect(Object.keys(((await badTeam.json()) as { error: Record<string, string[]> }).error)).toContain("group");
    const done = await post("/users?index&_data=routes%2F_app.users._index", cookie, {
      intent: "inviteMultiple",
      names: "Fresh One",
      emails: "fresh@pages.test",
      group: firm.group.id,
      office: firm.office.id,
    });
    expect(done.status).toBe(200);
    expect(await done.json()).toMatchObject({ status: "success", message: "Invitation sent to 1 person" });
    const [fresh] = await db().select({ name: users.name, groupId: users.groupId }).from(users).where(eq(users.email, "fresh@pages.test"));
    expect(fresh).toEqual({ name: "Fresh One", groupId: firm.group.id });
  });
});

describe("sorting /users/all", () => {
  const user = (name: string, email: string, extra: Partial<TableUser> = {}): TableUser => ({
    _id: name,
    name,
    title: "",
    email,
    completed: true,
    admin: false,
    administratorPriviliges: false,
    companyAdmin: false,
    group: null,
    office: null,
    secondaryGroup: null,
    secondaryOffice: null,
    ...extra,
  });
  const list = [
    user("Cleo", "a@zeta.se"),
    user("Abe", "c@alpha.se", { completed: false }),
    user("Bea", "b@mid.se", { administratorPriviliges: true }),
  ];
  const names = (sorted: TableUser[]) => sorted.map((u) => u.name);

  it("cycles the e-mail header through e-mail and domain, each both ways", () => {
    let sort = DEFAULT_SORT;
    expect(names(sortUsers(list, sort))).toEqual(["Abe", "Bea", "Cleo"]);
    const seen = [];
    for (let i = 0; i < 5; i++) {
      sort = nextSort(sort, "email");
      seen.push([sort.key, sort.dir, names(sortUsers(list, sort)).join(",")].join(" "));
    }
    expect(seen).toEqual([
      "email asc Cleo,Bea,Abe",
      "email desc Abe,Bea,Cleo",
      "domain asc Abe,Bea,Cleo",
      "domain desc Cleo,Bea,Abe",
      "email asc Cleo,Bea,Abe",
    ]);
  });

  it("toggles other columns and starts a new one ascending", () => {
    const byName = nextSort(DEFAULT_SORT, "name");
    expect(byName).toEqual({ key: "name", dir: "desc" });
    expect(names(sortUsers(list, nextSort(byName, "status")))).toEqual(["Bea", "Cleo", "Abe"]);
    expect(names(sortUsers(list, nextSort(byName, "admin")))).toEqual(["Bea", "Abe", "Cleo"]);
  });
});

describe("one's own row on the users pages (issue 9, item 5)", () => {
  it("routes an edit of oneself to the self-update: name and title change, privileges and team do not", async () => {
    const firm = await createCompany("Self Edit Firm", { enableUtilizationView: true });
    const me = await firm.createUser("administrator");
    const cookie = await cookieFor(me.email);
    const path = "/users?index&_data=routes%2F_app.users._index";
    const promote = await post(path, cookie, { intent: "update", id: me.id, name: "Ada Again", email: me.email, detailedViewPriviliges: "on" });
    // The same rule and answer as PUT /users/{own id}: a field error on the box, and the message for the dialog.
    expect(promote.status).toBe(400);
    expect(await promote.json()).toMatchObject({
      error: { "": ["You cannot change your own privileges."], detailedViewPriviliges: ["You cannot change your own privileges."] },
    });
    const [unchanged] = await db().select().from(users).where(eq(users.id, me.id));
    expect(unchanged).toMatchObject({ name: me.name, detailedViewPriviliges: false });

    const rename = await post(path, cookie, { intent: "update", id: me.id, name: "Ada Again", email: me.email, title: "Partner" });
    expect(rename.status).toBe(200);
    const [renamed] = await db().select().from(users).where(eq(users.id, me.id));
    expect(renamed).toMatchObject({ name: "Ada Again", title: "Partner", detailedViewPriviliges: false });

    const other = await firm.createUser("employee");
    const move = await post(path, cookie, { intent: "move", id: me.id, group: firm.group.id, office: firm.office.id });
    expect(move.status).toBe(403);
    const deleted = await post(path, cookie, { intent: "delete", id: me.id });
    expect(deleted.status).toBe(403);
    expect((await db().select().from(users).where(eq(users.id, me.id))).length).toBe(1);
    expect((await post(path, cookie, { intent: "update", id: other.id, name: "Someone", email: other.email })).status).toBe(200);
  });
});
