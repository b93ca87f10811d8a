import { and, eq, gte, lt, sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  companies,
  emailOutbox,
  historyRetentionState,
  statDays,
  statRollupState,
  vacations,
  workloadHistory,
  workloadWeekly,
  workplaceHistory,
} from "~/db/schema";
import { readWeek, retainCompany, retentionCutoff, writeWeek } from "~/domain/history/retention.server";
import { rollupCompany, rollupRange, rollupWindows, type RollupWindow } from "~/domain/statistics/rollup.server";
import { runBatch } from "~/db/batch";
import { daysOfWeek, weekOf } from "~/domain/statistics/weekly";
import { addDays, dayKey } from "~/lib/dates";
import { newId } from "~/lib/ids";
import { STEP_UP_PASSWORD } from "~/domain/identity/step-up";
import { send } from "./account-helpers";
import { api, cookieFor, createCompany, createCompanyWithRoles, db, PASSWORD, postForm, signedInMinutesAgo, systemFor, tokenFor } from "./helpers";

/**
 * History retention (decision 0308): a firm's history older than its retention is rolled into
 * one row per person per week and the raw rows deleted, and every answer the statistics and
 * history screens give is the same after as before: each range is asked from the raw
 * (daily) rows, the retention runs, and the same range is asked again.
 */
const DAY = 86_400_000;
const HISTORY_DAYS = 700;

let companyId: string;
let groupId: string;
let officeId: string;
let people: { id: string; email: string }[];
let adminToken: string;
let employeeToken: string;
let today: Date;
let cutoff: number;

const back = (n: number) => addDays(today, -n).getTime();

async function seed() {
  const history: unknown[] = [];
  const places: unknown[] = [];
  const plans: unknown[] = [];
  for (const [p, person] of people.entries()) {
    let level = p % 4;
    for (let d = HISTORY_DAYS + 10, step = 0; d > 0; d -= 2 + ((p + step++) % 5)) {
      level = (level + 1 + (step % 3)) % 4;
      const at = back(d) + (7 + p) * 3_600_000;
      history.push({
        id: newId(),
        c: companyId,
        u: person.id,
        cur: step % 11 === 0 ? null : level,
        fut: (level + 1) % 4,
        leave: step % 17 === 5 ? 1 : 0,
        at,
        day: back(d),
      });
    }
    for (let d = HISTORY_DAYS; d >= 0; d--) {
      if ((d + p) % 3 === 0) continue;
      const option = (d * 7 + p) % 5 === 4 ? null : (d * 7 + p) % 5;
      places.push({ id: newId(), c: companyId, u: person.id, key: back(d), option, at: back(d + 1) + 3_600_000 });
      plans.push({ id: newId(), c: companyId, u: person.id, key: back(d), option, at: back(d + 1) + 3_600_000 });
    }
    for (let w = 0; w < 5; w++)
      plans.push({ id: newId(), c: companyId, u: person.id, kind: "default", key: w, option: (w + p) % 3, at: back(HISTORY_DAYS) });
  }
  for (let i = 0; i < history.length; i += 300)
    await db().run(
      sql`insert into workload_history (id, company_id, user_id, current_workload, future_workload, on_leave, source, recorded_at, day)
        select value->>'id', value->>'c', value->>'u', value->>'cur', value->>'fut', value->>'leave', 'web_app', value->>'at', value->>'day'
        from json_each(${JSON.stringify(history.slice(i, i + 300))})`,
    );
  for (let i = 0; i < places.length; i += 300)
    await db().run(
      sql`insert into workplace_history (id, company_id, user_id, kind, key, option, source, recorded_at)
        select value->>'id', value->>'c', value->>'u', 'rolling', value->>'key', value->>'option', 'web_app', value->>'at'
        from json_each(${JSON.stringify(places.slice(i, i + 300))})`,
    );
  for (let i = 0; i < plans.length; i += 300)
    await db().run(
      sql`insert into workplace_plans (id, company_id, user_id, kind, key, option, updated_at)
        select value->>'id', value->>'c', value->>'u', coalesce(value->>'kind', 'rolling'), value->>'key', value->>'option', value->>'at'
        from json_each(${JSON.stringify(plans.slice(i, i + 300))})`,
    );
  await db()
    .insert(vacations)
    .values([
      { id: newId(), companyId, userId: people[0].id, startDate: new Date(back(600)), endDate: new Date(back(590)) },
      { id: newId(), companyId, userId: people[1].id, startDate: new Date(back(420)), endDate: new Date(back(410)) },
      { id: newId(), companyId, userId: people[2].id, startDate: new Date(back(100)), endDate: new Date(back(95)) },
    ]);
  const ctx = await systemFor(companyId, "rollup");
  await rollupRange(ctx, new Date(back(HISTORY_DAYS)), today);
  await db().insert(statRollupState).values({ companyId, rolledThrough: today.getTime(), dirtyFrom: null });
}

