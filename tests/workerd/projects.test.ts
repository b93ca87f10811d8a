import { eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import {
  companies,
  groups,
  offices,
  projectCategories,
  projectCategoryLinks,
  projectInvoices,
  projectMembers,
  projects,
  projectStages,
  projectTimeReports,
  users,
} from "~/db/schema";
import { newId } from "~/lib/ids";
import { MAX_EXPORT_PROJECTS, TOO_MANY_PROJECTS } from "~/domain/projects/projects-export.server";
import { CLIENT_TAB_HEADER, withClientTab } from "~/realtime/client-session";
import { api, createCompanyWithRoles, db, listen, tokenFor } from "./helpers";

type Firm = Awaited<ReturnType<typeof createFirm>>;
type Json = Record<string, unknown> & { _id: string };

const SETTINGS = { projectInvoicing: true, enableProjectStages: true };

/** A company with a person per role, a second group and office, stages and four categories. */
async function createFirm(name: string, settings: Record<string, unknown> = SETTINGS) {
  const firm = await createCompanyWithRoles(name, settings);
  const companyId = firm.company.id;
  const elsewhere = { group: { id: newId(), companyId, name: `${name} Tax` }, office: { id: newId(), companyId, name: `${name} Oslo`, groupId: "" } };
  elsewhere.office.groupId = elsewhere.group.id;
  const stage = { id: newId(), companyId, name: "Pitch", color: "EEC444" };
  const categories = ["Banking", "Disputes", "M&A", "Tax"].map((n) => ({ id: newId(), companyId, name: n }));
  await db().batch([
    db().insert(groups).values(elsewhere.group),
    db().insert(offices).values(elsewhere.office),
    db().insert(projectStages).values(stage),
    db().insert(projectCategories).values(categories),
  ]);
  const outsider = await firm.createUser("employee", { groupId: elsewhere.group.id, officeId: elsewhere.office.id, currentWorkload: 3 });
  const outsiderToken = await tokenFor(outsider.email);
  return { ...firm, companyId, elsewhere, stage, categories, outsider, outsiderToken };
}

async function call(method: string, path: string, token: string, json?: unknown) {
  const response = await api(path, { method, token, json });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as Json & { errors?: Record<string, string>; message?: string } };
}

async function setSettings(firm: Firm, settings: Record<string, unknown>) {
  await db()
    .update(companies)
    .set({ settings: JSON.stringify({ ...SETTINGS, ...settings }) })
    .where(eq(companies.id, firm.companyId));
}

async function newProject(firm: Firm, token: string, body: Record<string, unknown> = {}) {
  const { status, body: project } = await call("POST", "/api/v2/project", token, { name: `Project ${newId().slice(-6)}`, ...body });
  expect(status, JSON.stringify(project)).toBe(201);
  return project as Json & { users: { _id: string }[]; nbrOfUsers: number };
}

let firm: Firm;
let other: Firm;

beforeAll(async () => {
  firm = await createFirm("Project Firm");
  other = await createFirm("Other Project Firm");
});

