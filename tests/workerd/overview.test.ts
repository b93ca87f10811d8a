import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { filterableGroupIds, filterableOfficeIds, mayFilterAllGroups, mayFilterAllOffices } from "~/auth/permissions";
import {
  competences,
  cvItems,
  forecasts,
  groups,
  offices,
  projectMembers,
  projects,
  skillLevels,
  userSkills,
  vacations,
  workplacePlans,
} from "~/db/schema";
import { groupRow, officeRow } from "~/db/factories";
import { GLOB_PATTERN_LIMIT, narrowSelection, pageStatements, resolveFilter, searchGlobs } from "~/domain/users/filter.server";
import { filteredUsersSchema } from "~/domain/users/filter.schema";
import { readCompanySettings } from "~/domain/company/settings.schema";
import type { DomainContext } from "~/domain/context";
import type { Actor } from "~/auth/actor.types";
import { readOverviewQuery, readShown, toggleSelection, writeOverviewQuery } from "~/domain/users/overview-query";
import { experienceLabel, lastSeenLabel } from "~/domain/users/last-seen";
import { nextWorkingDays, weekdayIndex } from "~/lib/dates";
import { newId } from "~/lib/ids";
import { api, createCompany, day, db, tokenFor } from "./helpers";

interface Page {
  users: { _id: string; name: string; away: boolean; forecast: { _id: string } | null; location: { option: number; label: string } | null }[];
  total: number;
  offset: number;
  limit: number;
}

const HOUR = 3_600_000;

async function filtered(token: string, body: unknown) {
  const response = await api("/api/v2/users/filtered", { method: "POST", token, json: body });
  return { status: response.status, body: (await response.json()) as Page & { message?: string; errors?: Record<string, string> } };
}

async function ids(token: string, body: unknown): Promise<string[]> {
  const response = await api("/api/v2/users/filteredIds", { method: "POST", token, json: body });
  expect(response.status).toBe(200);
  return (await response.json()) as string[];
}

const names = (page: Page) => page.users.map((u) => u.name).sort();

/**
 * Two groups with an office each. People: Anna (G1/O1), Bertil (G2/O2 and secondarily
 * G1/O1), Cecilia (G2/O2), plus an observer and an invited person in G1/O1 who never show.
 * Another firm has its own group, office and person.
 */
async function firm(settings: Record<string, unknown> = {}) {
  const base = await createCompany("Team", settings);
  const companyId = base.company.id;
  const g2 = groupRow(companyId, { name: "Disputes" });
  const o2 = officeRow(companyId, g2.id, { name: "Malmö" });
  await db().batch([db().insert(groups).values(g2), db().insert(offices).values(o2)]);
  const g1 = base.group;
  const o1 = base.office;
  const anna = await base.createUser("employee", { name: "Anna Åkesson", title: "Associate", lastUpdated: new Date(Date.now() - HOUR) });
  const bertil = await base.createUser("employee", {
    name: "Bertil Berg",
    title: "Partner",
    groupId: g2.id,
    officeId: o2.id,
    secondaryGroupId: g1.id,
    secondaryOfficeId: o1.id,
    lastUpdated: new Date(Date.now() - 2 * HOUR),
  });
  const cecilia = await base.createUser("employee", { name: "Cecilia Crona", title: "Senior Associate", groupId: g2.id, officeId: o2.id });
  const observer = await base.createUser("observer", { name: "Olle Observer" });
  const invited = await base.createUser("invited", { name: "Ivar Invited" });
  const companyAdmin = await base.createUser("companyAdmin", { name: "Cora Admin", groupId: null, officeId: null });
  const administrator = await base.createUser("administrator", { name: "Adam Admin" });
  const other = await createCompany("Elsewhere");
  const outsider = await other.createUser("employee", { name: "Anna Outsider", title: "Associate" });
  return { ...base, companyId, g1, o1, g2, o2, anna, bertil, cecilia, observer, invited, companyAdmin, administrator, other, outsider };
}