/** Ranges of at most 366 days anywhere in the history, some across the cutoff, some wholly before it. */
function ranges(): [string, string][] {
  const random = fc.sample(
    fc
      .tuple(fc.integer({ min: 0, max: HISTORY_DAYS - 20 }), fc.integer({ min: 0, max: 365 }))
      .map(([end, length]) => [Math.min(HISTORY_DAYS, end + length), end]),
    { seed: 308, numRuns: 14 },
  ) as [number, number][];
  const days = Math.round((today.getTime() - cutoff) / DAY);
  const fixed: [number, number][] = [
    [days + 3, days - 3],
    [days + 1, days],
    [days, days - 1],
    [days + 40, days + 40],
    [days + 365, days],
    [HISTORY_DAYS, HISTORY_DAYS - 300],
    [365, 0],
    [days + 100, days - 250],
  ];
  return [...fixed, ...random].map(([from, to]) => [dayKey(back(from)), dayKey(back(to))]);
}

async function answers(list: [string, string][]) {
  const out: unknown[] = [];
  for (const [startDate, endDate] of list) {
    const query = `startDate=${startDate}&endDate=${endDate}`;
    const admin = await api(`/api/v2/statistic?${query}`, { method: "POST", token: adminToken, json: { offices: [officeId], groups: [groupId] } });
    const own = await api(`/api/v2/statistic?${query}`, { method: "POST", token: employeeToken, json: {} });
    if (admin.status !== 200) throw new Error(`${query}: ${await admin.text()}`);
    if (own.status !== 200) throw new Error(`own ${query}: ${await own.text()}`);
    expect(admin.status).toBe(200);
    expect(own.status).toBe(200);
    out.push({ range: query, admin: await admin.json(), own: await own.json() });
  }
  for (const path of [
    `/api/v2/workload-history/company/${companyId}/365`,
    `/api/v2/workload-history/user/${people[0].id}/365`,
    `/api/v2/workplace-history/company/${companyId}/365`,
    `/api/v2/users/${people[1].id}/workload-history`,
  ]) {
    const response = await api(path, { token: adminToken });
    expect(response.status).toBe(200);
    out.push({ path, body: await response.json() });
  }
  return out;
}

async function rawExportRows(startDate: string, endDate: string) {
  const response = await api(`/api/statistics-raw/?startDate=${startDate}&endDate=${endDate}`, {
    method: "POST",
    token: adminToken,
    json: { offices: [officeId], groups: [groupId] },
  });
  expect(response.status).toBe(200);
  const ExcelJS = (await import("exceljs")).default;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await response.arrayBuffer());
  const rows: unknown[] = [];
  workbook.getWorksheet("Statistics")!.eachRow((row) => rows.push(row.values));
  return rows;
}

const count = async (table: typeof statDays | typeof workloadWeekly) =>
  (
    await db()
      .select({ n: sql<number>`count(*)` })
      .from(table)
      .where(eq(table.companyId, companyId))
  )[0].n;