describe("creating a project", () => {
  it("needs a name: 'Required', and nothing is written", async () => {
    const before = await db().select().from(projects).where(eq(projects.companyId, firm.companyId));
    const { status, body } = await call("POST", "/api/v2/project", firm.tokens.employee, { name: "  ", description: "x" });
    expect(status).toBe(400);
    expect(body.entityType).toBe("ProjectInputErrors");
    expect(body.errors).toEqual({ name: "Required" });
    expect(await db().select().from(projects).where(eq(projects.companyId, firm.companyId))).toHaveLength(before.length);
  });

  it("leaves empty dates out, sits in the creator's group and office, and adds the creator when asked", async () => {
    const project = await newProject(firm, firm.tokens.employee, {
      startDate: "",
      endDate: "2026-06-30",
      users: [firm.people.employee.id],
      description: "Bid for the bank",
    });
    expect(project.startDate).toBeNull();
    expect(project.endDate).toBe("2026-06-30T00:00:00.000Z");
    expect(project.group).toBe(firm.group.id);
    expect(project.office).toBe(firm.office.id);
    expect(project.users.map((u) => u._id)).toEqual([firm.people.employee.id]);
    expect(project.archived).toBe(false);
    expect(project.mine).toBe(true);
  });

  it("refuses an end before the start", async () => {
    const { status, body } = await call("POST", "/api/v2/project", firm.tokens.employee, {
      name: "Backwards",
      startDate: "2026-05-02",
      endDate: "2026-05-01",
    });
    expect(status).toBe(400);
    expect(body.errors?.endDate).toBe("The end date cannot be before the start date.");
  });

  it("takes at most 3 categories", async () => {
    const four = firm.categories.map((c) => c.id);
    const refused = await call("POST", "/api/v2/project", firm.tokens.employee, { name: "Four", projectCategories: four });
    expect(refused.status).toBe(400);
    expect(refused.body.errors?.projectCategories).toBe("Pick at most 3 categories.");
    const project = await newProject(firm, firm.tokens.employee, { projectCategories: four.slice(0, 3) });
    expect((project.projectCategories as { name: string }[]).map((c) => c.name)).toEqual(["Banking", "Disputes", "M&A"]);
    const put = await call("PUT", `/api/v2/project/${project._id}`, firm.tokens.administrator, { name: "Four now", projectCategories: four });
    expect(put.status).toBe(400);
    const links = await db().select().from(projectCategoryLinks).where(eq(projectCategoryLinks.projectId, project._id));
    expect(links).toHaveLength(3);
  });

  it("takes one manager, never a list, and none when the company turns managers off", async () => {
    const list = await call("POST", "/api/v2/project", firm.tokens.employee, {
      name: "Two",
      manager: [firm.people.employee.id, firm.people.administrator.id],
    });
    expect(list.status).toBe(400);
    expect(list.body.errors?.manager).toBe("Pick one manager.");
    const project = await newProject(firm, firm.tokens.employee, { manager: firm.people.administrator.id });
    expect((project.manager as { _id: string })._id).toBe(firm.people.administrator.id);
    const stranger = await call("POST", "/api/v2/project", firm.tokens.employee, { name: "Stranger", manager: other.people.employee.id });
    expect(stranger.status).toBe(400);
    expect(stranger.body.errors?.manager).toBe("No such person in this company.");
    await setSettings(firm, { disableProjectManager: true });
    try {
      const off = await call("POST", "/api/v2/project", firm.tokens.employee, { name: "Managed", manager: firm.people.employee.id });
      expect(off.status).toBe(400);
      expect(off.body.errors?.manager).toBe("Project managers are turned off for this company.");
    } finally {
      await setSettings(firm, {});
    }
  });

  it("takes a stage only with enableProjectStages", async () => {
    const project = await newProject(firm, firm.tokens.employee, { projectStage: firm.stage.id });
    expect(project.projectStage).toEqual({ _id: firm.stage.id, name: "Pitch", color: "EEC444" });
    await setSettings(firm, { enableProjectStages: false });
    try {
      const off = await call("POST", "/api/v2/project", firm.tokens.employee, { name: "Staged", projectStage: firm.stage.id });
      expect(off.status).toBe(400);
      expect(off.body.errors?.projectStage).toBe("Project stages are turned off for this company.");
      const read = await call("GET", `/api/v2/project/${project._id}`, firm.tokens.employee);
      expect(read.body.projectStage).toBeNull();
    } finally {
      await setSettings(firm, {});
    }
  });

  it("lets an employee place a project only in their own group, an administrator anywhere", async () => {
    const refused = await call("POST", "/api/v2/project", firm.tokens.employee, {
      name: "Away",
      group: firm.elsewhere.group.id,
      office: firm.elsewhere.office.id,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toMatchObject({ group: "Pick one of your own groups." });
    const placed = await newProject(firm, firm.tokens.administrator, { group: firm.elsewhere.group.id, office: firm.elsewhere.office.id });
    expect(placed.group).toBe(firm.elsewhere.group.id);
    const mismatch = await call("POST", "/api/v2/project", firm.tokens.administrator, {
      name: "Mismatch",
      group: firm.group.id,
      office: firm.elsewhere.office.id,
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.body.errors?.office).toBe("This office is not in the chosen group.");
  });
});

describe("who sees which projects", () => {
  it("shows a project to its group and office, its members and company admins; not to others (404)", async () => {
    const taxProject = await newProject(firm, firm.outsiderToken, { users: [firm.outsider.id] });
    expect(taxProject.group).toBe(firm.elsewhere.group.id);
    const asEmployee = await call("GET", `/api/v2/project/${taxProject._id}`, firm.tokens.employee);
    expect(asEmployee.status).toBe(404);
    expect(asEmployee.body.message).toBe("Project not found");
    const list = await call("GET", "/api/v2/project", firm.tokens.employee);
    expect((list.body as unknown as Json[]).map((p) => p._id)).not.toContain(taxProject._id);
    expect((await call("GET", `/api/v2/project/${taxProject._id}`, firm.tokens.companyAdmin)).status).toBe(200);
    // A member sees it wherever it is.
    await call("POST", `/api/v2/project/${taxProject._id}/user/${firm.people.employee.id}`, firm.outsiderToken);
    expect((await call("GET", `/api/v2/project/${taxProject._id}`, firm.tokens.employee)).status).toBe(200);
  });

  it("shows every group's projects with projectsAllGroups", async () => {
    const taxProject = await newProject(firm, firm.outsiderToken);
    expect((await call("GET", `/api/v2/project/${taxProject._id}`, firm.tokens.observer)).status).toBe(404);
    await setSettings(firm, { projectsAllGroups: true });
    try {
      expect((await call("GET", `/api/v2/project/${taxProject._id}`, firm.tokens.observer)).status).toBe(200);
    } finally {
      await setSettings(firm, {});
    }
  });

  it("answers 404 for another company's project, and never lists it", async () => {
    const theirs = await newProject(other, other.tokens.employee);
    for (const path of [`/api/v2/project/${theirs._id}`, `/api/v2/project-time-report/${theirs._id}`, `/api/v2/project-invoice/${theirs._id}`]) {
      expect((await call("GET", path, firm.tokens.companyAdmin)).status, path).toBe(404);
    }
    expect((await call("PUT", `/api/v2/project/${theirs._id}/archive`, firm.tokens.companyAdmin)).status).toBe(404);
    const all = await call("GET", "/api/v2/project?all=true", firm.tokens.companyAdmin);
    expect((all.body as unknown as Json[]).map((p) => p._id)).not.toContain(theirs._id);
  });

  it("is off entirely with disableProjects", async () => {
    await setSettings(firm, { disableProjects: true });
    try {
      const list = await call("GET", "/api/v2/project", firm.tokens.companyAdmin);
      expect(list.status).toBe(403);
      expect(list.body.message).toBe("Projects are turned off for this company.");
      expect((await call("POST", "/api/v2/project", firm.tokens.companyAdmin, { name: "Off" })).status).toBe(403);
    } finally {
      await setSettings(firm, {});
    }
  });
});

describe("who changes a project", () => {
  it("the manager, members and administrators; not the Observer or a colleague outside it (403), not even its creator", async () => {
    const project = await newProject(firm, firm.tokens.administrator, { manager: firm.outsider.id, users: [firm.people.employee.id] });
    const rename = (token: string, name: string) => call("PUT", `/api/v2/project/${project._id}`, token, { name });
    expect((await rename(firm.tokens.observer, "Observer's")).status).toBe(403);
    const colleague = await firm.createUser("employee");
    expect((await rename(await tokenFor(colleague.email), "Colleague's")).status).toBe(403);
    const own = await newProject(firm, firm.tokens.observer);
    expect((await call("PUT", `/api/v2/project/${own._id}`, firm.tokens.observer, { name: "Creator's" })).status).toBe(403);
    expect((await rename(firm.tokens.employee, "Member's")).status).toBe(200);
    expect((await rename(firm.outsiderToken, "Manager's")).status).toBe(200);
    expect((await rename(firm.tokens.companyAdmin, "Company admin's")).status).toBe(200);
    const [row] = await db().select().from(projects).where(eq(projects.id, project._id));
    expect(row.name).toBe("Company admin's");
  });

  it("PUT keeps what is left out and clears what is null", async () => {
    const project = await newProject(firm, firm.tokens.employee, {
      description: "Keep me",
      startDate: "2026-01-05",
      manager: firm.people.employee.id,
    });
    const { status, body } = await call("PUT", `/api/v2/project/${project._id}`, firm.tokens.employee, { name: "Renamed", manager: null });
    expect(status).toBe(200);
    expect(body).toMatchObject({ name: "Renamed", description: "Keep me", startDate: "2026-01-05T00:00:00.000Z", manager: null });
    const blank = await call("PUT", `/api/v2/project/${project._id}`, firm.tokens.employee, { name: "" });
    expect(blank.status).toBe(400);
    expect(blank.body.errors?.name).toBe("Required");
  });

  it("archives and unarchives: GET /project leaves archived ones out unless all=true", async () => {
    const project = await newProject(firm, firm.tokens.employee, { users: [firm.people.employee.id] });
    const archived = await call("PUT", `/api/v2/project/${project._id}/archive`, firm.tokens.employee);
    expect(archived.body.archived).toBe(true);
    const active = (await call("GET", "/api/v2/project", firm.tokens.employee)).body as unknown as Json[];
    expect(active.map((p) => p._id)).not.toContain(project._id);
    const all = (await call("GET", "/api/v2/project?all=true", firm.tokens.employee)).body as unknown as Json[];
    expect(all.find((p) => p._id === project._id)?.archived).toBe(true);
    expect((await call("PUT", `/api/v2/project/${project._id}/archive`, firm.tokens.observer)).status).toBe(403);
    const back = await call("PUT", `/api/v2/project/${project._id}/unarchive`, firm.tokens.employee);
    expect(back.body.archived).toBe(false);
    const badQuery = await call("GET", "/api/v2/project?all=maybe", firm.tokens.employee);
    expect(badQuery.status).toBe(400);
  });

  it("deletes (manager or administrator, not a member) with its members, categories, hours and invoices", async () => {
    const project = await newProject(firm, firm.tokens.employee, {
      manager: firm.people.administrator.id,
      users: [firm.people.employee.id, firm.people.observer.id],
      projectCategories: [firm.categories[0].id],
    });
    await call("POST", `/api/v2/project-time-report/${project._id}`, firm.tokens.employee, { hours: 3, date: "2026-02-02" });
    await call("POST", `/api/v2/project-invoice/${project._id}`, firm.tokens.employee, { date: "2026-02-03", amount: 500 });
    const member = await call("DELETE", `/api/v2/project/${project._id}`, firm.tokens.employee);
    expect(member.status).toBe(403);
    const count = async () =>
      Promise.all([
        db().select().from(projectMembers).where(eq(projectMembers.projectId, project._id)),
        db().select().from(projectTimeReports).where(eq(projectTimeReports.projectId, project._id)),
        db().select().from(projectInvoices).where(eq(projectInvoices.projectId, project._id)),
        db().select().from(projectCategoryLinks).where(eq(projectCategoryLinks.projectId, project._id)),
      ]).then((lists) => lists.map((l) => l.length));
    expect(await count()).toEqual([2, 1, 1, 1]);
    const manager = await call("DELETE", `/api/v2/project/${project._id}`, firm.tokens.administrator);
    expect(manager.status).toBe(200);
    expect(await count()).toEqual([0, 0, 0, 0]);
    expect(await db().select().from(projects).where(eq(projects.id, project._id))).toHaveLength(0);
    expect((await call("GET", `/api/v2/project/${project._id}`, firm.tokens.administrator)).status).toBe(404);
    // The people are still there.
    expect(await db().select().from(users).where(eq(users.id, firm.people.observer.id))).toHaveLength(1);
  });
});

describe("members", () => {
  it("adds through ids and one by one, averages their workload, and removes one", async () => {
    await db().update(users).set({ currentWorkload: 1 }).where(eq(users.id, firm.people.employee.id));
    await db().update(users).set({ currentWorkload: 2 }).where(eq(users.id, firm.people.observer.id));
    const project = await newProject(firm, firm.tokens.employee, { users: [firm.people.employee.id] });
    const added = await call("POST", `/api/v2/project/${project._id}/users`, firm.tokens.employee, {
      ids: [firm.people.employee.id, firm.people.observer.id],
    });
    expect(added.status).toBe(200);
    expect(added.body.nbrOfUsers).toBe(2);
    expect(added.body.averageWorkload).toBe(1.5);
    const again = await call("POST", `/api/v2/project/${project._id}/user/${firm.people.observer.id}`, firm.tokens.employee);
    expect(again.body.nbrOfUsers).toBe(2);
    const removed = await call("DELETE", `/api/v2/project/${project._id}/user/${firm.people.observer.id}`, firm.tokens.employee);
    expect(removed.body.nbrOfUsers).toBe(1);
    expect(removed.body.averageWorkload).toBe(1);
    const gone = await call("DELETE", `/api/v2/project/${project._id}/user/${firm.people.observer.id}`, firm.tokens.employee);
    expect(gone.status).toBe(404);
  });

  it("refuses people of another company (404) and changes nothing", async () => {
    const project = await newProject(firm, firm.tokens.employee, { users: [firm.people.employee.id] });
    const { status } = await call("POST", `/api/v2/project/${project._id}/users`, firm.tokens.employee, {
      ids: [firm.people.observer.id, other.people.employee.id],
    });
    expect(status).toBe(404);
    expect(await db().select().from(projectMembers).where(eq(projectMembers.projectId, project._id))).toHaveLength(1);
    const empty = await call("POST", `/api/v2/project/${project._id}/users`, firm.tokens.employee, { ids: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.errors?.ids).toBe("Pick at least one person.");
  });

  it("tells the company's open pages (UPDATE_PROJECT), not another company's", async () => {
    const project = await newProject(firm, firm.tokens.employee, { users: [firm.people.employee.id] });
    const mine = await listen(firm.companyId, firm.tokens.observer);
    const theirs = await listen(other.companyId, other.tokens.observer);
    await call("POST", `/api/v2/project/${project._id}/user/${firm.people.observer.id}`, firm.tokens.employee);
    expect(await mine.next("UPDATE_PROJECT")).toMatchObject({ projectId: project._id });
    await new Promise((r) => setTimeout(r, 100));
    expect(theirs.events.filter((e) => e.type === "UPDATE_PROJECT")).toEqual([]);
  });

  it("names the tab a page action came from (Availability-Tab), so that tab can skip its own echo; a malformed name is none", async () => {
    const room = await listen(firm.companyId, firm.tokens.observer);
    const create = (name: string, tab: string) =>
      api(`/projects?_data=${encodeURIComponent("routes/_app.projects._index")}`, {
        method: "POST",
        token: firm.tokens.employee,
        headers: { [CLIENT_TAB_HEADER]: tab },
        body: new URLSearchParams({ intent: "create", name, addMe: "on" }),
      });
    expect((await create("Tab named", "tab-7")).status).toBe(204);
    expect(await room.next("UPDATE_PROJECT")).toMatchObject({ sessionId: "tab-7" });
    expect((await create("Tab malformed", "tab 7; x")).status).toBe(204);
    expect(await room.next("UPDATE_PROJECT")).toMatchObject({ sessionId: null });
    room.close();
  });
});

describe("withClientTab, the browser's fetch", () => {
  it("names the tab on a same-origin write only, and keeps a name the caller set", async () => {
    const sent: Request[] = [];
    const send = withClientTab(
      async (input, init) => {
        sent.push(new Request(input, init));
        return new Response(null, { status: 204 });
      },
      "https://app.example",
      () => "tab-9",
    );
    await send("https://app.example/projects", { method: "POST", body: "intent=create" });
    await send("https://app.example/projects");
    await send("https://elsewhere.example/hook", { method: "POST" });
    await send("https://app.example/home", { method: "POST", headers: { [CLIENT_TAB_HEADER]: "mine" } });
    expect(sent.map((r) => r.headers.get(CLIENT_TAB_HEADER))).toEqual(["tab-9", null, null, "mine"]);
    expect(await sent[0].text()).toBe("intent=create");
  });
});

describe("hours", () => {
  it("needs hours and a date, above 0, at most 24, in steps of 0.5, for a member", async () => {
    const project = await newProject(firm, firm.tokens.employee, { users: [firm.people.employee.id] });
    const path = `/api/v2/project-time-report/${project._id}`;
    const missing = await call("POST", path, firm.tokens.employee, {});
    expect(missing.status).toBe(400);
    expect(missing.body.entityType).toBe("ProjectTimeReportInputErrors");
    expect(Object.keys(missing.body.errors ?? {}).sort()).toEqual(["date", "hours"]);
    expect((await call("POST", path, firm.tokens.employee, { hours: 1.25, date: "2026-02-02" })).body.errors?.hours).toBe("Use steps of 0.5 hours.");
    expect((await call("POST", path, firm.tokens.employee, { hours: 0, date: "2026-02-02" })).body.errors?.hours).toBe("Hours must be more than 0.");
    expect((await call("POST", path, firm.tokens.employee, { hours: 24.5, date: "2026-02-02" })).body.errors?.hours).toBe("At most 24 hours a day.");
    const notMember = await call("POST", path, firm.tokens.employee, { hours: 1, date: "2026-02-02", user: firm.people.observer.id });
    expect(notMember.status).toBe(400);
    expect(notMember.body.errors?.user).toBe("Only members of the project can have hours reported.");
    expect(await db().select().from(projectTimeReports).where(eq(projectTimeReports.projectId, project._id))).toHaveLength(0);
  });

  it("reports, lists, changes and deletes hours; the project shows them per member", async () => {
    const project = await newProject(firm, firm.tokens.employee, { users: [firm.people.employee.id] });
    const path = `/api/v2/project-time-report/${project._id}`;
    const created = await call("POST", path, firm.tokens.administrator, { hours: 2.5, date: "2026-02-02", user: firm.people.employee.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ hours: 2.5, date: "2026-02-02T00:00:00.000Z", user: { _id: firm.people.employee.id } });
    await call("POST", path, firm.tokens.employee, { hours: 1, date: "2026-02-03" });
    const list = await call("GET", path, firm.tokens.observer);
    expect((list.body as unknown as { hours: number }[]).map((r) => r.hours)).toEqual([1, 2.5]);
    const detail = await call("GET", `/api/v2/project/${project._id}`, firm.tokens.employee);
    expect(detail.body.hoursByUser).toEqual({ [firm.people.employee.id]: 3.5 });
    const changed = await call("PUT", `${path}/${created.body._id}`, firm.tokens.employee, { hours: 4, date: "2026-02-02" });
    expect(changed.body.hours).toBe(4);
    expect((await call("PUT", `${path}/${created.body._id}`, firm.tokens.observer, { hours: 5, date: "2026-02-02" })).status).toBe(403);
    expect((await call("DELETE", `${path}/${created.body._id}`, firm.tokens.employee)).status).toBe(200);
    expect((await call("DELETE", `${path}/${created.body._id}`, firm.tokens.employee)).status).toBe(404);
  });
});

describe("invoices", () => {
  it("need date and amount, default to USD, and take VAT as a percentage 0 to 100 (the quick values 0, 8, 16 included)", async () => {
    const project = await newProject(firm, firm.tokens.employee, { users: [firm.people.employee.id] });
    const path = `/api/v2/project-invoice/${project._id}`;
    const missing = await call("POST", path, firm.tokens.employee, {});
    expect(missing.status).toBe(400);
    expect(missing.body.entityType).toBe("ProjectInvoiceInputErrors");
    expect(Object.keys(missing.body.errors ?? {}).sort()).toEqual(["amount", "date"]);
    for (const vat of [101, -1]) {
      const refused = await call("POST", path, firm.tokens.employee, { date: "2026-02-02", amount: 10, vat });
      expect(refused.body.errors?.vat, String(vat)).toBe("VAT is a percentage from 0 to 100.");
    }
    expect((await call("POST", path, firm.tokens.employee, { date: "2026-02-02", amount: 10, currency: "dollars" })).body.errors?.currency).toBe(
      "Use a three-letter currency code such as USD.",
    );
    for (const vat of [0, 8, 16]) {
      const created = await call("POST", path, firm.tokens.employee, { date: "2026-02-02", amount: 1000.5, vat, identification: `INV-${vat}` });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({ amount: 1000.5, vat, currency: "USD", identification: `INV-${vat}` });
    }
    const noVat = await call("POST", path, firm.tokens.employee, { date: "2026-02-04", amount: 5, currency: "sek" });
    expect(noVat.body).toMatchObject({ vat: null, currency: "SEK" });
    const list = await call("GET", path, firm.tokens.observer);
    expect(list.body).toHaveLength(4);
    const changed = await call("PUT", `${path}/${noVat.body._id}`, firm.tokens.employee, { date: "2026-02-05", amount: 7, vat: 16, currency: "EUR" });
    expect(changed.body).toMatchObject({ amount: 7, vat: 16, currency: "EUR" });
    expect((await call("DELETE", `${path}/${noVat.body._id}`, firm.tokens.observer)).status).toBe(403);
    expect((await call("DELETE", `${path}/${noVat.body._id}`, firm.tokens.employee)).status).toBe(200);
  });

  it("exist only with projectInvoicing (403 otherwise)", async () => {
    const project = await newProject(firm, firm.tokens.employee);
    await setSettings(firm, { projectInvoicing: false });
    try {
      const { status, body } = await call("GET", `/api/v2/project-invoice/${project._id}`, firm.tokens.employee);
      expect(status).toBe(403);
      expect(body.message).toBe("Project invoicing is turned off for this company.");
    } finally {
      await setSettings(firm, {});
    }
  });
});

describe("POST /project/filtered", () => {
  it("narrows by term, categories, stages, offices and groups; keeps archived ones flagged", async () => {
    const term = `Zebra${newId().slice(-5)}`;
    const a = await newProject(firm, firm.tokens.administrator, {
      name: `${term} alpha`,
      projectCategories: [firm.categories[1].id],
      projectStage: firm.stage.id,
    });
    const b = await newProject(firm, firm.tokens.administrator, {
      name: `${term} beta`,
      group: firm.elsewhere.group.id,
      office: firm.elsewhere.office.id,
    });
    await call("PUT", `/api/v2/project/${b._id}/archive`, firm.tokens.administrator);
    const ids = async (body: unknown) =>
      ((await call("POST", "/api/v2/project/filtered", firm.tokens.companyAdmin, body)).body as unknown as Json[]).map((p) => p._id);
    expect(await ids({ term })).toEqual([a._id, b._id]);
    expect(await ids({ term, categories: [firm.categories[1].id] })).toEqual([a._id]);
    expect(await ids({ term, stages: [firm.stage.id] })).toEqual([a._id]);
    expect(await ids({ term, offices: [firm.elsewhere.office.id] })).toEqual([b._id]);
    expect(await ids({ term, groups: [firm.group.id] })).toEqual([a._id]);
    expect(await ids({ term: "100%_" })).toEqual([]);
    const archived = (await call("POST", "/api/v2/project/filtered", firm.tokens.companyAdmin, { term })).body as unknown as Json[];
    expect(archived.map((p) => p.archived)).toEqual([false, true]);
    const bad = await call("POST", "/api/v2/project/filtered", firm.tokens.companyAdmin, { offices: "x" });
    expect(bad.status).toBe(400);
  });

  // One statement builds every project (decision 0210): what it answers must be the entity in full.
  it("answers each project whole: members by name (then id) with picture links, categories by name, the exact mean workload, ISO dates", async () => {
    const tag = newId().slice(-5);
    const made = async (name: string, overrides: Partial<typeof users.$inferInsert>) => firm.createUser("employee", { name, ...overrides });
    const people = [
      await made(`Örjan ${tag}`, { currentWorkload: 1, profilePicture: "internal-store:abc def.png" }),
      await made(`Bea ${tag}`, { currentWorkload: 0, profilePicture: "https://pictures.example/bea.jpg" }),
      await made(`Adam ${tag}`, { currentWorkload: null, profilePicture: "adam.jpg" }),
      await made(`Cleo ${tag}`, { currentWorkload: 1 }),
      await made(`Cleo ${tag}`, { currentWorkload: null }),
      await made(`Dan ${tag}`, { currentWorkload: null }),
      await made(`Eva ${tag}`, { currentWorkload: null }),
    ];
    const project = await newProject(firm, firm.tokens.administrator, {
      name: `Whole ${tag}`,
      users: people.map((p) => p.id),
      manager: people[1].id,
      projectStage: firm.stage.id,
      projectCategories: [firm.categories[3].id, firm.categories[0].id],
      startDate: "2026-02-03",
      endDate: "2026-12-31",
    });
    const [listed] = (await call("POST", "/api/v2/project/filtered", firm.tokens.companyAdmin, { term: `Whole ${tag}` })).body as unknown as Json[];
    const cleos = people.filter((p) => p.name!.startsWith("Cleo")).sort((a, b) => (a.id < b.id ? -1 : 1));
    const byName = [people[2], people[1], ...cleos, people[5], people[6], people[0]];
    const pictureOf = new Map([
      [people[0].id, "/api/profilePicture/abc%20def.png"],
      [people[1].id, "https://pictures.example/bea.jpg"],
      [people[2].id, "https://cdn.availability.example/adam.jpg"],
    ]);
    expect(listed).toEqual({
      _id: project._id,
      name: `Whole ${tag}`,
      description: "",
      company: firm.companyId,
      office: firm.office.id,
      group: firm.group.id,
      startDate: "2026-02-03T00:00:00.000Z",
      endDate: "2026-12-31T00:00:00.000Z",
      manager: { _id: people[1].id, name: people[1].name, profilePicture: "https://pictures.example/bea.jpg" },
      users: byName.map((p) => ({ _id: p.id, name: p.name, profilePicture: pictureOf.get(p.id) ?? null })),
      nbrOfUsers: 7,
      archived: false,
      averageWorkload: 2 / 3,
      projectCategories: [
        { _id: firm.categories[0].id, name: "Banking" },
        { _id: firm.categories[3].id, name: "Tax" },
      ],
      projectStage: { _id: firm.stage.id, name: "Pitch", color: "EEC444" },
      created: project.created,
      mine: false,
    });
    // GET /project/{id} and the list agree; the page's list carries the first five by name and the full count.
    const single = await call("GET", `/api/v2/project/${project._id}`, firm.tokens.companyAdmin);
    expect((single.body.users as unknown as Json[]).map((u) => u._id)).toEqual(byName.map((p) => p.id));
    expect(single.body.averageWorkload).toBe(2 / 3);
    const pageData = (await (
      await api(`/projects?q=${encodeURIComponent(`Whole ${tag}`)}&_data=${encodeURIComponent("routes/_app.projects._index")}`, {
        token: firm.tokens.companyAdmin,
      })
    ).json()) as { groups: { others: { projects: Json[] } } };
    const [onPage] = pageData.groups.others.projects;
    expect((onPage.users as Json[]).map((u) => u._id)).toEqual(byName.slice(0, 5).map((p) => p.id));
    expect(onPage.nbrOfUsers).toBe(7);
    expect(onPage.averageWorkload).toBe(2 / 3);
  });
});

describe("POST /project/filtered with limit and offset: one page (decision 0291)", () => {
  it("answers a page by name with the total, each project the same entity the full list holds; without limit, the spec's plain list", async () => {
    const tag = `Paged${newId().slice(-5)}`;
    const member = await firm.createUser("employee", { name: `Member ${tag}`, currentWorkload: 2 });
    const c = await newProject(firm, firm.tokens.administrator, { name: `${tag} Cedar` });
    const a = await newProject(firm, firm.tokens.administrator, {
      name: `${tag} Ash`,
      users: [member.id],
      projectCategories: [firm.categories[0].id],
    });
    const b = await newProject(firm, firm.tokens.administrator, { name: `${tag} Birch` });
    const full = await call("POST", "/api/v2/project/filtered", firm.tokens.companyAdmin, { term: tag });
    expect(full.status).toBe(200);
    // The default is unchanged: a plain list of every matching project, by name.
    expect(Array.isArray(full.body)).toBe(true);
    const list = full.body as unknown as Json[];
    expect(list.map((p) => p._id)).toEqual([a._id, b._id, c._id]);

    const first = await call("POST", "/api/v2/project/filtered", firm.tokens.companyAdmin, { term: tag, limit: 2 });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ total: 3, offset: 0, limit: 2, projects: list.slice(0, 2) });
    // Members and categories come whole on a page too.
    expect(((first.body.projects as unknown as Json[])[0].users as Json[]).map((u) => u._id)).toEqual([member.id]);
    const second = await call("POST", "/api/v2/project/filtered", firm.tokens.companyAdmin, { term: tag, limit: 2, offset: 2 });
    expect(second.body).toEqual({ total: 3, offset: 2, limit: 2, projects: list.slice(2) });
    const past = await call("POST", "/api/v2/project/filtered", firm.tokens.companyAdmin, { term: tag, limit: 2, offset: 3 });
    expect(past.body).toEqual({ total: 3, offset: 3, limit: 2, projects: [] });
    // The filters narrow the total as they narrow the list.
    const narrowed = await call("POST", "/api/v2/project/filtered", firm.tokens.companyAdmin, {
      term: tag,
      categories: [firm.categories[0].id],
      limit: 10,
    });
    expect(narrowed.body).toEqual({ total: 1, offset: 0, limit: 10, projects: [list[0]] });
  });

  it("counts only what the caller sees", async () => {
    const tag = `Seen${newId().slice(-5)}`;
    await newProject(firm, firm.tokens.administrator, { name: `${tag} here` });
    await newProject(firm, firm.tokens.administrator, { name: `${tag} elsewhere`, group: firm.elsewhere.group.id, office: firm.elsewhere.office.id });
    const employee = await call("POST", "/api/v2/project/filtered", firm.tokens.employee, { term: tag, limit: 5 });
    expect(employee.body.total).toBe(1);
    expect((employee.body.projects as unknown as Json[]).map((p) => p.name)).toEqual([`${tag} here`]);
    const admin = await call("POST", "/api/v2/project/filtered", firm.tokens.companyAdmin, { term: tag, limit: 5 });
    expect(admin.body.total).toBe(2);
  });

  it("refuses a bad page with a clear message and changes nothing", async () => {
    const refused = async (body: unknown) => {
      const response = await call("POST", "/api/v2/project/filtered", firm.tokens.companyAdmin, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.entityType).toBe("ProjectInputErrors");
      return response.body.errors;
    };
    expect(await refused({ limit: 0 })).toEqual({ limit: "Limit must be a whole number from 1 to 500." });
    expect(await refused({ limit: 501 })).toEqual({ limit: "Limit must be a whole number from 1 to 500." });
    expect(await refused({ limit: "50" })).toEqual({ limit: "Limit must be a whole number from 1 to 500." });
    expect(await refused({ limit: 10, offset: -1 })).toEqual({ offset: "Offset must be a whole number from 0." });
    expect(await refused({ limit: 10, offset: 2.5 })).toEqual({ offset: "Offset must be a whole number from 0." });
    expect(await refused({ offset: 10 })).toEqual({ limit: "Send limit with offset: a page needs its length." });
  });
});

describe("the projects summary workbook", () => {
  it("has a projects sheet and a members sheet with bold frozen headers, filters, widths, real dates and numbers", async () => {
    const project = await newProject(firm, firm.tokens.employee, {
      name: "Workbook deal",
      startDate: "2026-01-05",
      endDate: "2026-03-31",
      manager: firm.people.administrator.id,
      users: [firm.people.employee.id],
      projectCategories: [firm.categories[0].id, firm.categories[2].id],
      projectStage: firm.stage.id,
    });
    await db().update(users).set({ currentWorkload: 2 }).where(eq(users.id, firm.people.employee.id));
    await call("POST", `/api/v2/project-time-report/${project._id}`, firm.tokens.employee, { hours: 7.5, date: "2026-02-02" });
    await call("POST", `/api/v2/project-invoice/${project._id}`, firm.tokens.employee, { date: "2026-02-03", amount: 1234.5, vat: 8 });
    const theirs = await newProject(other, other.tokens.employee, { name: "Not ours" });
    const ids = encodeURIComponent(JSON.stringify([project._id, theirs._id]));
    const response = await api(`/api/projectsSummary/${ids}/report.xlsx`, { token: firm.tokens.employee });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    const sheet = workbook.getWorksheet("Projects")!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(1).getCell(1).value).toBe("Name");
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
    expect(sheet.getColumn(1).width).toBe(36);
    const row = sheet.getRow(2);
    expect(row.getCell(1).value).toBe("Workbook deal");
    expect(row.getCell(2).value).toBe("Pitch");
    expect(row.getCell(3).value).toBe("Banking, M&A");
    expect(row.getCell(4).value).toEqual(new Date("2026-01-05T00:00:00.000Z"));
    expect(row.getCell(5).value).toBeInstanceOf(Date);
    expect(row.getCell(6).value).toBe(firm.people.administrator.name);
    expect(row.getCell(7).value).toBe(1);
    expect(row.getCell(8).value).toBe(3);
    expect(row.getCell(9).value).toBe(7.5);
    expect(row.getCell(10).value).toBe(1234.5);
    const members = workbook.getWorksheet("Members")!;
    expect(members.rowCount).toBe(2);
    expect(members.getRow(2).values).toEqual([
      undefined,
      "Workbook deal",
      firm.people.employee.name,
      firm.people.employee.title,
      firm.people.employee.email,
      3,
      7.5,
    ]);
    expect(members.getRow(1).font?.bold).toBe(true);
  });

  it("refuses bad ids (400), callers without a session (401) and companies without projects (403)", async () => {
    expect((await api("/api/projectsSummary/%5Bnot-json/report.xlsx", { token: firm.tokens.employee })).status).toBe(400);
    expect((await api("/api/projectsSummary/%E0%A4%A/report.xlsx", { token: firm.tokens.employee })).status).toBe(400);
    expect((await api("/api/projectsSummary/all/report.xlsx")).status).toBe(401);
    await setSettings(firm, { disableProjects: true });
    try {
      expect((await api("/api/projectsSummary/all/report.xlsx", { token: firm.tokens.employee })).status).toBe(403);
    } finally {
      await setSettings(firm, {});
    }
  });

  it("exports 'all' the caller sees, comma-separated ids too", async () => {
    const project = await newProject(firm, firm.tokens.employee, { name: "Comma one" });
    const response = await api(`/api/projectsSummary/${project._id},${project._id}/report.xlsx`, { token: firm.tokens.employee });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await response.arrayBuffer());
    expect(workbook.getWorksheet("Projects")!.rowCount).toBe(2);
    const all = await api("/api/projectsSummary/all/report.xlsx", { token: firm.outsiderToken });
    const allBook = new ExcelJS.Workbook();
    await allBook.xlsx.load(await all.arrayBuffer());
    const names = allBook.getWorksheet("Projects")!.getColumn(1).values.slice(2);
    expect(names).not.toContain("Comma one");
    expect(names.length).toBeGreaterThan(0);
  });
});

