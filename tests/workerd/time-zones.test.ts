import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getActor } from "~/auth/session.server";
import { createDb } from "~/db/client";
import { eq } from "drizzle-orm";
import { forecasts, offices, updateReminders, users, vacations } from "~/db/schema";
import { officeRow } from "~/db/factories";
import { newId } from "~/lib/ids";
import { getPlanner } from "~/domain/planner/planner.server";
import { sendUpdateReminders } from "~/domain/reminders/reminders.server";
import { filterUsers } from "~/domain/users/filter.server";
import { requireUserCard } from "~/domain/users/user-card.server";
import { domainCtx } from "~/domain/context";
import { getDashboard } from "~/domain/dashboard/dashboard.server";
import { createForecast, updateForecast } from "~/domain/forecasts/forecasts.server";
import { workloadHistoryFor } from "~/domain/history/history.server";
import { todayFor } from "~/domain/today";
import { setWorkload } from "~/domain/workload/workload.server";
import { setWorkplace } from "~/domain/workplace/workplace.server";
import { getMe } from "~/domain/users/profile.server";
import type { LoadContext } from "~/env";
import { dayKey, parseDayKey } from "~/lib/dates";
import { isTimeZone, localDayKey, startOfLocalDay } from "~/lib/time-zones";
import { formatterFor, negotiateLocale } from "~/lib/format";
import { quickDates } from "~/domain/workload/quick-dates";
import { api, BASE, createCompany, db, runtime, tokenFor } from "./helpers";

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

/**
 * One firm (Stockholm) with a Sydney and a New York office: each row of the team views has
 * its own person's today, whoever reads it (issue 16, item 2's last sentence).
 */
async function worldFirm(name: string) {
  const firm = await createCompany(name, { timeZone: "Europe/Stockholm", enableNewForecasting: true, allOfficesDefault: true });
  const sydneyOffice = officeRow(firm.company.id, firm.group.id, { name: `${name} Sydney`, timeZone: "Australia/Sydney" });
  const newYorkOffice = officeRow(firm.company.id, firm.group.id, { name: `${name} New York`, timeZone: "America/New_York" });
  await db().insert(offices).values([sydneyOffice, newYorkOffice]);
  const reader = await firm.createUser("administrator", { name: "Stina Stockholm" });
  const sydney = await firm.createUser("employee", { name: "Sam Sydney", officeId: sydneyOffice.id, updateReminders: 7 });
  const newYork = await firm.createUser("employee", { name: "Nora New York", officeId: newYorkOffice.id, updateReminders: 7 });
  const stockholm = await firm.createUser("employee", { name: "Sven Stockholm", updateReminders: 7 });
  const token = await tokenFor(reader.email);
  const context = { env, ctx: createExecutionContext(), db: createDb(env.DB) } as LoadContext;
  const actor = (await getActor(new Request(BASE, { headers: { Authorization: `Bearer ${token}` } }), context))!;
  const at = (iso: string) => domainCtx(context, actor, null, new Date(iso));
  return { firm, reader, sydney, newYork, stockholm, at };
}

const at = (world: { at: (iso: string) => ReturnType<typeof domainCtx> }, iso: string) => world.at(iso);

const everyone = { offices: "all", groups: "all", term: "", completed: true, sort: "name" } as const;