describe("history retention: weekly rows give the same answers as the raw rows", () => {
  beforeAll(async () => {
    const firm = await createCompany("Retention Firm");
    companyId = firm.company.id;
    groupId = firm.group.id;
    officeId = firm.office.id;
    people = [];
    for (let i = 0; i < 4; i++) people.push(await firm.createUser("employee"));
    const admin = await firm.createUser("companyAdmin");
    adminToken = await tokenFor(admin.email);
    employeeToken = await tokenFor(people[0].email);
    today = (await systemFor(companyId, "rollup")).today;
    const [company] = await db().select({ months: companies.historyRetentionMonths }).from(companies).where(eq(companies.id, companyId));
    // A new firm starts at 13 months.
    expect(company.months).toBe(13);
    cutoff = retentionCutoff(today, 13);
    await seed();
  }, 120_000);

  it("rolls weeks before the cutoff into weekly rows, deletes their raw rows, and every answer stays the same", async () => {
    const list = ranges();
    const before = await answers(list);
    const [exportFrom, exportTo] = [dayKey(cutoff - 60 * DAY), dayKey(cutoff + 20 * DAY)];
    const exportBefore = await rawExportRows(exportFrom, exportTo);
    const dailyBefore = await count(statDays);
    // The figures are there to lose: old ranges have reported days.
    expect(before.some((a) => (a as { admin: { averageWorkload: number | null } }).admin?.averageWorkload != null)).toBe(true);

    // Small steps (8 person-weeks: two weeks of four people), resumable from the cursor.
    let steps = 0;
    for (;;) {
      const step = await retainCompany(await systemFor(companyId, "retention"), 8);
      steps++;
      if (step.done) break;
      expect(step.weeks).toBeGreaterThan(0);
      expect(step.personWeeks).toBeLessThanOrEqual(8 + 4);
      expect(steps).toBeLessThan(100);
    }
    expect(steps).toBeGreaterThan(20);
    const [state] = await db().select().from(historyRetentionState).where(eq(historyRetentionState.companyId, companyId));
    expect(state.rolledBefore).toBe(cutoff);

    // The daily rows before the cutoff became weekly rows (5 days to 1), the raw history before it
    // is gone but for each person's latest row, and the rolling-week locations before it are gone.
    const oldDaily = await db()
      .select({ n: sql<number>`count(*)` })
      .from(statDays)
      .where(and(eq(statDays.companyId, companyId), lt(statDays.day, cutoff)));
    expect(oldDaily[0].n).toBe(0);
    const weekly = await count(workloadWeekly);
    expect(weekly).toBeGreaterThan(150);
    expect(dailyBefore - (await count(statDays))).toBeGreaterThan(4 * weekly);
    const oldRaw = await db()
      .select({ userId: workloadHistory.userId, n: sql<number>`count(*)` })
      .from(workloadHistory)
      .where(and(eq(workloadHistory.companyId, companyId), lt(workloadHistory.recordedAt, new Date(cutoff))))
      .groupBy(workloadHistory.userId);
    expect(oldRaw.map((r) => r.n)).toEqual([1, 1, 1, 1]);
    const oldPlaces = await db()
      .select({ n: sql<number>`count(*)` })
      .from(workplaceHistory)
      .where(and(eq(workplaceHistory.companyId, companyId), lt(workplaceHistory.key, cutoff)));
    expect(oldPlaces[0].n).toBe(0);
    // Deleting what was rolled did not send the statistics back to re-roll.
    const [cursor] = await db().select().from(statRollupState).where(eq(statRollupState.companyId, companyId));
    expect(cursor.dirtyFrom).toBeNull();

    const after = await answers(list);
    expect(after).toEqual(before);
    expect(await rawExportRows(exportFrom, exportTo)).toEqual(exportBefore);

    // Run again: nothing left to roll, nothing changes.
    expect(await retainCompany(await systemFor(companyId, "retention"), 8)).toEqual({ done: true, personWeeks: 0, weeks: 0 });
    expect(await count(workloadWeekly)).toBe(weekly);
  }, 300_000);

  it("a change to history before the cutoff re-rolls the statistics from the cutoff on, starting from the weekly rows, with the same answers", async () => {
    const list = ranges().slice(0, 8);
    const before = await answers(list);
    const daily = await db().select().from(statDays).where(eq(statDays.companyId, companyId)).orderBy(statDays.day, statDays.userId);
    // A vacation long ago marks the statistics dirty there; its days are final, so the rollup starts at the cutoff.
    await db()
      .insert(vacations)
      .values({ id: newId(), companyId, userId: people[3].id, startDate: new Date(back(500)), endDate: new Date(back(498)) });
    const [marked] = await db().select().from(statRollupState).where(eq(statRollupState.companyId, companyId));
    expect(marked.dirtyFrom).toBe(back(500));
    for (let i = 0; i < 30; i++) if ((await rollupCompany(await systemFor(companyId, "rollup"), 2000)).done) break;
    const [cursor] = await db().select().from(statRollupState).where(eq(statRollupState.companyId, companyId));
    expect(cursor.dirtyFrom).toBeNull();
    expect(cursor.rolledThrough).toBe(today.getTime());
    // The daily rows from the cutoff were written again, from totals carried out of the weekly rows: the same.
    expect(await db().select().from(statDays).where(eq(statDays.companyId, companyId)).orderBy(statDays.day, statDays.userId)).toEqual(daily);
    expect(await answers(list)).toEqual(before);
  }, 300_000);

  it("a week whose daily rows would not come back exactly is not rolled", () => {
    const row = (day: number, cumDays: number) => ({
      companyId: "c",
      userId: "u",
      day,
      groupId: "g",
      officeId: "o",
      level: 2,
      away: 0,
      location: 1,
      cumDays,
      cumReported: cumDays,
      cumLevelSum: 2 * cumDays,
      cumLevel0: 0,
      cumLevel3: 0,
      cumHome: cumDays,
      cumAway: 0,
      weekHome: cumDays - 9,
      weekOffice: 0,
    });
    const monday = Date.UTC(2025, 0, 6);
    const week = [row(monday, 10), row(monday + DAY, 11), row(monday + 2 * DAY, 12)];
    expect(daysOfWeek(weekOf(week)!)).toEqual(week);
    // The totals started again mid-week (the person was not counted on Tuesday): not rolled.
    expect(weekOf([row(monday, 10), { ...row(monday + 2 * DAY, 1), weekHome: 1 }])).toBeNull();
    // A team change mid-week: not rolled.
    expect(weekOf([week[0], { ...week[1], officeId: "other" }])).toBeNull();
  });
});

