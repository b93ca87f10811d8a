import { SELF } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auditLog, companies, groups, offices, projectCategories, projectStages, skillLevels, users } from "~/db/schema";
import { newId } from "~/lib/ids";
import { api, BASE, createCompany, db, PASSWORD, tokenFor } from "./helpers";

const REQUIRED = "This field is required.";
const WHOLE_NUMBER = "Needs to be a whole number from 0 to 1000.";

type Firm = Awaited<ReturnType<typeof createFirm>>;

/** A company with a token per role and one row of each catalog kind. */
async function createFirm(name: string, settings: Record<string, unknown> = {}) {
  const firm = await createCompany(name, settings);
  const companyId = firm.company.id;
  const people = {
    employee: await firm.createUser("employee"),
    observer: await firm.createUser("observer"),
    administrator: await firm.createUser("administrator"),
    companyAdmin: await firm.createUser("companyAdmin", { groupId: null, officeId: null }),
  };
  const tokens = {
    employee: await tokenFor(people.employee.email),
    observer: await tokenFor(people.observer.email),
    administrator: await tokenFor(people.administrator.email),
    companyAdmin: await tokenFor(people.companyAdmin.email),
  };
  const level = { id: newId(), companyId, name: `${name} Senior`, level: 3 };
  const stage = { id: newId(), companyId, name: `${name} Pitch`, color: "EEC444" };
  const category = { id: newId(), companyId, name: `${name} Litigation` };
  await db().batch([
    db().insert(skillLevels).values(level),
    db().insert(projectStages).values(stage),
    db().insert(projectCategories).values(category),
  ]);
  return { ...firm, companyId, people, tokens, level, stage, category };
}

async function send(method: string, path: string, token: string, json?: unknown) {
  const response = await api(`/api/v2${path}`, { method, token, json: json ?? (method === "GET" ? undefined : {}) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function auditRows(companyId: string, entityId: string) {
  return db()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.companyId, companyId), eq(auditLog.entityId, entityId)))
    .orderBy(auditLog.createdAt);
}

let own: Firm;
let other: Firm;

beforeAll(async () => {
  own = await createFirm("Catalog Own");
  other = await createFirm("Catalog Other");
});

