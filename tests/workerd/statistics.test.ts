import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { competences, forecasts, offices, userSkills, vacations, workloadHistory, workplacePlans } from "~/db/schema";
import { rollupRange } from "~/domain/statistics/rollup.server";
import type { DomainContext } from "~/domain/context";
import type { StatisticsResponse } from "~/domain/statistics/statistics.schema";
import { orderRuns, packedTotals, pagePeopleStatement, pageWindow } from "~/domain/statistics/statistics.server";
import { newId } from "~/lib/ids";
import { api, createCompany, db, systemFor, tokenFor } from "./helpers";

/**
 * A small fixed history, two working weeks (Mon 5 Jan to Fri 16 Jan 2026), four people, and
 * every figure of the Statistics response worked out by hand below (decision 0120 has the
 * definitions). Team O/G holds A, B and C; team O2/G holds D.
 *
 *   A: level 1 from 1 Jan, level 3 from Mon 12 Jan 09:00. Default week all home, Fri 9 Jan office.
 *   B: level 0 from 2 Jan; a vacation on Wed 14 Jan. Default week all office.
 *   C: nothing until Wed 7 Jan 10:00, then level 2. No location plans.
 *   D: level 3 from 1 Jan; an 'away' forecast Thu 8 to Fri 9 Jan. Default week Mon home, else office.
 */
const at = (iso: string) => new Date(iso);
const day = (d: number) => Date.UTC(2026, 0, d);

let ids: { companyId: string; group: string; office: string; office2: string; a: string; b: string; c: string; d: string; k: string; l: string };
let adminToken: string;
let employeeToken: string;

beforeAll(async () => {
  const firm = await createCompany("Stats Firm");
  const office2 = { id: newId(), companyId: firm.company.id, groupId: firm.group.id, name: "Second office" };
  await db().insert(offices).values(office2);
  const a = await firm.createUser("employee", { name: "Anna", currentWorkload: 3, futureWorkload: 1 });
  const b = await firm.createUser("employee", { name: "Bo", currentWorkload: 0 });
  const c = await firm.createUser("employee", { name: "Cai", currentWorkload: 2, futureWorkload: 3 });
  const d = await firm.createUser("employee", { name: "Dee", officeId: office2.id, currentWorkload: 3, futureWorkload: 3 });
  const admin = await firm.createUser("companyAdmin");
  const companyId = firm.company.id;
  const history = (userId: string, iso: string, currentWorkload: number | null, onLeave = false) => ({
    id: newId(),
    companyId,
    userId,
    currentWorkload,
    onLeave,
    source: "web_app",
    recordedAt: at(iso),
  });
  const plan = (userId: string, kind: "default" | "rolling", key: number, option: number) => ({ id: newId(), companyId, userId, kind, key, option });
  const k = newId();
  const l = newId();
  await db().batch([
    db()
      .insert(workloadHistory)
      .values([
        history(a.id, "2026-01-01T10:00:00Z", 1),
        history(a.id, "2026-01-12T09:00:00Z", 3),
        history(b.id, "2026-01-02T10:00:00Z", 0),
        history(c.id, "2026-01-07T10:00:00Z", 2),
        history(d.id, "2026-01-01T10:00:00Z", 3),
      ]),
    db()
      .insert(vacations)
      .values({ id: newId(), companyId, userId: b.id, startDate: new Date(day(14)), endDate: new Date(day(14)) }),
    db()
      .insert(forecasts)
      .values({ id: newId(), companyId, userId: d.id, startDate: new Date(day(8)), endDate: new Date(day(9)), status: "away" }),
    db()
      .insert(workplacePlans)
      .values([
        ...[0, 1, 2, 3, 4].map((w) => plan(a.id, "default", w, 1)),
        plan(a.id, "rolling", day(9), 0),
        ...[0, 1, 2, 3, 4].map((w) => plan(b.id, "default", w, 0)),
        ...[0, 1, 2, 3, 4].map((w) => plan(d.id, "default", w, w === 0 ? 1 : 0)),
      ]),
    db()
      .insert(competences)
      .values([
        { id: k, companyId, name: "Tax" },
        { id: l, companyId, name: "M&A" },
      ]),
    db()
      .insert(userSkills)
      .values([
        { companyId, userId: a.id, competenceId: k },
        { companyId, userId: b.id, competenceId: k },
        { companyId, userId: d.id, competenceId: l },
      ]),
  ]);
  expect(await rollupRange(await systemFor(companyId, "rollup"), new Date(day(5)), new Date(day(16)))).toBe(10);
  ids = { companyId, group: firm.group.id, office: firm.office.id, office2: office2.id, a: a.id, b: b.id, c: c.id, d: d.id, k, l };
  adminToken = await tokenFor(admin.email);
  employeeToken = await tokenFor(a.email);
});