describe("the retention setting: PUT /api/v2/company and the company page", () => {
  it("company admins set 13 to 120 months or for ever, audited; below 13 is refused with the reason; administrators may not", async () => {
    const firm = await createCompany("Retention Setting Firm");
    const admin = await firm.createUser("companyAdmin");
    const administrator = await firm.createUser("administrator");
    const token = await tokenFor(admin.email);
    const put = (json: unknown, as = token) => api("/api/v2/company", { method: "PUT", token: as, json });
    const name = firm.company.name;

    const tooShort = await put({ name, historyRetentionMonths: 12 });
    expect(tooShort.status).toBe(400);
    expect(JSON.stringify(await tooShort.json())).toContain(
      "History retention must be a whole number of months from 13 to 120, or empty to keep history for ever.",
    );
    expect((await put({ name, historyRetentionMonths: 121 })).status).toBe(400);
    expect((await put({ name, historyRetentionMonths: 13.5 })).status).toBe(400);

    const ok = await put({ name, historyRetentionMonths: 24 });
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { historyRetentionMonths: number }).historyRetentionMonths).toBe(24);
    // Leaving it out keeps it; null keeps history for ever.
    expect(((await (await put({ name })).json()) as { historyRetentionMonths: number }).historyRetentionMonths).toBe(24);
    expect(
      ((await (await put({ name, historyRetentionMonths: null })).json()) as { historyRetentionMonths: null }).historyRetentionMonths,
    ).toBeNull();
    const audits = await db()
      .select({ details: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, firm.company.id), eq(auditLog.entityType, "company")));
    expect(audits.map((a) => JSON.stringify(a.details))).toEqual(
      expect.arrayContaining([expect.stringContaining('"historyRetentionMonths":24'), expect.stringContaining('"historyRetentionMonths":null')]),
    );

    const refused = await put({ name, historyRetentionMonths: 36 }, await tokenFor(administrator.email));
    expect(refused.status).toBe(403);
    // A firm kept for ever rolls nothing.
    expect(await retainCompany(await systemFor(firm.company.id, "retention"), 100)).toEqual({ done: true, personWeeks: 0, weeks: 0 });
  });
});