describe("validation", () => {
  it("requires a group name and reads SSO identifiers as a list or comma-separated text", async () => {
    const token = own.tokens.companyAdmin;
    for (const body of [{}, { name: "" }, { name: "   " }, { name: null }]) {
      const response = await send("POST", "/group", token, body);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({ entityType: "InputErrors", message: "Please correct the marked fields.", errors: { name: REQUIRED } });
    }
    expect((await send("POST", "/group", token, { name: "x".repeat(101) })).body.errors).toEqual({ name: "Use at most 100 characters." });
    expect((await send("POST", "/group", token, { name: "Tax", ssoIdentifiers: [42] })).body.errors).toEqual({
      "ssoIdentifiers.0": "Each SSO identifier needs to be text.",
    });
    expect((await send("POST", "/group", token, { name: "Tax", ssoIdentifiers: { a: 1 } })).body.errors).toEqual({
      ssoIdentifiers: "Needs to be a list of SSO identifiers.",
    });

    const fromList = await send("POST", "/group", token, { name: "  Tax  ", ssoIdentifiers: [" Tax ", "Tax", "", "Skatt"] });
    expect(fromList.status).toBe(201);
    expect(fromList.body).toMatchObject({ name: "Tax", ssoIdentifiers: ["Tax", "Skatt"] });
    expect(fromList.body._id).toMatch(/^[0-9a-f]{24}$/);
    expect(typeof fromList.body.created).toBe("string");
    const fromText = await send("POST", "/group", token, { name: "Real estate", ssoIdentifiers: "Real Estate, Fastighet,, " });
    expect(fromText.body.ssoIdentifiers).toEqual(["Real Estate", "Fastighet"]);
    expect((await send("POST", "/group", token, { name: "No departments" })).body.ssoIdentifiers).toEqual([]);
  });

  it("refuses a body that is not JSON with 400, never 500", async () => {
    const response = await api("/api/v2/group", {
      method: "POST",
      token: own.tokens.companyAdmin,
      body: "{name:",
      headers: { "Content-Type": "application/json" },
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ entityType: "InputErrors", message: "The request body is not valid JSON." });
  });

  it("requires an office's name and group, and a new name to rename it", async () => {
    const token = own.tokens.administrator;
    expect((await send("POST", "/office", token, {})).body).toEqual({
      entityType: "InputErrors",
      message: "Please correct the marked fields.",
      errors: { name: REQUIRED, group: REQUIRED },
    });
    expect((await send("POST", "/office", token, { name: "Malmö", group: "" })).body.errors).toEqual({ group: REQUIRED });
    expect((await send("PUT", `/office/${own.office.id}`, token, { name: " " })).body.errors).toEqual({ name: REQUIRED });
    const [office] = await db().select().from(offices).where(eq(offices.id, own.office.id));
    expect(office.name).toBe(own.office.name);
  });

  it("requires a skill level's name and a whole-number level", async () => {
    const token = own.tokens.companyAdmin;
    expect((await send("POST", "/level-of-skill", token, {})).body.errors).toEqual({ name: REQUIRED, level: REQUIRED });
    expect((await send("POST", "/level-of-skill", token, { name: "Expert", level: "" })).body.errors).toEqual({ level: REQUIRED });
    expect((await send("POST", "/level-of-skill", token, { name: "Expert", level: null })).body.errors).toEqual({ level: REQUIRED });
    for (const level of ["abc", 2.5, -1, 1001, true]) {
      const response = await send("POST", "/level-of-skill", token, { name: "Expert", level });
      expect(response.status, String(level)).toBe(400);
      expect(response.body.errors, String(level)).toEqual({ level: WHOLE_NUMBER });
    }
    const fromText = await send("POST", "/level-of-skill", token, { name: "Expert", level: "4" });
    expect(fromText.status).toBe(201);
    expect(fromText.body).toMatchObject({ name: "Expert", level: 4 });
    expect((await send("PUT", `/level-of-skill/${own.level.id}`, token, { name: "Senior" })).body.errors).toEqual({ level: REQUIRED });
  });

  it("requires a stage name and takes colours from the palette only, 75B7D8 by default", async () => {
    const token = own.tokens.companyAdmin;
    expect((await send("POST", "/project-stage", token, {})).body.errors).toEqual({ name: REQUIRED });
    const bad = await send("POST", "/project-stage", token, { name: "Won", color: "123456" });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual({ color: "Choose one of the palette colours." });
    expect((await send("POST", "/project-stage", token, { name: "Lead" })).body).toMatchObject({ name: "Lead", color: "75B7D8" });
    expect((await send("POST", "/project-stage", token, { name: "Lost", color: "#ff5454" })).body).toMatchObject({ name: "Lost", color: "FF5454" });
    // A rename without a colour keeps the stage's colour.
    expect((await send("PUT", `/project-stage/${own.stage.id}`, token, { name: "Pitching" })).body).toMatchObject({
      name: "Pitching",
      color: "EEC444",
    });
  });

  it("requires a category name and a company name", async () => {
    const token = own.tokens.companyAdmin;
    expect((await send("POST", "/project-category", token, {})).body.errors).toEqual({ name: REQUIRED });
    expect((await send("PUT", `/project-category/${own.category.id}`, token, { name: "" })).body.errors).toEqual({ name: REQUIRED });
    expect((await send("PUT", "/company", token, { name: "" })).body.errors).toEqual({ name: REQUIRED });
    expect((await send("PUT", "/company", token, { name: "Firm", customHtml: 5 })).body.errors).toEqual({ customHtml: "Needs to be text." });
  });

  it("writes nothing when the input is refused", async () => {
    const firm = await createFirm("Untouched");
    const token = firm.tokens.companyAdmin;
    await send("POST", "/group", token, {});
    await send("POST", "/office", token, { group: firm.group.id });
    await send("POST", "/level-of-skill", token, { name: "x" });
    await send("POST", "/project-stage", token, { name: "x", color: "000000" });
    await send("POST", "/project-category", token, { name: "" });
    expect(await db().select().from(groups).where(eq(groups.companyId, firm.companyId))).toHaveLength(1);
    expect(await db().select().from(offices).where(eq(offices.companyId, firm.companyId))).toHaveLength(1);
    expect(await db().select().from(skillLevels).where(eq(skillLevels.companyId, firm.companyId))).toHaveLength(1);
    expect(await db().select().from(projectStages).where(eq(projectStages.companyId, firm.companyId))).toHaveLength(1);
    expect(await db().select().from(projectCategories).where(eq(projectCategories.companyId, firm.companyId))).toHaveLength(1);
    expect(await db().select().from(auditLog).where(eq(auditLog.companyId, firm.companyId))).toHaveLength(0);
  });
});