describe("other people's rows have their own today", () => {
  it("the overview, the planner and the user card give each person their office's day, around each local midnight and UTC midnight", async () => {
    const world = await worldFirm("World Rows");
    // Each instant: the Stockholm reader's day, then Sydney's, New York's.
    const instants: [string, string, string, string][] = [
      ["2026-11-22T12:59:00Z", "2026-11-22", "2026-11-22", "2026-11-22"], // just before Sydney's midnight
      ["2026-11-22T13:00:00Z", "2026-11-22", "2026-11-23", "2026-11-22"], // Sydney's Monday begins
      ["2026-11-22T22:59:00Z", "2026-11-22", "2026-11-23", "2026-11-22"], // just before Stockholm's midnight
      ["2026-11-22T23:00:00Z", "2026-11-23", "2026-11-23", "2026-11-22"], // Stockholm's Monday
      ["2026-11-23T00:00:00Z", "2026-11-23", "2026-11-23", "2026-11-22"], // UTC midnight: New York is still Sunday
      ["2026-11-23T04:59:00Z", "2026-11-23", "2026-11-23", "2026-11-22"],
      ["2026-11-23T05:00:00Z", "2026-11-23", "2026-11-23", "2026-11-23"], // New York's Monday
    ];
    for (const [iso, stockholmDay, sydneyDay, newYorkDay] of instants) {
      const ctx = at(world, iso);
      expect(dayKey(ctx.today), iso).toBe(stockholmDay);
      const page = await filterUsers(ctx, { ...everyone, offset: 0, limit: 50 });
      const todayOf = (name: string) => page.users.find((u) => u.name === name)?.today;
      expect([todayOf("Sven Stockholm"), todayOf("Sam Sydney"), todayOf("Nora New York")], iso).toEqual([stockholmDay, sydneyDay, newYorkDay]);
      const planner = await getPlanner(ctx, { from: parseDayKey("2026-11-16"), days: 14 });
      const row = (name: string) => planner.people.find((p) => p.name === name)?.today;
      expect([row("Sven Stockholm"), row("Sam Sydney"), row("Nora New York")], iso).toEqual([stockholmDay, sydneyDay, newYorkDay]);
      expect(planner.today.slice(0, 10)).toBe(stockholmDay);
      expect((await requireUserCard(ctx, world.sydney.id)).today.slice(0, 10), iso).toBe(sydneyDay);
      expect((await requireUserCard(ctx, world.newYork.id)).today.slice(0, 10), iso).toBe(newYorkDay);
    }
  });

  it("a Sydney colleague's vacation, forecast and location count on their Monday while the Stockholm reader still has Sunday", async () => {
    const world = await worldFirm("World Away");
    await db()
      .insert(vacations)
      .values({
        id: newId(),
        companyId: world.firm.company.id,
        userId: world.sydney.id,
        startDate: parseDayKey("2026-11-23"),
        endDate: parseDayKey("2026-11-23"),
      });
    await db()
      .insert(forecasts)
      .values({
        id: newId(),
        companyId: world.firm.company.id,
        userId: world.newYork.id,
        startDate: parseDayKey("2026-11-22"),
        endDate: parseDayKey("2026-11-22"),
        status: "3",
        comment: null,
        createdAt: new Date("2026-11-20T00:00:00Z"),
        updatedAt: new Date("2026-11-20T00:00:00Z"),
      });
    // Sunday 22:00 UTC: Monday 09:00 in Sydney, Sunday 23:00 in Stockholm, Sunday 17:00 in New York.
    const ctx = at(world, "2026-11-22T22:00:00Z");
    const page = await filterUsers(ctx, { ...everyone, offset: 0, limit: 50 });
    const sam = page.users.find((u) => u.name === "Sam Sydney")!;
    const nora = page.users.find((u) => u.name === "Nora New York")!;
    expect(sam.away).toBe(true);
    // New York's Sunday forecast is New York's "Now".
    expect(nora.forecast).toMatchObject({ status: "3", startDate: "2026-11-22T00:00:00.000Z" });
    // A few hours later in Stockholm (Monday 01:00), New York is still Sunday: the forecast is still current there.
    const later = await filterUsers(at(world, "2026-11-23T00:00:00Z"), { ...everyone, offset: 0, limit: 50 });
    expect(later.users.find((u) => u.name === "Nora New York")!.forecast).toMatchObject({ status: "3" });
    // Once New York's Monday begins it is gone.
    const monday = await filterUsers(at(world, "2026-11-23T05:00:00Z"), { ...everyone, offset: 0, limit: 50 });
    expect(monday.users.find((u) => u.name === "Nora New York")!.forecast).toBeNull();
    // The user card agrees: Sam is away on Sydney's Monday.
    expect((await requireUserCard(ctx, world.sydney.id)).user).toMatchObject({ away: true });
  });

  it("a forecast for a Sydney colleague may start on their Monday, though the reader's today is Sunday", async () => {
    const world = await worldFirm("World Forecast");
    const admin = await world.firm.createUser("administrator");
    const token = await tokenFor(admin.email);
    const context = { env, ctx: createExecutionContext(), db: createDb(env.DB) } as LoadContext;
    const actor = (await getActor(new Request(BASE, { headers: { Authorization: `Bearer ${token}` } }), context))!;
    // Monday 00:30 in Sydney, Sunday 14:30 in Stockholm.
    const ctx = domainCtx(context, actor, null, new Date("2026-11-22T13:30:00Z"));
    expect(dayKey(ctx.today)).toBe("2026-11-22");
    // Sunday is the past for the Sydney person...
    await expect(
      createForecast(ctx, world.sydney.id, { startDate: parseDayKey("2026-11-22"), endDate: parseDayKey("2026-11-23"), status: "2", comment: null }),
    ).rejects.toMatchObject({ errors: { startDate: "Forecasts can start today at the earliest." } });
    // ...but still today for the New York one, and Monday is Sydney's today.
    await createForecast(ctx, world.newYork.id, {
      startDate: parseDayKey("2026-11-22"),
      endDate: parseDayKey("2026-11-22"),
      status: "1",
      comment: null,
    });
    const sydneys = await createForecast(ctx, world.sydney.id, {
      startDate: parseDayKey("2026-11-23"),
      endDate: parseDayKey("2026-11-23"),
      status: "1",
      comment: null,
    });
    // Changing it follows the same day: it may not move onto Sydney's past Sunday...
    await expect(
      updateForecast(ctx, world.sydney.id, sydneys._id, {
        startDate: parseDayKey("2026-11-22"),
        endDate: parseDayKey("2026-11-22"),
        status: "1",
        comment: null,
      }),
    ).rejects.toMatchObject({ errors: { startDate: "Forecasts can start today at the earliest." } });
    // ...and New York's forecast may still be moved within the reader's Sunday, its today too.
    const newYorks = await createForecast(ctx, world.newYork.id, {
      startDate: parseDayKey("2026-11-24"),
      endDate: parseDayKey("2026-11-24"),
      status: "2",
      comment: null,
    });
    await updateForecast(ctx, world.newYork.id, newYorks._id, {
      startDate: parseDayKey("2026-11-22"),
      endDate: parseDayKey("2026-11-22"),
      status: "2",
      comment: null,
    });
  });
});

