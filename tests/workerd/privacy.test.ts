import { env } from "cloudflare:test";
import { and, eq, type AnyColumn } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  dataExports,
  forecasts,
  matterComments,
  notificationTokens,
  passkeys,
  projectMembers,
  projects,
  sessions,
  statusMessages,
  totpFactors,
  users,
  vacations,
  workloadHistory,
  workplacePlans,
} from "~/db/schema";
import { EXPORT_LINK_USED, EXPORT_STEP_ROWS } from "~/domain/privacy/data-export.server";
import { EXPORT_SECTIONS } from "~/domain/privacy/export-sections.server";
import { ERASED_NAME, erasedEmail } from "~/domain/privacy/erasure.server";
import { ERASED_NOT_INVITED } from "~/domain/identity/invite.server";
import { rollupRange } from "~/domain/statistics/rollup.server";
import type { StatisticsResponse } from "~/domain/statistics/statistics.schema";
import { newId } from "~/lib/ids";
import { translate } from "~/lib/i18n/catalogs.server";
import { emailOutbox } from "~/db/schema";
import { api, BASE, cookieFor, createCompany, db, page, PASSWORD, signedInMinutesAgo, systemFor, tokenFor } from "./helpers";

/** Decision 0300: "Download my data" and the erasure of a person who left. */

const SETTINGS_DATA = "/settings?_data=routes%2F_app.settings";
const USERS_DATA = "/users?index&_data=routes%2F_app.users._index";

function post(cookie: string, path: string, fields: Record<string, string>) {
  return page(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: BASE },
  });
}