describe("POST /users/filtered: who matches", () => {
  let f: Awaited<ReturnType<typeof firm>>;
  let admin: string;
  let employee: string;
  beforeAll(async () => {
    f = await firm();
    admin = await tokenFor(f.companyAdmin.email);
    employee = await tokenFor(f.anna.email);
  });

  it("'all' offices and groups: every completed non-admin of the company, never another company's people", async () => {
    const { status, body } = await filtered(admin, { offices: ["all"], groups: ["all"] });
    expect(status).toBe(200);
    expect(names(body)).toEqual(["Anna Åkesson", "Bertil Berg", "Cecilia Crona"]);
    expect(body.total).toBe(3);
    // Leaving them out is the same as 'all'.
    expect(names((await filtered(admin, {})).body)).toEqual(["Anna Åkesson", "Bertil Berg", "Cecilia Crona"]);
  });

  it("matches primary and secondary membership, pair by pair", async () => {
    expect(names((await filtered(admin, { offices: [f.o1.id], groups: ["all"] })).body)).toEqual(["Anna Åkesson", "Bertil Berg"]);
    expect(names((await filtered(admin, { offices: ["all"], groups: [f.g2.id] })).body)).toEqual(["Bertil Berg", "Cecilia Crona"]);
    expect(names((await filtered(admin, { offices: [f.o2.id], groups: [f.g2.id] })).body)).toEqual(["Bertil Berg", "Cecilia Crona"]);
    expect(names((await filtered(admin, { offices: [f.o1.id], groups: [f.g1.id] })).body)).toEqual(["Anna Åkesson", "Bertil Berg"]);
    // Bertil is in G2 and in O1, but never in the pair (G2, O1).
    expect((await filtered(admin, { offices: [f.o1.id], groups: [f.g2.id] })).body.total).toBe(0);
  });

  it("nothing selected of a type matches nobody", async () => {
    expect((await filtered(admin, { offices: [], groups: ["all"] })).body).toMatchObject({ users: [], total: 0 });
    expect((await filtered(admin, { offices: ["all"], groups: [] })).body).toMatchObject({ users: [], total: 0 });
  });

  it("'All offices' and 'All groups' cannot be combined with other options of the same type", async () => {
    const offices = await filtered(admin, { offices: ["all", f.o1.id], groups: ["all"] });
    expect(offices.status).toBe(400);
    expect(offices.body).toMatchObject({
      entityType: "UserFilterInputErrors",
      errors: { offices: "'All offices' cannot be combined with other offices." },
    });
    const groups = await filtered(admin, { offices: ["all"], groups: [f.g1.id, "all"] });
    expect(groups.status).toBe(400);
    expect(groups.body.errors).toEqual({ groups: "'All groups' cannot be combined with other groups." });
  });

  it("the term matches name or title, case-insensitively, also outside ASCII, and takes no wildcards", async () => {
    expect(names((await filtered(admin, { term: "ÅKES" })).body)).toEqual(["Anna Åkesson"]);
    expect(names((await filtered(admin, { term: "anna" })).body)).toEqual(["Anna Åkesson"]);
    expect(names((await filtered(admin, { term: "PARTNER" })).body)).toEqual(["Bertil Berg"]);
    expect(names((await filtered(admin, { term: "associate" })).body)).toEqual(["Anna Åkesson", "Cecilia Crona"]);
    expect(names((await filtered(admin, { term: "  crona " })).body)).toEqual(["Cecilia Crona"]);
    for (const term of ["*", "%", "_", "?", "[a-z]"]) expect((await filtered(admin, { term })).body.total, term).toBe(0);
    // Long terms (the GLOB pattern of "Cecilia Crona" as one word passed D1's 50-byte limit,
    // and the overview answered 500), words in either order, a term of 100 letters outside ASCII.
    expect(names((await filtered(admin, { term: "Cecilia Crona" })).body)).toEqual(["Cecilia Crona"]);
    expect(names((await filtered(admin, { term: "crona CECILIA" })).body)).toEqual(["Cecilia Crona"]);
    expect(names((await filtered(admin, { term: "Anna Åkesson Associate" })).body)).toEqual(["Anna Åkesson"]);
    expect((await filtered(admin, { term: "Ö".repeat(100) })).body.total).toBe(0);
    expect((await filtered(admin, { term: "Cecilia Åkesson" })).body.total).toBe(0);
  });

  it("ids of another company match nothing, for anyone", async () => {
    const foreign = { offices: [f.other.office.id], groups: [f.other.group.id] };
    expect((await filtered(admin, foreign)).body).toMatchObject({ users: [], total: 0 });
    expect(await ids(admin, foreign)).toEqual([]);
    expect((await filtered(admin, { ...foreign, groups: ["all"] })).body.total).toBe(0);
    expect((await filtered(admin, { term: "Outsider" })).body.total).toBe(0);
    // The other firm's own people see only their firm.
    const outsider = await tokenFor(f.outsider.email);
    expect(names((await filtered(outsider, {})).body)).toEqual(["Anna Outsider"]);
    expect((await filtered(outsider, { offices: [f.o1.id], groups: [f.g1.id] })).body.total).toBe(0);
  });

  it("a non-admin filters only by their own and secondary group and office", async () => {
    // Anna belongs to G1/O1 only: 'all' narrows to G1/O1, where Bertil is secondarily.
    expect(names((await filtered(employee, {})).body)).toEqual(["Anna Åkesson", "Bertil Berg"]);
    expect(names((await filtered(employee, { offices: ["all"], groups: ["all"] })).body)).toEqual(["Anna Åkesson", "Bertil Berg"]);
    // Someone else's group or office is dropped, so it matches nobody.
    expect((await filtered(employee, { offices: [f.o2.id], groups: [f.g2.id] })).body.total).toBe(0);
    expect((await filtered(employee, { offices: ["all"], groups: [f.g2.id] })).body.total).toBe(0);
    expect(names((await filtered(employee, { offices: [f.o1.id, f.o2.id], groups: [f.g1.id, f.g2.id] })).body)).toEqual([
      "Anna Åkesson",
      "Bertil Berg",
    ]);
    // Bertil's secondary membership lets him pick G1/O1 as well as his own G2/O2.
    const bertil = await tokenFor(f.bertil.email);
    expect(names((await filtered(bertil, {})).body)).toEqual(["Anna Åkesson", "Bertil Berg", "Cecilia Crona"]);
    expect(names((await filtered(bertil, { offices: [f.o1.id], groups: [f.g1.id] })).body)).toEqual(["Anna Åkesson", "Bertil Berg"]);
    // An administrator who is not a company admin is narrowed the same way.
    const administrator = await tokenFor(f.administrator.email);
    expect(names((await filtered(administrator, { groups: [f.g2.id], offices: [f.o2.id] })).body)).toEqual([]);
    expect(names((await filtered(administrator, {})).body)).toEqual(["Anna Åkesson", "Bertil Berg"]);
  });

  it("invited people are listed for administrators only", async () => {
    const refused = await filtered(employee, { completed: false });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("Only administrators can list invited people.");
    expect(names((await filtered(admin, { completed: false })).body)).toEqual(["Ivar Invited"]);
  });

  it("answers pages with the total, and refuses bad input with field errors", async () => {
    const first = (await filtered(admin, { sort: "name", limit: 2 })).body;
    expect(first).toMatchObject({ total: 3, offset: 0, limit: 2 });
    expect(first.users.map((u) => u.name)).toEqual(["Anna Åkesson", "Bertil Berg"]);
    const second = (await filtered(admin, { sort: "name", limit: 2, offset: 2 })).body;
    expect(second.users.map((u) => u.name)).toEqual(["Cecilia Crona"]);
    expect((await filtered(admin, { limit: 201 })).body.errors).toEqual({ limit: "Limit must be a whole number from 1 to 200." });
    expect((await filtered(admin, { offset: -1 })).status).toBe(400);
    expect((await filtered(admin, { sort: "age" })).body.errors).toHaveProperty("sort");
    expect((await filtered(admin, { offices: "all" })).status).toBe(400);
    expect((await filtered(admin, { term: "x".repeat(101) })).body.errors).toEqual({ term: "At most 100 characters." });
    const broken = await api("/api/v2/users/filtered", { method: "POST", token: admin, body: "{", headers: { "Content-Type": "application/json" } });
    expect(broken.status).toBe(400);
    expect((await api("/api/v2/users/filtered", { token: admin })).status).toBe(405);
  });

  it("filteredIds answers the ids in the chosen order", async () => {
    expect(await ids(admin, { sort: "name" })).toEqual([f.anna.id, f.bertil.id, f.cecilia.id]);
    expect(await ids(admin, { sort: "name", offices: [f.o2.id] })).toEqual([f.bertil.id, f.cecilia.id]);
    expect(await ids(employee, { sort: "name" })).toEqual([f.anna.id, f.bertil.id]);
  });

  it("narrows by competences and projects held", async () => {
    const competence = { id: newId(), companyId: f.companyId, name: "Tax" };
    const project = { id: newId(), companyId: f.companyId, name: "Nordlys" };
    await db().batch([db().insert(competences).values(competence), db().insert(projects).values(project)]);
    await db().batch([
      db().insert(userSkills).values({ id: newId(), companyId: f.companyId, userId: f.cecilia.id, competenceId: competence.id }),
      db().insert(projectMembers).values({ id: newId(), companyId: f.companyId, projectId: project.id, userId: f.anna.id }),
    ]);
    expect(names((await filtered(admin, { competences: [competence.id] })).body)).toEqual(["Cecilia Crona"]);
    expect(names((await filtered(admin, { projects: [project.id] })).body)).toEqual(["Anna Åkesson"]);
    expect((await filtered(admin, { projects: [project.id], competences: [competence.id] })).body.total).toBe(0);
  });
});

