import { env } from "cloudflare:test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { runDueCvImports } from "~/domain/company/cv-import.server";
import { auditLog, companies, competences, cvImports, cvItems, userSkills } from "~/db/schema";
import { isSealed } from "~/lib/secret-box.server";
import { newId } from "~/lib/ids";
import type { FakeAccount, FakeCv } from "../fakes/cv-service";
import { api, createCompanyWithRoles, db, listen, runtime, systemFor } from "./helpers";

/**
 * The CV service import (decision 0112) against a loopback server that speaks CV Partner's
 * JSON (tests/fakes/cv-service.ts): new, changed and removed CV items and competences; a
 * failing service (timeout, 401, bad JSON, 500) is recorded and leaves the data as it was.
 */
const fakeUrl = () => inject("cvServiceUrl");

async function account(key: string, value: FakeAccount) {
  const response = await fetch(`${fakeUrl()}/__control/${encodeURIComponent(key)}`, { method: "PUT", body: JSON.stringify(value) });
  expect(response.status).toBe(204);
}

const cv = (projects: [string, string][], skills: string[]): FakeCv => ({
  project_experiences: projects.map(([id, title]) => ({
    _id: id,
    customer: { int: title.split(" – ")[0] },
    description: { int: title.split(" – ")[1] },
  })),
  technologies: [{ technology_skills: skills.map((s) => ({ tags: { int: s } })) }],
});

async function send(method: string, path: string, token: string, json?: unknown) {
  const response = await api(`/api/v2${path}`, { method, token, json: json ?? (method === "GET" ? undefined : {}) });
  const text = await response.text();
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  return { status: response.status, body: (text ? JSON.parse(text) : null) as any };
}

async function snapshot(companyId: string) {
  const [items, skills, comps] = await db().batch([
    db().select().from(cvItems).where(eq(cvItems.companyId, companyId)).orderBy(cvItems.id),
    db().select().from(userSkills).where(eq(userSkills.companyId, companyId)).orderBy(userSkills.id),
    db().select().from(competences).where(eq(competences.companyId, companyId)).orderBy(competences.id),
  ]);
  return { items, skills, comps };
}

type Firm = Awaited<ReturnType<typeof createCompanyWithRoles>>;
let firm: Firm;
let key: string;
let lawyer: { id: string; email: string };
let other: { id: string; email: string };

beforeAll(async () => {
  firm = await createCompanyWithRoles("CV Firm");
  lawyer = await firm.createUser("employee", { email: `lawyer-${newId()}@cv.test`, name: "Lena Lawyer" });
  other = await firm.createUser("employee", { email: `other-${newId()}@cv.test`, name: "Olle Other" });
  key = `key-${newId()}`;
  await account(key, {
    people: [
      { user_id: "a", default_cv_id: "cv-a", email: lawyer.email.toUpperCase(), name: "Lena" },
      { user_id: "b", default_cv_id: "cv-b", email: "nobody@elsewhere.test", name: "Stranger" },
    ],
    cvs: {
      "cv-a": cv(
        [
          ["p1", "Nordbank – Bond issue"],
          ["p2", "Volvo – Arbitration"],
        ],
        ["Capital markets", "Arbitration"],
      ),
      "cv-b": cv([["p9", "Other – Thing"]], ["Other"]),
    },
  });
});

describe("connecting the CV service", () => {
  it("keeps the key sealed and never sends it back; refuses public http and private addresses", async () => {
    const saved = await send("PUT", "/company/cv-service", firm.tokens.companyAdmin, { url: fakeUrl(), key });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ url: fakeUrl(), hasKey: true });
    expect(JSON.stringify(saved.body)).not.toContain(key);
    const [row] = await db().select().from(companies).where(eq(companies.id, firm.company.id));
    expect(isSealed(row.cvServiceKey)).toBe(true);
    expect(row.cvServiceKey).not.toContain(key);

    const http = await send("PUT", "/company/cv-service", firm.tokens.companyAdmin, { url: "http://firm.cvpartner.com", key: "x" });
    expect(http.status).toBe(400);
    expect(http.body.errors.url).toBe("Use an https address.");
    const ip = await send("PUT", "/company/cv-service", firm.tokens.companyAdmin, { url: "https://10.0.0.1", key: "x" });
    expect(ip.body.errors.url).toBe("Use the service's public host name, not an IP address or a local name.");
    expect((await send("PUT", "/company/cv-service", firm.tokens.administrator, { url: fakeUrl(), key: "x" })).status).toBe(403);
    const [after] = await db().select().from(companies).where(eq(companies.id, firm.company.id));
    expect(after.cvServiceKey).toBe(row.cvServiceKey);
  });
});

