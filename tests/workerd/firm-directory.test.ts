import { env } from "cloudflare:test";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, companyDomains, directoryOutbox, users } from "~/db/schema";
import { shardsOf } from "~/db/shards.server";
import type { Env } from "~/env";
import { flushDirectory, reconcileDirectory } from "~/domain/installation/firm-directory.server";
import { listShards, probeShards } from "~/domain/installation/shards.server";
import { runInstallationWork } from "~/domain/installation/cron.server";
import { erasedEmail } from "~/domain/privacy/erasure.server";
import { send } from "./account-helpers";
import { createCompany, createCompanyWithRoles, db } from "./helpers";
import { uniqueAddress } from "./mail-helpers";

const installation = env as Env;
const shard0 = () => shardsOf(installation)[0];
const flush = () => flushDirectory(installation, shard0());

const directory = {
  person: (email: string) =>
    env.DIRECTORY.prepare("select email, user_id as userId, company_id as companyId from people where email = ?")
      .bind(email.toLowerCase())
      .first<{ email: string; userId: string; companyId: string }>(),
  addressesOf: async (userId: string) =>
    (await env.DIRECTORY.prepare("select email from people where user_id = ? order by email").bind(userId).all<{ email: string }>()).results.map(
      (row) => row.email,
    ),
  firm: (companyId: string) =>
    env.DIRECTORY.prepare("select company_id as companyId, shard, name, people from firms where company_id = ?")
      .bind(companyId)
      .first<{ companyId: string; shard: number; name: string; people: number }>(),
  domain: (domain: string) =>
    env.DIRECTORY.prepare("select company_id as companyId, verified_at as verifiedAt from domains where domain = ?")
      .bind(domain)
      .first<{ companyId: string; verifiedAt: number | null }>(),
  tenantOf: async (companyId: string) =>
    (await env.DIRECTORY.prepare("select tenant_id as tenantId from tenants where company_id = ?").bind(companyId).first<{ tenantId: string }>())
      ?.tenantId ?? null,
};