describe("companies that let everyone pick all groups or offices", () => {
  it("allGroupsDefault and allOfficesDefault open the whole company to an employee", async () => {
    const f = await firm({ allGroupsDefault: true, allOfficesDefault: true });
    const employee = await tokenFor(f.anna.email);
    expect(names((await filtered(employee, {})).body)).toEqual(["Anna Åkesson", "Bertil Berg", "Cecilia Crona"]);
    expect(names((await filtered(employee, { offices: [f.o2.id], groups: [f.g2.id] })).body)).toEqual(["Bertil Berg", "Cecilia Crona"]);
  });

  it("allGroupsDefault alone still keeps offices to the employee's own", async () => {
    const f = await firm({ allGroupsDefault: true });
    const employee = await tokenFor(f.anna.email);
    expect(names((await filtered(employee, { offices: ["all"], groups: ["all"] })).body)).toEqual(["Anna Åkesson", "Bertil Berg"]);
    expect((await filtered(employee, { offices: [f.o2.id], groups: ["all"] })).body.total).toBe(0);
  });
});

describe("POST /users/filtered: sorting and what a card shows", () => {
  it("sorts by last updated, name, workload both ways and experience", async () => {
    const base = await createCompany("Sorting");
    const now = Date.now();
    const make = (name: string, extra: Parameters<typeof base.createUser>[1]) => base.createUser("employee", { name, ...extra });
    const available = await make("Dora Available", { currentWorkload: 0, lastUpdated: new Date(now - 5 * HOUR), startYear: 2020 });
    const busy = await make("Bo Busy", { currentWorkload: 2, lastUpdated: new Date(now - HOUR), startYear: 2010 });
    const serious = await make("Sara Serious", { currentWorkload: 3, lastUpdated: null, startYear: 0 });
    const some = await make("Alf Some", { currentWorkload: 1, lastUpdated: new Date(now - 3 * HOUR), startYear: null });
    const leave = await make("Lena Leave", { currentWorkload: 0, onLeave: true, lastUpdated: new Date(now - 2 * HOUR), startYear: 2024 });
    const vacation = await make("Vera Vacation", { currentWorkload: 1, lastUpdated: new Date(now - 4 * HOUR), startYear: 2015 });
    const none = await make("Nils None", { currentWorkload: null, lastUpdated: new Date(now - 6 * HOUR), startYear: 2015 });
    await db()
      .insert(vacations)
      .values({
        id: newId(),
        companyId: base.company.id,
        userId: vacation.id,
        startDate: new Date(`${day(-1)}T00:00:00Z`),
        endDate: new Date(`${day(1)}T00:00:00Z`),
      });
    const admin = await tokenFor((await base.createUser("companyAdmin")).email);
    const order = async (sort: string) => {
      const page = (await filtered(admin, { sort })).body;
      return page.users.map((u) => u.name);
    };
    expect(await order("lastUpdated")).toEqual([busy, leave, some, vacation, available, none, serious].map((u) => u.name));
    expect(await order("name")).toEqual(["Alf Some", "Bo Busy", "Dora Available", "Lena Leave", "Nils None", "Sara Serious", "Vera Vacation"]);
    // 0 to 3, then away (on leave or on vacation today), then no data.
    expect(await order("workloadLowHigh")).toEqual([
      "Dora Available",
      "Alf Some",
      "Bo Busy",
      "Sara Serious",
      "Lena Leave",
      "Vera Vacation",
      "Nils None",
    ]);
    expect(await order("workloadHighLow")).toEqual([
      "Sara Serious",
      "Bo Busy",
      "Alf Some",
      "Dora Available",
      "Lena Leave",
      "Vera Vacation",
      "Nils None",
    ]);
    // 'Before {year}' (0) first, then the earliest start year; unknown last.
    expect(await order("experience")).toEqual(["Sara Serious", "Bo Busy", "Nils None", "Vera Vacation", "Dora Available", "Lena Leave", "Alf Some"]);
    const page = (await filtered(admin, { sort: "name" })).body;
    expect(page.users.find((u) => u.name === "Vera Vacation")!.away).toBe(true);
    expect(page.users.find((u) => u.name === "Lena Leave")!.away).toBe(true);
    expect(page.users.find((u) => u.name === "Alf Some")!.away).toBe(false);
    expect(Object.keys(page.users[0]).sort()).toEqual(
      [
        "_id",
        "away",
        "currentWorkload",
        "forecast",
        "lastUpdated",
        "location",
        "message",
        "name",
        "onLeave",
        "profilePicture",
        "startYear",
        "title",
        // The person's own today, in their office's zone (issue 16).
        "today",
      ].sort(),
    );
  });

  /** The plan SQLite makes for one of the default page's statements (0: the count, 1: the page) in a company admin's new firm. */
  async function pagePlan(firm: string, statement: 0 | 1) {
    const base = await createCompany(firm);
    const admin = await base.createUser("companyAdmin");
    const actor = {
      user: admin,
      company: { id: base.company.id, name: base.company.name, allowGroupSelection: false, settings: readCompanySettings({}) },
      sessionId: "plan",
    } as unknown as Actor;
    const ctx = { db: db(), actor, companyId: base.company.id, now: new Date() } as unknown as DomainContext;
    const filter = resolveFilter(actor, filteredUsersSchema.parse({}));
    const query = pageStatements(ctx, filter, 0, 48)[statement].toSQL();
    const plan = await env.DB.prepare(`explain query plan ${query.sql}`)
      .bind(...query.params)
      .all<{ detail: string }>();
    return { sort: filter.sort, details: plan.results.map((row) => row.detail) };
  }

  it("reads a page in the default order (last updated) from the firm's last-updated index, not by sorting the whole firm", async () => {
    const { sort, details } = await pagePlan("Page Order", 1);
    expect(sort).toBe("lastUpdated");
    // Only ties of the same moment are sorted (RIGHT PART); a page of a 20,000-person firm stops after its 48 people.
    expect(
      details.some((d) => /SEARCH users USING INDEX users_company_last_updated_idx/.test(d)),
      details.join("\n"),
    ).toBe(true);
    expect(
      details.filter((d) => /USE TEMP B-TREE FOR ORDER BY/.test(d)),
      details.join("\n"),
    ).toEqual([]);
  });

  it("counts the page's total from the team index alone, reading no person's row (decision 0317)", async () => {
    const { details } = await pagePlan("Page Count", 0);
    // Every term of the count (the firm, completed, not deactivated, not erased, no admin flag) is in the index.
    expect(details, details.join("\n")).toEqual([
      expect.stringMatching(/^SEARCH users USING COVERING INDEX users_company_group_office_idx \(company_id=\?\)$/),
    ]);
  });

  it("shows the forecast covering today or else the next one, and today's work location", async () => {
    const base = await createCompany("Cards");
    const companyId = base.company.id;
    const person = await base.createUser("employee", { name: "Fia Forecast" });
    const later = await base.createUser("employee", { name: "Lars Later" });
    const at = (offset: number) => new Date(`${day(offset)}T00:00:00Z`);
    const current = { id: newId(), companyId, userId: person.id, startDate: at(-1), endDate: at(2), status: "2" as const };
    const next = { id: newId(), companyId, userId: later.id, startDate: at(5), endDate: at(6), status: "away" as const, comment: "Vacation" };
    await db().batch([
      db()
        .insert(forecasts)
        .values({ id: newId(), companyId, userId: person.id, startDate: at(-9), endDate: at(-8), status: "1" }),
      db().insert(forecasts).values(current),
      db()
        .insert(forecasts)
        .values({ id: newId(), companyId, userId: person.id, startDate: at(9), endDate: at(9), status: "3" }),
      db().insert(forecasts).values(next),
      db()
        .insert(forecasts)
        .values({ id: newId(), companyId, userId: later.id, startDate: at(20), endDate: at(21), status: "0" }),
    ]);
    const [first] = nextWorkingDays(new Date(), 1);
    await db().batch([
      db()
        .insert(workplacePlans)
        .values({ id: newId(), companyId, userId: person.id, kind: "default", key: weekdayIndex(first), option: 0 }),
      db().insert(workplacePlans).values({ id: newId(), companyId, userId: person.id, kind: "rolling", key: first.getTime(), option: 1 }),
      db()
        .insert(workplacePlans)
        .values({ id: newId(), companyId, userId: later.id, kind: "default", key: weekdayIndex(first), option: 0 }),
    ]);
    const admin = await tokenFor((await base.createUser("companyAdmin")).email);
    const page = (await filtered(admin, { sort: "name" })).body;
    const [fia, lars] = page.users;
    expect(fia.forecast?._id).toBe(current.id);
    expect(lars.forecast?._id).toBe(next.id);
    expect(fia.location).toMatchObject({ option: 1, label: "Home" });
    expect(lars.location).toMatchObject({ option: 0, label: "Office" });
  });
});

