import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { directorySync, groups, offices, users } from "~/db/schema";
import { syncStep, type SyncEnv } from "~/domain/identity/directory/sync.server";
import { runScheduledWork } from "~/domain/operations/scheduled.server";
import type { Env } from "~/env";
import { newId } from "~/lib/ids";
import { INTERNAL_PICTURE_MARKER, profilePictureUrl } from "~/lib/profile-picture";
import { addDirectoryUser, config, connectDirectory, control, removeDirectoryUser } from "./entra-helpers";
import { BASE, createCompanyWithRoles, db, listen, runtime } from "./helpers";

const PICTURES = "profile-pictures/";

async function cursorOf(companyId: string) {
  const [cursor] = await db().select().from(directorySync).where(eq(directorySync.companyId, companyId));
  return cursor;
}
const person = async (id: string) => (await db().select().from(users).where(eq(users.id, id)))[0];

describe("the directory sync (Graph users delta, paged and incremental)", () => {
  it("brings names, titles, departments as groups and pictures; then only changes; removed people are marked, not deleted", async () => {
    const firm = await createCompanyWithRoles("Sync Firm");
    const litigation = { id: newId(), companyId: firm.company.id, name: "Litigation", ssoIdentifiers: ["Litigation", "Disputes"] };
    const litigationOffice = { id: newId(), companyId: firm.company.id, groupId: litigation.id, name: "Litigation Stockholm" };
    await db().batch([db().insert(groups).values(litigation), db().insert(offices).values(litigationOffice)]);
    const tenant = crypto.randomUUID();
    await connectDirectory(firm.company.id, tenant);

    const { employee, observer, administrator, companyAdmin } = firm.people;
    const dirEmployee = await addDirectoryUser(tenant, {
      displayName: "Emma Employee-Lind",
      mail: employee.email.toUpperCase(),
      jobTitle: "Senior Associate",
      department: "Litigation",
      photo: "#2563eb",
    });
    const dirObserver = await addDirectoryUser(tenant, { displayName: "Olle Observer", mail: observer.email, jobTitle: "Partner" });
    await addDirectoryUser(tenant, { displayName: "Adam Admin", mail: administrator.email, department: "Unknown department" });
    await addDirectoryUser(tenant, { displayName: "Cora Company", mail: companyAdmin.email, department: "Litigation" });
    await addDirectoryUser(tenant, { displayName: "Not Here", mail: "not.here@sync.test" });
    const before = (await db().select({ id: users.id }).from(users).where(eq(users.companyId, firm.company.id))).length;

    const sync: SyncEnv = { runtime: runtime(), files: env.FILES, config: config(), pageSize: 2, pagesPerStep: 2 };
    // Five people in pages of two, two pages a step: the first step stops inside the round.
    const first = await syncStep(sync, await cursorOf(firm.company.id));
    expect(first).toMatchObject({ pages: 2, roundComplete: false, error: null });
    expect((await cursorOf(firm.company.id)).inRound).toBe(true);
    const second = await syncStep(sync, await cursorOf(firm.company.id));
    expect(second).toMatchObject({ pages: 1, roundComplete: true, error: null });
    const cursor = await cursorOf(firm.company.id);
    expect(cursor.link).toContain("$deltatoken=");
    expect(cursor.inRound).toBe(false);
    expect(cursor.lastRoundAt).not.toBeNull();

    const emma = await person(employee.id);
    expect(emma).toMatchObject({
      name: "Emma Employee-Lind",
      title: "Senior Associate",
      azureAdId: dirEmployee.id,
      groupId: litigation.id,
      officeId: litigationOffice.id,
    });
    expect(emma.profilePicture).toMatch(new RegExp(`^${INTERNAL_PICTURE_MARKER}entra-${employee.id}-[0-9a-f]{16}\\.png$`));
    const stored = await env.FILES.get(`${PICTURES}${emma.profilePicture!.slice(INTERNAL_PICTURE_MARKER.length)}`);
    expect(stored?.httpMetadata?.contentType).toBe("image/png");
    expect(new Uint8Array(await stored!.arrayBuffer()).slice(0, 4)).toEqual(new Uint8Array([0x89, 0x50, 0x4e, 0x47]));
    // Served where every avatar points (issue 27, item 1: the picture route refused the sync's names).
    const served = await SELF.fetch(`${BASE}${profilePictureUrl(emma.profilePicture)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(await person(observer.id)).toMatchObject({ name: "Olle Observer", title: "Partner", groupId: firm.group.id });
    // An unknown department changes no group; a company admin has none.
    expect(await person(administrator.id)).toMatchObject({ groupId: firm.group.id, officeId: firm.office.id });
    expect((await person(companyAdmin.id)).groupId).toBe(firm.group.id);
    // Nobody is created from the directory.
    expect((await db().select({ id: users.id }).from(users).where(eq(users.companyId, firm.company.id))).length).toBe(before);

    // Changes: a new photo and title, a removal; the next step reads only these.
    await addDirectoryUser(tenant, { ...dirEmployee, displayName: "Emma Lind", jobTitle: "Counsel", photo: "#16a34a", mail: employee.email });
    await removeDirectoryUser(tenant, dirObserver.id);
    const room = await listen(firm.company.id, firm.tokens.companyAdmin);
    const third = await syncStep(sync, await cursorOf(firm.company.id));
    expect(third).toMatchObject({ pages: 1, roundComplete: true, updated: 1, removed: 1, photos: 1 });
    const requests = await control<{ path: string }[]>("requests");
    expect(requests.filter((r) => r.path.startsWith("/graph/v1.0/users/delta")).at(-1)!.path).toContain("$deltatoken=");

    const changed = await person(employee.id);
    expect(changed).toMatchObject({ name: "Emma Lind", title: "Counsel" });
    // The rename reaches the firm's open browsers, as an administrator's change would.
    const published = [await room.next("UPDATE_USER"), await room.next("UPDATE_USER")];
    expect(published.map((event) => event._id).sort()).toEqual([employee.id, observer.id].sort());
    room.close();
    expect(changed.profilePicture).not.toBe(emma.profilePicture);
    // The old directory picture is gone from R2, the new one is there.
    expect(await env.FILES.get(`${PICTURES}${emma.profilePicture!.slice(INTERNAL_PICTURE_MARKER.length)}`)).toBeNull();
    expect(await env.FILES.head(`${PICTURES}${changed.profilePicture!.slice(INTERNAL_PICTURE_MARKER.length)}`)).not.toBeNull();
    const olle = await person(observer.id);
    expect(olle.directoryRemovedAt).not.toBeNull();
    expect(olle.name).toBe("Olle Observer");

    // Nothing changed: a step reads one empty page and writes nothing.
    const idle = await syncStep(sync, await cursorOf(firm.company.id));
    expect(idle).toMatchObject({ pages: 1, updated: 0, removed: 0, photos: 0 });
  });

  it("runs from the Worker's cron for the firms whose turn it is", async () => {
    const firm = await createCompanyWithRoles("Cron Sync Firm");
    const tenant = crypto.randomUUID();
    await connectDirectory(firm.company.id, tenant);
    await addDirectoryUser(tenant, { displayName: "Cron Renamed", mail: firm.people.employee.email, jobTitle: "Counsel" });
    await runScheduledWork({
      env: env as unknown as Env,
      ctx: { waitUntil: () => {}, passThroughOnException: () => {} } as unknown as ExecutionContext,
      db: db(),
    });
    expect(await person(firm.people.employee.id)).toMatchObject({ name: "Cron Renamed", title: "Counsel" });
    expect((await cursorOf(firm.company.id)).lastRoundAt).not.toBeNull();
  });

  it("a failing directory is recorded with a backoff and nothing changes", async () => {
    const firm = await createCompanyWithRoles("Failing Sync Firm");
    const tenant = crypto.randomUUID();
    await connectDirectory(firm.company.id, tenant);
    const broken = { ...config(), clientSecret: "wrong secret" };
    const now = new Date();
    const report = await syncStep({ runtime: runtime(), files: env.FILES, config: broken }, await cursorOf(firm.company.id), now);
    expect(report.error).toMatch(/refused access/);
    const cursor = await cursorOf(firm.company.id);
    expect(cursor.failures).toBe(1);
    expect(cursor.lastError).toMatch(/refused access/);
    expect(cursor.nextRunAt!.getTime()).toBe(now.getTime() + 5 * 60_000);
  });
});
