import { env } from "cloudflare:test";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, companies, eliteImports, matters, matterTimeEntries, timekeepers, userWeekHours } from "~/db/schema";
import { BACKOFF_BASE_MS, importStep, runEliteImports, RUN_INTERVAL_MS, weekStartSql } from "~/domain/matters/elite-import.server";
import { weekStartOf } from "~/domain/matters/utilization";
import { addDays, dayKey, parseDayKey } from "~/lib/dates";
import { card, fakeEliteTenant, importAll, matter, tk, pointAtFakeElite } from "./elite-helpers";
import { api, createCompany, createCompanyWithRoles, day, db, runtime, systemFor } from "./helpers";
import { ENDPOINT_MESSAGE } from "~/integrations/elite3e/policy";
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET } from "../fakes/elite3e-server";

/** A firm with two people: one matched by e-mail, one by timekeeper number; a third timekeeper matches nobody. */
async function firm() {
  const f = await createCompany("Elite Firm");
  const anna = await f.createUser("employee", { email: `anna-${f.company.id}@firm.test`, name: "Anna" });
  const bo = await f.createUser("employee", { name: "Bo", timekeeperNumber: "TK-B" });
  const fake = fakeEliteTenant("imp");
  await pointAtFakeElite(f.company.id, fake.base);
  await fake.put({
    timekeepers: [tk("TK-A", "Anna A", anna.email.toUpperCase()), tk("TK-B", "Bo B", null), tk("TK-X", "Nobody", "nobody@elsewhere.test")],
    matters: [
      matter("M1", "Merger", "Acme", { rsp: "TK-A" }),
      matter("M2", "Dispute", "Beta", { confidential: true }),
      matter("M3", "Closed one", "Gamma", { open: false }),
    ],
    timecards: [
      card("c1", "TK-A", "M1", day(-1), 3),
      card("c2", "TK-A", "M1", day(-2), 2.5),
      card("c3", "TK-A", "M2", day(-1), 1, false),
      card("c4", "TK-B", "M2", day(-3), 4),
      card("c5", "TK-B", "M1", day(-10), 6),
      card("c6", "TK-X", "M1", day(-1), 8),
    ],
  });
  return { ...f, anna, bo, fake };
}

async function entriesOf(companyId: string) {
  return db().select().from(matterTimeEntries).where(eq(matterTimeEntries.companyId, companyId));
}

/** The rollups as the cards say they should be: recomputed here in JavaScript. */
async function expectRollupsMatchCards(companyId: string) {
  const entries = await entriesOf(companyId);
  const expected = new Map<string, { billable: number; total: number }>();
  for (const e of entries) {
    const key = `${e.userId}/${weekStartOf(e.date.getTime())}`;
    const sum = expected.get(key) ?? { billable: 0, total: 0 };
    sum.total += e.hours;
    if (e.billable) sum.billable += e.hours;
    expected.set(key, sum);
  }
  const rows = await db().select().from(userWeekHours).where(eq(userWeekHours.companyId, companyId));
  expect(Object.fromEntries(rows.map((r) => [`${r.userId}/${r.weekStart}`, { billable: r.billableHours, total: r.totalHours }]))).toEqual(
    Object.fromEntries(expected),
  );
}