describe("a shorter retention deletes history: the step-up, and every company admin is told (decisions 0276, 0308)", () => {
  const retentionNotices = (companyId: string) =>
    db()
      .select({ to: emailOutbox.toAddress, subject: emailOutbox.subject, text: emailOutbox.textBody, viaInstallation: emailOutbox.viaInstallation })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.companyId, companyId),
          sql`(${emailOutbox.subject} like '%history retention%' or ${emailOutbox.subject} like '%lagringen av historik%')`,
        ),
      )
      .orderBy(emailOutbox.toAddress);
  const months = async (companyId: string) =>
    (await db().select({ months: companies.historyRetentionMonths }).from(companies).where(eq(companies.id, companyId)))[0].months;

  it("raising it or 'for ever' asks nothing; setting one where there was none or lowering it asks for the password outside the window, then tells every company admin in their language", async () => {
    const firm = await createCompanyWithRoles("Retention Step Up Firm");
    const swede = await firm.createUser("companyAdmin", { language: "sv", name: "Sven Svensson" });
    const me = firm.people.companyAdmin;
    const token = firm.tokens.companyAdmin;
    const put = (json: Record<string, unknown>) => send("PUT", "/company", token, { name: firm.company.name, ...json });
    await signedInMinutesAgo(me.id, 11);

    // Raising (13 to 36) and "for ever" keep more: no password, nobody mailed; still audited.
    expect((await put({ historyRetentionMonths: 36 })).status).toBe(200);
    expect((await put({ historyRetentionMonths: null })).status).toBe(200);
    expect(await months(firm.company.id)).toBeNull();
    expect(await retentionNotices(firm.company.id)).toEqual([]);

    // A retention where there was none: refused as the other step-up routes refuse, nothing changed.
    const refused = await put({ historyRetentionMonths: 24 });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ currentPassword: STEP_UP_PASSWORD });
    const wrong = await put({ historyRetentionMonths: 24, currentPassword: "not my password" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual({ currentPassword: "Wrong password." });
    expect(await months(firm.company.id)).toBeNull();
    expect(await retentionNotices(firm.company.id)).toEqual([]);

    const done = await put({ historyRetentionMonths: 24, currentPassword: PASSWORD });
    expect(done.status).toBe(200);
    expect(done.body.historyRetentionMonths).toBe(24);
    expect(JSON.stringify(done.body)).not.toContain(PASSWORD);
    const today = (await systemFor(firm.company.id, "retention")).today;
    const cutoff = new Date(retentionCutoff(today, 24));
    const told = await retentionNotices(firm.company.id);
    expect(told.map((n) => n.to).sort()).toEqual([me.email, swede.email].sort());
    expect(told.every((n) => n.viaInstallation)).toBe(true);
    const english = told.find((n) => n.to === me.email)!;
    expect(english.subject).toBe(`${firm.company.name}: history retention changed`);
    expect(english.text).toContain(me.email);
    expect(english.text).toContain("day-by-day history is now kept for 24 months (before: for ever)");
    expect(english.text).toContain(
      `History from before ${new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "UTC" }).format(cutoff)} will be rolled into weekly figures and its day-by-day detail deleted`,
    );
    const swedish = told.find((n) => n.to === swede.email)!;
    expect(swedish.subject).toBe(`${firm.company.name}: lagringen av historik har ändrats`);
    expect(swedish.text).toContain("Hej Sven Svensson");
    expect(swedish.text).toContain("historik dag för dag sparas nu i 24 månader (tidigare: för alltid)");
    expect(swedish.text).toContain(
      `Historik från före ${new Intl.DateTimeFormat("sv-SE", { dateStyle: "long", timeZone: "UTC" }).format(cutoff)} kommer att slås ihop till veckosiffror`,
    );

    // The password opened the window again: lowering it further now asks nothing, but is told.
    expect((await put({ historyRetentionMonths: 13 })).status).toBe(200);
    expect(await months(firm.company.id)).toBe(13);
    const again = await retentionNotices(firm.company.id);
    expect(again).toHaveLength(4);
    expect(again.some((n) => n.text.includes("day-by-day history is now kept for 13 months (before: 24 months)"))).toBe(true);
    // Out of the window again: lowering asks, raising does not.
    await signedInMinutesAgo(me.id, 11);
    expect((await put({ historyRetentionMonths: 60 })).status).toBe(200);
    expect((await put({ historyRetentionMonths: 59 })).status).toBe(400);
    expect(await months(firm.company.id)).toBe(60);
    expect(await retentionNotices(firm.company.id)).toHaveLength(4);
    const audits = await db()
      .select({ details: auditLog.data })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, firm.company.id), eq(auditLog.entityType, "company")));
    expect(audits.map((a) => JSON.stringify(a.details))).toEqual(
      expect.arrayContaining([expect.stringContaining('"after":{"name":"Retention Step Up Firm","customHtml":null,"historyRetentionMonths":60}')]),
    );
    expect(JSON.stringify(audits)).not.toContain(PASSWORD);
  });

  it("the company page's dialog: a shorter retention without the password is refused with the field's message, nothing changed", async () => {
    const firm = await createCompanyWithRoles("Retention Page Firm");
    const cookie = await cookieFor(firm.people.companyAdmin.email);
    await signedInMinutesAgo(firm.people.companyAdmin.id, 11);
    const post = (fields: Record<string, string>) =>
      postForm(cookie, "/groups?_data=routes%2F_app.groups", { intent: "updateHistoryRetention", ...fields });
    // New firms start at 13 months: "for ever" asks nothing.
    expect((await post({ historyRetentionMonths: "" })).status).toBe(200);
    expect(await months(firm.company.id)).toBeNull();
    const shorter = await post({ historyRetentionMonths: "24" });
    expect(JSON.stringify(await shorter.json())).toContain(STEP_UP_PASSWORD);
    expect(await months(firm.company.id)).toBeNull();
    const done = await post({ historyRetentionMonths: "24", currentPassword: PASSWORD });
    expect(done.status).toBe(200);
    expect(JSON.stringify(await done.json())).not.toContain(PASSWORD);
    expect(await months(firm.company.id)).toBe(24);
    expect(await retentionNotices(firm.company.id)).toHaveLength(1);
  });
});