async function statistics(query: string, body: unknown, token = adminToken) {
  const response = await api(`/api/v2/statistic?${query}`, { method: "POST", token, json: body });
  return { status: response.status, body: (await response.json()) as StatisticsResponse & { message?: string; errors?: Record<string, string> } };
}

const bothTeams = () => ({ offices: [ids.office, ids.office2], groups: [ids.group] });

describe("POST /statistic, admin layout, two weeks", () => {
  let s: StatisticsResponse;
  beforeAll(async () => {
    const { status, body } = await statistics("startDate=2026-01-05&endDate=2026-01-16", bothTeams());
    expect(status, JSON.stringify(body)).toBe(200);
    s = body;
  });

  it("counts the four people and averages every reported day", () => {
    expect(s.layout).toBe("admin");
    expect(s.nbrOfUsers).toBe(4);
    // (A 20 over 10 days + B 0 over 9 + C 16 over 8 + D 24 over 8) = 60 / 35
    expect(s.averageWorkload).toBe(1.71);
  });

  it("averages each working day over those who reported", () => {
    expect(s.averageWorkloadOverTime).toEqual([
      { date: "2026-01-05", value: 1.33 }, // A1 B0 D3 (C none yet)
      { date: "2026-01-06", value: 1.33 },
      { date: "2026-01-07", value: 1.5 }, // C reports 2
      { date: "2026-01-08", value: 1 }, // D away
      { date: "2026-01-09", value: 1 },
      { date: "2026-01-12", value: 2 }, // A now 3
      { date: "2026-01-13", value: 2 },
      { date: "2026-01-14", value: 2.67 }, // B on vacation
      { date: "2026-01-15", value: 2 },
      { date: "2026-01-16", value: 2 },
    ]);
  });

  it("gives each person's average and portions, and buckets people by their rounded average", () => {
    expect(s.userWorkloadData).toEqual({
      [ids.a]: { avgWorkload: 2, portionOfSeriouslyBusy: 0.5, portionOfAvailable: 0 },
      [ids.b]: { avgWorkload: 0, portionOfSeriouslyBusy: 0, portionOfAvailable: 1 },
      [ids.c]: { avgWorkload: 2, portionOfSeriouslyBusy: 0, portionOfAvailable: 0 },
      [ids.d]: { avgWorkload: 3, portionOfSeriouslyBusy: 1, portionOfAvailable: 0 },
    });
    expect(s.workloadDistributions).toEqual([1, 0, 2, 1]);
  });

  it("averages teams by office and group, and compares future with current workload", () => {
    expect(s.teamWorkload).toEqual({
      [`${ids.office}_${ids.group}`]: { avgWorkload: 1.33, nbrOfUsers: 3 }, // 36 / 27
      [`${ids.office2}_${ids.group}`]: { avgWorkload: 3, nbrOfUsers: 1 },
    });
    expect(s.workloadForecast).toEqual({ lower: 1, higher: 1 }); // A 3→1, C 2→3; D unchanged; B has none
  });

  it("relates home days per week to workload", () => {
    // x = home days / days × 5: A 9/10 → 4.5, B 0, C 0, D 2/10 → 1; y = average workload.
    expect(s.WFHToWorkloadCorrelation.points).toEqual(
      expect.arrayContaining([
        { homeDaysPerWeek: 4.5, avgWorkload: 2, nbrOfUsers: 1 },
        { homeDaysPerWeek: 0, avgWorkload: 0, nbrOfUsers: 1 },
        { homeDaysPerWeek: 0, avgWorkload: 2, nbrOfUsers: 1 },
        { homeDaysPerWeek: 1, avgWorkload: 3, nbrOfUsers: 1 },
      ]),
    );
    expect(s.WFHToWorkloadCorrelation.points).toHaveLength(4);
    // sxy 2.375 / sqrt(sxx 13.6875 × syy 4.75)
    expect(s.WFHToWorkloadCorrelation.r).toBe(0.295);
  });

  it("buckets person-weeks by home days and counts four-day weeks at home and at the office", () => {
    // Week 1: A 4, B 0, C 0, D 1. Week 2: A 5, B 0, C 0, D 1.
    expect(s.nbrOfHomeDaysPerWeek).toEqual([4, 2, 0, 0, 1, 1]);
    expect(s.percentOfMoreThan4daysHome).toBe(25);
    // Office days: A 1 and 0, B 5 and 4 (vacation), C 0 and 0, D 2 (away Thu, Fri) and 4.
    expect(s.percentOfMoreThan4daysAtOffice).toBe(37.5);
  });

  it("gives the share at home per weekday and per day among those with a known location", () => {
    expect(s.workFromHomePerWeekday).toEqual([
      { weekday: "Monday", percentAtHome: 66.7 }, // 4 of 6
      { weekday: "Tuesday", percentAtHome: 33.3 },
      { weekday: "Wednesday", percentAtHome: 33.3 },
      { weekday: "Thursday", percentAtHome: 33.3 },
      { weekday: "Friday", percentAtHome: 16.7 }, // 1 of 6: A was in the office on 9 Jan
    ]);
    expect(s.portionOfUsersWorkingFromHomeOverTime.map((p) => p.portionAtHome)).toEqual([
      0.667, 0.333, 0.333, 0.333, 0, 0.667, 0.333, 0.333, 0.333, 0.333,
    ]);
  });

  it("gives the office peak and the share of person-days away", () => {
    expect(s.peakOfficeOccupancy).toBe(50); // 2 of 4 on several days
    expect(s.percentOnLeave).toBe(7.5); // B 1 + D 2 of 40
  });

  it("averages competences over their members", () => {
    expect(s.competenceWorkload).toEqual({ [ids.k]: { nbrOfUsers: 2, avgWorkload: 1 }, [ids.l]: { nbrOfUsers: 1, avgWorkload: 3 } });
    expect(s.data.competences.map((c) => c.name).sort()).toEqual(["M&A", "Tax"]);
    expect(s.data.users.map((u) => u.name).sort()).toEqual(["Anna", "Bo", "Cai", "Dee"]);
  });
});

