import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getActor } from "~/auth/session.server";
import { createDb } from "~/db/client";
import { eq } from "drizzle-orm";
import { offices, users } from "~/db/schema";
import { domainCtx } from "~/domain/context";
import { getDashboard } from "~/domain/dashboard/dashboard.server";
import { createForecast } from "~/domain/forecasts/forecasts.server";
import { workloadHistoryFor } from "~/domain/history/history.server";
import { todayFor } from "~/domain/today";
import { setWorkload } from "~/domain/workload/workload.server";
import { setWorkplace } from "~/domain/workplace/workplace.server";
import { getMe } from "~/domain/users/profile.server";
import type { LoadContext } from "~/env";
import { dayKey, parseDayKey } from "~/lib/dates";
import { isTimeZone, localDayKey } from "~/lib/time-zones";
import { api, BASE, createCompany, db, tokenFor } from "./helpers";

/**
 * Issue 16: "today" is the person's local day in their office's time zone (the company's
 * when the office has none), with the clock set by the test, never the machine's zone.
 */

const sources = import.meta.glob(["/app/domain/**/*.ts", "/app/routes/**/*.{ts,tsx}", "/app/features/**/*.server.ts"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

async function personIn(timeZone: string | null, companyZone = "Europe/Stockholm") {
  const firm = await createCompany(`Zone Firm ${timeZone}`, { timeZone: companyZone, enableNewForecasting: true });
  await db().update(offices).set({ timeZone }).where(eq(offices.id, firm.office.id));
  const person = await firm.createUser("employee");
  const token = await tokenFor(person.email);
  const context: LoadContext = { env, ctx: createExecutionContext(), db: createDb(env.DB) } as LoadContext;
  const actor = (await getActor(new Request(BASE, { headers: { Authorization: `Bearer ${token}` } }), context))!;
  /** The domain context as a request at `iso` (UTC) would get it. */
  const at = (iso: string) => domainCtx(context, actor, null, new Date(iso));
  return { firm, person, token, actor, at };
}

describe("the time zone module", () => {
  it("knows the runtime's IANA zones and refuses anything else", () => {
    for (const zone of ["UTC", "Europe/Stockholm", "Australia/Sydney", "America/New_York", "Asia/Singapore"]) expect(isTimeZone(zone)).toBe(true);
    for (const zone of ["", "Mars/Olympus", "europe/stockholm", "+01:00", "Europe/Stockholm\n", "../etc/passwd"])
      expect(isTimeZone(zone)).toBe(false);
  });

  it("gives each zone's calendar day around local midnight and around UTC midnight", () => {
    // Sydney is UTC+11 in November, New York UTC-5, Stockholm UTC+1.
    expect(localDayKey(new Date("2026-11-22T12:59:00Z"), "Australia/Sydney")).toBe("2026-11-22");
    expect(localDayKey(new Date("2026-11-22T13:00:00Z"), "Australia/Sydney")).toBe("2026-11-23");
    expect(localDayKey(new Date("2026-11-23T04:59:00Z"), "America/New_York")).toBe("2026-11-22");
    expect(localDayKey(new Date("2026-11-23T05:00:00Z"), "America/New_York")).toBe("2026-11-23");
    expect(localDayKey(new Date("2026-11-22T22:59:00Z"), "Europe/Stockholm")).toBe("2026-11-22");
    expect(localDayKey(new Date("2026-11-22T23:00:00Z"), "Europe/Stockholm")).toBe("2026-11-23");
    expect(localDayKey(new Date("2026-11-23T00:00:00Z"), "UTC")).toBe("2026-11-23");
  });
});

describe("today is the person's local day", () => {
  it("a Sydney associate at 9:00 on Monday sees Monday on the dashboard, in their week and for their forecasts", async () => {
    const { at, actor } = await personIn("Australia/Sydney");
    // Monday 23 November 2026, 09:00 in Sydney = Sunday 22:00 UTC.
    const ctx = at("2026-11-22T22:00:00Z");
    expect(dayKey(todayFor(actor, ctx.now))).toBe("2026-11-23");
    const dashboard = await getDashboard(ctx);
    expect(dayKey(dashboard.today)).toBe("2026-11-23");
    // A forecast starting "today" (Monday) is accepted; Sunday is the past.
    await expect(
      createForecast(ctx, actor.user.id, { startDate: parseDayKey("2026-11-22"), endDate: parseDayKey("2026-11-23"), status: "2", comment: null }),
    ).rejects.toMatchObject({ errors: { startDate: "Forecasts can start today at the earliest." } });
    const made = await createForecast(ctx, actor.user.id, {
      startDate: parseDayKey("2026-11-23"),
      endDate: parseDayKey("2026-11-23"),
      status: "2",
      comment: null,
    });
    expect(made.startDate.slice(0, 10)).toBe("2026-11-23");
    // The work-location week's TODAY slot is Monday: setting it changes today's state.
    await setWorkplace(ctx, 0, { option: 1, future: false, source: "web_app" });
    const me = await getMe(ctx);
    expect(me.workplaceForecast[0]).toBe(1);
    const [stored] = await db().select({ atHome: users.atHome }).from(users).where(eq(users.id, actor.user.id));
    expect(stored.atHome).toBe(true);
  });

  it("a New York partner updating at 20:00 writes into today, not tomorrow, and the history row has New York's day", async () => {
    const { at, actor } = await personIn("America/New_York");
    // Tuesday 24 November 2026, 20:00 in New York = Wednesday 01:00 UTC.
    const ctx = at("2026-11-25T01:00:00Z");
    expect(dayKey(ctx.today)).toBe("2026-11-24");
    await setWorkload(ctx, "current", { workscale: 3, source: "web_app" });
    const history = await workloadHistoryFor(ctx, "user", actor.user.id, 3);
    expect(history.points.map((p) => p.date)).toEqual(["2026-11-22", "2026-11-23", "2026-11-24"]);
    expect(history.points.at(-1)).toMatchObject({ date: "2026-11-24", averageWorkload: 3 });
    // A forecast "today" for New York is accepted though UTC is already Wednesday.
    await createForecast(ctx, actor.user.id, {
      startDate: parseDayKey("2026-11-24"),
      endDate: parseDayKey("2026-11-24"),
      status: "1",
      comment: null,
    });
  });

  it("writes just before and after a Stockholm person's local midnight land on the two days", async () => {
    const { at, actor } = await personIn(null, "Europe/Stockholm");
    const before = at("2026-11-24T22:59:00Z"); // 23:59 Tuesday in Stockholm
    const after = at("2026-11-24T23:01:00Z"); // 00:01 Wednesday in Stockholm, still Tuesday in UTC
    expect(dayKey(before.today)).toBe("2026-11-24");
    expect(dayKey(after.today)).toBe("2026-11-25");
    await setWorkload(before, "current", { workscale: 1, source: "web_app" });
    await setWorkload(after, "current", { workscale: 2, source: "web_app" });
    const history = await workloadHistoryFor(after, "user", actor.user.id, 2);
    expect(history.points).toMatchObject([
      { date: "2026-11-24", averageWorkload: 1 },
      { date: "2026-11-25", averageWorkload: 2 },
    ]);
  });

  it("keeps the history as recorded when the person's office moves to another zone", async () => {
    const { at, actor, firm, token } = await personIn("Australia/Sydney");
    await setWorkload(at("2026-11-22T22:00:00Z"), "current", { workscale: 2, source: "web_app" }); // Monday in Sydney, Sunday in UTC and New York
    await db().update(offices).set({ timeZone: "America/New_York" }).where(eq(offices.id, firm.office.id));
    const context = { env, ctx: createExecutionContext(), db: createDb(env.DB) } as LoadContext;
    const moved = (await getActor(new Request(BASE, { headers: { Authorization: `Bearer ${token}` } }), context))!;
    const ctx = domainCtx(context, moved, null, new Date("2026-11-24T17:00:00Z")); // Tuesday in New York
    expect(dayKey(ctx.today)).toBe("2026-11-24");
    const history = await workloadHistoryFor(ctx, "user", actor.user.id, 3);
    expect(history.points).toMatchObject([
      { date: "2026-11-22", averageWorkload: null },
      { date: "2026-11-23", averageWorkload: 2 },
      { date: "2026-11-24", averageWorkload: 2 },
    ]);
  });

  it("a company admin without an office has the company's zone; the secondary office does not change a zone", async () => {
    const firm = await createCompany("Zone Admin Firm", { timeZone: "Asia/Singapore" });
    const admin = await firm.createUser("companyAdmin", { officeId: null, groupId: null });
    const token = await tokenFor(admin.email);
    const context = { env, ctx: createExecutionContext(), db: createDb(env.DB) } as LoadContext;
    const actor = (await getActor(new Request(BASE, { headers: { Authorization: `Bearer ${token}` } }), context))!;
    // 17:00 UTC on 24 November is 01:00 on the 25th in Singapore.
    expect(dayKey(domainCtx(context, actor, null, new Date("2026-11-24T17:00:00Z")).today)).toBe("2026-11-25");
  });
});

describe("offices carry a time zone", () => {
  it("answers each office's zone (its own or the company's), sets and clears it, and refuses an unknown zone with a message", async () => {
    const firm = await createCompany("Zone API Firm", { timeZone: "Europe/Stockholm" });
    const admin = await firm.createUser("companyAdmin");
    const token = await tokenFor(admin.email);
    const get = async () =>
      ((await (await api("/api/v2/office", { token })).json()) as { _id: string; timeZone: string; ownTimeZone: boolean }[]).find(
        (office) => office._id === firm.office.id,
      );
    expect(await get()).toMatchObject({ timeZone: "Europe/Stockholm", ownTimeZone: false });
    const put = (json: unknown) => api(`/api/v2/office/${firm.office.id}`, { method: "PUT", token, json });
    expect((await put({ name: "Sydney", timeZone: "Australia/Sydney" })).status).toBe(200);
    expect(await get()).toMatchObject({ timeZone: "Australia/Sydney", ownTimeZone: true });
    // A rename alone keeps the zone.
    expect((await put({ name: "Sydney CBD" })).status).toBe(200);
    expect(await get()).toMatchObject({ timeZone: "Australia/Sydney", ownTimeZone: true });
    const refused = await put({ name: "Sydney", timeZone: "Mars/Olympus" });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("Choose a time zone from the list.");
    expect(await get()).toMatchObject({ timeZone: "Australia/Sydney" });
    expect((await put({ name: "Sydney", timeZone: null })).status).toBe(200);
    expect(await get()).toMatchObject({ timeZone: "Europe/Stockholm", ownTimeZone: false });
    const created = await api("/api/v2/office", {
      method: "POST",
      token,
      json: { name: "New York", group: firm.group.id, timeZone: "America/New_York" },
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ timeZone: "America/New_York", ownTimeZone: true });
  });
});

describe("one entry point for today", () => {
  it("no domain module, route or server feature takes the UTC day of the clock itself", () => {
    const utcToday = /\b(startOfUtcDay|nextWorkingDays|dayKey|mondayOf|parseDayKey)\(\s*(ctx\.now|now|new Date\(\)|Date\.now\(\))/;
    const offenders = Object.entries(sources)
      .filter(([, text]) => utcToday.test(text))
      .map(([file]) => file);
    expect(offenders).toEqual([]);
    // And only domain/today.ts turns a clock into a local day.
    const callers = Object.entries(sources)
      .filter(([file, text]) => /\blocalDay(Key)?\(/.test(text) && !file.endsWith("/domain/today.ts"))
      .map(([file]) => file);
    expect(callers).toEqual([]);
  });
});
