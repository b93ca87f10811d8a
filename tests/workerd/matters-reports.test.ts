import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { users, vacations, workloadHistory } from "~/db/schema";
import { domainCtx } from "~/domain/context";
import { utilizationReport } from "~/domain/matters/reports.server";
import { utilizationFigures, utilizationWindow } from "~/domain/matters/utilization";
import { readCompanySettings } from "~/domain/company/settings.schema";
import { card, fakeEliteTenant, importAll, matter, pointAtFakeElite, tk } from "./elite-helpers";
import { api, createCompany, db, listen } from "./helpers";
import { reportFirm } from "./report-fixture";

type Json = Record<string, unknown>;
const detailed = (token: string, body: unknown = {}) => api("/api/v2/elite-3e/detailed-report", { method: "POST", token, json: body });
const utilization = (token: string, body: unknown = {}) => api("/api/v2/elite-3e/utilization-report", { method: "POST", token, json: body });

describe("detailed and utilization views: every privilege and flag combination (planning.md section 6)", () => {
  it("matches the rules for a person holding any mix of the three privileges, and for an admin with and without adminsHaveReportPrivileges", async () => {
    const f = await reportFirm();
    const bits = (n: number, i: number) => Boolean(n & (1 << i));
    for (let s = 0; s < 32; s++) {
      const settings = {
        enableUtilizationView: bits(s, 0),
        enableDetailedViewHours: bits(s, 1),
        enableDetailedViewComments: bits(s, 2),
        enableMatterPM: bits(s, 3),
        adminsHaveReportPrivileges: bits(s, 4),
      };
      await f.setSettings(settings);
      const viewers: { label: string; token: string; admin: boolean; userId: string; flags?: number }[] = [];
      for (let p = 0; p < 8; p++) viewers.push({ label: `carl privileges ${p}`, token: f.tokens.carl, admin: false, userId: f.carl.id, flags: p });
      viewers.push({ label: "administrator", token: f.tokens.admin, admin: true, userId: f.admin.id });
      for (const viewer of viewers) {
        const dvp = viewer.flags !== undefined && bits(viewer.flags, 0);
        const dvhp = viewer.flags !== undefined && bits(viewer.flags, 1);
        const uvop = viewer.flags !== undefined && bits(viewer.flags, 2);
        if (viewer.flags !== undefined)
          await f.setFlags(viewer.userId, { detailedViewPriviliges: dvp, detailedViewHoursPriviliges: dvhp, utilizationViewOthersPriviliges: uvop });
        const adminHolds = viewer.admin && settings.adminsHaveReportPrivileges;
        const seesDetailed = settings.enableUtilizationView && (dvp || adminHolds);
        const seesHours = seesDetailed && settings.enableDetailedViewHours && (dvhp || adminHolds);
        const seesOthers = settings.enableUtilizationView && (uvop || adminHolds);
        const seesUtilization = seesDetailed || seesOthers;
        const label = `${viewer.label} with ${JSON.stringify(settings)}`;

        const d = await detailed(viewer.token);
        expect(d.status, label).toBe(seesDetailed ? 200 : 403);
        if (seesDetailed) {
          const report = (await d.json()) as { columns: Json; timekeepers: Json[]; matters: Json[] };
          expect(report.columns, label).toEqual({ hours: seesHours, comments: settings.enableDetailedViewComments, pm: settings.enableMatterPM });
          const anna = report.timekeepers.find((t) => t.displayName === "Anna Ek")!;
          const annaMatter = (anna.matters as Json[])[0];
          expect("hours" in anna, label).toBe(seesHours);
          expect("hours" in annaMatter, label).toBe(seesHours);
          expect("comment" in annaMatter, label).toBe(settings.enableDetailedViewComments);
          expect("manager" in annaMatter, label).toBe(settings.enableMatterPM);
          const byMatter = (await (await detailed(viewer.token, { layout: "matters" })).json()) as { layout: string; matters: Json[] };
          expect(byMatter.layout, label).toBe("matters");
          const timekeeper = (byMatter.matters[0].timekeepers as Json[])[0];
          expect("totalHours" in byMatter.matters[0], label).toBe(seesHours);
          expect("hours" in timekeeper, label).toBe(seesHours);
          expect("comment" in timekeeper, label).toBe(settings.enableDetailedViewComments);
          expect("manager" in timekeeper, label).toBe(settings.enableMatterPM);
        }
        const u = await utilization(viewer.token);
        expect(u.status, label).toBe(seesUtilization ? 200 : 403);
        if (seesUtilization) {
          const report = (await u.json()) as { others: boolean; rows: Json[] };
          expect(report.others, label).toBe(seesOthers);
          // 'My Utilization': the caller's own row only.
          if (!seesOthers)
            expect(
              report.rows.map((r) => r.userId),
              label,
            ).toEqual([viewer.userId]);
          else
            expect(
              report.rows.map((r) => r.displayName),
              label,
            ).toEqual(["Anna Ek", "Bo Berg", "Carl Dahl"]);
        }
      }
    }
    // 32 settings x 10 viewers, about 1,300 requests: 29 s in a CI run, past the 30 s default under load.
  }, 120_000);
});