async function settings(cookie: string) {
  const response = await page(SETTINGS_DATA, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as { dataExport: { status: string; links?: { json: string | null; xlsx: string | null } } };
}

/** 'Prepare my data', then the page's polls until the files are ready; answers the number of polls. */
async function prepareExport(cookie: string): Promise<number> {
  expect((await post(cookie, SETTINGS_DATA, { intent: "requestExport" })).status).toBe(200);
  let polls = 0;
  for (; polls < 200; polls++) {
    if ((await settings(cookie)).dataExport.status !== "preparing") break;
    expect((await post(cookie, SETTINGS_DATA, { intent: "advanceExport" })).status).toBe(200);
  }
  return polls;
}

const outboxTo = (address: string) => db().select().from(emailOutbox).where(eq(emailOutbox.toAddress, address));

const pathOf = (link: string) => link;

describe("Download my data", () => {
  let firm: Awaited<ReturnType<typeof createCompany>>;
  let me: Awaited<ReturnType<typeof firm.createUser>>;
  let other: Awaited<ReturnType<typeof firm.createUser>>;
  let cookie: string;
  let json: Record<string, unknown>;
  let jsonText: string;
  let links: { json: string; xlsx: string };

  beforeAll(async () => {
    firm = await createCompany("Export Firm");
    me = await firm.createUser("employee", { name: "Edda Export", phone: "+46 70 111 22 33" });
    other = await firm.createUser("employee", { name: "Olle Other" });
    const companyId = firm.company.id;
    const project = { id: newId(), companyId, name: "Project Falcon", groupId: firm.group.id, officeId: firm.office.id };
    // Signed in before the second factors below exist (they would ask for a code).
    cookie = await cookieFor(me.email);
    await db().batch([
      db()
        .insert(forecasts)
        .values([
          {
            companyId,
            userId: me.id,
            startDate: new Date(Date.UTC(2026, 0, 5)),
            endDate: new Date(Date.UTC(2026, 0, 9)),
            status: "2",
            comment: "MY-FORECAST-NOTE",
          },
          {
            companyId,
            userId: other.id,
            startDate: new Date(Date.UTC(2026, 0, 5)),
            endDate: new Date(Date.UTC(2026, 0, 9)),
            status: "3",
            comment: "OTHER-FORECAST-NOTE",
          },
        ]),
      db()
        .insert(vacations)
        .values({ companyId, userId: me.id, startDate: new Date(Date.UTC(2026, 1, 2)), endDate: new Date(Date.UTC(2026, 1, 6)) }),
      db()
        .insert(matterComments)
        .values([
          { companyId, userId: me.id, matterNumber: "M-1", comment: "MY-MATTER-COMMENT" },
          { companyId, userId: other.id, matterNumber: "M-1", comment: "OTHER-MATTER-COMMENT" },
        ]),
      db().insert(statusMessages).values({ companyId, userId: me.id, message: "In court all week", source: "web_app" }),
      db().insert(notificationTokens).values({ companyId, userId: me.id, tokenType: "apns", token: "SECRET-DEVICE-TOKEN" }),
      db().insert(totpFactors).values({ companyId, userId: me.id, secretSealed: "SEALED-TOTP-SECRET", confirmedAt: new Date() }),
      db()
        .insert(passkeys)
        .values({ companyId, userId: me.id, credentialId: "SECRET-CREDENTIAL-ID", publicKey: "PUBLIC-KEY-VALUE", name: "Laptop key" }),
      db().insert(projects).values(project),
      db().insert(projectMembers).values({ companyId, projectId: project.id, userId: me.id }),
      db()
        .insert(workloadHistory)
        .values({ companyId, userId: other.id, currentWorkload: 3, onLeave: false, source: "OTHER-HISTORY", recordedAt: new Date() }),
    ]);
    const history = Array.from({ length: 30 }, (_, i) => ({
      companyId,
      userId: me.id,
      currentWorkload: i % 4,
      onLeave: false,
      source: "web_app",
      recordedAt: new Date(Date.UTC(2025, 10, 1) + i * 86_400_000),
    }));
    for (let i = 0; i < history.length; i += 14)
      await db()
        .insert(workloadHistory)
        .values(history.slice(i, i + 14));
    await prepareExport(cookie);
    const state = await settings(cookie);
    expect(state.dataExport.status).toBe("ready");
    links = state.dataExport.links as { json: string; xlsx: string };
    const response = await page(pathOf(links.json), { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toMatch(/attachment; filename="my-data-\d{4}-\d{2}-\d{2}\.json"/);
    jsonText = await response.text();
    json = JSON.parse(jsonText) as Record<string, unknown>;
  });

  it("holds the person's profile and rows in every section", () => {
    expect(json.person).toMatchObject({ id: me.id, email: me.email, name: "Edda Export", phone: "+46 70 111 22 33" });
    expect(json.forecasts).toEqual([expect.objectContaining({ comment: "MY-FORECAST-NOTE", status: "2" })]);
    expect(json.absences).toHaveLength(1);
    expect(json.workloadHistory).toHaveLength(30);
    expect(json.comments).toEqual([expect.objectContaining({ matter: "M-1", comment: "MY-MATTER-COMMENT" })]);
    expect(json.statusMessages).toEqual([expect.objectContaining({ message: "In court all week" })]);
    expect(json.projects).toEqual([expect.objectContaining({ project: "Project Falcon" })]);
    expect(json.passkeys).toEqual([expect.objectContaining({ name: "Laptop key" })]);
    expect(json.appTokens).toEqual([expect.objectContaining({ tokenType: "apns" })]);
    expect((json.sessions as unknown[]).length).toBeGreaterThanOrEqual(1);
    for (const section of EXPORT_SECTIONS) expect(json, section.name).toHaveProperty(section.name);
  });

  it("holds no one else's rows and no secrets", async () => {
    expect(jsonText).not.toContain(other.id);
    expect(jsonText).not.toContain("OTHER-FORECAST-NOTE");
    expect(jsonText).not.toContain("OTHER-MATTER-COMMENT");
    expect(jsonText).not.toContain("OTHER-HISTORY");
    const [row] = await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, me.id));
    const sessionIds = (await db().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, me.id))).map((s) => s.id);
    for (const secret of [
      row!.passwordHash!,
      "SEALED-TOTP-SECRET",
      "SECRET-DEVICE-TOKEN",
      "SECRET-CREDENTIAL-ID",
      "PUBLIC-KEY-VALUE",
      ...sessionIds,
    ]) {
      expect(jsonText).not.toContain(secret);
    }
    expect(jsonText).not.toMatch(/passwordHash|secretSealed|tokenHash|codeHash/);
  });

  it("gives the same rows as a workbook, one sheet per section", async () => {
    const response = await page(pathOf(links.xlsx), { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const files = unzipSync(new Uint8Array(await response.arrayBuffer()));
    const workbook = strFromU8(files["xl/workbook.xml"]!);
    for (const section of EXPORT_SECTIONS) expect(workbook).toContain(`name="${translate("en", section.sheet)}"`);
    expect(workbook).toContain('name="Workload history"');
    const sheets = Object.keys(files)
      .filter((name) => name.startsWith("xl/worksheets/"))
      .map((name) => strFromU8(files[name]!))
      .join("\n");
    expect(sheets).toContain("MY-FORECAST-NOTE");
    expect(sheets).toContain("MY-MATTER-COMMENT");
    expect(sheets).not.toContain("OTHER-FORECAST-NOTE");
    expect(sheets).not.toContain("SEALED-TOTP-SECRET");
    expect(sheets).not.toContain("SECRET-DEVICE-TOKEN");
    expect(strFromU8(files["xl/sharedStrings.xml"] ?? new Uint8Array()) + sheets).toContain("Start date");
  });

  it("writes the workbook in the person's own language, the JSON's field names unchanged", async () => {
    const swede = await firm.createUser("employee", { name: "Sara Svensson" });
    await db().update(users).set({ language: "sv" }).where(eq(users.id, swede.id));
    await db()
      .insert(forecasts)
      .values({
        companyId: firm.company.id,
        userId: swede.id,
        startDate: new Date(Date.UTC(2026, 0, 5)),
        endDate: new Date(Date.UTC(2026, 0, 9)),
        status: "1",
        comment: "SV-NOTE",
      });
    const swedeCookie = await cookieFor(swede.email);
    await prepareExport(swedeCookie);
    const fresh = (await settings(swedeCookie)).dataExport.links!;
    const files = unzipSync(new Uint8Array(await (await page(pathOf(fresh.xlsx!), { headers: { Cookie: swedeCookie } })).arrayBuffer()));
    const workbook = strFromU8(files["xl/workbook.xml"]!);
    for (const name of ["Profil", "Prognoser", "Arbetsbelastningshistorik", "Sessioner och enheter"]) expect(workbook).toContain(`name="${name}"`);
    expect(workbook).not.toContain('name="Forecasts"');
    const cells = Object.keys(files)
      .filter((name) => name.startsWith("xl/"))
      .map((name) => strFromU8(files[name]!))
      .join("\n");
    expect(cells).toContain("Startdatum");
    expect(cells).toContain("Företagsadministratör");
    expect(cells).toContain(">Nej<");
    expect(cells).not.toContain("startDate");
    const json = (await (await page(pathOf(fresh.json!), { headers: { Cookie: swedeCookie } })).json()) as { forecasts: Record<string, unknown>[] };
    expect(json.forecasts[0]).toMatchObject({ comment: "SV-NOTE", startDate: expect.any(String) });
  });

  it("offers each file once: a second use is refused with a clear message, and the page no longer links it", async () => {
    const again = await page(pathOf(links.json), { headers: { Cookie: cookie } });
    expect(again.status).toBe(410);
    expect(await again.text()).toContain(EXPORT_LINK_USED);
    const state = await settings(cookie);
    expect(state.dataExport).toMatchObject({ status: "ready", links: { json: null, xlsx: null } });
  });

  it("answers 404 to anyone else, and to a forged signature", async () => {
    await prepareExport(cookie);
    const fresh = (await settings(cookie)).dataExport.links!;
    const stranger = await cookieFor(other.email);
    expect((await page(pathOf(fresh.json!), { headers: { Cookie: stranger } })).status).toBe(404);
    const forged = pathOf(fresh.json!).replace(/sig=.*/, "sig=AAAA");
    expect((await page(forged, { headers: { Cookie: cookie } })).status).toBe(404);
    // The owner's own link still works once after the refusals.
    expect((await page(pathOf(fresh.json!), { headers: { Cookie: cookie } })).status).toBe(200);
  });

  it("refuses an expired link", async () => {
    await prepareExport(cookie);
    const fresh = (await settings(cookie)).dataExport.links!;
    await db()
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.userId, me.id));
    const response = await page(pathOf(fresh.xlsx!), { headers: { Cookie: cookie } });
    expect(response.status).toBe(410);
    expect(await response.text()).toContain("expired");
    expect((await settings(cookie)).dataExport.status).toBe("expired");
  });
});