describe("the installation directory follows the shard (decision 0312)", () => {
  it("binds three shards and the directory in development, shard 0 being DB", () => {
    expect(shardsOf(installation).map((shard) => [shard.id, shard.binding])).toEqual([
      [0, "DB"],
      [1, "DB_SHARD_1"],
      [2, "DB_SHARD_2"],
    ]);
  });

  it("hears of a new firm and its people, with their firm and the firm's head count", async () => {
    const firm = await createCompany("Directory Firm");
    const ann = await firm.createUser("employee", { email: uniqueAddress("Ann.Directory") });
    const bob = await firm.createUser("companyAdmin");
    // Noted by the triggers, in the same transaction as the rows.
    const noted = await db().select().from(directoryOutbox).where(eq(directoryOutbox.companyId, firm.company.id));
    expect(noted.map((row) => row.kind).sort()).toEqual(["firm", "person", "person"]);
    await flush();
    expect(await directory.firm(firm.company.id)).toEqual({ companyId: firm.company.id, shard: 0, name: "Directory Firm", people: 2 });
    expect(await directory.person(ann.email!)).toEqual({ email: ann.email!.toLowerCase(), userId: ann.id, companyId: firm.company.id });
    expect(await directory.person(bob.email!)).toMatchObject({ userId: bob.id });
    expect(await db().select().from(directoryOutbox).where(eq(directoryOutbox.companyId, firm.company.id))).toEqual([]);
  });

  it("moves a person's address when it changes and releases it when the person is erased or deleted", async () => {
    const firm = await createCompany("Address Firm");
    const person = await firm.createUser("employee");
    const other = await firm.createUser("employee");
    await flush();
    const next = uniqueAddress("moved");
    await db().update(users).set({ email: next }).where(eq(users.id, person.id));
    await flush();
    expect(await directory.addressesOf(person.id)).toEqual([next.toLowerCase()]);
    expect(await directory.person(person.email!)).toBeNull();
    // Erasure replaces the address with a placeholder of nobody's (privacy/erasure.server.ts); deletion removes the person.
    await db()
      .update(users)
      .set({ name: "", email: erasedEmail(person.id) })
      .where(eq(users.id, person.id));
    await db().delete(users).where(eq(users.id, other.id));
    await flush();
    expect(await directory.addressesOf(person.id)).toEqual([erasedEmail(person.id)]);
    expect(await directory.person(next)).toBeNull();
    expect(await directory.addressesOf(other.id)).toEqual([]);
    expect((await directory.firm(firm.company.id))?.people).toBe(1);
  });

  it("follows a firm's name, Microsoft tenant and claimed domains, and forgets a deleted firm", async () => {
    const firm = await createCompany("Tenant Firm");
    const person = await firm.createUser("employee");
    const domain = `${firm.company.id}.example`;
    await db().update(companies).set({ name: "Tenant Firm LLP", azureAdTenantId: "tenant-a" }).where(eq(companies.id, firm.company.id));
    await db().insert(companyDomains).values({ domain, companyId: firm.company.id });
    await flush();
    expect(await directory.firm(firm.company.id)).toMatchObject({ name: "Tenant Firm LLP" });
    expect(await directory.tenantOf(firm.company.id)).toBe("tenant-a");
    expect(await directory.domain(domain)).toEqual({ companyId: firm.company.id, verifiedAt: null });

    const verified = new Date("2026-11-01T00:00:00Z");
    await db().update(companyDomains).set({ verifiedAt: verified }).where(eq(companyDomains.domain, domain));
    await db().update(companies).set({ azureAdTenantId: null }).where(eq(companies.id, firm.company.id));
    await flush();
    expect(await directory.domain(domain)).toEqual({ companyId: firm.company.id, verifiedAt: verified.getTime() });
    expect(await directory.tenantOf(firm.company.id)).toBeNull();

    await db().delete(companyDomains).where(eq(companyDomains.domain, domain));
    await db().delete(companies).where(eq(companies.id, firm.company.id));
    await flush();
    expect(await directory.domain(domain)).toBeNull();
    expect(await directory.firm(firm.company.id)).toBeNull();
    expect(await directory.addressesOf(person.id)).toEqual([]);
  });

  it("hears of a person invited through the API after the answer, with no cron run", async () => {
    const firm = await createCompanyWithRoles("Invite Directory Firm");
    await flush();
    const email = uniqueAddress("invited-dir");
    const invited = await send("POST", "/users", firm.tokens.companyAdmin, {
      name: "Ivy Invited",
      email,
      group: firm.group.id,
      office: firm.office.id,
    });
    expect(invited.status).toBe(201);
    await expect.poll(() => directory.person(email), { timeout: 5000 }).toMatchObject({ userId: invited.body._id, companyId: firm.company.id });
    await expect.poll(async () => (await directory.firm(firm.company.id))?.people, { timeout: 5000 }).toBe(5);
  });

  it("is filled by the reconcile from nothing (the backfill), and repairs rows the shard no longer has", async () => {
    const firm = await createCompany("Backfill Firm");
    const person = await firm.createUser("employee");
    await flush();
    // A directory that has heard nothing, and a stale row of a departed address and of a nobody.
    await env.DIRECTORY.batch([
      env.DIRECTORY.prepare("delete from people"),
      env.DIRECTORY.prepare("delete from firms"),
      env.DIRECTORY.prepare("delete from domains"),
      env.DIRECTORY.prepare("delete from cron_state where key like 'reconcile:%' or key like 'sweep:%'"),
    ]);
    await env.DIRECTORY.batch([
      env.DIRECTORY.prepare("insert into people (email, user_id, company_id, updated_at) values ('old-address@stale.example', ?, ?, 0)").bind(
        person.id,
        firm.company.id,
      ),
      env.DIRECTORY.prepare("insert into people (email, user_id, company_id, updated_at) values ('nobody@stale.example', 'no-such-user', ?, 0)").bind(
        firm.company.id,
      ),
    ]);
    for (let run = 0; run < 50; run++) if ((await reconcileDirectory(installation)).includes(0)) break;
    // The sweep found the stale rows on this pass or the next.
    await reconcileDirectory(installation);

    const shard = db();
    const truth = await shard.all<{ email: string; id: string; companyId: string }>(
      sql`select lower(email) as email, id, company_id as companyId from users where email is not null order by 1`,
    );
    const listed = (
      await env.DIRECTORY.prepare("select email, user_id as id, company_id as companyId from people order by 1").all<{
        email: string;
        id: string;
        companyId: string;
      }>()
    ).results;
    expect(listed).toEqual(truth);
    const firmIds = (await shard.select({ id: companies.id }).from(companies)).map((row) => row.id).sort();
    const placed = (await env.DIRECTORY.prepare("select company_id as id from firms where shard = 0 order by 1").all<{ id: string }>()).results;
    expect(placed.map((row) => row.id)).toEqual(firmIds);
  });

  it("drains each shard once when two drains start together", async () => {
    const firm = await createCompany("Racing Firm");
    for (let i = 0; i < 5; i++) await firm.createUser("employee");
    const noted = (await db().select().from(directoryOutbox)).length;
    const [a, b] = await Promise.all([flush(), flush()]);
    // Each row drained by one of them: the second waits on the first's lease, or finds nothing left.
    expect(a + b).toBe(noted);
    expect((await directory.firm(firm.company.id))?.people).toBe(5);
  });
});

describe("the operator's view of the shards", () => {
  it("lists every shard with its size, firms and people after the probe, and the firms on it", async () => {
    const firm = await createCompany("Probed Firm");
    await firm.createUser("employee");
    await runInstallationWork(installation, new Date("2026-11-29T10:02:00Z"));
    const listed = await listShards(installation);
    expect(listed.map((shard) => shard.binding)).toEqual(["DB", "DB_SHARD_1", "DB_SHARD_2"]);
    const [first, second] = listed;
    expect(first.sizeBytes).toBeGreaterThan(0);
    expect(first.firmList.map((row) => row.companyId)).toContain(firm.company.id);
    expect(first.firms).toBe(first.firmList.length);
    expect(first.people).toBeGreaterThanOrEqual(1);
    expect(first.probedAt).toBe("2026-11-29T10:02:00.000Z");
    // No firm lives on the other shards yet; they are measured all the same.
    expect(second).toMatchObject({ firms: 0, people: 0, firmList: [] });
    expect(second.sizeBytes).toBeGreaterThan(0);
    // Between probes the figures stay; a later hour's probe replaces them.
    await probeShards(installation, new Date("2026-11-29T11:01:00Z"));
    expect((await listShards(installation))[1].probedAt).toBe("2026-11-29T11:01:00.000Z");
  });

  it("measures a shard never measured when the list is asked for (a new shard, or a development installation's hand-run cron)", async () => {
    await env.DIRECTORY.prepare("delete from shards where id = 2").run();
    const before = Date.now();
    const [, , third] = await listShards(installation);
    expect(third.sizeBytes).toBeGreaterThan(0);
    expect(new Date(third.probedAt!).getTime()).toBeGreaterThanOrEqual(before);
  });
});