describe("each person's own day around midnights", () => {
  it("today's card, the forecast rule, the location week's TODAY and the history row follow the person's zone around local and UTC midnight", async () => {
    // [zone, instant just before local midnight, just after]: Sydney (UTC+11), New York (UTC-5), Stockholm (UTC+1) in November.
    const cases: [string, string, string, string, string][] = [
      ["Australia/Sydney", "2026-11-23T12:59:00Z", "2026-11-23T13:00:00Z", "2026-11-23", "2026-11-24"],
      ["America/New_York", "2026-11-24T04:59:00Z", "2026-11-24T05:00:00Z", "2026-11-23", "2026-11-24"],
      ["Europe/Stockholm", "2026-11-23T22:59:00Z", "2026-11-23T23:00:00Z", "2026-11-23", "2026-11-24"],
    ];
    for (const [zone, before, after, dayBefore, dayAfter] of cases) {
      const { at, actor } = await personIn(zone);
      for (const [iso, day] of [
        [before, dayBefore],
        [after, dayAfter],
        // UTC midnight between Monday and Tuesday: Sydney is Tuesday morning, New York Monday evening, Stockholm Tuesday 01:00.
        ["2026-11-24T00:00:00Z", zone === "America/New_York" ? "2026-11-23" : "2026-11-24"],
      ] as const) {
        const ctx = at(iso);
        const dashboard = await getDashboard(ctx);
        expect(dashboard.today.slice(0, 10), `${zone} ${iso}`).toBe(day);
        // The location week starts with today's weekday (Monday 23 or Tuesday 24 November), TODAY first.
        expect(dashboard.week.rolling[0], `${zone} ${iso}`).toBe(day);
        // The forecast rule: today is accepted, the day before is the past.
        const yesterday = dayKey(new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000));
        await expect(
          createForecast(ctx, actor.user.id, { startDate: parseDayKey(yesterday), endDate: parseDayKey(day), status: "1", comment: null }),
          `${zone} ${iso}`,
        ).rejects.toMatchObject({ errors: { startDate: "Forecasts can start today at the earliest." } });
        // The history row lands on the person's day.
        await setWorkload(ctx, "current", { workscale: 2, source: "web_app" });
        const history = await workloadHistoryFor(ctx, "user", actor.user.id, 1);
        expect(history.points, `${zone} ${iso}`).toMatchObject([{ date: day, averageWorkload: 2 }]);
      }
    }
  });
});