describe("roles", () => {
  /** Every write, as [method, path, valid body]. */
  const writes = (firm: Firm): [string, string, unknown][] => [
    ["POST", "/office", { name: "Role office", group: firm.group.id }],
    ["PUT", `/office/${firm.office.id}`, { name: firm.office.name }],
    ["DELETE", `/office/${firm.office.id}`, undefined],
    ["POST", "/group", { name: "Role group" }],
    ["PUT", `/group/${firm.group.id}`, { name: firm.group.name }],
    ["DELETE", `/group/${firm.group.id}`, undefined],
    ["POST", "/level-of-skill", { name: "Role level", level: 1 }],
    ["PUT", `/level-of-skill/${firm.level.id}`, { name: "Role level", level: 1 }],
    ["DELETE", `/level-of-skill/${firm.level.id}`, undefined],
    ["POST", "/project-stage", { name: "Role stage" }],
    ["PUT", `/project-stage/${firm.stage.id}`, { name: "Role stage" }],
    ["DELETE", `/project-stage/${firm.stage.id}`, undefined],
    ["POST", "/project-category", { name: "Role category" }],
    ["PUT", `/project-category/${firm.category.id}`, { name: "Role category" }],
    ["DELETE", `/project-category/${firm.category.id}`, undefined],
    ["PUT", "/company", { name: "Renamed by a role test" }],
  ];

  it("refuses every write to employees and the Observer with 403, and changes nothing", async () => {
    const firm = await createFirm("Guarded catalog");
    for (const role of ["employee", "observer"] as const) {
      for (const [method, path, body] of writes(firm)) {
        const response = await send(method, path, firm.tokens[role], body);
        expect(response.status, `${role} ${method} ${path}`).toBe(403);
        expect(response.body).toEqual({ message: "You do not have permission to do that." });
      }
      // Refused before the body is read: bad input still answers 403.
      expect((await send("POST", "/group", firm.tokens[role], {})).status).toBe(403);
    }
    expect(await db().select().from(groups).where(eq(groups.companyId, firm.companyId))).toHaveLength(1);
    expect(await db().select().from(offices).where(eq(offices.companyId, firm.companyId))).toHaveLength(1);
    expect((await db().select().from(skillLevels).where(eq(skillLevels.id, firm.level.id)))[0].name).toBe(firm.level.name);
    expect((await db().select().from(companies).where(eq(companies.id, firm.companyId)))[0].name).toBe("Guarded catalog");
    expect(await db().select().from(auditLog).where(eq(auditLog.companyId, firm.companyId))).toHaveLength(0);
  });

  it("lets company admins and administrators write", async () => {
    for (const role of ["companyAdmin", "administrator"] as const) {
      const firm = await createFirm(`Managed by ${role}`);
      for (const [method, path, body] of writes(firm)) {
        const response = await send(method, path, firm.tokens[role], body);
        expect(response.status, `${role} ${method} ${path}`).toBe(method === "POST" ? 201 : 200);
      }
    }
  });

  it("lets a company admin who also has the Observer flag write", async () => {
    const firm = await createFirm("Observer company admin");
    const both = await firm.createUser("companyAdmin", { admin: true });
    expect((await send("POST", "/group", await tokenFor(both.email), { name: "Both" })).status).toBe(201);
  });

  it("lets every member read the lists", async () => {
    for (const role of ["employee", "observer", "administrator", "companyAdmin"] as const) {
      for (const path of [
        "/group",
        "/office",
        "/level-of-skill",
        "/project-stage",
        "/project-category",
        `/group/${own.people.employee.id}`,
        `/office/${own.people.employee.id}`,
      ]) {
        expect((await send("GET", path, own.tokens[role])).status, `${role} ${path}`).toBe(200);
      }
    }
  });
});

