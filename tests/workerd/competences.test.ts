import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { competences, skillLevels, userSkills } from "~/db/schema";
import { newId } from "~/lib/ids";
import { api, createCompanyWithRoles, db } from "./helpers";

/**
 * Competences, members and skills (spec: planning.md, "Competences", sections 5 to 7): every
 * call, the rules of who may add, edit and rate, and that a refused call changes nothing.
 */
type Firm = Awaited<ReturnType<typeof firmWithLevels>>;

async function firmWithLevels(name: string, settings: Record<string, unknown> = {}) {
  const firm = await createCompanyWithRoles(name, settings);
  const junior = { id: newId(), companyId: firm.company.id, name: "Junior", level: 1 };
  const senior = { id: newId(), companyId: firm.company.id, name: "Senior", level: 3 };
  await db().insert(skillLevels).values([junior, senior]);
  return { ...firm, levels: { junior, senior } };
}

async function send(method: string, path: string, token: string, json?: unknown) {
  const response = await api(`/api/v2${path}`, { method, token, json: json ?? (method === "GET" ? undefined : {}) });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}

async function skillRows(companyId: string) {
  return db().select().from(userSkills).where(eq(userSkills.companyId, companyId)).orderBy(userSkills.id);
}
async function competenceRows(companyId: string) {
  return db().select().from(competences).where(eq(competences.companyId, companyId)).orderBy(competences.id);
}

let own: Firm;
let other: Firm;

beforeAll(async () => {
  own = await firmWithLevels("Competence Own");
  other = await firmWithLevels("Competence Other");
});