describe("the /overview page", () => {
  it("renders the people of the filter in the address, and the hints when a type has nothing selected", async () => {
    const f = await firm();
    const admin = await tokenFor(f.companyAdmin.email);
    const page = async (query: string) => {
      const response = await api(`/overview${query}`, { token: admin });
      expect(response.status).toBe(200);
      return response.text();
    };
    const all = await page("");
    expect(all).toContain("Anna Åkesson");
    expect(all).toContain("Cecilia Crona");
    expect(all).not.toContain("Anna Outsider");
    expect(all).not.toContain("Olle Observer");
    const malmo = await page(`?offices=${f.o2.id}&groups=all&sort=name`);
    expect(malmo).toContain("Cecilia Crona");
    expect(malmo).not.toContain("Anna Åkesson");
    const none = await page("?offices=&groups=all");
    expect(none).toContain("No office selected");
    expect(none).not.toContain("No group selected");
    expect(await page("?offices=all&groups=")).toContain("No group selected");
  });

  it("renders sixteen cards on the server and hands the browser the whole first page (decision 0295)", async () => {
    const firm = await createCompany("Cards Firm");
    const admin = await firm.createUser("companyAdmin");
    for (let i = 10; i < 30; i++) await firm.createUser("employee", { name: `Person ${i}` });
    const response = await api("/overview?offices=all&groups=all&sort=name", { token: await tokenFor(admin.email) });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.match(/data-testid="person-card"/g)).toHaveLength(16);
    expect(html).toContain('aria-busy="true"');
    // Person 29 sorts after at least sixteen others: not a card yet, but in the page's data (it renders as the page hydrates).
    expect(html).not.toContain('data-name="Person 29"');
    expect(html).toContain("Person 29");
    expect(html).toMatch(/2\d people/);
  });

  it("sends a signed-out visitor to /login", async () => {
    const response = await api("/overview");
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Foverview");
  });
});