describe("detailed view", () => {
  it("lists timekeepers by name with their billable matters of the last N days, and matters with their timekeepers, most hours first", async () => {
    const f = await reportFirm();
    const report = (await (await detailed(f.tokens.anna)).json()) as {
      timeperiod: number;
      emptyText: string;
      layout: string;
      sort: Json;
      total: number;
      timekeepers: {
        displayName: string;
        hours: number;
        message: string;
        matters: { number: string; hours: number; resposibleTimekeeperName: string }[];
      }[];
    };
    const byMatter = (await (await detailed(f.tokens.anna, { layout: "matters" })).json()) as {
      layout: string;
      sort: Json;
      total: number;
      timekeepers: Json[];
      matters: {
        number: string;
        displayName: string;
        totalHours: number;
        resposibleTimekeeperName: string;
        timekeepers: { displayName: string; hours: number }[];
      }[];
    };
    expect(report.timeperiod).toBe(7);
    expect(report.emptyText).toBe("No billable matters in the last 7 days found");
    expect(report.timekeepers.map((t) => [t.displayName, t.hours, t.matters.map((m) => [m.number, m.hours])])).toEqual([
      // Non-billable card 4 and the 20-day-old card 7 do not count.
      [
        "Anna Ek",
        9,
        [
          ["M1", 5],
          ["M2", 4],
        ],
      ],
      [
        "Bo Berg",
        8.5,
        [
          ["M1", 6],
          ["M4", 2.5],
        ],
      ],
      ["Carl Dahl", 0, []],
    ]);
    expect(report.timekeepers[0].message).toBe("Back from court on Friday");
    // One layout per answer (decision 0205), in its default order.
    expect(report).toMatchObject({ layout: "timekeepers", sort: { key: "name", dir: "asc" }, page: 1, pageSize: 50, total: 3, matters: [] });
    expect(byMatter).toMatchObject({ layout: "matters", sort: { key: "hours", dir: "desc" }, page: 1, total: 3, timekeepers: [] });
    expect(
      byMatter.matters.map((m) => [m.number, m.totalHours, m.resposibleTimekeeperName, m.timekeepers.map((t) => [t.displayName, t.hours])]),
    ).toEqual([
      [
        "M1",
        11,
        "Partner Person",
        [
          ["Bo Berg", 6],
          ["Anna Ek", 5],
        ],
      ],
      ["M2", 4, "Partner Person", [["Anna Ek", 4]]],
      ["M4", 2.5, "Anna Ek", [["Bo Berg", 2.5]]],
    ]);
  });

  it("sorts each layout on the server and pages it by 50 (decision 0205)", async () => {
    const f = await reportFirm();
    type Report = { total: number; timekeepers: { displayName: string }[]; matters: { number: string }[] };
    const ask = async (body: Json, token = f.tokens.anna) => (await (await detailed(token, body)).json()) as Report;
    const names = async (body: Json) => (await ask(body)).timekeepers.map((t) => t.displayName);
    const numbers = async (body: Json, token?: string) => (await ask({ layout: "matters", ...body }, token)).matters.map((m) => m.number);
    // Anna 9 h on 2 matters, Bo 8.5 h on 2, Carl none; ties fall back to the name.
    expect(await names({ sort: "name", dir: "desc" })).toEqual(["Carl Dahl", "Bo Berg", "Anna Ek"]);
    expect(await names({ sort: "hours" })).toEqual(["Anna Ek", "Bo Berg", "Carl Dahl"]);
    expect(await names({ sort: "hours", dir: "asc" })).toEqual(["Carl Dahl", "Bo Berg", "Anna Ek"]);
    expect(await names({ sort: "matters", dir: "asc" })).toEqual(["Carl Dahl", "Anna Ek", "Bo Berg"]);
    await f.setFlags(f.bo.id, { currentWorkload: 3, futureWorkload: 0 });
    await f.setFlags(f.anna.id, { currentWorkload: 1, futureWorkload: 2 });
    await f.setFlags(f.carl.id, { currentWorkload: null, futureWorkload: null });
    expect(await names({ sort: "status" })).toEqual(["Anna Ek", "Bo Berg", "Carl Dahl"]);
    expect(await names({ sort: "forecast" })).toEqual(["Bo Berg", "Anna Ek", "Carl Dahl"]);
    // Matters: M1 11 h, M2 4 h, M4 2.5 h. By name each reads what they may: Anna 'Confidential
    // matter' (M4), Merger, Project Falcon; Carl M2 and M4 as 'Confidential matter'.
    expect(await numbers({ sort: "hours", dir: "asc" })).toEqual(["M4", "M2", "M1"]);
    expect(await numbers({ sort: "matter" })).toEqual(["M4", "M1", "M2"]);
    expect(await numbers({ sort: "matter" }, f.tokens.carl)).toEqual(["M2", "M4", "M1"]);
    expect(await numbers({ sort: "lead", dir: "desc" })).toEqual(["M1", "M2", "M4"]);

    for (let i = 0; i < 52; i++) await f.createUser("employee", { name: `Zed ${String(i).padStart(2, "0")}` });
    const first = await ask({});
    const second = await ask({ page: 2 });
    expect([first.total, first.timekeepers.length, second.total, second.timekeepers.length]).toEqual([55, 50, 55, 5]);
    expect([...first.timekeepers, ...second.timekeepers].map((t) => t.displayName)).toEqual([
      "Anna Ek",
      "Bo Berg",
      "Carl Dahl",
      ...Array.from({ length: 52 }, (_, i) => `Zed ${String(i).padStart(2, "0")}`),
    ]);
    expect(await ask({ page: 3 })).toMatchObject({ total: 55, timekeepers: [] });
    expect(await ask({ layout: "matters", page: 2 })).toMatchObject({ total: 3, matters: [] });
  });

  it("uses the company's mattersTimeperiod", async () => {
    const f = await reportFirm({ mattersTimeperiod: 30 });
    const report = (await (await detailed(f.tokens.anna)).json()) as { emptyText: string; timekeepers: { displayName: string; hours: number }[] };
    expect(report.emptyText).toBe("No billable matters in the last 30 days found");
    expect(report.timekeepers.find((t) => t.displayName === "Bo Berg")!.hours).toBe(16.5);
  });

  it("shows a person whose vacation covers today as away, in both layouts and the utilization view (decision 0190)", async () => {
    const f = await reportFirm();
    const day = (offset: number) => new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + offset));
    await db()
      .insert(vacations)
      .values({ id: "vacation-bo-today", companyId: f.company.id, userId: f.bo.id, startDate: day(-1), endDate: day(1) });
    type Person = { displayName: string; away: boolean };
    const report = (await (await detailed(f.tokens.anna)).json()) as { timekeepers: Person[] };
    const byMatter = (await (await detailed(f.tokens.anna, { layout: "matters" })).json()) as { matters: { timekeepers: Person[] }[] };
    const awayOf = (people: Person[]) => Object.fromEntries(people.map((p) => [p.displayName, p.away]));
    expect(awayOf(report.timekeepers)).toMatchObject({ "Anna Ek": false, "Bo Berg": true, "Carl Dahl": false });
    const inMatters = byMatter.matters.flatMap((m) => m.timekeepers);
    expect(inMatters.some((t) => t.displayName === "Bo Berg")).toBe(true);
    expect(inMatters.every((t) => t.away === (t.displayName === "Bo Berg"))).toBe(true);
    const rows = ((await (await utilization(f.tokens.anna)).json()) as { rows: Person[] }).rows;
    expect(awayOf(rows)).toMatchObject({ "Anna Ek": false, "Bo Berg": true, "Carl Dahl": false });
  });

  it("refuses bad filters with a message and never a 500", async () => {
    const f = await reportFirm();
    const response = await detailed(f.tokens.anna, { offices: "everything" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ entityType: "DetailedReportInputErrors", errors: { offices: "Offices must be a list of ids." } });
    for (const [body, errors] of [
      [{ layout: "grid" }, { layout: "Layout must be timekeepers or matters." }],
      [{ layout: "matters", sort: "status" }, { sort: "The matters layout sorts by matter, lead, hours." }],
      [{ sort: "lead" }, { sort: "The timekeepers layout sorts by name, status, forecast, matters, hours." }],
      [{ dir: "up" }, { dir: "Direction must be asc or desc." }],
      [{ page: 0 }, { page: "Page must be a whole number from 1." }],
      [{ page: 1.5 }, { page: "Page must be a whole number from 1." }],
    ] as const) {
      const refused = await detailed(f.tokens.anna, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(await refused.json(), JSON.stringify(body)).toMatchObject({ entityType: "DetailedReportInputErrors", errors });
    }
    const weeks = await utilization(f.tokens.anna, { weeks: 0 });
    expect(weeks.status).toBe(400);
    expect(await weeks.json()).toMatchObject({ errors: { weeks: "Weeks must be a whole number from 1 to 26." } });
  });
});