describe("competences and categories", () => {
  it("creates a category and a competence inside it, and lists both with parent, members and average", async () => {
    const category = await send("POST", "/competences", own.tokens.employee, { name: "  Litigation  ", root: true });
    expect(category.status).toBe(201);
    expect(category.body).toMatchObject({ name: "Litigation", root: true, subCategory: false, parent: null, users: [], averageSkillLevel: null });
    const competence = await send("POST", "/competences", own.tokens.employee, { name: "Arbitration", parentId: category.body._id });
    expect(competence.status).toBe(201);
    expect(competence.body.parent).toEqual({ _id: category.body._id, name: "Litigation", parent: null });

    await send("POST", `/competences/${competence.body._id}/users`, own.tokens.administrator, {
      userIds: [own.people.employee.id, own.people.observer.id],
    });
    const skills = (await skillRows(own.company.id)).filter((s) => s.competenceId === competence.body._id);
    await db().update(userSkills).set({ levelId: own.levels.junior.id }).where(eq(userSkills.id, skills[0].id));
    await db().update(userSkills).set({ levelId: own.levels.senior.id }).where(eq(userSkills.id, skills[1].id));

    const list = await send("GET", "/competences", own.tokens.employee);
    expect(list.status).toBe(200);
    const listed = list.body.find((c: { _id: string }) => c._id === competence.body._id);
    expect(listed.averageSkillLevel).toBe(2);
    expect(listed.users).toHaveLength(2);
    expect(listed.users[0].skills[0].level).toMatchObject({ level: expect.any(Number), name: expect.any(String) });
    expect(list.body.map((c: { _id: string }) => c._id)).toContain(category.body._id);

    const one = await send("GET", `/competences/${competence.body._id}`, own.tokens.observer);
    expect(one.body).toMatchObject({ _id: competence.body._id, name: "Arbitration", averageSkillLevel: 2 });
  });

  it("refuses blank and whitespace-only names and creates nothing", async () => {
    const before = await competenceRows(own.company.id);
    for (const name of ["", "   ", undefined]) {
      const response = await send("POST", "/competences", own.tokens.employee, { name });
      expect(response.status).toBe(400);
      expect(response.body).toMatchObject({ entityType: "CompetenceInputErrors", errors: { name: "This field is required." } });
    }
    expect(await competenceRows(own.company.id)).toEqual(before);
  });

  it("renames, moves and clears the parent; refuses a competence or itself as parent", async () => {
    const a = (await send("POST", "/competences", own.tokens.employee, { name: "Cat A", root: true })).body;
    const b = (await send("POST", "/competences", own.tokens.employee, { name: "Cat B", root: true, parentId: a._id })).body;
    expect(b.subCategory).toBe(true);
    const tax = (await send("POST", "/competences", own.tokens.employee, { name: "Tax" })).body;

    const moved = await send("PUT", `/competences/${tax._id}`, own.tokens.employee, { name: "Tax law", parentId: b._id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ name: "Tax law", parent: { _id: b._id, name: "Cat B", parent: a._id } });
    const cleared = await send("PUT", `/competences/${tax._id}`, own.tokens.employee, { name: "Tax law", parentId: null });
    expect(cleared.body.parent).toBeNull();

    const underCompetence = await send("PUT", `/competences/${b._id}`, own.tokens.employee, { name: "Cat B", root: true, parentId: tax._id });
    expect(underCompetence.status).toBe(400);
    expect(underCompetence.body.errors.parentId).toBe("Pick a category as the parent.");
    const cycle = await send("PUT", `/competences/${a._id}`, own.tokens.employee, { name: "Cat A", root: true, parentId: b._id });
    expect(cycle.status).toBe(400);
    expect(cycle.body.errors.parentId).toBe("A category cannot sit inside one of its own sub-categories.");
    const self = await send("PUT", `/competences/${a._id}`, own.tokens.employee, { name: "Cat A", root: true, parentId: a._id });
    expect(self.body.errors.parentId).toBe("A category cannot be its own parent.");
    const foreign = await send("PUT", `/competences/${tax._id}`, own.tokens.employee, {
      name: "Tax law",
      parentId: (await competenceRows(other.company.id))[0]?.id ?? newId(),
    });
    expect(foreign.status).toBe(400);
    const blank = await send("PUT", `/competences/${tax._id}`, own.tokens.employee, { name: "  " });
    expect(blank.status).toBe(400);
    expect((await db().select().from(competences).where(eq(competences.id, tax._id)))[0].name).toBe("Tax law");
  });

  it("deletes a competence with its skills, and a category leaves its competences without one", async () => {
    const category = (await send("POST", "/competences", own.tokens.employee, { name: "Doomed", root: true })).body;
    const child = (await send("POST", "/competences", own.tokens.employee, { name: "Orphan", parentId: category._id })).body;
    await send("POST", `/competences/${child._id}/user/${own.people.employee.id}`, own.tokens.employee);
    const gone = await send("DELETE", `/competences/${category._id}`, own.tokens.employee);
    expect(gone.status).toBe(200);
    expect((await send("GET", `/competences/${child._id}`, own.tokens.employee)).body.parent).toBeNull();
    expect((await send("GET", `/competences/${category._id}`, own.tokens.employee)).status).toBe(404);
    expect(await send("DELETE", `/competences/${child._id}`, own.tokens.employee)).toMatchObject({ status: 200 });
    expect((await skillRows(own.company.id)).filter((s) => s.competenceId === child._id)).toEqual([]);
  });

  it("another company's competence is not found, for every call", async () => {
    const theirs = (await send("POST", "/competences", other.tokens.employee, { name: "Theirs" })).body;
    for (const [method, path, body] of [
      ["GET", `/competences/${theirs._id}`, undefined],
      ["PUT", `/competences/${theirs._id}`, { name: "Ours now" }],
      ["DELETE", `/competences/${theirs._id}`, undefined],
      ["POST", `/competences/${theirs._id}/users`, { userIds: [own.people.employee.id] }],
      ["POST", `/competences/${theirs._id}/user/${own.people.employee.id}`, undefined],
      ["POST", "/skill", { competenceId: theirs._id }],
    ] as const) {
      expect((await send(method, path, own.tokens.companyAdmin, body)).status, `${method} ${path}`).toBe(404);
    }
    const mine = (await send("POST", "/competences", own.tokens.employee, { name: "Mine" })).body;
    expect((await send("POST", `/competences/${mine._id}/user/${other.people.employee.id}`, own.tokens.companyAdmin)).status).toBe(404);
    expect((await send("GET", `/competences?addToUser=${other.people.employee.id}`, own.tokens.employee)).status).toBe(404);
    expect((await db().select().from(competences).where(eq(competences.id, theirs._id)))[0].name).toBe("Theirs");
  });
});