describe("Elite 3E import against the loopback fake", () => {
  it("the rollup's week in SQL (weekStartSql) is the Monday weekStartOf gives, every day of three years, at any hour", async () => {
    const days = Array.from({ length: 3 * 366 }, (_, i) => addDays(parseDayKey("2025-12-20"), i).getTime());
    const times = days.flatMap((ms) => [ms, ms + 13 * 3_600_000, ms + 86_399_999]);
    const rows = await db().all<{ d: number; w: number }>(
      sql`select value as d, ${weekStartSql("value")} as w from json_each(${JSON.stringify(times)})`,
    );
    expect(rows).toHaveLength(times.length);
    expect(rows.filter((row) => row.w !== weekStartOf(row.d)).map((row) => new Date(row.d).toISOString())).toEqual([]);
    // Spot checks against the calendar: Sunday 3 Jan 2027 is in the week of Monday 28 Dec 2026.
    expect(dayKey(weekStartOf(parseDayKey("2027-01-03").getTime()))).toBe("2026-12-28");
    expect(dayKey(weekStartOf(parseDayKey("2027-01-04").getTime()))).toBe("2027-01-04");
  });

  it("first run: pages through timekeepers, matters and time cards, matches people by e-mail or number, writes rollups", async () => {
    const f = await firm();
    const now = new Date();
    const result = await importAll(f.company.id, now, { pageSize: 2 });
    expect(result.finished).toBe(true);

    const keepers = await db().select().from(timekeepers).where(eq(timekeepers.companyId, f.company.id));
    expect(Object.fromEntries(keepers.map((k) => [k.number, k.userId]))).toEqual({ "TK-A": f.anna.id, "TK-B": f.bo.id, "TK-X": null });

    const matterRows = await db().select().from(matters).where(eq(matters.companyId, f.company.id));
    const m1 = matterRows.find((m) => m.number === "M1")!;
    expect(m1).toMatchObject({
      displayName: "Merger",
      clientDisplayName: "Acme",
      resposibleTimekeeperName: "Anna A",
      leadUserId: f.anna.id,
      open: true,
    });
    expect(matterRows.find((m) => m.number === "M2")!.confidentialSource).toBe(true);
    expect(matterRows.find((m) => m.number === "M3")!.open).toBe(false);

    // c6 belongs to a timekeeper matched to nobody: skipped, not guessed.
    const entries = await entriesOf(f.company.id);
    expect(entries.map((e) => e.externalId).sort()).toEqual(["c1", "c2", "c3", "c4", "c5"]);
    await expectRollupsMatchCards(f.company.id);

    const [state] = await db().select().from(eliteImports).where(eq(eliteImports.companyId, f.company.id));
    expect(state).toMatchObject({ phase: "timekeepers", page: 1, failures: 0, lastError: null, runStartedAt: null });
    expect(state.lastSuccessAt?.getTime()).toBe(now.getTime());
    expect(state.since).toBe(now.getTime());
    expect(state.nextAttemptAt?.getTime()).toBe(now.getTime() + RUN_INTERVAL_MS);
    // Pages of two: three time-card pages for six cards, each read once.
    const stats = await f.fake.stats();
    expect(stats.reads.filter((r) => r.resource === "Timecard").map((r) => r.page)).toEqual([1, 2, 3]);
    expect(stats.reads.every((r) => r.since === null)).toBe(true);
  });

  it("incremental run: asks for what changed since the last run, updates changed cards and their rollups, keeps the rest", async () => {
    const f = await firm();
    const first = new Date(Date.now() - 60 * 60_000);
    // The first run's data was modified before it started.
    await importAll(f.company.id, first);
    const before = await entriesOf(f.company.id);
    await f.fake.put({ timecards: [card("c1", "TK-A", "M1", day(-1), 5), card("c7", "TK-B", "M1", day(-1), 2)] });
    const second = new Date();
    await importAll(f.company.id, second);

    const stats = await f.fake.stats();
    const incremental = stats.reads.filter((r) => r.since !== null);
    expect(incremental.length).toBeGreaterThan(0);
    // The mark is the first run's start, less five minutes of overlap for clocks that disagree.
    expect(new Set(incremental.map((r) => r.since))).toEqual(new Set([new Date(first.getTime() - 5 * 60_000).toISOString()]));

    const after = await entriesOf(f.company.id);
    expect(after).toHaveLength(before.length + 1);
    expect(after.find((e) => e.externalId === "c1")!.hours).toBe(5);
    expect(after.find((e) => e.externalId === "c2")!.hours).toBe(2.5);
    await expectRollupsMatchCards(f.company.id);
    const [state] = await db().select().from(eliteImports).where(eq(eliteImports.companyId, f.company.id));
    expect(state.lastSuccessAt?.getTime()).toBe(second.getTime());
  });

  it("a card moved to another week moves its hours out of the old week's rollup", async () => {
    const f = await firm();
    await importAll(f.company.id, new Date(Date.now() - 60 * 60_000));
    await f.fake.put({ timecards: [card("c5", "TK-B", "M1", day(-30), 6)] });
    await importAll(f.company.id);
    await expectRollupsMatchCards(f.company.id);
    const oldWeek = weekStartOf(parseDayKey(day(-10)).getTime());
    const [row] = await db()
      .select()
      .from(userWeekHours)
      .where(and(eq(userWeekHours.userId, f.bo.id), eq(userWeekHours.weekStart, oldWeek)));
    // Seven days apart, day -3 is always in the next week: the old week's rollup is gone.
    expect(weekStartOf(parseDayKey(day(-3)).getTime())).toBe(oldWeek + 7 * 86_400_000);
    expect(row).toBeUndefined();
  });

  it("an expired token (401 on a read) is renewed once and the read retried; a refused secret is recorded", async () => {
    const f = await firm();
    await f.fake.faults([{ resource: "Timecard", page: 2, kind: "401", times: 1 }]);
    await importAll(f.company.id, new Date(), { pageSize: 2 });
    const stats = await f.fake.stats();
    expect(stats.tokensIssued).toBe(2);
    expect(stats.reads.filter((r) => r.resource === "Timecard").map((r) => [r.page, r.status])).toEqual([
      [1, 200],
      [2, 401],
      [2, 200],
      [3, 200],
    ]);
    expect(await entriesOf(f.company.id)).toHaveLength(5);

    const g = await firm();
    await pointAtFakeElite(g.company.id, g.fake.base, "wrong-secret");
    const result = await importStep(await systemFor(g.company.id, "elite3e"), env);
    expect(result.error).toBe("3E refused the client id or secret (401)");
    const [state] = await db().select().from(eliteImports).where(eq(eliteImports.companyId, g.company.id));
    expect(state).toMatchObject({ lastError: "3E refused the client id or secret (401)", failures: 1, lastSuccessAt: null });
  });

  it("a failing page mid-run leaves whole pages and a cursor at the failed page; the next attempt resumes there", async () => {
    const f = await firm();
    await f.fake.faults([{ resource: "Timecard", page: 2, kind: "500", times: 1 }]);
    const now = new Date();
    const failed = await importStep(await systemFor(f.company.id, "elite3e", now), env, { pageSize: 2 });
    expect(failed.error).toBe("3E answered 500 for /t/" + f.fake.base.split("/t/")[1] + "/api/v1/Timecard");
    // Page 1 of the cards (c1, c2 by modified time then id) is in, with its rollups; nothing of page 2.
    expect((await entriesOf(f.company.id)).map((e) => e.externalId).sort()).toEqual(["c1", "c2"]);
    await expectRollupsMatchCards(f.company.id);
    const [state] = await db().select().from(eliteImports).where(eq(eliteImports.companyId, f.company.id));
    expect(state).toMatchObject({ phase: "timecards", page: 2, failures: 1, lastSuccessAt: null, cardsImported: 2 });
    expect(state.nextAttemptAt?.getTime()).toBe(now.getTime() + BACKOFF_BASE_MS);

    // Not due yet: the cron leaves it alone.
    expect(await runEliteImports(runtime(), new Date(now.getTime() + 60_000))).not.toHaveProperty(f.company.id);
    const later = new Date(now.getTime() + BACKOFF_BASE_MS);
    const resumed = (await runEliteImports(runtime(), later, { pageSize: 2 }))[f.company.id];
    expect(resumed).toMatchObject({ finished: true, error: null });
    // The system acted: audit rows with no person, the import as their source.
    const audited = await db().select().from(auditLog).where(eq(auditLog.companyId, f.company.id)).orderBy(auditLog.createdAt);
    expect(audited.map((row) => [row.action, row.actorId, (row.data as { source?: string }).source])).toEqual([
      ["elite3e-import-failed", null, "elite3e"],
      ["elite3e-import", null, "elite3e"],
    ]);
    expect(audited[1].data).toMatchObject({ cards: 5 });
    const reads = (await f.fake.stats()).reads.filter((r) => r.resource === "Timecard").map((r) => [r.page, r.status]);
    expect(reads).toEqual([
      [1, 200],
      [2, 500],
      [2, 200],
      [3, 200],
    ]);
    expect((await entriesOf(f.company.id)).map((e) => e.externalId).sort()).toEqual(["c1", "c2", "c3", "c4", "c5"]);
    await expectRollupsMatchCards(f.company.id);
    const [done] = await db().select().from(eliteImports).where(eq(eliteImports.companyId, f.company.id));
    expect(done).toMatchObject({ failures: 0, lastError: null, cardsImported: 5 });
    expect(done.lastSuccessAt?.getTime()).toBe(later.getTime());
  });

  it("timeouts and bad pages are recorded with growing backoff and delete nothing", async () => {
    const f = await firm();
    await importAll(f.company.id, new Date(Date.now() - 60 * 60_000));
    const count = (await entriesOf(f.company.id)).length;
    await f.fake.put({ timecards: [card("c8", "TK-A", "M1", day(-1), 1)] });
    await f.fake.faults([
      { resource: "Timekeeper", page: 1, kind: "timeout", times: 1 },
      { resource: "Matter", page: 1, kind: "bad", times: 1 },
    ]);
    const now = new Date();
    const first = await importStep(await systemFor(f.company.id, "elite3e", now), env, { timeoutMs: 300 });
    expect(first.error).toBe("3E did not answer within 0.3 s");
    const second = await importStep(await systemFor(f.company.id, "elite3e", now), env, { timeoutMs: 300 });
    expect(second.error).toMatch(/^3E sent a bad matters page 1: items\.0\.Number /);
    const [state] = await db().select().from(eliteImports).where(eq(eliteImports.companyId, f.company.id));
    expect(state.failures).toBe(2);
    expect(state.nextAttemptAt?.getTime()).toBe(now.getTime() + 2 * BACKOFF_BASE_MS);
    expect(state.lastSuccessAt).not.toBeNull();
    expect(await entriesOf(f.company.id)).toHaveLength(count);
    const third = await importStep(await systemFor(f.company.id, "elite3e", now), env);
    expect(third.finished).toBe(true);
    expect(await entriesOf(f.company.id)).toHaveLength(count + 1);
    const total = await db()
      .select({ n: sql<number>`count(*)` })
      .from(userWeekHours)
      .where(eq(userWeekHours.companyId, f.company.id));
    expect(total[0].n).toBeGreaterThan(0);
  });
});