/** Every field of the spec's Statistics response (planning.md, "Statistics response"), and nothing else. */
const SPEC_FIELDS = [
  "startDate",
  "endDate",
  "layout",
  "averageWorkloadOverTime",
  "workloadDistributions",
  "averageWorkload",
  "userWorkloadData",
  "teamWorkload",
  "workloadForecast",
  "nbrOfUsers",
  "WFHToWorkloadCorrelation",
  "nbrOfHomeDaysPerWeek",
  "workFromHomePerWeekday",
  "portionOfUsersWorkingFromHomeOverTime",
  "competenceWorkload",
  "percentOfMoreThan4daysHome",
  "percentOfMoreThan4daysAtOffice",
  "peakOfficeOccupancy",
  "percentOnLeave",
  "data",
].sort();

/** What a page of people leaves as it is: every figure but the per-person ones. */
function wholeScopeFigures(s: StatisticsResponse) {
  const { userWorkloadData: _perPerson, people: _page, data, ...rest } = s;
  return { ...rest, offices: data.offices, groups: data.groups, competences: data.competences };
}

describe("POST /statistic with `people`: one page of the per-person figures (decision 0290)", () => {
  const range = "startDate=2026-01-05&endDate=2026-01-16";
  let full: StatisticsResponse;
  beforeAll(async () => {
    full = (await statistics(range, bothTeams())).body;
  });

  it("answers the spec's full shape when `people` is left out: every person, no page", () => {
    expect(Object.keys(full).sort()).toEqual(SPEC_FIELDS);
    expect(Object.keys(full.userWorkloadData).sort()).toEqual([ids.a, ids.b, ids.c, ids.d].sort());
    expect(full.data.users).toHaveLength(4);
    expect(Object.keys(full.data.users[0]).sort()).toEqual(["_id", "group", "name", "office", "profilePicture", "title"]);
  });

  it("lists the highest averages first (ties by name), with the page's size and the scope's busy and available counts", async () => {
    const { status, body } = await statistics(range, { ...bothTeams(), people: { limit: 2 } });
    expect(status, JSON.stringify(body)).toBe(200);
    // D 3, then A and C at 2 (Anna before Cai), then B at 0.
    expect(Object.keys(body.userWorkloadData)).toEqual([ids.d, ids.a]);
    expect(body.userWorkloadData[ids.d]).toEqual(full.userWorkloadData[ids.d]);
    expect(body.data.users.map((u) => u.name)).toEqual(["Dee", "Anna"]);
    expect(body.data.users[0]).toEqual(full.data.users.find((u) => u._id === ids.d));
    // Seriously busy 80 % of the time: D alone (A 50 %); available: B alone.
    expect(body.people).toEqual({ total: 4, offset: 0, limit: 2, level: null, seriouslyBusy: 1, available: 1 });
    // Every other figure still covers all four people.
    expect(wholeScopeFigures(body)).toEqual(wholeScopeFigures(full));
    expect(body.nbrOfUsers).toBe(4);
  });

  it("pages on with offset, and answers an empty page past the end", async () => {
    const second = (await statistics(range, { ...bothTeams(), people: { limit: 2, offset: 2 } })).body;
    expect(second.data.users.map((u) => u.name)).toEqual(["Cai", "Bo"]);
    expect(second.people).toMatchObject({ total: 4, offset: 2, limit: 2 });
    const past = (await statistics(range, { ...bothTeams(), people: { limit: 2, offset: 4 } })).body;
    expect(past.userWorkloadData).toEqual({});
    expect(past.data.users).toEqual([]);
    expect(past.people?.total).toBe(4);
  });

  it("narrows to one doughnut segment with level, whose total is that segment's count", async () => {
    const busy = (await statistics(range, { ...bothTeams(), people: { limit: 8, level: 2 } })).body;
    expect(busy.data.users.map((u) => u.name)).toEqual(["Anna", "Cai"]);
    expect(busy.people).toMatchObject({ total: 2, level: 2 });
    expect(busy.people!.total).toBe(full.workloadDistributions[2]);
    const available = (await statistics(range, { ...bothTeams(), people: { limit: 8, level: 0 } })).body;
    expect(Object.keys(available.userWorkloadData)).toEqual([ids.b]);
    const some = (await statistics(range, { ...bothTeams(), people: { limit: 8, level: 1 } })).body;
    expect(some.people).toMatchObject({ total: 0 });
  });

  it("pages the user layout too: the caller alone", async () => {
    const { body } = await statistics(range, { people: { limit: 8 } }, employeeToken);
    expect(body.layout).toBe("user");
    expect(Object.keys(body.userWorkloadData)).toEqual([ids.a]);
    expect(body.people).toMatchObject({ total: 1, seriouslyBusy: 0, available: 0 });
  });

  /** The page as computeStatistics composes it: the window by figure, then its runs by name. */
  const pageOf = <P extends { id: string; name: string; figure: number }>(people: P[], offset: number, limit: number) => {
    const window = pageWindow(people, (p) => p.figure, offset, limit);
    return window ? orderRuns(window.runs, (p) => p.figure, window) : [];
  };

  it("picks every page as a full sort by figure, name and id would (decision 0295: only the ties on the page are sorted by name)", () => {
    // 300 people over 7 figures: long runs of equal figures, names that repeat, pages across their edges.
    const people = Array.from({ length: 300 }, (_, i) => ({
      id: `id${(i * 7919) % 1000}`,
      name: ["Ö", "Bo", "anna", "Cai", "Åsa", "bo"][i % 6],
      figure: (i * 13) % 7,
    }));
    const sorted = [...people].sort((a, b) => b.figure - a.figure || a.name.localeCompare(b.name) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    for (const [offset, limit] of [
      [0, 8],
      [0, 50],
      [37, 50],
      [40, 3],
      [250, 50],
      [299, 8],
      [300, 8],
      [0, 500],
    ])
      expect(pageOf(people, offset, limit), `${offset}+${limit}`).toEqual(sorted.slice(offset, offset + limit));
  });

  it("reads packed running totals as splitting and converting each row would (packedTotals)", () => {
    const id = fc.stringMatching(/^[0-9a-f]{24}$/);
    const value = fc.oneof(fc.nat({ max: 10_000_000 }), fc.integer({ min: -5000, max: -1 }), fc.double({ min: -1e6, max: 1e6, noNaN: true }));
    fc.assert(
      fc.property(fc.array(fc.tuple(id, fc.array(value, { minLength: 6, maxLength: 6 })), { maxLength: 40 }), (rows) => {
        const text = rows.length ? rows.map(([who, numbers]) => [who, ...numbers].join(",")).join(";") : null;
        const { index, values } = packedTotals(text);
        const expected = new Map(rows.map(([who, numbers]) => [who, numbers.map((n) => Number(String(n)))]));
        expect(index.size).toBe(expected.size);
        for (const [who, numbers] of expected) expect([...values.subarray(index.get(who)!, index.get(who)! + 6)]).toEqual(numbers);
      }),
      { seed: 310, numRuns: 500 },
    );
  });

  it("reads the second bound's totals into the first bound's places (packedTotals with slots): NaN where a person has no row, others skipped", () => {
    const id = fc.stringMatching(/^[0-9a-f]{24}$/);
    const numbers = fc.array(fc.nat({ max: 10_000_000 }), { minLength: 6, maxLength: 6 });
    const rows = fc.uniqueArray(fc.tuple(id, numbers), { selector: ([who]) => who, maxLength: 30 });
    // The second bound in any order, or (as SQL gives both) in the first one's, with people left
    // out and others in between.
    const bounds = fc.oneof(
      fc.tuple(rows, rows),
      fc.tuple(rows, fc.array(fc.boolean(), { maxLength: 30 }), rows, numbers).map(([endRows, kept, others, values]) => {
        const beforeRows: [string, number[]][] = [];
        endRows.forEach(([who], k) => {
          if (kept[k] ?? true) beforeRows.push([who, values.map((n) => n + k)]);
          if (others[k] && !endRows.some(([id]) => id === others[k][0])) beforeRows.push(others[k]);
        });
        return [endRows, beforeRows] as const;
      }),
    );
    fc.assert(
      fc.property(bounds, ([endRows, beforeRows]) => {
        const pack = (list: [string, number[]][]) => (list.length ? list.map(([who, values]) => [who, ...values].join(",")).join(";") : null);
        const end = packedTotals(pack(endRows));
        const before = packedTotals(pack(beforeRows), end.index);
        expect(before.index).toBe(end.index);
        expect(before.values.length).toBe(end.index.size * 6);
        const expected = new Map(beforeRows);
        for (const [who, at] of end.index) {
          const found = [...before.values.subarray(at, at + 6)];
          expect(found).toEqual(expected.get(who) ?? Array(6).fill(NaN));
        }
      }),
      { seed: 317, numRuns: 300 },
    );
  });

  it("reads the page's people by their ids through the primary key, not the firm's every row (decision 0317)", async () => {
    const ctx = { db: db(), companyId: "some-firm" } as unknown as DomainContext;
    const query = pagePeopleStatement(ctx, ["a", "b"]).toSQL();
    const plan = await env.DB.prepare(`explain query plan ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    const details = plan.results.map((row) => row.detail);
    expect(details[0], details.join("\n")).toMatch(/^SEARCH users USING INDEX sqlite_autoindex_users_1 \(id=\?\)$/);
  });

  it("refuses a bad page with a clear message and the field it is about", async () => {
    const refused = async (people: unknown) => {
      const { status, body } = await statistics(range, { ...bothTeams(), people });
      expect(status, JSON.stringify(people)).toBe(400);
      return { message: body.message, errors: body.errors };
    };
    expect(await refused({ limit: 0 })).toEqual({
      message: "Please correct the marked fields.",
      errors: { "people.limit": "people.limit must be a whole number from 1 to 500." },
    });
    expect((await refused({ limit: 501 })).errors).toEqual({ "people.limit": "people.limit must be a whole number from 1 to 500." });
    expect((await refused({})).errors).toEqual({ "people.limit": "people.limit must be a whole number from 1 to 500." });
    expect((await refused({ limit: 8, offset: -1 })).errors).toEqual({ "people.offset": "people.offset must be a whole number from 0." });
    expect((await refused({ limit: 8, offset: 1.5 })).errors).toEqual({ "people.offset": "people.offset must be a whole number from 0." });
    expect((await refused({ limit: 8, level: 4 })).errors).toEqual({ "people.level": "people.level must be 0, 1, 2 or 3." });
    expect((await refused({ limit: "8" })).errors).toEqual({ "people.limit": "people.limit must be a whole number from 1 to 500." });
    const wrongShape = 'people must be an object such as { "limit": 8 } (limit, offset, level).';
    expect((await refused("all")).errors).toEqual({ people: wrongShape });
    expect((await refused({ limit: 8, size: 2 })).errors).toEqual({ people: wrongShape });
  });
});

describe("POST /statistic, narrower questions", () => {
  it("takes per-person figures over the second week alone from the running totals", async () => {
    const { body } = await statistics("startDate=2026-01-12&endDate=2026-01-16", bothTeams());
    expect(body.userWorkloadData[ids.a]).toEqual({ avgWorkload: 3, portionOfSeriouslyBusy: 1, portionOfAvailable: 0 });
    expect(body.userWorkloadData[ids.b]).toEqual({ avgWorkload: 0, portionOfSeriouslyBusy: 0, portionOfAvailable: 1 });
    expect(body.nbrOfHomeDaysPerWeek).toEqual([2, 1, 0, 0, 0, 1]);
    expect(body.averageWorkloadOverTime).toHaveLength(5);
  });

  it("filters by office: only team O2/G", async () => {
    const { body } = await statistics("startDate=2026-01-05&endDate=2026-01-16", { offices: [ids.office2], groups: [ids.group] });
    expect(body.nbrOfUsers).toBe(1);
    expect(body.averageWorkload).toBe(3);
    expect(body.percentOnLeave).toBe(20);
  });

  it("gives an employee their own figures (the user layout), whatever filter they send", async () => {
    const { status, body } = await statistics("startDate=2026-01-05&endDate=2026-01-16", bothTeams(), employeeToken);
    expect(status).toBe(200);
    expect(body.layout).toBe("user");
    expect(body.nbrOfUsers).toBe(1);
    expect(body.averageWorkload, JSON.stringify(body).slice(0, 1500)).toBe(2);
    expect(Object.keys(body.userWorkloadData)).toEqual([ids.a]);
    expect(body.nbrOfHomeDaysPerWeek).toEqual([0, 0, 0, 0, 1, 1]);
    expect(body.averageWorkloadOverTime[5]).toEqual({ date: "2026-01-12", value: 3 });
  });

  it("lets an administrator ask for their own figures with users, and nobody else's", async () => {
    const own = await statistics("startDate=2026-01-05&endDate=2026-01-16", { users: [ids.a] }, employeeToken);
    expect(own.status).toBe(200);
    const other = await statistics("startDate=2026-01-05&endDate=2026-01-16", { users: [ids.b] }, employeeToken);
    expect(other.status).toBe(403);
    expect(other.body.message).toBe("You can only see your own statistics.");
  });
});

describe("POST /statistic refuses bad questions with a clear message", () => {
  it("needs at least one office and one group in the admin layout", async () => {
    const { status, body } = await statistics("", {});
    expect(status).toBe(400);
    expect(body.message).toBe("Choose at least one office and one group.");
    expect(body.errors).toEqual({ offices: "Choose at least one office.", groups: "Choose at least one group." });
  });

  it("drops another company's ids, so they count as none", async () => {
    const other = await createCompany("Other Stats");
    const { status } = await statistics("", { offices: [other.office.id], groups: [other.group.id] });
    expect(status).toBe(400);
  });

  it("refuses future dates, an end before the start and bad dates", async () => {
    const future = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    expect((await statistics(`endDate=${future}`, bothTeams())).body.errors).toEqual({ endDate: "Pick a date that is not in the future." });
    expect((await statistics("startDate=2026-01-10&endDate=2026-01-05", bothTeams())).body.errors).toEqual({
      endDate: "The end date cannot be before the start date.",
    });
    expect((await statistics("startDate=2026-02-30", bothTeams())).status).toBe(400);
    expect((await statistics("startDate=yesterday", bothTeams())).status).toBe(400);
  });

  it("defaults to the last 120 days, or since the caller's team was created when that is later", async () => {
    const { status, body } = await statistics("", bothTeams(), employeeToken);
    expect(status).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(body.endDate).toBe(today);
    // The test firm's group and office were made today.
    expect(body.startDate).toBe(today);
  });
});

describe("POST /api/statistics-raw/: one row per person per working day", () => {
  async function rawExport(query: string, body: unknown, token = adminToken) {
    return api(`/api/statistics-raw/?${query}`, { method: "POST", token, json: body });
  }
  async function sheetRows(response: Response) {
    const ExcelJS = (await import("exceljs")).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet("Statistics")!;
    const rows: (string | number | null)[][] = [];
    sheet.eachRow((row) => rows.push((row.values as (string | number | null)[]).slice(1)));
    return rows;
  }

  it("streams an xlsx of the admin's teams that reads back with the hand-made history", async () => {
    const response = await rawExport("startDate=2026-01-05&endDate=2026-01-16", bothTeams());
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="report.xlsx"');
    const rows = await sheetRows(response);
    expect(rows[0]).toEqual(["Date", "Name", "Email", "Group", "Office", "Workload", "Workload level", "Location", "Away"]);
    // Four people, ten working days.
    expect(rows).toHaveLength(41);
    const find = (date: string, name: string) => rows.find((r) => r[0] === date && r[1] === name)!;
    expect(find("2026-01-05", "Anna").slice(3)).toEqual(["Stats Firm Group", "Stats Firm Office", "Some availability", 2, "Home", "No"]);
    expect(find("2026-01-09", "Anna").slice(5)).toEqual(["Some availability", 2, "Office", "No"]);
    expect(find("2026-01-12", "Anna").slice(5)).toEqual(["Seriously busy", 4, "Home", "No"]);
    expect(find("2026-01-14", "Bo").slice(5, 9)).toEqual(["Away", undefined, "Absent", "Yes"]);
    expect(find("2026-01-13", "Bo").slice(5)).toEqual(["Available", 1, "Office", "No"]);
    expect(find("2026-01-05", "Cai").slice(5, 9)).toEqual(["No data", undefined, "Unknown", "No"]);
    expect(find("2026-01-08", "Dee").slice(4, 9)).toEqual(["Second office", "Away", undefined, "Absent", "Yes"]);
    // Weekends are not rows.
    expect(rows.some((r) => r[0] === "2026-01-10")).toBe(false);
  });

  it("writes the sheet, its headers and its words in a Swedish reader's language", async () => {
    const response = await api("/api/statistics-raw/?startDate=2026-01-05&endDate=2026-01-16", {
      method: "POST",
      token: adminToken,
      json: bothTeams(),
      headers: { "Accept-Language": "sv-SE,sv;q=0.9" },
    });
    expect(response.status).toBe(200);
    const ExcelJS = (await import("exceljs")).default;
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet("Statistik")!;
    const rows: (string | number | null)[][] = [];
    sheet.eachRow((row) => rows.push((row.values as (string | number | null)[]).slice(1)));
    expect(rows[0]).toEqual(["Datum", "Namn", "E-post", "Grupp", "Kontor", "Arbetsbelastning", "Arbetsbelastningsnivå", "Arbetsplats", "Borta"]);
    const find = (date: string, name: string) => rows.find((r) => r[0] === date && r[1] === name)!;
    expect(find("2026-01-05", "Anna").slice(5)).toEqual(["Viss tillgänglighet", 2, "Hemma", "Nej"]);
    expect(find("2026-01-14", "Bo").slice(5, 9)).toEqual(["Borta", undefined, "Frånvarande", "Ja"]);
    expect(find("2026-01-05", "Cai").slice(5, 9)).toEqual(["Inga uppgifter", undefined, "Okänd", "Nej"]);
  });

  it("gives everyone else their own rows, and refuses what POST /statistic refuses with its message", async () => {
    const own = await sheetRows(await rawExport("startDate=2026-01-05&endDate=2026-01-09", {}, employeeToken));
    expect(own.slice(1).map((r) => r[1])).toEqual(["Anna", "Anna", "Anna", "Anna", "Anna"]);
    const other = await rawExport("startDate=2026-01-05&endDate=2026-01-09", { users: [ids.b] }, employeeToken);
    expect(other.status).toBe(403);
    const none = await rawExport("startDate=2026-01-05&endDate=2026-01-16", { offices: [], groups: [ids.group] });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ message: "Choose at least one office.", errors: { offices: "Choose at least one office." } });
    const bad = await rawExport("startDate=2026-02-30", bothTeams());
    expect(bad.status).toBe(400);
    expect((await api("/api/statistics-raw/", { method: "POST", json: bothTeams() })).status).toBe(401);
  });
});