describe("reading", () => {
  it("lists only the caller's company, with the spec's field names", async () => {
    const token = own.tokens.employee;
    const groupList = (await send("GET", "/group", token)).body;
    expect(groupList.map((g: { _id: string }) => g._id)).toContain(own.group.id);
    expect(groupList.map((g: { _id: string }) => g._id)).not.toContain(other.group.id);
    expect(groupList.find((g: { _id: string }) => g._id === own.group.id)).toEqual({
      _id: own.group.id,
      name: own.group.name,
      ssoIdentifiers: [],
      created: expect.any(String),
      allowGroupSelection: false,
      customHtml: null,
      companyName: expect.any(String),
    });
    const officeList = (await send("GET", "/office", token)).body;
    expect(officeList).toContainEqual({
      _id: own.office.id,
      name: own.office.name,
      group: own.group.id,
      timeZone: "UTC",
      ownTimeZone: false,
      created: expect.any(String),
    });
    expect(officeList.map((o: { _id: string }) => o._id)).not.toContain(other.office.id);
    const levels = (await send("GET", "/level-of-skill", token)).body;
    expect(levels.map((l: { _id: string }) => l._id)).not.toContain(other.level.id);
    expect(levels.find((l: { _id: string }) => l._id === own.level.id)).toMatchObject({ level: 3 });
    const stages = (await send("GET", "/project-stage", token)).body;
    expect(stages.map((s: { _id: string }) => s._id)).not.toContain(other.stage.id);
    expect(stages.find((s: { _id: string }) => s._id === own.stage.id)).toHaveProperty("color");
    const categories = (await send("GET", "/project-category", token)).body;
    expect(categories.map((c: { _id: string }) => c._id)).toEqual(expect.arrayContaining([own.category.id]));
    expect(categories.map((c: { _id: string }) => c._id)).not.toContain(other.category.id);
  });

  it("answers a person's groups and offices, primary first, and 404 for another company's person", async () => {
    const firm = await createFirm("Memberships");
    const second = { id: newId(), companyId: firm.companyId, name: "Second group", ssoIdentifiers: [] };
    const secondOffice = { id: newId(), companyId: firm.companyId, groupId: second.id, name: "Second office" };
    await db().batch([db().insert(groups).values(second), db().insert(offices).values(secondOffice)]);
    const member = await firm.createUser("employee", { secondaryGroupId: second.id, secondaryOfficeId: secondOffice.id });
    const token = firm.tokens.employee;
    expect((await send("GET", `/group/${member.id}`, token)).body.map((g: { name: string }) => g.name)).toEqual([firm.group.name, "Second group"]);
    expect((await send("GET", `/office/${member.id}`, token)).body.map((o: { name: string }) => o.name)).toEqual([firm.office.name, "Second office"]);
    expect((await send("GET", `/group/${firm.people.companyAdmin.id}`, token)).body).toEqual([]);
    expect((await send("GET", `/group/${other.people.employee.id}`, token)).status).toBe(404);
    expect((await send("GET", `/office/${other.people.employee.id}`, token)).body).toEqual({ message: "User not found" });
  });
});