describe("update reminders at 09:00 local time", () => {
  it("mail a Sydney, a New York and a Stockholm person in their own 09:00 hour on their working day, once a day", async () => {
    const world = await worldFirm("World Reminders");
    const stale = new Date("2026-11-01T00:00:00Z");
    for (const person of [world.sydney, world.newYork, world.stockholm])
      await db().update(users).set({ lastUpdated: stale }).where(eq(users.id, person.id));
    const reminded = async () => {
      const rows = await db()
        .select({ userId: updateReminders.userId, sentAt: updateReminders.sentAt })
        .from(updateReminders)
        .where(eq(updateReminders.companyId, world.firm.company.id));
      const names = new Map([world.sydney, world.newYork, world.stockholm].map((p) => [p.id, p.name]));
      return rows.map((r) => `${names.get(r.userId)} ${r.sentAt.toISOString()}`).sort();
    };
    const run = (iso: string) => sendUpdateReminders(runtime(), new Date(iso));
    // Sunday 21:59 UTC: Monday 08:59 in Sydney: nobody yet.
    await run("2026-11-22T21:59:00Z");
    expect(await reminded()).toEqual([]);
    // Sunday 22:00 UTC: Monday 09:00 in Sydney (a working day there, Sunday in UTC).
    await run("2026-11-22T22:00:00Z");
    expect(await reminded()).toEqual(["Sam Sydney 2026-11-22T22:00:00.000Z"]);
    // The cron runs again in the same hour: no second mail.
    await run("2026-11-22T22:55:00Z");
    // Monday 08:00 UTC: 09:00 in Stockholm.
    await run("2026-11-23T08:00:00Z");
    // Monday 13:59 UTC: 08:59 in New York; 14:30 UTC: 09:30 there.
    await run("2026-11-23T13:59:00Z");
    expect((await reminded()).some((r) => r.startsWith("Nora"))).toBe(false);
    await run("2026-11-23T14:30:00Z");
    expect(await reminded()).toEqual([
      "Nora New York 2026-11-23T14:30:00.000Z",
      "Sam Sydney 2026-11-22T22:00:00.000Z",
      "Sven Stockholm 2026-11-23T08:00:00.000Z",
    ]);
    // Saturday 09:00 in Sydney (Friday 22:00 UTC, a UTC working day) sends nothing: it is the weekend there.
    await db().delete(updateReminders).where(eq(updateReminders.companyId, world.firm.company.id));
    await run("2026-11-27T22:00:00Z");
    // Friday 09:00 in New York (14:00 UTC) still is a working day there.
    await run("2026-11-27T14:00:00Z");
    expect(await reminded()).toEqual(["Nora New York 2026-11-27T14:00:00.000Z"]);
  });
});