describe("the workbook's bound", () => {
  it(`refuses more than ${MAX_EXPORT_PROJECTS} projects with 413 and the message the export button shows`, async () => {
    const ids = Array.from({ length: MAX_EXPORT_PROJECTS + 1 }, (_, i) => String(i)).join(",");
    const tooMany = await api(`/api/projectsSummary/${ids}/report.xlsx`, { token: firm.tokens.administrator });
    expect(tooMany.status).toBe(413);
    expect(await tooMany.json()).toMatchObject({ message: TOO_MANY_PROJECTS, errors: { ids: TOO_MANY_PROJECTS } });
  });
});

describe("projects in the team views", () => {
  it("the overview's projects filter shows the project's members only and offers the projects the person sees", async () => {
    const project = await newProject(firm, firm.tokens.employee, { name: "Overview filter project", users: [firm.people.employee.id] });
    const page = await api(`/overview?offices=all&groups=all&sort=name&projects=${project._id}`, { token: firm.tokens.companyAdmin });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain(firm.people.employee.name);
    expect(html).not.toContain(firm.outsider.name);
    expect(html).toContain("Overview filter project");
    const unfiltered = await (await api(`/overview?offices=all&groups=all&sort=name`, { token: firm.tokens.companyAdmin })).text();
    expect(unfiltered).toContain(firm.outsider.name);
  });

  it("the person card lists the person's active projects", async () => {
    const project = await newProject(firm, firm.tokens.employee, { name: "Card project", startDate: "2026-04-01", users: [firm.people.observer.id] });
    const card = await api(`/resources/user-card/${firm.people.observer.id}`, { token: firm.tokens.employee });
    const body = (await card.json()) as { projects: { _id: string; name: string }[] | null };
    expect(body.projects?.map((p) => p._id)).toContain(project._id);
  });
});