describe("tenant isolation", () => {
  it("answers 404 for another company's ids and changes nothing there", async () => {
    const victim = await createFirm("Victim");
    const token = own.tokens.companyAdmin;
    const attempts: [string, string, unknown][] = [
      ["PUT", `/group/${victim.group.id}`, { name: "Taken over" }],
      ["DELETE", `/group/${victim.group.id}`, undefined],
      ["POST", "/office", { name: "Planted office", group: victim.group.id }],
      ["PUT", `/office/${victim.office.id}`, { name: "Taken over" }],
      ["DELETE", `/office/${victim.office.id}`, undefined],
      ["PUT", `/level-of-skill/${victim.level.id}`, { name: "Taken over", level: 9 }],
      ["DELETE", `/level-of-skill/${victim.level.id}`, undefined],
      ["PUT", `/project-stage/${victim.stage.id}`, { name: "Taken over", color: "FF5454" }],
      ["DELETE", `/project-stage/${victim.stage.id}`, undefined],
      ["PUT", `/project-category/${victim.category.id}`, { name: "Taken over" }],
      ["DELETE", `/project-category/${victim.category.id}`, undefined],
      ["PUT", "/group/not-an-id", { name: "Nothing" }],
    ];
    for (const [method, path, body] of attempts) {
      const response = await send(method, path, token, body);
      expect(response.status, `${method} ${path}`).toBe(404);
      expect(response.body.message, `${method} ${path}`).toMatch(/not found$/);
    }
    expect(await db().select().from(groups).where(eq(groups.companyId, victim.companyId))).toEqual([
      expect.objectContaining({ id: victim.group.id, name: victim.group.name }),
    ]);
    expect(await db().select().from(offices).where(eq(offices.companyId, victim.companyId))).toEqual([
      expect.objectContaining({ id: victim.office.id, name: victim.office.name }),
    ]);
    expect(await db().select().from(offices).where(eq(offices.name, "Planted office"))).toEqual([]);
    expect(await db().select().from(skillLevels).where(eq(skillLevels.id, victim.level.id))).toEqual([
      expect.objectContaining({ name: victim.level.name, level: 3 }),
    ]);
    expect(await db().select().from(projectStages).where(eq(projectStages.id, victim.stage.id))).toEqual([
      expect.objectContaining({ name: victim.stage.name, color: "EEC444" }),
    ]);
    expect(await db().select().from(projectCategories).where(eq(projectCategories.id, victim.category.id))).toEqual([
      expect.objectContaining({ name: victim.category.name }),
    ]);
    expect(await db().select().from(auditLog).where(eq(auditLog.companyId, victim.companyId))).toHaveLength(0);
  });

  it("changes only the caller's company on PUT /company", async () => {
    const firm = await createFirm("Renaming");
    // The custom HTML is the company admin's alone (decision 0082); the name is any manager's.
    const response = await send("PUT", "/company", firm.tokens.companyAdmin, { name: " Renamed Firm ", customHtml: "<p>Hi USER_NAME</p>" });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ _id: firm.companyId, name: "Renamed Firm", customHtml: "<p>Hi USER_NAME</p>" });
    expect((await send("GET", "/company", firm.tokens.companyAdmin)).body).toMatchObject({ name: "Renamed Firm" });
    // customHtml left out keeps it; null clears it.
    expect((await send("PUT", "/company", firm.tokens.companyAdmin, { name: "Renamed Firm" })).body.customHtml).toBe("<p>Hi USER_NAME</p>");
    expect((await send("PUT", "/company", firm.tokens.companyAdmin, { name: "Renamed Firm", customHtml: null })).body.customHtml).toBeNull();
    const [untouched] = await db().select().from(companies).where(eq(companies.id, other.companyId));
    expect(untouched.name).toBe("Catalog Other");
  });
});

describe("deleting a group", () => {
  it("deletes its offices and empties the memberships of its people, who stay", async () => {
    const firm = await createFirm("Cascade");
    const doomed = { id: newId(), companyId: firm.companyId, name: "Doomed", ssoIdentifiers: ["Doomed dept"] };
    const doomedOffices = [
      { id: newId(), companyId: firm.companyId, groupId: doomed.id, name: "Doomed A" },
      { id: newId(), companyId: firm.companyId, groupId: doomed.id, name: "Doomed B" },
    ];
    await db().batch([db().insert(groups).values(doomed), db().insert(offices).values(doomedOffices)]);
    const primary = await firm.createUser("employee", { groupId: doomed.id, officeId: doomedOffices[0].id });
    const secondary = await firm.createUser("employee", { secondaryGroupId: doomed.id, secondaryOfficeId: doomedOffices[1].id });

    const response = await send("DELETE", `/group/${doomed.id}`, firm.tokens.companyAdmin);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ _id: doomed.id, name: "Doomed" });

    expect(await db().select().from(groups).where(eq(groups.id, doomed.id))).toEqual([]);
    expect(await db().select().from(offices).where(eq(offices.groupId, doomed.id))).toEqual([]);
    const [p] = await db().select().from(users).where(eq(users.id, primary.id));
    expect({ groupId: p.groupId, officeId: p.officeId }).toEqual({ groupId: null, officeId: null });
    const [s] = await db().select().from(users).where(eq(users.id, secondary.id));
    expect(s).toMatchObject({ groupId: firm.group.id, officeId: firm.office.id, secondaryGroupId: null, secondaryOfficeId: null });
    // The rest of the company is untouched.
    expect(await db().select().from(offices).where(eq(offices.id, firm.office.id))).toHaveLength(1);
    expect((await send("DELETE", `/group/${doomed.id}`, firm.tokens.companyAdmin)).status).toBe(404);
  });

  it("empties only the office of its people when an office is deleted", async () => {
    const firm = await createFirm("Office delete");
    const person = await firm.createUser("employee");
    expect((await send("DELETE", `/office/${firm.office.id}`, firm.tokens.administrator)).status).toBe(200);
    const [row] = await db().select().from(users).where(eq(users.id, person.id));
    expect(row).toMatchObject({ groupId: firm.group.id, officeId: null });
  });
});