describe("importing", () => {
  it("imports matched people's CV items and competences (by e-mail, any case), 'From CV Partner' and read-only", async () => {
    const result = await send("POST", "/company/cv-service/import", firm.tokens.companyAdmin);
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ lastError: null, failures: 0, peopleMatched: 1 });
    expect(result.body.lastSuccessAt).not.toBeNull();
    const { items, comps, skills } = await snapshot(firm.company.id);
    expect(items.map((i) => [i.userId, i.title]).sort()).toEqual([
      [lawyer.id, "Nordbank – Bond issue"],
      [lawyer.id, "Volvo – Arbitration"],
    ]);
    expect(comps.map((c) => [c.name, c.externalSource]).sort()).toEqual([
      ["Arbitration", "cvpartner"],
      ["Capital markets", "cvpartner"],
    ]);
    expect(skills.every((s) => s.userId === lawyer.id)).toBe(true);
    const card = await api(`/resources/user-card/${lawyer.id}`, { token: firm.tokens.employee });
    expect(card.status).toBe(200);
    const body = (await card.json()) as { cvItems: { title: string }[] };
    expect(body.cvItems.map((i) => i.title)).toEqual(["Nordbank – Bond issue", "Volvo – Arbitration"]);
    expect((await send("PUT", `/competences/${comps[0].id}`, firm.tokens.companyAdmin, { name: "Mine" })).status).toBe(403);
  });

  it("a second import adds new items, updates changed ones and removes those gone from the CV", async () => {
    const before = await snapshot(firm.company.id);
    await account(key, {
      people: [{ user_id: "a", default_cv_id: "cv-a", email: lawyer.email, name: "Lena" }],
      cvs: {
        "cv-a": cv(
          [
            ["p2", "Volvo – Arbitration (SCC)"],
            ["p3", "Spotify – Licensing"],
          ],
          ["Arbitration", "Licensing"],
        ),
      },
    });
    await send("POST", "/company/cv-service/import", firm.tokens.companyAdmin);
    const after = await snapshot(firm.company.id);
    expect(after.items.map((i) => i.title).sort()).toEqual(["Spotify – Licensing", "Volvo – Arbitration (SCC)"]);
    const kept = before.items.find((i) => i.externalId === "p2")!;
    expect(after.items.find((i) => i.externalId === "p2")!.id).toBe(kept.id);
    const names = new Map(after.comps.map((c) => [c.id, c.name]));
    expect(after.skills.map((s) => names.get(s.competenceId)).sort()).toEqual(["Arbitration", "Licensing"]);
  });

  for (const mode of ["timeout", "401", "badjson", "500", "redirect", "huge"] as const) {
    it(`a failing service (${mode}) is recorded for the company admin and changes no CV data`, async () => {
      const failingKey = `fail-${mode}-${newId()}`;
      await send("PUT", "/company/cv-service", firm.tokens.companyAdmin, { url: fakeUrl(), key: failingKey });
      await account(failingKey, { people: [], cvs: {}, mode });
      const before = await snapshot(firm.company.id);
      const result = await send("POST", "/company/cv-service/import", firm.tokens.companyAdmin);
      expect(result.status).toBe(200);
      const expected = {
        timeout: "The CV service did not answer within 1 s.",
        "401": "The CV service refused the API key (401). Check the key on the company page.",
        badjson: "The CV service answered with something that is not JSON.",
        "500": "The CV service answered 500.",
        redirect: "The CV service answered with a redirect (302): enter the address it moved to on the company page.",
        huge: "The CV service's answer was larger than 4 MiB, the most an import reads.",
      }[mode];
      expect(result.body.lastError).toBe(expected);
      expect(result.body.failures).toBeGreaterThan(0);
      expect(new Date(result.body.nextAttemptAt).getTime()).toBeGreaterThan(Date.now());
      expect(await snapshot(firm.company.id)).toEqual(before);
      const status = await send("GET", "/company/cv-service", firm.tokens.companyAdmin);
      expect(status.body.lastError).toBe(expected);
    });
  }

  it("an unknown person's items are never touched, and the cron resumes page by page", async () => {
    const pagedFirm = await createCompanyWithRoles("CV Paged");
    const people = await Promise.all(
      [0, 1, 2].map((i) => pagedFirm.createUser("employee", { email: `paged-${i}-${newId()}@cv.test`, name: `Paged ${i}` })),
    );
    const untouched = { id: newId(), companyId: pagedFirm.company.id, userId: people[2].id, title: "Kept by hand", source: "cvpartner" };
    await db().insert(cvItems).values(untouched);
    const pagedKey = `paged-${newId()}`;
    await account(pagedKey, {
      people: people.slice(0, 2).map((p, i) => ({ user_id: `u${i}`, default_cv_id: `c${i}`, email: p.email, name: p.name ?? "" })),
      cvs: { c0: cv([["x0", "A – B"]], []), c1: cv([["x1", "C – D"]], []) },
    });
    await send("PUT", "/company/cv-service", pagedFirm.tokens.companyAdmin, { url: fakeUrl(), key: pagedKey });
    const now = new Date(Date.now() + 1000);
    // One page of one person per company per run here: the cursor carries the import on.
    const { runCvImport } = await import("~/domain/company/cv-import.server");
    expect(await runCvImport(await systemFor(pagedFirm.company.id, "cv", now), env, { maxPages: 1, pageSize: 1 })).toBe(false);
    expect((await db().select().from(cvImports).where(eq(cvImports.companyId, pagedFirm.company.id)))[0].cursor).toBe(1);
    const room = await listen(pagedFirm.company.id, pagedFirm.tokens.companyAdmin);
    await runDueCvImports(runtime(), now);
    // Open pages hear of the person whose CV changed (they revalidate on it).
    expect((await room.next("UPDATE_USER"))._id).toBe(people[1].id);
    room.close();
    const items = await db().select().from(cvItems).where(eq(cvItems.companyId, pagedFirm.company.id));
    expect(items.map((i) => i.title).sort()).toEqual(["A – B", "C – D", "Kept by hand"]);
    // Each page that changed something has its audit row, the system's, from the CV source.
    const audited = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.companyId, pagedFirm.company.id), eq(auditLog.action, "cv-import")));
    expect(audited.map((row) => [row.actorId, row.data])).toEqual([
      [null, { people: 1, changes: 1, source: "cv" }],
      [null, { people: 1, changes: 1, source: "cv" }],
    ]);
    const [state] = await db().select().from(cvImports).where(eq(cvImports.companyId, pagedFirm.company.id));
    expect(state).toMatchObject({ cursor: 0, lastError: null, peopleMatched: 2 });
    const rows = await db()
      .select()
      .from(cvItems)
      .where(and(eq(cvItems.companyId, firm.company.id), eq(cvItems.userId, other.id)));
    expect(rows).toEqual([]);
  });
});

