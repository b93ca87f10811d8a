import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { companies, cvItems } from "~/db/schema";
import { isSealed } from "~/lib/secret-box.server";
import { newId } from "~/lib/ids";
import type { FakeAccount } from "../fakes/cv-service";
import { cookieFor, createCompany, db, page, postForm } from "./helpers";

/**
 * The company page's 'CV service' dialog (decision 0112): a company admin connects the CV
 * service (the key sealed, never sent back), runs 'Import now' against the loopback CV
 * service (tests/fakes/cv-service.ts) and sees the last import and the last error; nobody
 * else sees or changes it.
 */
const fakeUrl = () => inject("cvServiceUrl");

const DATA = "/groups?_data=routes%2F_app.groups";

const post = (cookie: string, fields: Record<string, string>) => postForm(cookie, DATA, fields);

interface PageData {
  cvService: { url: string | null; hasKey: boolean; lastSuccessAt: string | null; lastError: string | null; peopleMatched: number } | null;
}

async function load(cookie: string): Promise<PageData> {
  const response = await page(DATA, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return (await response.json()) as PageData;
}

async function account(key: string, value: FakeAccount) {
  const response = await fetch(`${fakeUrl()}/__control/${encodeURIComponent(key)}`, { method: "PUT", body: JSON.stringify(value) });
  expect(response.status).toBe(204);
}

const companyRow = async (id: string) => (await db().select().from(companies).where(eq(companies.id, id)))[0];
const itemsOf = (companyId: string) => db().select().from(cvItems).where(eq(cvItems.companyId, companyId)).orderBy(cvItems.id);

let firm: Awaited<ReturnType<typeof createCompany>>;
let admin: string;
let lawyer: { id: string; email: string };
const key = `page-key-${newId()}`;

beforeAll(async () => {
  firm = await createCompany("CV Page Firm");
  admin = await cookieFor((await firm.createUser("companyAdmin", { groupId: null, officeId: null })).email);
  lawyer = await firm.createUser("employee", { email: `page-lawyer-${newId()}@cv.test`, name: "Paula Page" });
  await account(key, {
    people: [{ user_id: "a", default_cv_id: "cv-a", email: lawyer.email, name: "Paula" }],
    cvs: { "cv-a": { project_experiences: [{ _id: "p1", customer: { int: "Nordbank" }, description: { int: "Bond issue" } }], technologies: [] } },
  });
});

describe("the company page's CV service dialog", () => {
  it("shows a company admin the unconnected service, and 'Import now' before connecting is a clear message", async () => {
    expect((await load(admin)).cvService).toMatchObject({ url: null, hasKey: false, lastSuccessAt: null, lastError: null });
    const early = await post(admin, { intent: "importCv" });
    expect(early.status).toBe(400);
    expect(JSON.stringify(await early.json())).toContain("Connect the CV service first.");
  });

  it("refuses a bad address or a missing key with field messages and saves nothing", async () => {
    const bad = await post(admin, { intent: "updateCvService", url: "not an address", key: "x" });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("Needs to be the service's address, like https://yourfirm.cvpartner.com.");
    const noKey = await post(admin, { intent: "updateCvService", url: fakeUrl() });
    expect(noKey.status).toBe(400);
    expect(JSON.stringify(await noKey.json())).toContain("This field is required.");
    const http = await post(admin, { intent: "updateCvService", url: "http://firm.cvpartner.com", key: "x" });
    expect(http.status).toBe(400);
    expect(JSON.stringify(await http.json())).toContain("Use an https address.");
    expect(await companyRow(firm.company.id)).toMatchObject({ cvServiceUrl: null, cvServiceKey: null });
  });

  it("connects with the key sealed and never sent back, imports now, and shows the last import", async () => {
    const saved = await post(admin, { intent: "updateCvService", url: fakeUrl(), key });
    expect(saved.status).toBe(200);
    expect(await saved.text()).not.toContain(key);
    const row = await companyRow(firm.company.id);
    expect(row.cvServiceUrl).toBe(fakeUrl());
    expect(isSealed(row.cvServiceKey)).toBe(true);
    expect(JSON.stringify(await load(admin))).not.toContain(key);

    expect((await post(admin, { intent: "importCv" })).status).toBe(200);
    expect((await itemsOf(firm.company.id)).map((i) => [i.userId, i.title])).toEqual([[lawyer.id, "Nordbank – Bond issue"]]);
    const status = (await load(admin)).cvService!;
    expect(status).toMatchObject({ url: fakeUrl(), hasKey: true, lastError: null, peopleMatched: 1 });
    expect(status.lastSuccessAt).not.toBeNull();

    // Saving the address again with an empty key keeps the stored key.
    expect((await post(admin, { intent: "updateCvService", url: fakeUrl(), key: "" })).status).toBe(200);
    expect((await companyRow(firm.company.id)).cvServiceKey).toBe(row.cvServiceKey);
  });

  it("a refused key is shown as the last error and leaves the imported items as they were", async () => {
    const before = await itemsOf(firm.company.id);
    const wrong = `unknown-${newId()}`;
    expect((await post(admin, { intent: "updateCvService", url: fakeUrl(), key: wrong })).status).toBe(200);
    expect((await post(admin, { intent: "importCv" })).status).toBe(200);
    const status = (await load(admin)).cvService!;
    expect(status.lastError).toBe("The CV service refused the API key (401). Check the key on the company page.");
    expect(await itemsOf(firm.company.id)).toEqual(before);
  });

  it("refuses an administrator and an observer, who see no CV service dialog", async () => {
    const before = await companyRow(firm.company.id);
    for (const role of ["administrator", "observer"] as const) {
      const cookie = await cookieFor((await firm.createUser(role)).email);
      expect((await load(cookie)).cvService).toBeNull();
      expect((await post(cookie, { intent: "updateCvService", url: "https://evil.example.com", key: "k" })).status).toBe(403);
      expect((await post(cookie, { intent: "importCv" })).status).toBe(403);
      expect((await post(cookie, { intent: "removeCvService" })).status).toBe(403);
    }
    const after = await companyRow(firm.company.id);
    expect([after.cvServiceUrl, after.cvServiceKey]).toEqual([before.cvServiceUrl, before.cvServiceKey]);
  });

  it("disconnecting removes the address and key; the imported items stay", async () => {
    const before = await itemsOf(firm.company.id);
    expect((await post(admin, { intent: "removeCvService" })).status).toBe(200);
    expect(await companyRow(firm.company.id)).toMatchObject({ cvServiceUrl: null, cvServiceKey: null });
    expect((await load(admin)).cvService).toMatchObject({ url: null, hasKey: false });
    expect(await itemsOf(firm.company.id)).toEqual(before);
  });
});