describe("the race: a request's rollup step built before a retention batch, written after it (decision 0308)", () => {
  it("leaves the rolled week as retention left it (no daily rows behind the cutoff), marks the days after it dirty, and every answer stays the same", async () => {
    const firm = await createCompany("Retention Race Firm");
    companyId = firm.company.id;
    groupId = firm.group.id;
    officeId = firm.office.id;
    people = [];
    for (let i = 0; i < 3; i++) people.push(await firm.createUser("employee"));
    adminToken = await tokenFor((await firm.createUser("companyAdmin")).email);
    employeeToken = await tokenFor(people[0].email);
    today = (await systemFor(companyId, "rollup")).today;
    cutoff = retentionCutoff(today, 13);
    await seed();
    const list = ranges().slice(0, 8);
    const before = await answers(list);
    const daily = await db().select().from(statDays).where(eq(statDays.companyId, companyId)).orderBy(statDays.day, statDays.userId);

    // A request's rollup step reads and builds its first window: the last week before the cutoff.
    const week = cutoff - 7 * DAY;
    const windows = rollupWindows(await systemFor(companyId, "rollup"), new Date(week), new Date(cutoff + 20 * DAY));
    const built = await windows.next();
    expect(built.done).toBe(false);
    const window = built.value as RollupWindow;
    expect(window.days).toBeGreaterThan(0);
    // Retention rolls every week before the cutoff, that one too.
    for (let i = 0; i < 100; i++) if ((await retainCompany(await systemFor(companyId, "retention"), 10_000)).done) break;
    const [state] = await db().select().from(historyRetentionState).where(eq(historyRetentionState.companyId, companyId));
    expect(state.rolledBefore).toBe(cutoff);
    // Then the step writes what it built.
    await runBatch(db(), window.statements);

    const behind = await db()
      .select({ n: sql<number>`count(*)` })
      .from(statDays)
      .where(and(eq(statDays.companyId, companyId), lt(statDays.day, cutoff)));
    expect(behind[0].n).toBe(0);
    // The days after the cutoff it wrote were rolled from its own totals: the statistics are dirty from the cutoff.
    const [cursor] = await db().select().from(statRollupState).where(eq(statRollupState.companyId, companyId));
    expect(cursor.dirtyFrom).toBe(cutoff);
    // The rest of the step (later windows) writes as usual.
    for (let next = await windows.next(); !next.done; next = await windows.next()) await runBatch(db(), next.value.statements);

    expect(await answers(list)).toEqual(before);
    for (let i = 0; i < 30; i++) if ((await rollupCompany(await systemFor(companyId, "rollup"), 2000)).done) break;
    const kept = await db()
      .select()
      .from(statDays)
      .where(and(eq(statDays.companyId, companyId), gte(statDays.day, cutoff)))
      .orderBy(statDays.day, statDays.userId);
    expect(kept).toEqual(daily.filter((row) => row.day >= cutoff));
    expect(await answers(list)).toEqual(before);
  }, 300_000);
});