describe("matter comments and the PM toggle", () => {
  it("a person's own comment per matter: set, read, shown in the detailed view and the user card, cleared by an empty one", async () => {
    const f = await reportFirm();
    const put = (token: string, json: unknown) => api("/api/v2/matter/comment", { method: "PUT", token, json });
    expect((await put(f.tokens.anna, { number: "M1", comment: "  Closing next week  " })).status).toBe(200);
    expect(await (await api("/api/v2/matter/comment", { token: f.tokens.anna })).json()).toEqual([{ number: "M1", comment: "Closing next week" }]);
    // Bo may read Anna's (he sees the detailed view); nobody writes someone else's.
    expect(await (await api(`/api/v2/matter/comment/${f.anna.id}`, { token: f.tokens.bo })).json()).toEqual([
      { number: "M1", comment: "Closing next week" },
    ]);
    const report = (await (await detailed(f.tokens.bo)).json()) as {
      timekeepers: { displayName: string; matters: { number: string; comment: string }[] }[];
    };
    expect(report.timekeepers.find((t) => t.displayName === "Anna Ek")!.matters.find((m) => m.number === "M1")!.comment).toBe("Closing next week");
    expect(report.timekeepers.find((t) => t.displayName === "Bo Berg")!.matters.find((m) => m.number === "M1")!.comment).toBe("");
    const card = (await (await api(`/resources/user-card/${f.anna.id}`, { token: f.tokens.bo })).json()) as { matters: Json[] };
    expect(card.matters).toEqual([
      {
        number: "M1",
        displayName: "Merger",
        clientDisplayName: "Acme",
        confidential: false,
        resposibleTimekeeperName: "Partner Person",
        comment: "Closing next week",
      },
      // Bo never recorded time on the confidential M2.
      {
        number: "M2",
        displayName: "Confidential matter",
        clientDisplayName: "",
        confidential: true,
        resposibleTimekeeperName: "Partner Person",
        comment: "",
      },
    ]);

    expect((await put(f.tokens.anna, { number: "M1", comment: "" })).status).toBe(200);
    expect(await (await api("/api/v2/matter/comment", { token: f.tokens.anna })).json()).toEqual([]);
  });

  it("refuses unknown matters, other companies' matters, long comments and strangers' comments", async () => {
    const f = await reportFirm();
    const other = await reportFirm();
    const put = (json: unknown) => api("/api/v2/matter/comment", { method: "PUT", token: f.tokens.anna, json });
    expect((await put({ number: "NOPE", comment: "x" })).status).toBe(404);
    // Numbers are per company: the other firm's M1 is not this firm's, and this firm's M1 keeps no comment.
    expect((await api("/api/v2/matter/comment", { method: "PUT", token: other.tokens.anna, json: { number: "M1", comment: "theirs" } })).status).toBe(
      200,
    );
    expect(await (await api("/api/v2/matter/comment", { token: f.tokens.anna })).json()).toEqual([]);
    const long = await put({ number: "M1", comment: "x".repeat(501) });
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ entityType: "MatterCommentInputErrors", errors: { comment: "Use at most 500 characters." } });
    await f.setFlags(f.carl.id, { detailedViewPriviliges: false });
    expect((await api(`/api/v2/matter/comment/${f.anna.id}`, { token: f.tokens.carl })).status).toBe(403);
    expect((await api(`/api/v2/matter/comment/${other.anna.id}`, { token: f.tokens.bo })).status).toBe(404);
  });

  it("the user card shows a colleague's matter comments only to a reader who may read them (issue 26, item 7)", async () => {
    const f = await reportFirm();
    for (const number of ["M1", "M2"])
      expect(
        (await api("/api/v2/matter/comment", { method: "PUT", token: f.tokens.anna, json: { number, comment: `secret on ${number}` } })).status,
      ).toBe(200);
    const comments = async (token: string) => {
      const card = (await (await api(`/resources/user-card/${f.anna.id}`, { token })).json()) as { matters: { number: string; comment: string }[] };
      return card.matters.map((m) => [m.number, m.comment]);
    };
    await f.setFlags(f.carl.id, { detailedViewPriviliges: false });
    // Carl is refused Anna's comments by GET /matter/comment/{userId}; the card refuses them too.
    expect((await api(`/api/v2/matter/comment/${f.anna.id}`, { token: f.tokens.carl })).status).toBe(403);
    expect(await comments(f.tokens.carl)).toEqual([
      ["M1", ""],
      ["M2", ""],
    ]);
    // Bo may read them; Anna reads her own.
    expect(await comments(f.tokens.bo)).toEqual([
      ["M1", "secret on M1"],
      ["M2", "secret on M2"],
    ]);
    expect(await comments(f.tokens.anna)).toEqual([
      ["M1", "secret on M1"],
      ["M2", "secret on M2"],
    ]);
    // With the firm's comment columns off, Bo's right alone does not show them.
    await f.setSettings({ enableUtilizationView: true, enableDetailedViewHours: true, enableDetailedViewComments: false, enableMatterPM: true });
    expect(await comments(f.tokens.bo)).toEqual([
      ["M1", ""],
      ["M2", ""],
    ]);
  });

  it("the PM toggle marks a person's matter, shows in the loaded report, and tells the company's browsers", async () => {
    const f = await reportFirm();
    const socket = await listen(f.company.id, f.tokens.bo);
    const toggle = (token: string, json: unknown) => api("/api/v2/matter/manager", { method: "PUT", token, json });
    expect((await toggle(f.tokens.anna, { matterNumber: "M1", value: true, userId: f.anna.id })).status).toBe(200);
    expect(await socket.next("UPDATE_MATTER_MANAGER")).toMatchObject({ userId: f.anna.id, matterNumber: "M1", value: true });
    const managerOf = async (name: string, number: string) => {
      const report = (await (await detailed(f.tokens.bo)).json()) as {
        timekeepers: { displayName: string; matters: { number: string; manager: boolean }[] }[];
      };
      return report.timekeepers.find((t) => t.displayName === name)!.matters.find((m) => m.number === number)!.manager;
    };
    expect(await managerOf("Anna Ek", "M1")).toBe(true);
    expect(await managerOf("Bo Berg", "M1")).toBe(false);
    expect((await toggle(f.tokens.anna, { matterNumber: "M1", value: false, userId: f.anna.id })).status).toBe(200);
    expect(await managerOf("Anna Ek", "M1")).toBe(false);
    socket.close();

    // Someone without the detailed view marks only themself.
    await f.setFlags(f.carl.id, { detailedViewPriviliges: false });
    expect((await toggle(f.tokens.carl, { matterNumber: "M1", value: true, userId: f.anna.id })).status).toBe(403);
    expect((await toggle(f.tokens.anna, { matterNumber: "M1", value: "yes", userId: f.anna.id })).status).toBe(400);
    expect((await toggle(f.tokens.anna, { matterNumber: "NOPE", value: true, userId: f.anna.id })).status).toBe(404);
    await f.setSettings({ enableUtilizationView: true });
    expect((await toggle(f.tokens.anna, { matterNumber: "M1", value: true, userId: f.anna.id })).status).toBe(403);
  });
});