describe("the company's 3E connection (PUT/GET /company/elite-3e)", () => {
  it("seals the secret, never returns it, refuses non-public endpoints, and shows the import's state", async () => {
    const f = await createCompanyWithRoles("Config Firm");
    const put = (json: unknown) => api("/api/v2/company/elite-3e", { method: "PUT", token: f.tokens.companyAdmin, json });
    const bad = await put({ endpoint: "http://10.0.0.1/3e", clientId: "x", clientSecret: "y" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ entityType: "Elite3eConfigInputErrors", errors: { endpoint: ENDPOINT_MESSAGE } });
    expect((await put({ endpoint: "https://3e.example.com/TE", clientId: "x" })).status).toBe(400);

    const fake = fakeEliteTenant("cfg");
    const ok = await put({ endpoint: fake.base, clientId: FAKE_CLIENT_ID, clientSecret: FAKE_CLIENT_SECRET });
    expect(ok.status).toBe(200);
    const text = await ok.text();
    expect(text).not.toContain(FAKE_CLIENT_SECRET);
    expect(JSON.parse(text)).toMatchObject({ endpoint: fake.base, clientId: FAKE_CLIENT_ID, clientSecretSet: true, status: { lastSuccessAt: null } });
    const [row] = await db().select().from(companies).where(eq(companies.id, f.company.id));
    expect(row.elite3eClientSecret).toMatch(/^sb1:/);

    await fake.put({ timekeepers: [tk("T1", "One", null)] });
    const now = new Date();
    expect((await importStep(await systemFor(f.company.id, "elite3e", now), env)).finished).toBe(true);
    const status = (await (await api("/api/v2/company/elite-3e", { token: f.tokens.companyAdmin })).json()) as { status: Record<string, unknown> };
    expect(status.status).toMatchObject({ lastSuccessAt: now.toISOString(), lastError: null, failures: 0 });
    // Only company admins: the secret opens the firm's time keeping.
    expect((await api("/api/v2/company/elite-3e", { token: f.tokens.administrator })).status).toBe(403);
  });
});