describe("the CV filter (cvpartnerData)", () => {
  it("POST /users/filtered and the overview narrow to people with the CV item; another firm's titles match nobody", async () => {
    const titles = (await db().select().from(cvItems).where(eq(cvItems.companyId, firm.company.id))).map((i) => i.title).sort();
    expect(titles.length).toBeGreaterThan(0);
    const title = titles[0];
    const filtered = await send("POST", "/users/filtered", firm.tokens.companyAdmin, { cvpartnerData: [title] });
    expect(filtered.status).toBe(200);
    expect(filtered.body.users.map((u: { _id: string }) => u._id)).toEqual([lawyer.id]);
    const everyone = await send("POST", "/users/filtered", firm.tokens.companyAdmin, {});
    expect(everyone.body.total).toBeGreaterThan(1);

    const foreign = await createCompanyWithRoles("CV Filter Other");
    await db().insert(cvItems).values({ id: newId(), companyId: foreign.company.id, userId: foreign.people.employee.id, title: "Only elsewhere" });
    expect((await send("POST", "/users/filtered", firm.tokens.companyAdmin, { cvpartnerData: ["Only elsewhere"] })).body.total).toBe(0);

    const page = await api(`/overview?offices=all&groups=all&sort=name&cv=${encodeURIComponent(title)}&_data=routes%2F_app.overview`, {
      token: firm.tokens.companyAdmin,
    });
    const data = (await page.json()) as { users: { _id: string }[]; cvItems: string[] | null; query: { cvpartnerData?: string[] } };
    expect(data.users.map((u) => u._id)).toEqual([lawyer.id]);
    expect(data.query.cvpartnerData).toEqual([title]);
    expect(data.cvItems).toEqual(titles);
    const foreignPage = await api("/overview?_data=routes%2F_app.overview", { token: foreign.tokens.employee });
    expect(((await foreignPage.json()) as { cvItems: string[] | null }).cvItems).toEqual(["Only elsewhere"]);
  });

  it("refuses malformed CV filters with a clear message", async () => {
    for (const cvpartnerData of ["Volvo", [""], [42], Array.from({ length: 101 }, (_, i) => `t${i}`), ["x".repeat(301)]]) {
      const response = await send("POST", "/users/filtered", firm.tokens.companyAdmin, { cvpartnerData });
      expect(response.status).toBe(400);
      expect(response.body.errors.cvpartnerData ?? Object.values(response.body.errors)[0]).toEqual(expect.any(String));
    }
  });

  it("reads the titles and the holders from cv_items_company_title_idx", async () => {
    const plan = async (query: string) =>
      (await env.DB.prepare(`EXPLAIN QUERY PLAN ${query}`).bind(firm.company.id).all<{ detail: string }>()).results.map((r) => r.detail);
    const options = await plan("SELECT DISTINCT title FROM cv_items WHERE company_id = ? ORDER BY title LIMIT 500");
    expect(options.join("\n")).toContain("USING COVERING INDEX cv_items_company_title_idx");
    expect(options.join("\n")).not.toMatch(/TEMP B-TREE/);
    const holders = await plan("SELECT 1 FROM cv_items WHERE user_id = 'u' AND company_id = ? AND title IN (SELECT value FROM json_each('[\"a\"]'))");
    expect(holders.join("\n")).not.toMatch(/^SCAN cv_items/m);
  });
});