describe("members and skills", () => {
  it("addToUser lists only competences the person does not have, never categories", async () => {
    const has = (await send("POST", "/competences", own.tokens.employee, { name: "Has it" })).body;
    const lacks = (await send("POST", "/competences", own.tokens.employee, { name: "Lacks it" })).body;
    await send("POST", `/competences/${has._id}/user/${own.people.employee.id}`, own.tokens.employee);
    const list = (await send("GET", `/competences?addToUser=${own.people.employee.id}`, own.tokens.employee)).body as {
      _id: string;
      root: boolean;
    }[];
    const ids = list.map((c) => c._id);
    expect(ids).toContain(lacks._id);
    expect(ids).not.toContain(has._id);
    expect(list.every((c) => !c.root)).toBe(true);
  });

  it("adds one member, and a second time answers 409 without a second row", async () => {
    const c = (await send("POST", "/competences", own.tokens.employee, { name: "Once only" })).body;
    const first = await send("POST", `/competences/${c._id}/user/${own.people.employee.id}`, own.tokens.employee);
    expect(first.status).toBe(200);
    expect(first.body.users.map((u: { _id: string }) => u._id)).toEqual([own.people.employee.id]);
    const again = await send("POST", `/competences/${c._id}/user/${own.people.employee.id}`, own.tokens.employee);
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already has Once only/);
    const viaSkill = await send("POST", "/skill", own.tokens.employee, { competenceId: c._id });
    expect(viaSkill.status).toBe(409);
    expect((await skillRows(own.company.id)).filter((s) => s.competenceId === c._id)).toHaveLength(1);
  });

  it("POST /competences/{id}/users adds those who lack it and leaves the rest; a category takes no members", async () => {
    const c = (await send("POST", "/competences", own.tokens.employee, { name: "Bulk" })).body;
    await send("POST", `/competences/${c._id}/user/${own.people.employee.id}`, own.tokens.employee);
    const added = await send("POST", `/competences/${c._id}/users`, own.tokens.administrator, {
      userIds: [own.people.employee.id, own.people.administrator.id],
    });
    expect(added.status).toBe(200);
    expect(added.body.users).toHaveLength(2);
    // More people than D1 binds in one statement (100 parameters): all added, in one batch.
    const many = await Promise.all(Array.from({ length: 40 }, () => own.createUser("employee")));
    const bulk = await send("POST", `/competences/${c._id}/users`, own.tokens.administrator, { userIds: many.map((p) => p.id) });
    expect(bulk.status).toBe(200);
    expect(bulk.body.users).toHaveLength(42);
    const unknown = await send("POST", `/competences/${c._id}/users`, own.tokens.administrator, { userIds: [newId()] });
    expect(unknown.status).toBe(404);
    const empty = await send("POST", `/competences/${c._id}/users`, own.tokens.administrator, { userIds: [] });
    expect(empty.status).toBe(400);
    const category = (await send("POST", "/competences", own.tokens.employee, { name: "No members", root: true })).body;
    const onCategory = await send("POST", `/competences/${category._id}/users`, own.tokens.administrator, { userIds: [own.people.employee.id] });
    expect(onCategory.status).toBe(400);
    expect((await skillRows(own.company.id)).filter((s) => s.competenceId === category._id)).toEqual([]);
  });

  it("POST /skill adds oneself with a level; PUT sets and, with no level, clears it; DELETE takes one off", async () => {
    const c = (await send("POST", "/competences", own.tokens.employee, { name: "Rated" })).body;
    const created = await send("POST", "/skill", own.tokens.employee, { competenceId: c._id, levelOfSkillId: own.levels.junior.id });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      user: own.people.employee.id,
      competence: { _id: c._id, name: "Rated", root: false },
      level: { _id: own.levels.junior.id, name: "Junior", level: 1 },
    });
    const set = await send("PUT", `/skill/${created.body._id}`, own.tokens.employee, { levelOfSkillId: own.levels.senior.id });
    expect(set.body.level).toMatchObject({ level: 3, name: "Senior" });
    const cleared = await send("PUT", `/skill/${created.body._id}`, own.tokens.employee, {});
    expect(cleared.status).toBe(200);
    expect(cleared.body.level).toBeNull();
    const badLevel = await send("PUT", `/skill/${created.body._id}`, own.tokens.employee, { levelOfSkillId: other.levels.senior.id });
    expect(badLevel.status).toBe(400);
    expect(badLevel.body.errors.levelOfSkillId).toBe("That skill level does not exist.");
    const removed = await send("DELETE", `/skill/${created.body._id}`, own.tokens.employee);
    expect(removed.status).toBe(200);
    expect((await skillRows(own.company.id)).filter((s) => s.competenceId === c._id)).toEqual([]);
    expect((await send("DELETE", `/skill/${created.body._id}`, own.tokens.employee)).status).toBe(404);
  });

  it("only admins or the person rate a skill: an employee cannot rate a colleague", async () => {
    const c = (await send("POST", "/competences", own.tokens.employee, { name: "Colleague's" })).body;
    const skill = (await send("POST", "/skill", own.tokens.administrator, { competenceId: c._id, userId: own.people.observer.id })).body;
    const refused = await send("PUT", `/skill/${skill._id}`, own.tokens.employee, { levelOfSkillId: own.levels.senior.id });
    expect(refused.status).toBe(403);
    expect((await db().select().from(userSkills).where(eq(userSkills.id, skill._id)))[0].levelId).toBeNull();
    for (const role of ["observer", "administrator", "companyAdmin"] as const) {
      expect((await send("PUT", `/skill/${skill._id}`, own.tokens[role], { levelOfSkillId: own.levels.senior.id })).status, role).toBe(200);
    }
  });
});