describe("Download my data in bounded steps", () => {
  it("builds a long history over several steps, none reading more than a page of rows", async () => {
    const firm = await createCompany("Long History Firm");
    const me = await firm.createUser("employee");
    const total = EXPORT_STEP_ROWS * 2 + 137;
    const rows = Array.from({ length: total }, (_, i) => ({
      companyId: firm.company.id,
      userId: me.id,
      currentWorkload: i % 4,
      onLeave: false,
      source: "web_app",
      recordedAt: new Date(Date.UTC(2024, 0, 1) + i * 3_600_000),
    }));
    // D1 takes at most 100 bound parameters a statement: 6 columns (and an id) a row.
    for (let i = 0; i < rows.length; i += 14)
      await db()
        .insert(workloadHistory)
        .values(rows.slice(i, i + 14));
    const cookie = await cookieFor(me.email);
    const polls = await prepareExport(cookie);
    const [row] = await db().select().from(dataExports).where(eq(dataExports.userId, me.id));
    expect(row!.status).toBe("ready");
    // One step per section, two more for the history's extra pages, one to write the files.
    expect(row!.steps).toBe(EXPORT_SECTIONS.length + 2 + 1);
    expect(polls).toBeGreaterThanOrEqual(EXPORT_SECTIONS.length);
    expect(row!.rows).toBeGreaterThanOrEqual(total);
    const links = (await settings(cookie)).dataExport.links!;
    const json = (await (await page(pathOf(links.json!), { headers: { Cookie: cookie } })).json()) as { workloadHistory: unknown[] };
    expect(json.workloadHistory).toHaveLength(total);
    // The parts are gone once the files are written.
    const listed = await env.FILES.list({ prefix: `data-exports/${row!.id}/` });
    expect(listed.objects.map((o) => o.key).sort()).toEqual([`data-exports/${row!.id}/data.json`, `data-exports/${row!.id}/data.xlsx`]);
  });

  it("is finished by the cron when nobody keeps the page open", async () => {
    const firm = await createCompany("Cron Export Firm");
    const me = await firm.createUser("employee");
    const cookie = await cookieFor(me.email);
    expect((await post(cookie, SETTINGS_DATA, { intent: "requestExport" })).status).toBe(200);
    expect((await settings(cookie)).dataExport.status).toBe("preparing");
    const { runDataExports } = await import("~/domain/privacy/data-export.server");
    const { runtime } = await import("./helpers");
    // Each run takes a bounded number of steps; a few runs finish it.
    for (let run = 0; run < 3 && (await settings(cookie)).dataExport.status === "preparing"; run++) await runDataExports(runtime());
    expect((await settings(cookie)).dataExport.status).toBe("ready");
    expect(await outboxTo(me.email)).toEqual([expect.objectContaining({ subject: expect.stringContaining("is ready") })]);
  });
});