describe("utilization report paged by 50 (decision 0226)", () => {
  it("cuts the sorted whole into pages with the total, answers 'My Utilization' with the own row only, and refuses bad orders with a message", async () => {
    const f = await reportFirm();
    type Report = { total: number; page: number; pageSize: number; sort: { key: string; dir: string }; rows: { displayName: string }[] };
    const ask = async (body: Json, token = f.tokens.anna) => (await (await utilization(token, body)).json()) as Report;
    const before = await ask({});
    for (let i = 0; i < 52; i++) await f.createUser("employee", { name: `Zed ${String(i).padStart(2, "0")}` });
    const first = await ask({});
    const second = await ask({ page: 2 });
    expect(first).toMatchObject({ total: before.total + 52, page: 1, pageSize: 50, sort: { key: "name", dir: "asc" } });
    expect([first.rows.length, second.rows.length, second.total]).toEqual([50, before.total + 2, before.total + 52]);
    const all = [...first.rows, ...second.rows].map((r) => r.displayName);
    expect(all.slice(-52)).toEqual(Array.from({ length: 52 }, (_, i) => `Zed ${String(i).padStart(2, "0")}`));
    expect(new Set(all).size).toBe(all.length);
    expect((await ask({ dir: "desc" })).rows[0]!.displayName).toBe("Zed 51");
    expect(await ask({ page: 9 })).toMatchObject({ total: before.total + 52, rows: [] });

    // Without utilizationViewOthersPriviliges: the own row, whatever the order or page asked.
    await f.setFlags(f.carl.id, { utilizationViewOthersPriviliges: false });
    expect(await ask({ sort: "average" }, f.tokens.carl)).toMatchObject({ total: 1, rows: [{ displayName: "Carl Dahl" }] });
    expect(await ask({ page: 2 }, f.tokens.carl)).toMatchObject({ total: 1, rows: [] });

    for (const [body, errors] of [
      [
        { sort: "size" },
        {
          sort: "Sort by name, status, forecast, average, utilization, lastMonth, thisMonth, avgStatus, w0-w25 (a week's billable hours) or nb0-nb25 (its non-billable hours).",
        },
      ],
      [{ sort: "w12" }, { sort: "This report has 12 weeks: sort by w0-w11 or nb0-nb11." }],
      [{ sort: "nb4", weeks: 4 }, { sort: "This report has 4 weeks: sort by w0-w3 or nb0-nb3." }],
      [{ sort: 3 }, { sort: "Unknown sort." }],
      [{ dir: "up" }, { dir: "Direction must be asc or desc." }],
      [{ page: 0 }, { page: "Page must be a whole number from 1." }],
      [{ page: "2" }, { page: "Page must be a whole number from 1." }],
    ] as const) {
      const refused = await utilization(f.tokens.anna, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(await refused.json(), JSON.stringify(body)).toMatchObject({ entityType: "UtilizationReportInputErrors", errors });
    }
  });
});

describe("NAME/TITLE sorts by the firm's title ranking (decision 0056)", () => {
  it("puts ranked titles first in the firm's order, by name within a title, the rest by name; descending reverses it; in both reports", async () => {
    const f = await reportFirm();
    const ranking = ["Partner", "Counsel", "Associate"];
    await f.setSettings({ enableUtilizationView: true, enableDetailedViewHours: true, titleRanking: ranking });
    await f.setFlags(f.anna.id, { title: "Associate" });
    await f.setFlags(f.bo.id, { title: "Partner" });
    // Case and surrounding spaces do not matter; a title outside the ranking comes after it.
    await f.setFlags(f.carl.id, { title: " counsel " });
    await f.createUser("employee", { name: "Alf Ny", title: "PARTNER" });
    // Only whole titles match: 'Senior Associate' is not 'Associate'.
    await f.createUser("employee", { name: "Aaron Trainee", title: "Senior Associate" });
    const ranked = ["Alf Ny", "Bo Berg", "Carl Dahl", "Anna Ek"];

    type Rows = { timekeepers?: { displayName: string }[]; rows?: { displayName: string }[] };
    const detailedNames = async (body: Json) => ((await (await detailed(f.tokens.anna, body)).json()) as Rows).timekeepers!.map((t) => t.displayName);
    const utilizationNames = async (body: Json) => ((await (await utilization(f.tokens.anna, body)).json()) as Rows).rows!.map((r) => r.displayName);
    for (const names of [detailedNames, utilizationNames]) {
      const asc = await names({});
      expect(asc.slice(0, 4)).toEqual(ranked);
      // Everyone else after the ranked titles, by name (the administrator has no title).
      expect(asc.slice(4)).toEqual([...asc.slice(4)].sort((a, b) => a.localeCompare(b)));
      expect(asc).toContain("Aaron Trainee");
      expect(await names({ sort: "name", dir: "desc" })).toEqual([...asc].reverse());
    }

    // Without a ranking (the default) it is the name order.
    await f.setSettings({ enableUtilizationView: true, enableDetailedViewHours: true });
    const plain = await detailedNames({});
    expect(plain).toEqual([...plain].sort((a, b) => a.localeCompare(b)));
    expect(plain[0]).toBe("Aaron Trainee");
  });
});

describe("utilization maths on a hand-computed fixture (decision 0130)", () => {
  it("weekly billable and total hours, weekly average, utilization against the target, last and this month, average status", async () => {
    // Wednesday 25 November 2026: the current week starts Monday 23 November (W48).
    const now = new Date("2026-11-25T10:00:00Z");
    const f = await createCompany("Maths Firm", { enableUtilizationView: true, utilizationTargetHours: 30 });
    const anna = await f.createUser("employee", { name: "Anna", timekeeperNumber: "A", utilizationViewOthersPriviliges: true });
    await f.createUser("employee", { name: "Bo", timekeeperNumber: "B", utilizationTargetHours: 20 });
    const fake = fakeEliteTenant("math");
    await pointAtFakeElite(f.company.id, fake.base);
    await fake.put({
      timekeepers: [tk("A", "Anna", null), tk("B", "Bo", null)],
      matters: [matter("M", "Matter", "Client")],
      timecards: [
        card("a1", "A", "M", "2026-10-27", 10), // W44
        card("a2", "A", "M", "2026-10-28", 2, false), // W44, non-billable
        card("a3", "A", "M", "2026-11-03", 12), // W45
        card("a3b", "A", "M", "2026-11-04", 8), // W45
        card("a4", "A", "M", "2026-11-16", 8), // W47
        card("a5", "A", "M", "2026-11-20", 7.5), // W47
        card("a6", "A", "M", "2026-11-21", 4, false), // W47, non-billable (Saturday)
        card("a7", "A", "M", "2026-11-24", 9), // W48: the current week, not reported
        card("a8", "A", "M", "2026-10-05", 6), // W41: before the four weeks, in last month
        card("b1", "B", "M", "2026-11-10", 10), // W46
        card("b2", "B", "M", "2026-11-11", 10), // W46
        card("b3", "B", "M", "2026-11-12", 10), // W46
      ],
    });
    await importAll(f.company.id, now);
    await db()
      .insert(workloadHistory)
      .values([
        {
          companyId: f.company.id,
          userId: anna.id,
          currentWorkload: 1,
          futureWorkload: null,
          onLeave: false,
          source: "web_app",
          recordedAt: new Date("2026-10-30T09:00:00Z"),
        },
        {
          companyId: f.company.id,
          userId: anna.id,
          currentWorkload: 2,
          futureWorkload: null,
          onLeave: false,
          source: "web_app",
          recordedAt: new Date("2026-11-18T09:00:00Z"),
        },
        // Before the window and in the current week: not counted.
        {
          companyId: f.company.id,
          userId: anna.id,
          currentWorkload: 3,
          futureWorkload: null,
          onLeave: false,
          source: "web_app",
          recordedAt: new Date("2026-10-01T09:00:00Z"),
        },
        {
          companyId: f.company.id,
          userId: anna.id,
          currentWorkload: 0,
          futureWorkload: null,
          onLeave: false,
          source: "web_app",
          recordedAt: new Date("2026-11-24T09:00:00Z"),
        },
      ]);
    const actor = {
      user: anna,
      company: { id: f.company.id, name: f.company.name, allowGroupSelection: false, settings: readCompanySettings(f.company.settings) },
      sessionId: "s",
    };
    const ctx = domainCtx({ env, ctx: { waitUntil: () => {} } as never, db: db() }, actor as never, null, now);
    const report = await utilizationReport(ctx, { weeks: 4, offices: "all", groups: "all", term: "" } as never);
    expect(report.weeks.map((w) => w.weekNumber)).toEqual([44, 45, 46, 47]);
    const [a, b] = report.rows;
    expect(a.weeklyOverview.map((w) => [w.weekNumber, w.billableHours, w.totalHours])).toEqual([
      [44, 10, 12],
      [45, 20, 20],
      [46, 0, 0],
      [47, 15.5, 19.5],
    ]);
    // 45.5 billable hours over 4 weeks: 11.375 a week; against 30 a week: 45.5 / 120 = 37.9 %.
    expect(a.weeklyAverage).toBe(11.4);
    expect(a.targetHours).toBe(30);
    expect(a.utilizationAverage).toBe(38);
    // October's weeks (by their Thursday): W40 to W44, 6 + 10 = 16 billable of 5 x 30 = 10.7 %.
    expect(a.utilizationAverageLastMonth).toBe(11);
    // November's complete weeks: W45 to W47, 35.5 of 3 x 30 = 39.4 %.
    expect(a.utilizationAverageThisMonth).toBe(39);
    expect(a.avgWorkload).toBe(1.5);
    // Bo's own target, 20 a week: 30 / 80 = 37.5 %, rounded to 38; his week W46 only.
    expect(b.targetHours).toBe(20);
    expect(b.weeklyOverview.map((w) => w.billableHours)).toEqual([0, 0, 30, 0]);
    expect(b.utilizationAverage).toBe(38);
    expect(b.utilizationAverageLastMonth).toBe(0);
    expect(b.avgWorkload).toBeNull();

    // Every order of the view, sorted in SQL over the rollups before the page is cut (decision
    // 0226), hand-computed: Anna W44 10 (+2 NB), W45 20, W47 15.5 (+4 NB), 38 %, last month 11 %,
    // this month 39 %, average status 1.5; Bo W46 30, 38 % (37.5 rounded, tied with Anna: the name
    // decides), this month 50 %, no status; Carl nothing (0 %, no status).
    await f.createUser("employee", { name: "Carl", timekeeperNumber: "C" });
    await db().update(users).set({ currentWorkload: 3, futureWorkload: 0 }).where(eq(users.id, anna.id));
    await db().update(users).set({ currentWorkload: 1, futureWorkload: null }).where(eq(users.name, "Bo"));
    await db().update(users).set({ currentWorkload: null, futureWorkload: 2 }).where(eq(users.name, "Carl"));
    const order = async (sort?: string, dir?: "asc" | "desc") =>
      (await utilizationReport(ctx, { weeks: 4, offices: "all", groups: "all", term: "", sort, dir, page: 1 } as never)).rows.map(
        (r) => r.displayName,
      );
    for (const [sort, dir, expected] of [
      [undefined, undefined, ["Anna", "Bo", "Carl"]],
      ["name", "desc", ["Carl", "Bo", "Anna"]],
      ["status", undefined, ["Bo", "Anna", "Carl"]],
      ["forecast", undefined, ["Anna", "Carl", "Bo"]],
      ["w0", undefined, ["Anna", "Bo", "Carl"]],
      ["w0", "asc", ["Bo", "Carl", "Anna"]],
      ["w2", undefined, ["Bo", "Anna", "Carl"]],
      ["nb3", undefined, ["Anna", "Bo", "Carl"]],
      ["nb3", "asc", ["Bo", "Carl", "Anna"]],
      ["nb2", undefined, ["Anna", "Bo", "Carl"]],
      ["average", undefined, ["Anna", "Bo", "Carl"]],
      ["average", "asc", ["Carl", "Bo", "Anna"]],
      ["utilization", undefined, ["Anna", "Bo", "Carl"]],
      ["utilization", "asc", ["Carl", "Anna", "Bo"]],
      ["thisMonth", undefined, ["Bo", "Anna", "Carl"]],
      ["lastMonth", "asc", ["Bo", "Carl", "Anna"]],
      ["avgStatus", undefined, ["Anna", "Bo", "Carl"]],
      ["avgStatus", "asc", ["Bo", "Carl", "Anna"]],
    ] as const)
      expect(await order(sort, dir), `${sort} ${dir}`).toEqual(expected);
    const sorted = await utilizationReport(ctx, { weeks: 4, offices: "all", groups: "all", term: "", sort: "w2", page: 1 } as never);
    expect(sorted).toMatchObject({ sort: { key: "w2", dir: "desc" }, page: 1, pageSize: 50, total: 3 });

    // The same figures from the pure function.
    const window = utilizationWindow(now, 4);
    expect(utilizationFigures(window, [], 30).utilizationAverage).toBe(0);
    expect(window.lastMonthWeeks.map((w) => new Date(w).toISOString().slice(0, 10))).toEqual([
      "2026-09-28",
      "2026-10-05",
      "2026-10-12",
      "2026-10-19",
      "2026-10-26",
    ]);
  });
});