describe("audit log", () => {
  it("records who created, changed and deleted each kind of row", async () => {
    const firm = await createFirm("Audited");
    const token = firm.tokens.administrator;
    const actorId = firm.people.administrator.id;
    const cases: { entityType: string; create: [string, unknown]; update: [string, unknown] }[] = [
      { entityType: "group", create: ["/group", { name: "G", ssoIdentifiers: ["d"] }], update: ["/group", { name: "G2" }] },
      { entityType: "office", create: ["/office", { name: "O", group: firm.group.id }], update: ["/office", { name: "O2" }] },
      { entityType: "levelOfSkill", create: ["/level-of-skill", { name: "L", level: 1 }], update: ["/level-of-skill", { name: "L2", level: 2 }] },
      { entityType: "projectStage", create: ["/project-stage", { name: "S" }], update: ["/project-stage", { name: "S2", color: "9900EF" }] },
      { entityType: "projectCategory", create: ["/project-category", { name: "C" }], update: ["/project-category", { name: "C2" }] },
    ];
    for (const { entityType, create, update } of cases) {
      const made = await send("POST", create[0], token, create[1]);
      expect(made.status, entityType).toBe(201);
      const id = made.body._id;
      expect((await send("PUT", `${update[0]}/${id}`, token, update[1])).status, entityType).toBe(200);
      expect((await send("DELETE", `${update[0]}/${id}`, token)).status, entityType).toBe(200);
      const rows = await auditRows(firm.companyId, id);
      expect(rows, entityType).toHaveLength(3);
      expect(
        rows.map((row) => [row.action, row.entityType, row.actorId]),
        entityType,
      ).toEqual(
        expect.arrayContaining([
          ["create", entityType, actorId],
          ["update", entityType, actorId],
          ["delete", entityType, actorId],
        ]),
      );
      expect(rows.find((row) => row.action === "update")!.data, entityType).toMatchObject({ after: update[1] });
    }
    await send("PUT", "/company", token, { name: "Audited Again" });
    expect((await auditRows(firm.companyId, firm.companyId)).map((row) => [row.action, row.entityType, row.data])).toEqual([
      ["update", "company", { before: { name: "Audited", customHtml: null }, after: { name: "Audited Again", customHtml: null } }],
    ]);
  });
});

