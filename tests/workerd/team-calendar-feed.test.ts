import { SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { forecastRow, groupRow, officeRow } from "~/db/factories";
import { calendarFeeds, forecasts, groups, offices, users, vacations } from "~/db/schema";
import { newId } from "~/lib/ids";
import { BASE, cookieFor, createCompany, db } from "./helpers";
import { parseCalendar } from "./ical-reader";

const day = (offset: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset));
};
const ymd = (d: Date) => d.toISOString().slice(0, 10).replaceAll("-", "");

const SETTINGS_DATA = "/settings?_data=routes%2F_app.settings";
const settings = (cookie: string, form?: [string, string][]) =>
  SELF.fetch(`${BASE}${SETTINGS_DATA}`, {
    method: form ? "POST" : "GET",
    body: form ? new URLSearchParams(form) : undefined,
    headers: { Cookie: cookie, ...(form ? { "Content-Type": "application/x-www-form-urlencoded" } : {}) },
  });
const renewTeam = (cookie: string, officeIds: string[], groupIds: string[]) =>
  settings(cookie, [
    ["intent", "renewTeamFeed"],
    ...officeIds.map((id): [string, string] => ["offices", id]),
    ...groupIds.map((id): [string, string] => ["groups", id]),
  ]);
const feed = (url: string) => SELF.fetch(url.replace(/^https?:\/\/[^/]+/, BASE));

type Person = { id: string; email: string };
let firm: Awaited<ReturnType<typeof createCompany>>;
let otherOffice: ReturnType<typeof officeRow>;
let otherGroup: ReturnType<typeof groupRow>;
let p: Record<
  "companyAdmin" | "scopedAdmin" | "observer" | "employee" | "colleague" | "elsewhere" | "otherGroupPerson" | "invited" | "adminInTeam",
  Person
>;
const rows: Record<string, string> = {};

beforeAll(async () => {
  firm = await createCompany("Team Feed Firm");
  otherGroup = groupRow(firm.company.id, { name: "Litigation" });
  otherOffice = officeRow(firm.company.id, otherGroup.id, { name: "Malmö" });
  await db().batch([db().insert(groups).values(otherGroup), db().insert(offices).values(otherOffice)]);
  p = {
    companyAdmin: await firm.createUser("companyAdmin", { name: "Cora Company", groupId: null, officeId: null }),
    // An administrator in the firm's office and group: in a firm without 'all offices' by default, they pick only their own.
    scopedAdmin: await firm.createUser("administrator", { name: "Sam Scoped" }),
    observer: await firm.createUser("observer", { name: "Olle Observer" }),
    employee: await firm.createUser("employee", { name: "Eva Employee" }),
    colleague: await firm.createUser("employee", { name: "Carl Colleague; Jr, III" }),
    elsewhere: await firm.createUser("employee", { name: "Mona Malmö", officeId: otherOffice.id }),
    otherGroupPerson: await firm.createUser("employee", { name: "Lars Litigation", groupId: otherGroup.id }),
    invited: await firm.createUser("invited", { name: "Ivan Invited" }),
    adminInTeam: await firm.createUser("administrator", { name: "Anna Admin" }),
  };
  const strangerFirm = await createCompany("Stranger Firm");
  const stranger = await strangerFirm.createUser("employee", { name: "Stranger" });
  const f = (who: Person, start: number, end: number, status: "away" | "0" | "1" | "2" | "3", comment = "") => {
    const row = forecastRow(firm.company.id, who.id, { startDate: day(start), endDate: day(end), status, comment });
    rows[`${who.email}:${status}:${start}`] = row.id;
    return row;
  };
  await db().batch([
    db()
      .insert(forecasts)
      .values([
        f(p.employee, 2, 4, "away", "Court in Lund"),
        f(p.colleague, 5, 5, "3"),
        f(p.employee, -40, -35, "1"),
        f(p.elsewhere, 1, 2, "away"),
        f(p.otherGroupPerson, 1, 2, "2"),
        f(p.invited, 1, 2, "2"),
        f(p.adminInTeam, 1, 2, "away"),
        forecastRow(strangerFirm.company.id, stranger.id, { startDate: day(1), endDate: day(2), status: "away" }),
      ]),
    db()
      .insert(vacations)
      .values({ id: newId(), companyId: firm.company.id, userId: p.colleague.id, startDate: day(10), endDate: day(14) }),
  ]);
});