describe("dates and numbers in the reader's locale", () => {
  it("takes the first language of Accept-Language the runtime can format, else en-GB", () => {
    expect(negotiateLocale("en-AU,en;q=0.9")).toBe("en-AU");
    expect(negotiateLocale("en-US,en;q=0.9")).toBe("en-US");
    expect(negotiateLocale("de;q=0.5, sv-SE;q=0.8")).toBe("sv-SE");
    for (const header of [null, "", "*", "not a tag!!, ;q=", "x".repeat(60), "en-US;q=0"]) expect(negotiateLocale(header)).toBe("en-GB");
  });

  it("writes weekday and month names, date order and the decimal mark as the locale does, the same day in every zone", () => {
    const monday = "2026-11-23T00:00:00.000Z";
    const au = formatterFor("en-AU");
    const us = formatterFor("en-US");
    const gb = formatterFor("en-GB");
    const sv = formatterFor("sv-SE");
    expect(gb.weekdayDayMonth(monday)).toBe("Mon 23 Nov");
    expect(au.weekdayDayMonth(monday)).toBe("Mon, 23 Nov");
    expect(us.weekdayDayMonth(monday)).toBe("Mon, Nov 23");
    expect(sv.weekdayDayMonth(monday)).toBe("mån 23 nov.");
    expect(us.dayMonthYear(monday)).toBe("Nov 23, 2026");
    expect(gb.dayMonthYear(monday)).toBe("23 Nov 2026");
    expect(us.weekdayLong(monday)).toBe("Monday");
    expect(gb.number(1.5, 1)).toBe("1.5");
    expect(sv.number(1.5, 1)).toBe("1,5");
    expect(sv.percent(12.25, 1)).toBe("12,3 %");
    expect(us.percent(12.25, 1)).toBe("12.3 %");
    // Quick dates name the weekday and the day in the reader's locale; Monday's week stays Monday to Friday.
    const forecasts = [{ startDate: "2026-11-19T00:00:00.000Z", endDate: "2026-11-19T00:00:00.000Z" }];
    expect(quickDates("2026-11-16", forecasts, us).map((q) => q.label)).toEqual(["Tomorrow", "Rest of the week", "Until Wed, Nov 18"]);
    expect(quickDates("2026-11-16", forecasts, au).map((q) => q.label)).toEqual(["Tomorrow", "Rest of the week", "Until Wed, 18 Nov"]);
    expect(quickDates("2026-11-20", [], us).map((q) => q.label)).toEqual(["Monday"]);
  });
});

describe("startOfLocalDay (the Activity page's From and To)", () => {
  it("is the instant the day begins in the zone, across summer time and half-hour offsets", () => {
    expect(startOfLocalDay("2026-07-01", "Europe/Stockholm").toISOString()).toBe("2026-06-30T22:00:00.000Z");
    expect(startOfLocalDay("2026-01-15", "Europe/Stockholm").toISOString()).toBe("2026-01-14T23:00:00.000Z");
    // The day summer time begins (02:00 → 03:00) still begins at midnight, CET.
    expect(startOfLocalDay("2026-03-29", "Europe/Stockholm").toISOString()).toBe("2026-03-28T23:00:00.000Z");
    expect(startOfLocalDay("2026-01-15", "Asia/Kolkata").toISOString()).toBe("2026-01-14T18:30:00.000Z");
    expect(startOfLocalDay("2026-01-15", "America/St_Johns").toISOString()).toBe("2026-01-15T03:30:00.000Z");
    expect(startOfLocalDay("2026-01-15", "UTC").toISOString()).toBe("2026-01-15T00:00:00.000Z");
  });
});