describe("firm switches", () => {
  it("disableCompetencesEditSelf: the person may not rate their own skill, an admin still may", async () => {
    const firm = await firmWithLevels("No Self Rating", { disableCompetencesEditSelf: true });
    const c = (await send("POST", "/competences", firm.tokens.employee, { name: "Self" })).body;
    const skill = (await send("POST", "/skill", firm.tokens.employee, { competenceId: c._id })).body;
    const refused = await send("PUT", `/skill/${skill._id}`, firm.tokens.employee, { levelOfSkillId: firm.levels.senior.id });
    expect(refused.status).toBe(403);
    expect(
      (
        await send("POST", "/skill", firm.tokens.employee, {
          competenceId: (await send("POST", "/competences", firm.tokens.employee, { name: "Other" })).body._id,
          levelOfSkillId: firm.levels.senior.id,
        })
      ).status,
    ).toBe(403);
    expect((await db().select().from(userSkills).where(eq(userSkills.id, skill._id)))[0].levelId).toBeNull();
    expect((await send("PUT", `/skill/${skill._id}`, firm.tokens.administrator, { levelOfSkillId: firm.levels.senior.id })).status).toBe(200);
  });

  it("disableCompetencesPriviligies: only admins create and edit; an employee adds only themself", async () => {
    const firm = await firmWithLevels("Admins Only", { disableCompetencesPriviligies: true });
    const refused = await send("POST", "/competences", firm.tokens.employee, { name: "Nope" });
    expect(refused.status).toBe(403);
    expect(await competenceRows(firm.company.id)).toEqual([]);
    const c = (await send("POST", "/competences", firm.tokens.observer, { name: "Admins' own" })).body;
    expect((await send("PUT", `/competences/${c._id}`, firm.tokens.employee, { name: "Renamed" })).status).toBe(403);
    expect((await send("DELETE", `/competences/${c._id}`, firm.tokens.employee)).status).toBe(403);
    expect((await send("POST", `/competences/${c._id}/user/${firm.people.observer.id}`, firm.tokens.employee)).status).toBe(403);
    expect(
      (await send("POST", `/competences/${c._id}/users`, firm.tokens.employee, { userIds: [firm.people.employee.id, firm.people.observer.id] }))
        .status,
    ).toBe(403);
    expect(await skillRows(firm.company.id)).toEqual([]);
    expect((await send("POST", `/competences/${c._id}/user/${firm.people.employee.id}`, firm.tokens.employee)).status).toBe(200);
    expect((await send("POST", `/competences/${c._id}/user/${firm.people.administrator.id}`, firm.tokens.administrator)).status).toBe(200);
    expect((await db().select().from(competences).where(eq(competences.id, c._id)))[0].name).toBe("Admins' own");
  });

  it("disableCompetences: every competence call is refused", async () => {
    const firm = await firmWithLevels("No Competences", { disableCompetences: true });
    const list = await send("GET", "/competences", firm.tokens.companyAdmin);
    expect(list.status).toBe(403);
    expect(list.body.message).toBe("Competences are turned off for this company.");
    expect((await send("POST", "/competences", firm.tokens.companyAdmin, { name: "X" })).status).toBe(403);
    expect(await competenceRows(firm.company.id)).toEqual([]);
  });

  it("competences from CV Partner are read-only", async () => {
    const external = { id: newId(), companyId: own.company.id, name: "Imported", externalSource: "cvpartner" };
    await db().insert(competences).values(external);
    expect((await send("PUT", `/competences/${external.id}`, own.tokens.companyAdmin, { name: "Mine" })).status).toBe(403);
    expect((await send("DELETE", `/competences/${external.id}`, own.tokens.companyAdmin)).status).toBe(403);
    expect((await send("POST", `/competences/${external.id}/user/${own.people.employee.id}`, own.tokens.companyAdmin)).status).toBe(403);
    const [row] = await db()
      .select()
      .from(competences)
      .where(and(eq(competences.id, external.id), eq(competences.companyId, own.company.id)));
    expect(row.name).toBe("Imported");
  });
});

