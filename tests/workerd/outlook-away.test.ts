import { env, SELF } from "cloudflare:test";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, forecasts, outlookCalendarSync, users } from "~/db/schema";
import { OUTLOOK_UNAVAILABLE } from "~/domain/forecasts/outlook-away.server";
import { outlookSyncStep, type OutlookSyncEnv } from "~/domain/forecasts/outlook-sync.server";
import { FROM_OUTLOOK } from "~/domain/forecasts/forecasts.server";
import { runScheduledWork } from "~/domain/operations/scheduled.server";
import type { Env } from "~/env";
import { addDirectoryUser, config, connectDirectory, control } from "./entra-helpers";
import { BASE, api, cookieFor, createCompanyWithRoles, day, db, runtime } from "./helpers";

const SETTINGS = "/settings?_data=routes%2F_app.settings";
const STOCKHOLM = "Europe/Stockholm";

const settings = (cookie: string, form?: Record<string, string>) =>
  SELF.fetch(`${BASE}${SETTINGS}`, {
    method: form ? "POST" : "GET",
    body: form ? new URLSearchParams(form) : undefined,
    headers: { Cookie: cookie, ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
  });

interface EventInput {
  id?: string;
  subject?: string;
  showAs: string;
  isAllDay?: boolean;
  start: { dateTime: string; timeZone: string };
  end: { dateTime: string; timeZone: string };
}

/** A firm connected to a fresh directory whose employee is linked to a directory person with a calendar. */
async function outlookFirm(name: string) {
  const firm = await createCompanyWithRoles(name, { timeZone: STOCKHOLM });
  const tenant = crypto.randomUUID();
  await connectDirectory(firm.company.id, tenant);
  const person = await addDirectoryUser(tenant, { displayName: "Emma Outlook", mail: firm.people.employee.email });
  await db().update(users).set({ azureAdId: person.id }).where(eq(users.id, firm.people.employee.id));
  const calendar = `calendar/${tenant}/${person.id}`;
  return {
    ...firm,
    tenant,
    directoryId: person.id,
    event: (input: EventInput) => control<{ id: string }>(`${calendar}/events`, { json: input }),
    deleteEvent: (id: string) => control(`${calendar}/events/${encodeURIComponent(id)}`, { method: "DELETE" }),
    automaticReplies: (input: Record<string, unknown>) => control(`${calendar}/automatic-replies`, { method: "PUT", json: input }),
  };
}

const allDay = (from: string, toExclusive: string) => ({
  start: { dateTime: `${from}T00:00:00.0000000`, timeZone: "UTC" },
  end: { dateTime: `${toExclusive}T00:00:00.0000000`, timeZone: "UTC" },
});
const local = (dayKey: string, time: string) => ({ dateTime: `${dayKey}T${time}:00.0000000`, timeZone: STOCKHOLM });

async function rowsOf(userId: string) {
  const rows = await db()
    .select({
      id: forecasts.id,
      start: forecasts.startDate,
      end: forecasts.endDate,
      status: forecasts.status,
      comment: forecasts.comment,
      externalSource: forecasts.externalSource,
      outlookEventId: forecasts.outlookEventId,
    })
    .from(forecasts)
    .where(eq(forecasts.userId, userId))
    .orderBy(asc(forecasts.startDate));
  return rows.map((r) => ({ ...r, start: r.start.toISOString().slice(0, 10), end: r.end.toISOString().slice(0, 10) }));
}

const fromOutlook = async (userId: string) =>
  (await rowsOf(userId))
    .filter((r) => r.outlookEventId)
    .map((r) => ({ start: r.start, end: r.end, event: r.outlookEventId, source: r.externalSource }));

async function cursorOf(userId: string) {
  const [cursor] = await db().select().from(outlookCalendarSync).where(eq(outlookCalendarSync.userId, userId));
  return cursor;
}

const syncEnv = (): OutlookSyncEnv => ({ runtime: runtime(), config: config() });

describe("away days from Outlook (Graph calendarView delta and automatic replies)", () => {
  it("turning it on brings Out of office events as away days around what the person entered; moves and deletions follow", async () => {
    const firm = await outlookFirm("Outlook Firm");
    const { employee } = firm.people;
    const token = firm.tokens.employee;
    // Entered by hand before: skiing on days 20 and 21.
    const skiing = await api(`/api/v2/forecast/${employee.id}`, {
      method: "POST",
      token,
      json: { startDate: day(20), endDate: day(21), status: "away", comment: "Skiing" },
    });
    expect(skiing.status).toBe(201);
    const skiingId = ((await skiing.json()) as { _id: string })._id;

    const holiday = await firm.event({ subject: "Holiday", showAs: "oof", isAllDay: true, ...allDay(day(10), day(13)) });
    await firm.event({ subject: "Client meeting", showAs: "busy", start: local(day(5), "10:00"), end: local(day(5), "11:00") });
    // A trip from day 19 08:00 to day 23 17:00 (Stockholm): days 19 to 23, less the skiing the person entered.
    const trip = await firm.event({ subject: "Conference", showAs: "oof", start: local(day(19), "08:00"), end: local(day(23), "17:00") });
    // An afternoon appointment does not cover the day's midday: no away day.
    await firm.event({ subject: "Dentist", showAs: "oof", start: local(day(30), "14:00"), end: local(day(30), "16:00") });

    const cookie = await cookieFor(employee.email);
    const before = (await (await settings(cookie)).json()) as { outlookAway: unknown };
    expect(before.outlookAway).toEqual({ on: false, lastSyncedAt: null, lastError: null, upcoming: 0 });
    const turnedOn = await settings(cookie, { intent: "outlookAway", on: "on" });
    expect(turnedOn.status).toBe(200);
    expect(await turnedOn.json()).toMatchObject({ ok: true, message: "Away days from Outlook are on: 3 away periods added." });

    expect(await fromOutlook(employee.id)).toEqual([
      { start: day(10), end: day(12), event: holiday.id, source: "Outlook" },
      { start: day(19), end: day(19), event: trip.id, source: "Outlook" },
      { start: day(22), end: day(23), event: trip.id, source: "Outlook" },
    ]);
    // The hand-entered days are as they were.
    const hand = (await rowsOf(employee.id)).find((r) => r.id === skiingId);
    expect(hand).toMatchObject({ start: day(20), end: day(21), comment: "Skiing", externalSource: null, outlookEventId: null });
    // Everyone's screens read them as from Outlook.
    const listed = (await (await api(`/api/v2/forecast/user/${employee.id}`, { token })).json()) as { externalSource: string | null }[];
    expect(listed.filter((f) => f.externalSource === "Outlook")).toHaveLength(3);
    const state = (await (await settings(cookie)).json()) as { outlookAway: { on: boolean; upcoming: number; lastSyncedAt: string | null } };
    expect(state.outlookAway).toMatchObject({ on: true, upcoming: 3 });
    expect(state.outlookAway.lastSyncedAt).not.toBeNull();
    const audits = await db()
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(and(eq(auditLog.companyId, firm.company.id), eq(auditLog.entityId, employee.id)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["outlook-away.on", "forecast.outlook-sync"]));

    // Deleting a day from Outlook here would only bring it back: refused, with what to do.
    const holidayRow = (await rowsOf(employee.id)).find((r) => r.outlookEventId === holiday.id)!;
    const refused = await api(`/api/v2/forecast/${employee.id}/${holidayRow.id}`, { method: "DELETE", token });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: FROM_OUTLOOK });

    // Moved in Outlook: the holiday is now days 14 to 16. The next step asks only for changes.
    await firm.event({ id: holiday.id, showAs: "oof", isAllDay: true, ...allDay(day(14), day(17)) });
    const moved = await outlookSyncStep(syncEnv(), await cursorOf(employee.id));
    expect(moved).toMatchObject({ error: null, roundComplete: true, created: 1, removed: 1 });
    const requests = await control<{ path: string }[]>("requests");
    expect(requests.filter((r) => r.path.includes("/calendarView/delta")).at(-1)!.path).toContain("$deltatoken=");
    expect(await fromOutlook(employee.id)).toEqual([
      { start: day(14), end: day(16), event: holiday.id, source: "Outlook" },
      { start: day(19), end: day(19), event: trip.id, source: "Outlook" },
      { start: day(22), end: day(23), event: trip.id, source: "Outlook" },
    ]);

    // Deleted in Outlook: the trip's days go; the skiing stays. This time from the Worker's cron.
    await firm.deleteEvent(trip.id);
    await db()
      .update(outlookCalendarSync)
      .set({ nextRunAt: new Date(0) })
      .where(eq(outlookCalendarSync.userId, employee.id));
    await runScheduledWork({
      env: env as unknown as Env,
      ctx: { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext,
      db: db(),
    });
    expect(await fromOutlook(employee.id)).toEqual([{ start: day(14), end: day(16), event: holiday.id, source: "Outlook" }]);
    expect((await rowsOf(employee.id)).find((r) => r.id === skiingId)).toMatchObject({ start: day(20), end: day(21), comment: "Skiing" });

    // Changed here by hand, the holiday becomes the person's: Outlook no longer moves or removes it.
    const moved14 = (await rowsOf(employee.id)).find((r) => r.outlookEventId === holiday.id)!;
    const edited = await api(`/api/v2/forecast/${employee.id}/${moved14.id}`, {
      method: "PUT",
      token,
      json: { startDate: day(14), endDate: day(15), status: "away", comment: "Back on Friday" },
    });
    expect(edited.status).toBe(200);
    expect(await edited.json()).toMatchObject({ externalSource: null });
    await firm.deleteEvent(holiday.id);
    expect(await outlookSyncStep(syncEnv(), await cursorOf(employee.id))).toMatchObject({ error: null, removed: 0 });
    expect(await rowsOf(employee.id)).toEqual([
      expect.objectContaining({
        id: moved14.id,
        start: day(14),
        end: day(15),
        comment: "Back on Friday",
        externalSource: null,
        outlookEventId: null,
      }),
      expect.objectContaining({ id: skiingId, start: day(20), end: day(21), comment: "Skiing" }),
    ]);

    // Turned off: the calendar is forgotten and its days from today on removed.
    await firm.event({ subject: "Leave", showAs: "oof", isAllDay: true, ...allDay(day(40), day(42)) });
    await outlookSyncStep(syncEnv(), await cursorOf(employee.id));
    expect(await fromOutlook(employee.id)).toHaveLength(1);
    const off = await settings(cookie, { intent: "outlookAway", on: "off" });
    expect(await off.json()).toMatchObject({ ok: true });
    expect(await fromOutlook(employee.id)).toEqual([]);
    expect(await cursorOf(employee.id)).toBeUndefined();
    expect((await rowsOf(employee.id)).map((r) => r.id)).toEqual([moved14.id, skiingId]);
  });

  it("a round pages with nextLink; the automatic-replies window is away too, and goes when the replies are turned off", async () => {
    const firm = await outlookFirm("Outlook Replies Firm");
    const { employee } = firm.people;
    for (let i = 0; i < 5; i++)
      await firm.event({ subject: `Meeting ${i}`, showAs: "busy", start: local(day(3 + i), "09:00"), end: local(day(3 + i), "10:00") });
    await firm.event({ subject: "Parental leave", showAs: "oof", isAllDay: true, ...allDay(day(60), day(62)) });
    // Scheduled replies from day 30 17:00 to day 35 08:00: away on days 31 to 34.
    await firm.automaticReplies({
      status: "scheduled",
      scheduledStartDateTime: local(day(30), "17:00"),
      scheduledEndDateTime: local(day(35), "08:00"),
    });
    const cookie = await cookieFor(employee.email);
    await db().insert(outlookCalendarSync).values({ userId: employee.id, companyId: firm.company.id, enabledAt: new Date(), nextRunAt: new Date() });
    const small = { ...syncEnv(), pageSize: 2, pagesPerStep: 2 };
    const first = await outlookSyncStep(small, await cursorOf(employee.id));
    expect(first).toMatchObject({ pages: 2, roundComplete: false, error: null });
    expect((await cursorOf(employee.id)).inRound).toBe(true);
    const second = await outlookSyncStep(small, await cursorOf(employee.id));
    expect(second).toMatchObject({ pages: 1, roundComplete: true, error: null });
    expect(await fromOutlook(employee.id)).toEqual([
      { start: day(31), end: day(34), event: "automaticReplies", source: "Outlook" },
      { start: day(60), end: day(61), event: expect.any(String), source: "Outlook" },
    ]);

    await firm.automaticReplies({ status: "disabled" });
    await outlookSyncStep(small, await cursorOf(employee.id));
    expect((await fromOutlook(employee.id)).map((r) => r.start)).toEqual([day(60)]);

    // Always on: away today, for as long as it stays on.
    await firm.automaticReplies({ status: "alwaysEnabled" });
    await outlookSyncStep(small, await cursorOf(employee.id));
    const state = (await (await settings(cookie)).json()) as { outlookAway: { upcoming: number } };
    expect(state.outlookAway.upcoming).toBe(2);
    expect((await fromOutlook(employee.id)).find((r) => r.event === "automaticReplies")).toBeTruthy();
  });

  it("a firm without Microsoft, or a person not linked to its directory, sees no trace, and turning it on is refused", async () => {
    const plain = await createCompanyWithRoles("No Microsoft Firm");
    const cookie = await cookieFor(plain.people.employee.email);
    const loaded = (await (await settings(cookie)).json()) as Record<string, unknown>;
    expect(loaded.outlookAway).toBeNull();
    const refused = await settings(cookie, { intent: "outlookAway", on: "on" });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ ok: false, message: OUTLOOK_UNAVAILABLE });
    expect(await cursorOf(plain.people.employee.id)).toBeUndefined();

    const connected = await outlookFirm("Unlinked Outlook Firm");
    const unlinked = await cookieFor(connected.people.observer.email);
    expect(((await (await settings(unlinked)).json()) as Record<string, unknown>).outlookAway).toBeNull();
    expect((await settings(unlinked, { intent: "outlookAway", on: "on" })).status).toBe(400);
  });
});