describe("the race the other way: a retention week read, its daily rows rewritten by a rollup step, then its batch (decision 0308)", () => {
  const weekRows = (week: number) =>
    db()
      .select()
      .from(statDays)
      .where(and(eq(statDays.companyId, companyId), gte(statDays.day, week), lt(statDays.day, week + 7 * DAY)))
      .orderBy(statDays.day, statDays.userId);
  const weeklyRows = async (week: number) =>
    (
      await db()
        .select({ n: sql<number>`count(*)` })
        .from(workloadWeekly)
        .where(and(eq(workloadWeekly.companyId, companyId), eq(workloadWeekly.week, week)))
    )[0].n;
  const retainedBefore = async () =>
    (await db().select().from(historyRetentionState).where(eq(historyRetentionState.companyId, companyId)))[0]?.rolledBefore;

  beforeAll(async () => {
    const firm = await createCompany("Retention Guard Firm");
    companyId = firm.company.id;
    groupId = firm.group.id;
    officeId = firm.office.id;
    people = [];
    for (let i = 0; i < 3; i++) people.push(await firm.createUser("employee"));
    adminToken = await tokenFor((await firm.createUser("companyAdmin")).email);
    employeeToken = await tokenFor(people[0].email);
    today = (await systemFor(companyId, "rollup")).today;
    cutoff = retentionCutoff(today, 13);
    await seed();
    // Retention rolls the oldest weeks (ten weeks of three people); the next one is where the tests start.
    await retainCompany(await systemFor(companyId, "retention"), 30);
  }, 120_000);

  it("an error in the batch other than its guard is thrown, and nothing is applied", async () => {
    const week = (await retainedBefore())!;
    const daily = await weekRows(week);
    expect(daily.length).toBeGreaterThan(0);
    // Another firm's weekly row for the same person and week: the week's insert breaks the primary key.
    const other = await createCompany("Retention Guard Other Firm");
    const mine = weekOf(daily.filter((row) => row.userId === people[0].id));
    expect(mine).not.toBeNull();
    await db()
      .insert(workloadWeekly)
      .values({ ...mine!, companyId: other.company.id });
    await expect(retainCompany(await systemFor(companyId, "retention"), 30)).rejects.toThrow(/UNIQUE constraint failed: workload_weekly/);
    expect(await retainedBefore()).toBe(week);
    expect(await weekRows(week)).toEqual(daily);
    expect(await weeklyRows(week)).toBe(0);
    await db().delete(workloadWeekly).where(eq(workloadWeekly.companyId, other.company.id));
  }, 120_000);

  it("applies nothing when a change to the week's history is waiting to be rolled (its daily rows not final)", async () => {
    const week = (await retainedBefore())!;
    const daily = await weekRows(week);
    const read = await readWeek(await systemFor(companyId, "retention"), week);
    expect(read).not.toBeNull();
    // The change marks the statistics dirty in the week; no rollup step runs before the batch.
    await db()
      .insert(vacations)
      .values({ id: newId(), companyId, userId: people[1].id, startDate: new Date(week + 2 * DAY), endDate: new Date(week + 2 * DAY) });
    expect(await writeWeek(await systemFor(companyId, "retention"), read!)).toBe(false);
    expect(await retainedBefore()).toBe(week);
    expect(await weeklyRows(week)).toBe(0);
    expect(await weekRows(week)).toEqual(daily);
    // Nor does a new read roll it until the rollup has.
    expect(await readWeek(await systemFor(companyId, "retention"), week)).toBeNull();
    for (let i = 0; i < 30; i++) if ((await rollupCompany(await systemFor(companyId, "rollup"), 2000)).done) break;
  }, 120_000);

  it("applies nothing when a rollup step rewrote the week's daily rows between its read and its batch; the next run rolls the week from the new rows, with the raw answers", async () => {
    const week = (await retainedBefore())!;
    expect(week).toBeLessThan(cutoff);
    const daily = await weekRows(week);
    expect(daily.length).toBeGreaterThan(0);
    // Ranges inside the week, from inside it onward, and around it, plus some of the usual ones.
    const list: [string, string][] = [
      [dayKey(week), dayKey(week + 4 * DAY)],
      [dayKey(week + 2 * DAY), dayKey(week + 40 * DAY)],
      [dayKey(week - 20 * DAY), dayKey(week + 2 * DAY)],
      [dayKey(week + 3 * DAY), dayKey(week + 3 * DAY)],
      ...ranges().slice(0, 4),
    ];

    // Retention reads the week and builds its batch.
    const read = await readWeek(await systemFor(companyId, "retention"), week);
    expect(read).not.toBeNull();
    expect(read!.personWeeks).toBeGreaterThan(0);
    // Meanwhile an old change to that week's history (a vacation of the person whose own figures
    // are asked, Tuesday to Thursday) marks the statistics dirty, and the rollup rolls them again.
    await db()
      .insert(vacations)
      .values({ id: newId(), companyId, userId: people[0].id, startDate: new Date(week + DAY), endDate: new Date(week + 3 * DAY) });
    expect((await db().select().from(statRollupState).where(eq(statRollupState.companyId, companyId)))[0].dirtyFrom).toBe(week + DAY);
    for (let i = 0; i < 30; i++) if ((await rollupCompany(await systemFor(companyId, "rollup"), 2000)).done) break;
    const [rolled] = await db().select().from(statRollupState).where(eq(statRollupState.companyId, companyId));
    expect(rolled).toMatchObject({ rolledThrough: today.getTime(), dirtyFrom: null });
    const rewritten = await weekRows(week);
    expect(rewritten).not.toEqual(daily);
    const onVacation = rewritten.filter((row) => row.userId === people[0].id && row.day >= week + DAY && row.day <= week + 3 * DAY);
    expect(onVacation.map((row) => row.away)).toEqual([1, 1, 1]);
    // The answers from the daily (raw) rows, with the change.
    const raw = await answers(list);

    // Then retention writes the batch it built from the old rows: nothing is applied.
    expect(await writeWeek(await systemFor(companyId, "retention"), read!)).toBe(false);
    expect(await retainedBefore()).toBe(week);
    expect(await weeklyRows(week)).toBe(0);
    expect(await weekRows(week)).toEqual(rewritten);

    // The next run rolls the week (and the rest) from the new rows: the same answers.
    for (let i = 0; i < 100; i++) if ((await retainCompany(await systemFor(companyId, "retention"), 10_000)).done) break;
    expect(await retainedBefore()).toBe(cutoff);
    expect(await weeklyRows(week)).toBeGreaterThan(0);
    expect(await weekRows(week)).toEqual([]);
    expect(await answers(list)).toEqual(raw);
  }, 300_000);
});