describe("the overview's competence filter", () => {
  const data = async (query: string, token: string) => {
    const response = await api(`/overview?${query}&_data=routes%2F_app.overview`, { token });
    expect(response.status).toBe(200);
    return (await response.json()) as {
      users: { _id: string }[];
      total: number;
      query: { competences?: string[] };
      competences: { _id: string; name: string; category: string | null }[] | null;
    };
  };

  it("shows only the people holding the competence, offers the firm's competences by category, and matches nobody for another firm's", async () => {
    const firm = await firmWithLevels("Competence Filter");
    const colleague = await firm.createUser("employee", { name: "Cleo Colleague" });
    const category = await send("POST", "/competences", firm.tokens.companyAdmin, { name: "Disputes", root: true });
    const competence = await send("POST", "/competences", firm.tokens.companyAdmin, { name: "Mediation", parentId: category.body._id });
    expect((await send("POST", `/competences/${competence.body._id}/user/${firm.people.employee.id}`, firm.tokens.companyAdmin)).status).toBe(200);
    const foreign = await send("POST", "/competences", other.tokens.companyAdmin, { name: "Foreign" });
    expect((await send("POST", `/competences/${foreign.body._id}/user/${colleague.id}`, other.tokens.companyAdmin)).status).toBe(404);

    const all = await data("offices=all&groups=all&sort=name", firm.tokens.employee);
    expect(all.users.map((u) => u._id).sort()).toEqual([firm.people.employee.id, colleague.id].sort());
    expect(all.competences).toEqual([{ _id: competence.body._id, name: "Mediation", category: "Disputes" }]);

    const filtered = await data(`offices=all&groups=all&sort=name&competences=${competence.body._id}`, firm.tokens.employee);
    expect(filtered.users.map((u) => u._id)).toEqual([firm.people.employee.id]);
    expect(filtered.total).toBe(1);
    expect(filtered.query.competences).toEqual([competence.body._id]);

    const foreignFilter = await data(`offices=all&groups=all&sort=name&competences=${foreign.body._id}`, firm.tokens.employee);
    expect(foreignFilter.total).toBe(0);
  });

  it("is left out when the firm turns competences off", async () => {
    const firm = await firmWithLevels("Competence Filter Off", { disableCompetences: true });
    expect((await data("offices=all&groups=all&sort=name", firm.tokens.employee)).competences).toBeNull();
  });
});