// Erasure ------------------------------------------------------------------------------------

const day = (d: number) => Date.UTC(2026, 0, d);

describe("Erasing a person who left", () => {
  let firm: Awaited<ReturnType<typeof createCompany>>;
  let leaver: Awaited<ReturnType<typeof firm.createUser>>;
  let stayer: Awaited<ReturnType<typeof firm.createUser>>;
  let admin: Awaited<ReturnType<typeof firm.createUser>>;
  let adminToken: string;
  let leaverToken: string;
  let before: Awaited<ReturnType<typeof statistics>>;
  let erased: Response;
  const picture = `erase-${newId()}.jpg`;

  async function statistics() {
    const response = await api("/api/v2/statistic?startDate=2026-01-05&endDate=2026-01-16", {
      method: "POST",
      token: adminToken,
      json: { offices: [firm.office.id], groups: [firm.group.id] },
    });
    expect(response.status).toBe(200);
    // Every figure, and who the figures are about by id and team (their names are what erasure removes).
    const body = (await response.json()) as StatisticsResponse;
    return { ...body, data: { ...body.data, users: body.data.users.map(({ _id, group, office }) => ({ _id, group, office })) } };
  }

  beforeAll(async () => {
    firm = await createCompany("Erasure Firm");
    const companyId = firm.company.id;
    leaver = await firm.createUser("employee", {
      name: "Lena Leaver",
      phone: "+46 70 999",
      currentWorkload: 3,
      profilePicture: `internal-store:${picture}`,
    });
    stayer = await firm.createUser("employee", { name: "Stig Stayer", currentWorkload: 1 });
    admin = await firm.createUser("companyAdmin");
    await env.FILES.put(`profile-pictures/${picture}`, new Uint8Array([0xff, 0xd8, 0xff]));
    // Signed in before her second factors below exist (they would ask for a code).
    leaverToken = await tokenFor(leaver.email);
    const history = (userId: string, iso: string, currentWorkload: number) => ({
      companyId,
      userId,
      currentWorkload,
      onLeave: false,
      source: "web_app",
      recordedAt: new Date(iso),
    });
    await db().batch([
      db()
        .insert(workloadHistory)
        .values([
          history(leaver.id, "2026-01-01T10:00:00Z", 3),
          history(leaver.id, "2026-01-12T10:00:00Z", 1),
          history(stayer.id, "2026-01-02T10:00:00Z", 0),
        ]),
      db()
        .insert(workplacePlans)
        .values([0, 1, 2, 3, 4].map((w) => ({ companyId, userId: leaver.id, kind: "default" as const, key: w, option: w % 2 }))),
      db()
        .insert(forecasts)
        .values({ companyId, userId: leaver.id, startDate: new Date(day(8)), endDate: new Date(day(9)), status: "away", comment: "Lena's wedding" }),
      db().insert(matterComments).values({ companyId, userId: leaver.id, matterNumber: "M-9", comment: "Lena on the merger" }),
      db().insert(statusMessages).values({ companyId, userId: leaver.id, message: "Lena at the client", source: "web_app" }),
      db().insert(notificationTokens).values({ companyId, userId: leaver.id, tokenType: "apns", token: "lena-device" }),
      db().insert(totpFactors).values({ companyId, userId: leaver.id, secretSealed: "sealed" }),
      db()
        .insert(passkeys)
        .values({ companyId, userId: leaver.id, credentialId: `cred-${newId()}`, publicKey: "pk", name: "Lena's phone" }),
      // An earlier audit row naming her (an administrator's change of her profile).
      db()
        .insert(auditLog)
        .values({
          companyId,
          actorId: admin.id,
          action: "update",
          entityType: "user",
          entityId: leaver.id,
          data: { email: leaver.email, name: "Lena Leaver" },
        }),
    ]);
    expect(await rollupRange(await systemFor(companyId, "rollup"), new Date(day(5)), new Date(day(16)))).toBe(10);
    adminToken = await tokenFor(admin.email);
    before = await statistics();
    erased = await api(`/api/v2/users/${leaver.id}/erase`, { method: "POST", token: adminToken, json: { confirm: true } });
  });

  it("answers 200 and keeps every figure of the firm's statistics, before and after the next rollup", async () => {
    expect(erased.status, await erased.clone().text()).toBe(200);
    expect(await erased.json()).toMatchObject({ _id: leaver.id, name: ERASED_NAME, erased: true });
    expect(await statistics()).toEqual(before);
    expect(before.nbrOfUsers).toBe(2);
    expect(before.data.users.map((u) => u._id).sort()).toEqual([leaver.id, stayer.id].sort());
    expect(Object.keys(before.userWorkloadData)).toContain(leaver.id);
    await rollupRange(await systemFor(firm.company.id, "rollup"), new Date(day(5)), new Date(day(16)));
    expect(await statistics()).toEqual(before);
  });

  it("removes name, e-mail, phone, picture (the R2 object too), comments and every way to sign in", async () => {
    const [row] = await db().select().from(users).where(eq(users.id, leaver.id));
    expect(row).toMatchObject({
      name: ERASED_NAME,
      email: erasedEmail(leaver.id),
      phone: null,
      passwordHash: null,
      profilePicture: null,
      message: "",
    });
    expect(row!.erasedAt).not.toBeNull();
    expect(await env.FILES.head(`profile-pictures/${picture}`)).toBeNull();
    const mine = (table: { userId: AnyColumn }) => eq(table.userId, leaver.id);
    expect(await db().select().from(matterComments).where(mine(matterComments))).toHaveLength(0);
    expect(await db().select().from(statusMessages).where(mine(statusMessages))).toHaveLength(0);
    expect(await db().select().from(notificationTokens).where(mine(notificationTokens))).toHaveLength(0);
    expect(await db().select().from(sessions).where(mine(sessions))).toHaveLength(0);
    expect(await db().select().from(totpFactors).where(mine(totpFactors))).toHaveLength(0);
    expect(await db().select().from(passkeys).where(mine(passkeys))).toHaveLength(0);
    const [forecast] = await db().select().from(forecasts).where(mine(forecasts));
    expect(forecast).toMatchObject({ status: "away", comment: null });
    expect(await db().select().from(workloadHistory).where(mine(workloadHistory))).toHaveLength(2);
    // Signed out everywhere, and no sign-in with the old address.
    expect((await api("/api/v2/users/me", { token: leaverToken })).status).toBe(401);
    const login = await api("/api/v2/account/login", { method: "POST", json: { email: leaver.email, password: PASSWORD } });
    expect(login.status).toBe(401);
  });

  it("audits the erasure without the erased data, and scrubs her name and address from earlier rows", async () => {
    const rows = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, firm.company.id), eq(auditLog.entityId, leaver.id)));
    const erasure = rows.find((r) => r.action === "erase");
    expect(erasure).toMatchObject({ actorId: admin.id, entityType: "user", data: {} });
    const text = JSON.stringify(rows);
    expect(text).not.toContain(leaver.email);
    expect(text).not.toContain("Lena Leaver");
    expect(rows.find((r) => r.action === "update")?.data).toEqual({ email: "[erased]", name: "[erased]" });
  });

  it("leaves her out of the team views, shows her as erased to administrators, and refuses a second erasure", async () => {
    const overview = await api("/api/v2/users/filtered", { method: "POST", token: adminToken, json: {} });
    if (overview.status === 200) expect(await overview.text()).not.toContain(leaver.id);
    const adminCookie = await cookieFor(admin.email);
    const listed = await page("/users/all?_data=routes%2F_app.users.all", { headers: { Cookie: adminCookie } });
    expect(listed.status, await listed.clone().text()).toBe(200);
    const list = (await listed.json()) as { rows: { _id: string; name: string; email: string; erased: boolean }[] };
    expect(list.rows.find((r) => r._id === leaver.id)).toMatchObject({ name: ERASED_NAME, email: "", erased: true });
    expect(list.rows.find((r) => r._id === stayer.id)).toMatchObject({ erased: false });
    const again = await api(`/api/v2/users/${leaver.id}/erase`, { method: "POST", token: adminToken, json: { confirm: true } });
    expect(again.status).toBe(409);
  });
});