describe("company pages", () => {
  async function cookieFor(email: string) {
    const response = await SELF.fetch(`${BASE}/login`, {
      method: "POST",
      body: new URLSearchParams({ email, password: PASSWORD, redirectTo: "" }),
      headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 250)}` },
      redirect: "manual",
    });
    return response.headers.get("Set-Cookie")!.split(";")[0];
  }

  function page(path: string, cookie: string, form?: Record<string, string>) {
    return SELF.fetch(`${BASE}${path}`, {
      method: form ? "POST" : "GET",
      body: form ? new URLSearchParams(form) : undefined,
      headers: { Cookie: cookie, ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
      redirect: "manual",
    });
  }

  it("answers employees 403, saying the page is for administrators, and opens the group and office pages for admins", async () => {
    const firm = await createFirm("Pages");
    const employee = await cookieFor(firm.people.employee.email);
    // Issue 27, item 11: they were sent to /home without a word (decision 0264).
    for (const path of ["/groups", `/groups/${firm.group.id}`, `/offices/${firm.office.id}`, "/users", "/users/all"]) {
      const refused = await page(path, employee);
      expect(refused.status, path).toBe(403);
      const html = await refused.text();
      expect(html, path).toContain("This page is for administrators.");
      expect(html, path).toContain('href="/"');
    }
    const admin = await cookieFor(firm.people.companyAdmin.email);
    const groupPage = await page(`/groups/${firm.group.id}`, admin);
    expect(groupPage.status).toBe(200);
    const groupHtml = await groupPage.text();
    expect(groupHtml).toContain(firm.group.name);
    expect(groupHtml).toContain(`href="/offices/${firm.office.id}"`);
    expect(groupHtml).toContain("Edit group");
    const officePage = await page(`/offices/${firm.office.id}`, admin);
    expect(officePage.status).toBe(200);
    expect(await officePage.text()).toContain(firm.office.name);
    expect((await page(`/groups/${other.group.id}`, admin)).status).toBe(404);
    expect((await page(`/offices/${other.office.id}`, admin)).status).toBe(404);

    // The Observer sees the pages without the controls that change things.
    const observer = await cookieFor(firm.people.observer.email);
    const observed = await page(`/groups/${firm.group.id}`, observer);
    expect(observed.status).toBe(200);
    expect(await observed.text()).not.toContain("Edit group");
  });

  it("shows project stages only with enableProjectStages, and categories only with projectInvoicing too", async () => {
    const plain = await createFirm("No stages");
    const stagesOnly = await createFirm("Stages only", { enableProjectStages: true });
    const both = await createFirm("Stages and invoicing", { enableProjectStages: true, projectInvoicing: true });
    const html = async (firm: Firm) => (await page("/groups", await cookieFor(firm.people.companyAdmin.email))).text();
    const plainHtml = await html(plain);
    expect(plainHtml).toContain(plain.level.name);
    expect(plainHtml).not.toContain("Project stages");
    const stagesHtml = await html(stagesOnly);
    expect(stagesHtml).toContain(stagesOnly.stage.name);
    expect(stagesHtml).not.toContain("Project categories");
    const bothHtml = await html(both);
    expect(bothHtml).toContain("Project stages");
    expect(bothHtml).toContain(both.category.name);
  });

  it("runs the dialogs' form actions through the same rules as the API", async () => {
    const firm = await createFirm("Forms");
    const admin = await cookieFor(firm.people.administrator.email);
    const data = "?_data=routes%2F_app.groups";

    const missing = await page(`/groups${data}`, admin, { intent: "createGroup", name: "" });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ status: "error", error: { name: [REQUIRED] } });

    const created = await page(`/groups${data}`, admin, { intent: "createGroup", name: "Tax", ssoIdentifiers: "Tax, Skatt" });
    expect(created.status).toBe(200);
    expect(await created.json()).toMatchObject({ status: "success" });
    const [tax] = await db()
      .select()
      .from(groups)
      .where(and(eq(groups.companyId, firm.companyId), eq(groups.name, "Tax")));
    expect(tax.ssoIdentifiers).toEqual(["Tax", "Skatt"]);

    const level = await page(`/groups${data}`, admin, { intent: "createLevel", name: "Guru", level: "2.5" });
    expect(await level.json()).toMatchObject({ error: { level: [WHOLE_NUMBER] } });

    // A refused call comes back as the form's message (data.message in the dialog).
    const observer = await cookieFor(firm.people.observer.email);
    const refused = await page(`/groups${data}`, observer, { intent: "createGroup", name: "Sneaky" });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ status: "error", error: { "": ["You do not have permission to do that."] } });
    const gone = await page(`/groups${data}`, admin, { intent: "deleteLevel", id: other.level.id });
    expect(gone.status).toBe(404);
    expect(await gone.json()).toMatchObject({ error: { "": ["Skill level not found"] } });

    // Group page: edit (an emptied SSO field clears the identifiers), add an office, delete.
    const groupData = `/groups/${tax.id}?_data=routes%2F_app.groups_.%24id`;
    expect((await page(groupData, admin, { intent: "updateGroup", name: "Tax & VAT", ssoIdentifiers: "" })).status).toBe(200);
    expect((await db().select().from(groups).where(eq(groups.id, tax.id)))[0]).toMatchObject({ name: "Tax & VAT", ssoIdentifiers: [] });
    expect((await page(groupData, admin, { intent: "createOffice", name: "Lund" })).status).toBe(200);
    const [lund] = await db().select().from(offices).where(eq(offices.groupId, tax.id));
    expect(lund.name).toBe("Lund");

    // Office page: rename, then delete, which leads back to the group.
    const officeData = `/offices/${lund.id}?_data=routes%2F_app.offices.%24id`;
    expect(await (await page(officeData, admin, { intent: "renameOffice", name: "" })).json()).toMatchObject({ error: { name: [REQUIRED] } });
    expect((await page(officeData, admin, { intent: "renameOffice", name: "Lund City" })).status).toBe(200);
    expect((await db().select().from(offices).where(eq(offices.id, lund.id)))[0].name).toBe("Lund City");
    const officeDeleted = await page(officeData, admin, { intent: "deleteOffice" });
    expect(officeDeleted.headers.get("X-Remix-Redirect")).toBe(`/groups/${tax.id}`);
    expect(await db().select().from(offices).where(eq(offices.id, lund.id))).toEqual([]);

    const groupDeleted = await page(groupData, admin, { intent: "deleteGroup" });
    expect(groupDeleted.headers.get("X-Remix-Redirect")).toBe("/groups");
    expect(await db().select().from(groups).where(eq(groups.id, tax.id))).toEqual([]);
  });
});