describe("the user detail card", () => {
  it("holds the person, upcoming forecasts, projects, competences and CV items; archived projects stay out", async () => {
    const f = await firm();
    const companyId = f.companyId;
    const category = { id: newId(), companyId, name: "Languages", root: true };
    const german = { id: newId(), companyId, name: "German", parentId: category.id };
    const level = { id: newId(), companyId, name: "Expert", level: 4 };
    const active = { id: newId(), companyId, name: "Nordlys", startDate: new Date(`${day(-3)}T00:00:00Z`) };
    const archived = { id: newId(), companyId, name: "Old case", archived: true };
    await db().batch([
      db().insert(competences).values(category),
      db().insert(skillLevels).values(level),
      db().insert(projects).values([active, archived]),
    ]);
    await db().batch([
      db().insert(competences).values(german),
      db().insert(userSkills).values({ id: newId(), companyId, userId: f.anna.id, competenceId: german.id, levelId: level.id }),
      db()
        .insert(projectMembers)
        .values([
          { id: newId(), companyId, projectId: active.id, userId: f.anna.id },
          { id: newId(), companyId, projectId: archived.id, userId: f.anna.id },
        ]),
      db().insert(cvItems).values({ id: newId(), companyId, userId: f.anna.id, title: "LL.M., Uppsala" }),
      db()
        .insert(forecasts)
        .values({
          id: newId(),
          companyId,
          userId: f.anna.id,
          startDate: new Date(`${day(3)}T00:00:00Z`),
          endDate: new Date(`${day(4)}T00:00:00Z`),
          status: "2",
        }),
      db()
        .insert(forecasts)
        .values({
          id: newId(),
          companyId,
          userId: f.anna.id,
          startDate: new Date(`${day(-5)}T00:00:00Z`),
          endDate: new Date(`${day(-4)}T00:00:00Z`),
          status: "1",
        }),
    ]);
    const token = await tokenFor(f.cecilia.email);
    const response = await api(`/resources/user-card/${f.anna.id}`, { token });
    expect(response.status).toBe(200);
    const card = (await response.json()) as Record<string, unknown> & { user: Record<string, unknown>; forecasts: unknown[] };
    expect(card.user).toMatchObject({ _id: f.anna.id, name: "Anna Åkesson", title: "Associate", team: "Team Group - Team Office", away: false });
    expect(card.forecasts).toHaveLength(1);
    expect(card.projects).toEqual([{ _id: active.id, name: "Nordlys", startDate: `${day(-3)}T00:00:00.000Z`, endDate: null }]);
    expect(card.competences).toEqual([
      { _id: expect.any(String), competenceId: german.id, name: "German", category: "Languages", level: 4, levelName: "Expert" },
    ]);
    expect(card.cvItems).toEqual([{ _id: expect.any(String), title: "LL.M., Uppsala" }]);
  });

  it("leaves out sections the company turned off, and answers 404 for another company's person", async () => {
    const f = await firm({ disableProjects: true, disableCompetences: true });
    const token = await tokenFor(f.anna.email);
    const card = (await (await api(`/resources/user-card/${f.bertil.id}`, { token })).json()) as Record<string, unknown>;
    expect(card.projects).toBeNull();
    expect(card.competences).toBeNull();
    const foreign = await api(`/resources/user-card/${f.outsider.id}`, { token });
    expect(foreign.status).toBe(404);
    expect(await foreign.json()).toEqual({ message: "User not found" });
  });
});

