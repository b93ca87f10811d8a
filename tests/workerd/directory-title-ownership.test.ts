import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { directorySync, users } from "~/db/schema";
import { syncStep, type SyncEnv } from "~/domain/identity/directory/sync.server";
import { addDirectoryUser, config, connectDirectory } from "./entra-helpers";
import { api, cookieFor, createCompanyWithRoles, db, page, postForm, runtime } from "./helpers";

/**
 * Issue 27, item 17 (decision 0272): while the firm is connected to the Microsoft directory,
 * the directory owns a linked person's name and title. /settings shows them read-only, the
 * save refuses a changed title with the reason instead of letting the next round undo it
 * without a word, and the sync keeps them in step. A firm without the directory edits freely.
 */
const SETTINGS = "/settings?_data=routes%2F_app.settings";
const person = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];

function profileForm(user: { name: string; email: string }, title: string) {
  return { name: user.name, email: user.email, title, phone: "", startYear: "", updateReminders: "0" };
}

describe("who owns a person's title", () => {
  it("the directory, while the firm syncs it: /settings shows it read-only and refuses an edit; the sync brings the directory's", async () => {
    const firm = await createCompanyWithRoles("Title Firm");
    const tenant = crypto.randomUUID();
    await connectDirectory(firm.company.id, tenant);
    const { employee } = firm.people;
    const entry = await addDirectoryUser(tenant, { displayName: "Emma Employee", mail: employee.email, jobTitle: "Associate" });
    const sync: SyncEnv = { runtime: runtime(), files: env.FILES, config: config() };
    const cursor = async () => (await db().select().from(directorySync).where(eq(directorySync.companyId, firm.company.id)))[0];
    await syncStep(sync, await cursor());
    const synced = await person(employee.id);
    expect(synced).toMatchObject({ title: "Associate", azureAdId: entry.id });

    const cookie = await cookieFor(employee.email);
    const loaded = (await (await page(SETTINGS, { headers: { Cookie: cookie } })).json()) as { fromDirectory: boolean };
    expect(loaded.fromDirectory).toBe(true);

    // The edit the issue saw undone ("Senior Associate" became "Associate"): refused, with why.
    const refused = await postForm(cookie, SETTINGS, profileForm(synced, "Senior Associate"));
    expect(refused.status).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain("Comes from the Microsoft directory");
    expect((await person(employee.id)).title).toBe("Associate");

    // The rest of the form still saves when name and title are sent as they are.
    const saved = await postForm(cookie, SETTINGS, { ...profileForm(synced, "Associate"), phone: "+46 8 123 456" });
    expect(saved.status).toBe(200);
    expect(await person(employee.id)).toMatchObject({ title: "Associate", phone: "+46 8 123 456" });

    // An administrator's edit on the users pages is refused the same way.
    const byAdmin = await api(`/api/v2/users/${employee.id}`, {
      method: "PUT",
      token: firm.tokens.companyAdmin,
      json: { title: "Partner", admin: true },
    });
    expect(byAdmin.status).toBe(400);
    expect(await byAdmin.json()).toMatchObject({
      errors: { title: "Comes from the Microsoft directory: change it there, and the next sync brings it here." },
    });
    expect(await person(employee.id)).toMatchObject({ title: "Associate", admin: false });

    // The directory changes the title: the next round brings it.
    await addDirectoryUser(tenant, { ...entry, displayName: "Emma Employee", mail: employee.email, jobTitle: "Senior Associate" });
    await db().update(directorySync).set({ nextRunAt: null }).where(eq(directorySync.companyId, firm.company.id));
    await syncStep(sync, await cursor());
    expect((await person(employee.id)).title).toBe("Senior Associate");
  });

  it("the person, in a firm not connected to the directory", async () => {
    const firm = await createCompanyWithRoles("Own Title Firm");
    const { employee } = firm.people;
    const cookie = await cookieFor(employee.email);
    const loaded = (await (await page(SETTINGS, { headers: { Cookie: cookie } })).json()) as { fromDirectory: boolean };
    expect(loaded.fromDirectory).toBe(false);
    const me = await person(employee.id);
    const saved = await postForm(cookie, SETTINGS, profileForm(me, "Senior Associate"));
    expect(saved.status).toBe(200);
    expect((await person(employee.id)).title).toBe("Senior Associate");
  });
});