describe("the project page's hour and invoice entries (the forms of /projects/{id})", () => {
  // The route id asks Remix for the action's data, as a fetcher does.
  const page = (projectId: string, view: string, token: string, fields: Record<string, string>) =>
    api(`/projects/${projectId}/${view}?_data=${encodeURIComponent("routes/_app.projects.$id.($view)")}`, {
      method: "POST",
      token,
      body: new URLSearchParams({ sessionId: "tab-1", ...fields }),
    });
  const reply = async (response: Response) => ({ status: response.status, body: (await response.json()) as { error?: Record<string, string[]> } });
  const reportsOf = (projectId: string) => db().select().from(projectTimeReports).where(eq(projectTimeReports.projectId, projectId));
  const invoicesOf = (projectId: string) => db().select().from(projectInvoices).where(eq(projectInvoices.projectId, projectId));

  it("the members view lists every hour entry; an entry is changed and deleted through the page, with the field messages", async () => {
    const project = await newProject(firm, firm.tokens.employee, { users: [firm.people.employee.id] });
    const logged = await page(project._id, "members", firm.tokens.employee, {
      intent: "logHours",
      user: firm.people.employee.id,
      hours: "2.5",
      date: "2026-03-02",
    });
    expect(logged.status).toBe(200);
    const [entry] = await reportsOf(project._id);
    expect(entry).toMatchObject({ hours: 2.5, userId: firm.people.employee.id });

    const loaded = await api(`/projects/${project._id}/members?_data=${encodeURIComponent("routes/_app.projects.$id.($view)")}`, {
      token: firm.tokens.observer,
    });
    expect(((await loaded.json()) as { timeReports: unknown }).timeReports).toEqual([
      {
        _id: entry.id,
        project: project._id,
        date: "2026-03-02T00:00:00.000Z",
        hours: 2.5,
        user: { _id: firm.people.employee.id, name: firm.people.employee.name },
      },
    ]);

    const missing = await reply(
      await page(project._id, "members", firm.tokens.employee, { intent: "updateHours", reportId: entry.id, hours: "", date: "" }),
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatchObject({ hours: ["Required"], date: expect.any(Array) });
    const halfSteps = await reply(
      await page(project._id, "members", firm.tokens.employee, { intent: "updateHours", reportId: entry.id, hours: "1.2", date: "2026-03-02" }),
    );
    expect(halfSteps.body.error?.hours).toEqual(["Use steps of 0.5 hours."]);
    const observer = await reply(
      await page(project._id, "members", firm.tokens.observer, { intent: "updateHours", reportId: entry.id, hours: "3", date: "2026-03-02" }),
    );
    expect(observer.status).toBe(403);
    expect(await reportsOf(project._id)).toMatchObject([{ hours: 2.5 }]);

    expect(
      (await page(project._id, "members", firm.tokens.employee, { intent: "updateHours", reportId: entry.id, hours: "4", date: "2026-03-03" }))
        .status,
    ).toBe(200);
    const [changed] = await reportsOf(project._id);
    expect(changed.hours).toBe(4);
    expect(changed.date.toISOString().slice(0, 10)).toBe("2026-03-03");
    // Another company's page cannot reach the entry.
    expect((await page(project._id, "members", other.tokens.administrator, { intent: "deleteHours", reportId: entry.id })).status).toBe(404);
    expect((await page(project._id, "members", firm.tokens.employee, { intent: "deleteHours", reportId: "nope" })).status).toBe(404);
    expect(await reportsOf(project._id)).toHaveLength(1);
    expect((await page(project._id, "members", firm.tokens.employee, { intent: "deleteHours", reportId: entry.id })).status).toBe(200);
    expect(await reportsOf(project._id)).toEqual([]);
  });

  it("an invoice is changed through the editor: every field, an emptied VAT clears it, bad values change nothing", async () => {
    const project = await newProject(firm, firm.tokens.employee, { users: [firm.people.employee.id] });
    const created = await page(project._id, "invoices", firm.tokens.employee, {
      intent: "createInvoice",
      date: "2026-03-02",
      amount: "1200",
      currency: "",
      vat: "8",
      identification: "INV-1",
    });
    expect(created.status).toBe(200);
    const [invoice] = await invoicesOf(project._id);
    expect(invoice).toMatchObject({ amount: 1200, currency: "USD", vat: 8, identification: "INV-1" });

    const edit = (token: string, fields: Record<string, string>) =>
      page(project._id, "invoices", token, { intent: "updateInvoice", invoiceId: invoice.id, ...fields });
    const bad = await reply(await edit(firm.tokens.employee, { date: "", amount: "-5", currency: "dollars", vat: "120" }));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({
      date: expect.any(Array),
      amount: ["The amount cannot be negative."],
      currency: ["Use a three-letter currency code such as USD."],
      vat: ["VAT is a percentage from 0 to 100."],
    });
    expect((await edit(firm.tokens.observer, { date: "2026-03-04", amount: "1", currency: "EUR" })).status).toBe(403);
    expect(await invoicesOf(project._id)).toMatchObject([{ amount: 1200, vat: 8 }]);

    const saved = await edit(firm.tokens.employee, { date: "2026-03-04", amount: "1350.75", currency: "eur", vat: "", identification: "INV-1b" });
    expect(saved.status).toBe(200);
    const [changed] = await invoicesOf(project._id);
    expect(changed).toMatchObject({ amount: 1350.75, currency: "EUR", vat: null, identification: "INV-1b" });
    expect(changed.date.toISOString().slice(0, 10)).toBe("2026-03-04");
    expect((await edit(firm.tokens.employee, { date: "2026-03-04", amount: "1", currency: "EUR", vat: "16" })).status).toBe(200);
    expect(await invoicesOf(project._id)).toMatchObject([{ vat: 16, identification: null }]);
  });
});
