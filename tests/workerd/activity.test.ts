import { eq } from "drizzle-orm";
import { unzipSync, strFromU8 } from "fflate";
import { describe, expect, it } from "vitest";
import { auditLog, groups, offices } from "~/db/schema";
import { groupRow, officeRow } from "~/db/factories";
import { ACTIVITY_PAGE_SIZE, type ActivityRow } from "~/domain/activity/activity.server";
import { HIDDEN_VALUE } from "~/domain/activity/activity-text";
import { ADMINISTRATORS_ONLY } from "~/auth/session.server";
import { api, cookieFor, createCompanyWithRoles, db, listen, page, postForm } from "./helpers";

/**
 * The Activity page (issue 31, item 3; decision 0301): the audit log as company admins and
 * administrators read it, with the client each change came from, filters, pages, the
 * workbook, the room's ping, and no secret ever shown.
 */

const DATA = "_data=routes%2F_app.activity";

interface Loaded {
  rows: ActivityRow[];
  next: string | null;
  people: { id: string; name: string }[];
  error: string | null;
}

async function activity(cookie: string, search = ""): Promise<Loaded> {
  const response = await page(`/activity?${search}${search ? "&" : ""}${DATA}`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as Loaded;
}

async function workbookText(token: string, search = ""): Promise<string> {
  const response = await api(`/api/activity.xlsx${search}`, { token });
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toContain("spreadsheetml");
  const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return strFromU8(files["xl/worksheets/sheet1.xml"]);
}

const setTitle = (token: string, userId: string, title: string) => api(`/api/v2/users/${userId}`, { method: "PUT", token, json: { title } });

describe("the Activity page", () => {
  it("is for company admins and administrators only, on the page and in the workbook", async () => {
    const firm = await createCompanyWithRoles("Activity Roles");
    for (const role of ["employee", "observer"] as const) {
      const cookie = await cookieFor(firm.people[role].email);
      const response = await page(`/activity?${DATA}`, { headers: { Cookie: cookie } });
      expect(response.status, role).toBe(403);
      expect(await response.text()).toContain(ADMINISTRATORS_ONLY);
      expect((await api("/api/activity.xlsx", { token: firm.tokens[role] })).status, role).toBe(403);
    }
    for (const role of ["administrator", "companyAdmin"] as const) {
      expect((await page(`/activity?${DATA}`, { headers: { Cookie: await cookieFor(firm.people[role].email) } })).status, role).toBe(200);
      expect((await api("/api/activity.xlsx", { token: firm.tokens[role] })).status, role).toBe(200);
    }
    expect((await api("/api/activity.xlsx")).status).toBe(401);
    expect((await page("/activity")).status).toBe(302);
  });

  it("names who changed what and the client: Web for the page, API for a bearer token, and SCIM or Sync for the system", async () => {
    const firm = await createCompanyWithRoles("Activity Clients");
    const cookie = await cookieFor(firm.people.companyAdmin.email);
    expect((await setTitle(firm.tokens.companyAdmin, firm.people.employee.id, "Partner")).status).toBe(200);
    expect((await postForm(cookie, "/groups?_data=routes%2F_app.groups", { intent: "createGroup", name: "Tax" })).status).toBe(200);
    await db()
      .insert(auditLog)
      .values({
        companyId: firm.company.id,
        actorId: null,
        action: "directory-sync",
        entityType: "user",
        entityId: firm.people.observer.id,
        data: { fields: ["title"], source: "directory" },
        client: "sync",
      });
    const { rows } = await activity(cookie);
    const byWhat = (text: string) => rows.find((row) => row.what.includes(text));
    expect(byWhat(`Changed ${firm.people.employee.name}`)).toMatchObject({ who: firm.people.companyAdmin.name, client: "API" });
    expect(byWhat("Created group Tax") ?? byWhat("Created a group")).toMatchObject({ who: firm.people.companyAdmin.name, client: "Web" });
    expect(byWhat(`Updated ${firm.people.observer.name} from the directory`)).toMatchObject({
      who: "Microsoft directory sync",
      client: "Sync",
      whoId: null,
    });
    const stored = await db().select().from(auditLog).where(eq(auditLog.companyId, firm.company.id));
    expect(stored.find((row) => row.action === "update" && row.entityType === "user")?.client).toBe("api");
  });

  it("never shows a secret, on the page or in the workbook", async () => {
    const firm = await createCompanyWithRoles("Activity Secrets");
    await db()
      .insert(auditLog)
      .values({
        companyId: firm.company.id,
        actorId: firm.people.companyAdmin.id,
        action: "smtp-update",
        entityType: "company",
        entityId: firm.company.id,
        data: {
          smtpHost: "mail.example.test",
          smtpPassword: "hunter2-secret",
          nested: { clientSecret: "s3cr3t-value", apiToken: "tok-123" },
          keyChanged: true,
        },
        client: "web",
      });
    const { rows } = await activity(await cookieFor(firm.people.companyAdmin.email));
    const row = rows.find((r) => r.what === "Changed the mail server settings")!;
    expect(row.details).toContain("smtpHost: mail.example.test");
    expect(row.details).toContain(`smtpPassword: ${HIDDEN_VALUE}`);
    expect(row.details).toContain("keyChanged: yes");
    const page1 = JSON.stringify(rows);
    for (const secret of ["hunter2", "s3cr3t-value", "tok-123"]) expect(page1).not.toContain(secret);
    const sheet = await workbookText(firm.tokens.companyAdmin);
    expect(sheet).toContain("Changed the mail server settings");
    for (const secret of ["hunter2", "s3cr3t-value", "tok-123"]) expect(sheet).not.toContain(secret);
  });

  it("shows an administrator only their people's activity, never the company's settings", async () => {
    const firm = await createCompanyWithRoles("Activity Scope");
    const otherGroup = groupRow(firm.company.id, { name: "Elsewhere" });
    const otherOffice = officeRow(firm.company.id, otherGroup.id, { name: "Far away" });
    await db().batch([db().insert(groups).values(otherGroup), db().insert(offices).values(otherOffice)]);
    const outsider = await firm.createUser("employee", { name: "Olga Outsider", groupId: otherGroup.id, officeId: otherOffice.id });
    await setTitle(firm.tokens.companyAdmin, firm.people.employee.id, "Associate");
    await setTitle(firm.tokens.companyAdmin, outsider.id, "Counsel");
    expect((await api("/api/v2/company", { method: "PUT", token: firm.tokens.companyAdmin, json: { name: "Activity Scope AB" } })).status).toBe(200);

    const admin = await activity(await cookieFor(firm.people.administrator.email));
    const whats = admin.rows.map((row) => row.what);
    expect(whats).toContain(`Changed ${firm.people.employee.name}`);
    expect(whats).not.toContain(`Changed ${outsider.name}`);
    expect(whats.some((what) => what.includes("company settings"))).toBe(false);
    expect(admin.people.map((p) => p.id)).not.toContain(outsider.id);
    // Filtering by someone outside their scope shows nothing of them.
    expect((await activity(await cookieFor(firm.people.administrator.email), `person=${outsider.id}`)).rows).toEqual([]);
    const sheet = await workbookText(firm.tokens.administrator);
    expect(sheet).toContain(`Changed ${firm.people.employee.name}`);
    expect(sheet).not.toContain(outsider.name);

    const companyAdmin = await activity(await cookieFor(firm.people.companyAdmin.email));
    expect(companyAdmin.rows.map((row) => row.what)).toEqual(expect.arrayContaining([`Changed ${outsider.name}`, "Changed the company settings"]));
  });

  it("filters by person, kind of change and days, pages 50 at a time, and refuses a bad filter with a message", async () => {
    const firm = await createCompanyWithRoles("Activity Filters");
    const cookie = await cookieFor(firm.people.companyAdmin.email);
    const now = Date.now();
    const old = new Date(Date.UTC(2026, 0, 15, 12));
    const fixtures = [
      ...Array.from({ length: ACTIVITY_PAGE_SIZE + 10 }, (_, i) => ({
        companyId: firm.company.id,
        actorId: firm.people.administrator.id,
        action: "create",
        entityType: "competence",
        entityId: `c${i}`,
        data: { name: `Skill ${i}` },
        client: "web" as const,
        createdAt: new Date(now - i * 1000),
      })),
      {
        companyId: firm.company.id,
        actorId: firm.people.companyAdmin.id,
        action: "update",
        entityType: "user",
        entityId: firm.people.employee.id,
        data: {},
        client: "api" as const,
        createdAt: old,
      },
    ];
    // D1 takes at most 100 variables a statement: ten rows at a time.
    for (let i = 0; i < fixtures.length; i += 10)
      await db()
        .insert(auditLog)
        .values(fixtures.slice(i, i + 10));
    const first = await activity(cookie, "kind=competences");
    expect(first.rows).toHaveLength(ACTIVITY_PAGE_SIZE);
    expect(first.rows[0].what).toBe("Created competence Skill 0");
    expect(first.next).not.toBeNull();
    const second = await activity(cookie, `kind=competences&before=${first.next}`);
    expect(second.rows).toHaveLength(10);
    expect(second.next).toBeNull();
    expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(ACTIVITY_PAGE_SIZE + 10);

    const people = await activity(cookie, `person=${firm.people.employee.id}`);
    expect(people.rows.map((row) => row.what)).toEqual([`Changed ${firm.people.employee.name}`]);
    const january = await activity(cookie, "from=2026-01-15&to=2026-01-15");
    expect(january.rows.map((row) => row.what)).toEqual([`Changed ${firm.people.employee.name}`]);
    expect((await activity(cookie, "from=2026-01-16&to=2026-01-31")).rows).toEqual([]);

    const bad = await activity(cookie, "from=2026-02-01&to=2026-01-01");
    expect(bad.error).toBe("The end date cannot be before the start date.");
    expect(bad.rows.length).toBeGreaterThan(0);
    expect((await activity(cookie, "kind=everything")).error).toBe("Choose a kind of change from the list.");
    expect((await api("/api/activity.xlsx?from=tomorrow", { token: firm.tokens.companyAdmin })).status).toBe(400);
  });

  it("pings an open page when something is audited", async () => {
    const firm = await createCompanyWithRoles("Activity Live");
    const room = await listen(firm.company.id, firm.tokens.administrator);
    expect((await setTitle(firm.tokens.companyAdmin, firm.people.employee.id, "Partner")).status).toBe(200);
    expect(await room.next("ACTIVITY")).toEqual({ type: "ACTIVITY" });
    room.close();
  });
});