describe("filter rules and wording (pure)", () => {
  const actor = (flags: Partial<{ companyAdmin: boolean; admin: boolean; administratorPriviliges: boolean }>) => ({
    companyAdmin: false,
    admin: false,
    administratorPriviliges: false,
    ...flags,
  });

  it("all groups and offices are for company admins, or everyone with allGroupsDefault / allOfficesDefault", () => {
    const off = { allGroupsDefault: false, allOfficesDefault: false };
    expect(mayFilterAllGroups(actor({ companyAdmin: true }), off)).toBe(true);
    expect(mayFilterAllOffices(actor({ companyAdmin: true }), off)).toBe(true);
    expect(mayFilterAllGroups(actor({ administratorPriviliges: true }), off)).toBe(false);
    expect(mayFilterAllOffices(actor({ admin: true }), off)).toBe(false);
    const groupsOnly = { allGroupsDefault: true, allOfficesDefault: false };
    expect(mayFilterAllGroups(actor({}), groupsOnly)).toBe(true);
    expect(mayFilterAllOffices(actor({}), groupsOnly)).toBe(false);
    expect(filterableGroupIds({ groupId: "g1", secondaryGroupId: "g2" })).toEqual(["g1", "g2"]);
    expect(filterableGroupIds({ groupId: null, secondaryGroupId: null })).toEqual([]);
    expect(filterableOfficeIds({ officeId: "o1", secondaryOfficeId: "o1" })).toEqual(["o1"]);
    expect(narrowSelection("all", false, ["a", "b"])).toEqual(["a", "b"]);
    expect(narrowSelection(["a", "x"], false, ["a", "b"])).toEqual(["a"]);
    expect(narrowSelection(["x"], true, [])).toEqual(["x"]);
  });

  it("'All …' is exclusive in the multi-select", () => {
    expect(toggleSelection(["a"], "all")).toBe("all");
    expect(toggleSelection("all", "a")).toEqual(["a"]);
    expect(toggleSelection("all", "all")).toEqual([]);
    expect(toggleSelection(["a", "b"], "a")).toEqual(["b"]);
  });

  it("reads the address leniently and writes it back", () => {
    const query = readOverviewQuery(new URLSearchParams("offices=a,b&groups=all,x&q=%20anna%20&sort=bogus"));
    expect(query).toEqual({ offices: ["a", "b"], groups: "all", term: "anna", sort: "lastUpdated" });
    expect(readOverviewQuery(new URLSearchParams("offices=")).offices).toEqual([]);
    expect(writeOverviewQuery({ ...query, sort: "name" }, 96).toString()).toBe("offices=a%2Cb&groups=all&q=anna&sort=name&show=96");
    const withCompetence = readOverviewQuery(new URLSearchParams("competences=c1,c1,,c2&projects="));
    expect(withCompetence).toMatchObject({ competences: ["c1", "c2"] });
    expect(withCompetence).not.toHaveProperty("projects");
    expect(writeOverviewQuery(withCompetence).get("competences")).toBe("c1,c2");
    expect(readShown(new URLSearchParams("show=50"))).toBe(96);
    expect(readShown(new URLSearchParams("show=100000"))).toBe(480);
    expect(readShown(new URLSearchParams("show=x"))).toBe(48);
  });

  it("builds case-insensitive GLOB patterns, one per word, with wildcards escaped and within the engine's limit", () => {
    expect(searchGlobs("Åk")).toEqual(["*[åÅ]k*"]);
    expect(searchGlobs("a*?[]")).toEqual(["*a[*][?][[][]]*"]);
    expect(searchGlobs(" M&A  2 ")).toEqual(["*m&a*", "*2*"]);
    expect(searchGlobs("   ")).toEqual([]);
    const utf8 = new TextEncoder();
    for (const term of ["Sophie Sydney Partner", "x".repeat(100), "ÅÄÖåäöéü".repeat(12), "[*?]".repeat(25)]) {
      const globs = searchGlobs(term);
      for (const glob of globs) expect(utf8.encode(glob).length, glob).toBeLessThanOrEqual(GLOB_PATTERN_LIMIT);
      // Nothing of the term is lost when a word is cut.
      expect(globs.map((g) => g.slice(1, -1)).join("").length).toBeGreaterThan(0);
    }
  });

  it("last seen: 'now' under 10 minutes, relative with 'min' up to 9360 minutes, then '7+ days ago'", () => {
    const now = new Date("2026-05-12T12:00:00Z");
    const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
    expect(lastSeenLabel(null, now)).toBeNull();
    expect(lastSeenLabel(ago(0), now)).toBe("now");
    expect(lastSeenLabel(ago(9), now)).toBe("now");
    expect(lastSeenLabel(ago(10), now)).toBe("10 min ago");
    expect(lastSeenLabel(ago(59), now)).toBe("59 min ago");
    expect(lastSeenLabel(ago(60), now)).toBe("1 hour ago");
    expect(lastSeenLabel(ago(150), now)).toBe("2 hours ago");
    expect(lastSeenLabel(ago(1440), now)).toBe("1 day ago");
    expect(lastSeenLabel(ago(9360), now)).toBe("6 days ago");
    expect(lastSeenLabel(ago(9361), now)).toBe("7+ days ago");
    expect(lastSeenLabel(ago(-5), now)).toBe("now");
  });

  it("experience: 'first year' in the start year, then years since", () => {
    const now = new Date("2026-05-12T12:00:00Z");
    expect(experienceLabel(null, now)).toBeNull();
    expect(experienceLabel(2026, now)).toBe("first year");
    expect(experienceLabel(2025, now)).toBe("1 year");
    expect(experienceLabel(2016, now)).toBe("10 years");
    expect(experienceLabel(0, now)).toBe("30+ years");
  });
});