const summaries = async (url: string) => {
  const response = await feed(url);
  expect(response.status).toBe(200);
  expect(response.headers.get("Content-Type")).toBe("text/calendar; charset=utf-8");
  return parseCalendar(await response.text());
};

describe("the administrators' team calendar feed", () => {
  it("a company admin picks offices and groups; the feed has those people's forecasts and leave, parsed back", async () => {
    const cookie = await cookieFor(p.companyAdmin.email);
    const before = (await (await settings(cookie)).json()) as { teamFeed: { feed: null; offices: { id: string }[]; groups: { id: string }[] } };
    expect(before.teamFeed.feed).toBeNull();
    expect(before.teamFeed.offices.map((o) => o.id).sort()).toEqual([firm.office.id, otherOffice.id].sort());
    expect(before.teamFeed.groups.map((g) => g.id).sort()).toEqual([firm.group.id, otherGroup.id].sort());

    const made = (await (await renewTeam(cookie, [firm.office.id], [firm.group.id])).json()) as { ok: boolean; url: string; message: string };
    expect(made).toMatchObject({ ok: true, message: "Team calendar address ready" });
    expect(made.url).toMatch(/^http:\/\/localhost\/calendar\/[0-9a-f]{24}\.[0-9a-f]{24}\/[A-Za-z0-9_-]{43}\.ics$/);
    expect(await (await settings(cookie)).json()).toMatchObject({
      teamFeed: { feed: { url: made.url, officeIds: [firm.office.id], groupIds: [firm.group.id] } },
    });
    // The person's own feed is another address.
    expect(await (await settings(cookie)).json()).toMatchObject({ feedUrl: null });

    const { calendar, events } = await summaries(made.url);
    expect(calendar).toMatchObject({ VERSION: "2.0", "X-WR-CALNAME": "Team Feed Firm: team availability" });
    expect(calendar["X-WR-CALDESC"]).toBe("Forecasts and leave of Team Feed Firm Office · Team Feed Firm Group from Availability");
    // Eva's away and Carl's seriously busy and leave; not the one that ended 35 days ago, not Malmö, not
    // Litigation, not the invited person, not an administrator, not another firm.
    expect(events.map((e) => e.SUMMARY).sort()).toEqual([
      "Carl Colleague; Jr, III: On leave",
      "Carl Colleague; Jr, III: Seriously busy",
      "Eva Employee: Away",
    ]);
    const away = events.find((e) => e.SUMMARY === "Eva Employee: Away")!;
    expect(away).toMatchObject({
      UID: `team-forecast-${rows[`${p.employee.email}:away:2`]}@availability`,
      DTSTART: ymd(day(2)),
      DTEND: ymd(day(5)),
      DESCRIPTION: "Court in Lund",
      TRANSP: "TRANSPARENT",
    });
    expect(events.find((e) => e.SUMMARY.endsWith("On leave"))).toMatchObject({ DTSTART: ymd(day(10)), DTEND: ymd(day(15)) });

    // Both offices and groups: Malmö and Litigation join.
    const wider = (await (await renewTeam(cookie, [firm.office.id, otherOffice.id], [firm.group.id, otherGroup.id])).json()) as { url: string };
    const all = (await summaries(wider.url)).events.map((e) => e.SUMMARY);
    expect(all).toEqual(expect.arrayContaining(["Mona Malmö: Away", "Lars Litigation: Busy"]));
    expect(all.some((s) => s.startsWith("Anna Admin") || s.startsWith("Ivan Invited") || s.startsWith("Stranger"))).toBe(false);

    // Renewal killed the first address.
    const old = await feed(made.url);
    expect(old.status).toBe(404);
    expect(await old.text()).toBe("Not found\n");
  });

  it("updated as forecasts change", async () => {
    const cookie = await cookieFor(p.companyAdmin.email);
    const { url } = (await (await renewTeam(cookie, [firm.office.id], [firm.group.id])).json()) as { url: string };
    await db()
      .insert(forecasts)
      .values(forecastRow(firm.company.id, p.employee.id, { startDate: day(30), endDate: day(31), status: "0" }));
    expect((await summaries(url)).events.some((e) => e.SUMMARY === "Eva Employee: Available" && e.DTSTART === ymd(day(30)))).toBe(true);
  });

  it("needs at least one office and one group the admin may pick; a scoped administrator gets only their own", async () => {
    const cookie = await cookieFor(p.scopedAdmin.email);
    const view = (await (await settings(cookie)).json()) as { teamFeed: { offices: { id: string }[]; groups: { id: string }[] } };
    expect(view.teamFeed.offices.map((o) => o.id)).toEqual([firm.office.id]);
    expect(view.teamFeed.groups.map((g) => g.id)).toEqual([firm.group.id]);

    const none = await renewTeam(cookie, [], [firm.group.id]);
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({
      ok: false,
      message: "Choose at least one office.",
      errors: { offices: "Choose at least one office." },
    });
    // Malmö is not theirs to pick: dropped, and nothing else chosen.
    const foreign = await renewTeam(cookie, [otherOffice.id], [otherGroup.id]);
    expect(foreign.status).toBe(400);
    expect(await foreign.json()).toMatchObject({
      ok: false,
      message: "Choose at least one office and one group.",
      errors: { offices: "Choose at least one office.", groups: "Choose at least one group." },
    });
    const junk = await renewTeam(cookie, ["x".repeat(41)], [firm.group.id]);
    expect(junk.status).toBe(400);
    expect(await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, p.scopedAdmin.id))).toEqual([]);

    // With their own office plus Malmö asked for, the feed has their own only.
    const made = (await (await renewTeam(cookie, [firm.office.id, otherOffice.id], [firm.group.id, otherGroup.id])).json()) as { url: string };
    expect(await db().select({ officeIds: calendarFeeds.officeIds }).from(calendarFeeds).where(eq(calendarFeeds.userId, p.scopedAdmin.id))).toEqual([
      { officeIds: JSON.stringify([firm.office.id]) },
    ]);
    const summariesOf = (await summaries(made.url)).events.map((e) => e.SUMMARY);
    expect(summariesOf).toContain("Eva Employee: Away");
    expect(summariesOf.some((s) => s.startsWith("Mona") || s.startsWith("Lars"))).toBe(false);

    // Someone who stops being an administrator: the address answers 404 from then on.
    await db().update(users).set({ administratorPriviliges: false }).where(eq(users.id, p.scopedAdmin.id));
    expect((await feed(made.url)).status).toBe(404);
  });

  it("employees have no team feed: none offered, and asking is refused", async () => {
    const cookie = await cookieFor(p.employee.email);
    expect(await (await settings(cookie)).json()).toMatchObject({ teamFeed: null });
    const refused = await renewTeam(cookie, [firm.office.id], [firm.group.id]);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ ok: false, message: "Only administrators can make a team calendar address." });
    expect(await db().select().from(calendarFeeds).where(eq(calendarFeeds.userId, p.employee.id))).toEqual([]);
  });

  it("the observer (admin flag) has one too, and a person's own feed and team feed are renewed apart", async () => {
    const cookie = await cookieFor(p.observer.email);
    const own = (await (await settings(cookie, [["intent", "renewFeed"]])).json()) as { url: string };
    const team = (await (await renewTeam(cookie, [firm.office.id], [firm.group.id])).json()) as { url: string };
    expect((await feed(own.url)).status).toBe(200);
    const again = (await (await renewTeam(cookie, [firm.office.id], [firm.group.id])).json()) as { url: string };
    expect((await feed(team.url)).status).toBe(404);
    expect((await feed(again.url)).status).toBe(200);
    // The own feed survived the team renewal.
    expect((await feed(own.url)).status).toBe(200);
  });
});