describe("'My skill level' on the competence's settings page", () => {
  const page = (id: string, token: string, fields?: Record<string, string>) =>
    api(`/competences/${id}/settings?_data=${encodeURIComponent("routes/_app.competences.$id.($view)")}`, {
      token,
      ...(fields ? { method: "POST", body: new URLSearchParams(fields) } : {}),
      headers: fields ? { "Content-Type": "application/x-www-form-urlencoded" } : {},
    });

  it("a member sets their own level there, clicking the set level clears it; with disableCompetencesEditSelf it is refused", async () => {
    const created = await send("POST", "/competences", own.tokens.employee, { name: "Negotiation" });
    const skill = await send("POST", "/skill", own.tokens.employee, { competenceId: created.body._id });
    expect(skill.status).toBe(201);
    const loaded = (await (await page(created.body._id, own.tokens.employee)).json()) as {
      mySkill: { skillId: string; levelId: string | null } | null;
      members: { userId: string; canRate: boolean }[];
    };
    expect(loaded.mySkill).toMatchObject({ skillId: skill.body._id, levelId: null });
    expect(loaded.members.find((m) => m.userId === own.people.employee.id)?.canRate).toBe(true);

    const level = async () => (await db().select().from(userSkills).where(eq(userSkills.id, skill.body._id)))[0].levelId;
    const set = await page(created.body._id, own.tokens.employee, {
      intent: "setLevel",
      skillId: skill.body._id,
      levelOfSkillId: own.levels.senior.id,
    });
    expect(set.status).toBe(200);
    expect(await level()).toBe(own.levels.senior.id);
    // The picker sends an empty level when the set one is clicked again.
    expect((await page(created.body._id, own.tokens.employee, { intent: "setLevel", skillId: skill.body._id, levelOfSkillId: "" })).status).toBe(200);
    expect(await level()).toBeNull();
    const locked = await firmWithLevels("Edit Self Off", { disableCompetencesEditSelf: true });
    const lockedCompetence = await send("POST", "/competences", locked.tokens.employee, { name: "Drafting" });
    const lockedSkill = await send("POST", "/skill", locked.tokens.employee, { competenceId: lockedCompetence.body._id });
    const lockedData = (await (await page(lockedCompetence.body._id, locked.tokens.employee)).json()) as { members: { canRate: boolean }[] };
    expect(lockedData.members[0].canRate).toBe(false);
    const refused = await page(lockedCompetence.body._id, locked.tokens.employee, {
      intent: "setLevel",
      skillId: lockedSkill.body._id,
      levelOfSkillId: locked.levels.junior.id,
    });
    expect(refused.status).toBe(403);
    expect((await db().select().from(userSkills).where(eq(userSkills.id, lockedSkill.body._id)))[0].levelId).toBeNull();
    // An admin still may.
    const byAdmin = await page(lockedCompetence.body._id, locked.tokens.companyAdmin, {
      intent: "setLevel",
      skillId: lockedSkill.body._id,
      levelOfSkillId: locked.levels.junior.id,
    });
    expect(byAdmin.status).toBe(200);
  });
});