describe("Who may erase", () => {
  it("a company admin only, never themselves, within their own company, behind the step-up", async () => {
    const firm = await createCompany("Erase Access Firm");
    const target = await firm.createUser("employee");
    const employee = await firm.createUser("employee");
    const administrator = await firm.createUser("administrator");
    const admin = await firm.createUser("companyAdmin");
    const elsewhere = await createCompany("Erase Elsewhere Firm");
    const foreignAdmin = await elsewhere.createUser("companyAdmin");
    const erase = async (email: string, id: string, body: unknown = { confirm: true }) =>
      api(`/api/v2/users/${id}/erase`, { method: "POST", token: await tokenFor(email), json: body });

    expect((await erase(employee.email, target.id)).status).toBe(403);
    // An administrator with the target in scope (same group and office) still may not.
    expect((await erase(administrator.email, target.id)).status).toBe(403);
    expect((await erase(foreignAdmin.email, target.id)).status).toBe(404);
    expect((await erase(admin.email, admin.id)).status).toBe(403);
    expect((await erase(admin.email, target.id, {})).status).toBe(400);

    // Signed in 30 minutes ago: the password is asked for again.
    const token = await tokenFor(admin.email);
    await signedInMinutesAgo(admin.id, 30);
    const stale = await api(`/api/v2/users/${target.id}/erase`, { method: "POST", token, json: { confirm: true } });
    expect(stale.status).toBe(400);
    expect(await stale.json()).toMatchObject({ errors: { currentPassword: expect.any(String) } });
    const [untouched] = await db().select({ erasedAt: users.erasedAt }).from(users).where(eq(users.id, target.id));
    expect(untouched!.erasedAt).toBeNull();
    const withPassword = await api(`/api/v2/users/${target.id}/erase`, { method: "POST", token, json: { confirm: true, currentPassword: PASSWORD } });
    expect(withPassword.status).toBe(200);
  });

  it("through the users page: a company admin's 'erase' intent; an administrator hears 403", async () => {
    const firm = await createCompany("Erase Page Firm");
    const target = await firm.createUser("employee");
    const administrator = await firm.createUser("administrator");
    const admin = await firm.createUser("companyAdmin");
    const refused = await post(await cookieFor(administrator.email), USERS_DATA, { intent: "erase", id: target.id });
    expect(refused.status).toBe(403);
    const done = await post(await cookieFor(admin.email), USERS_DATA, { intent: "erase", id: target.id });
    expect(done.status).toBe(200);
    const [row] = await db().select({ name: users.name }).from(users).where(eq(users.id, target.id));
    expect(row!.name).toBe(ERASED_NAME);
  });
});

describe("An erased person who had only been invited", () => {
  it("is never invited again: a resent invite is refused, and nothing is mailed to the gone address", async () => {
    const firm = await createCompany("Erase Invited Firm");
    const invited = await firm.createUser("invited");
    const admin = await firm.createUser("companyAdmin");
    const token = await tokenFor(admin.email);
    expect((await api(`/api/v2/users/${invited.id}/erase`, { method: "POST", token, json: { confirm: true } })).status).toBe(200);
    const resent = await api(`/api/v2/account/${invited.id}/resend-invite`, { method: "POST", token });
    expect(resent.status).toBe(409);
    expect(await resent.json()).toMatchObject({ message: ERASED_NOT_INVITED });
  });
});
