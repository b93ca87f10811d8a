import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import worker from "../../workers/app";
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { sessionCookie, signToken } from "~/auth/session.server";
import { createDb } from "~/db/client";
import { companyRow, groupRow, officeRow, userRow } from "~/db/factories";
import { companies, groups, loginAttempts, offices, users } from "~/db/schema";
import { shardsOf } from "~/db/shards.server";
import type { Env } from "~/env";
import { flushDirectory } from "~/domain/installation/firm-directory.server";
import { hashPassword, pepperRing } from "~/domain/identity/password-hash.server";
import { BASE, createCompany, db, PASSWORD, tokenFor } from "./helpers";
import { uniqueAddress } from "./mail-helpers";
import { mintToken } from "./entra-helpers";

/**
 * Requests go to their firm's shard (decision 0312): a firm placed on shard 2 signs in by
 * password (page and API), and its cookie and bearer token, which name the shard, bring every
 * later request there; its rows are written there and nowhere else.
 */
const installation = env as Env;
const shard2 = () => createDb(env.DB_SHARD_2!);

async function firmOnShard2() {
  const company = companyRow({ name: "Shard Two LLP", settings: "{}" });
  const group = groupRow(company.id, { name: "Litigation" });
  const office = officeRow(company.id, group.id, { name: "Malmö" });
  const passwordHash = await hashPassword(PASSWORD, pepperRing(installation), 1000);
  const person = userRow(company.id, "companyAdmin", {
    email: uniqueAddress("shard2"),
    name: "Sara Shardtwo",
    passwordHash,
    groupId: group.id,
    officeId: office.id,
  });
  const db2 = shard2();
  await db2.batch([
    db2.insert(companies).values(company),
    db2.insert(groups).values(group),
    db2.insert(offices).values(office),
    db2.insert(users).values(person),
  ]);
  // The directory hears of it as of any firm: from shard 2's outbox.
  await flushDirectory(installation, shardsOf(installation)[2]);
  return { company, person };
}

let firm: Awaited<ReturnType<typeof firmOnShard2>>;
beforeAll(async () => {
  firm = await firmOnShard2();
});

async function me(headers: Record<string, string>) {
  const response = await SELF.fetch(`${BASE}/api/v2/users/me`, { headers });
  return { status: response.status, body: response.status === 200 ? ((await response.json()) as { _id: string; name: string }) : null };
}

describe("routing to a firm's shard (decision 0312)", () => {
  it("the firm lives on shard 2 only, and the directory says so", async () => {
    expect(await shard2().select({ id: users.id }).from(users).where(eq(users.id, firm.person.id))).toHaveLength(1);
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, firm.person.id))).toHaveLength(0);
    const placed = await env.DIRECTORY.prepare("select shard from firms where company_id = ?").bind(firm.company.id).first<{ shard: number }>();
    expect(placed?.shard).toBe(2);
  });

  it("signs in through the API by the address's firm, and the token names the firm and its shard", async () => {
    const token = await tokenFor(firm.person.email!);
    expect(decodeJwt(token)).toMatchObject({ id: firm.person.id, cid: firm.company.id, shd: 2 });
    expect(await me({ Authorization: `Bearer ${token}` })).toEqual({
      status: 200,
      body: expect.objectContaining({ _id: firm.person.id, name: "Sara Shardtwo" }),
    });
  });

  it("writes through the token land on shard 2 and nowhere else", async () => {
    const token = await tokenFor(firm.person.email!);
    const response = await SELF.fetch(`${BASE}/api/v2/users/${firm.person.id}`, {
      method: "PUT",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ name: "Sara Sharded" }),
    });
    expect(response.status).toBe(200);
    const [row] = await shard2().select({ name: users.name }).from(users).where(eq(users.id, firm.person.id));
    expect(row.name).toBe("Sara Sharded");
    expect(await db().select({ id: users.id }).from(users).where(eq(users.id, firm.person.id))).toHaveLength(0);
    // The directory follows the shard it was written on.
    await expect
      .poll(
        async () =>
          (await env.DIRECTORY.prepare("select people from firms where company_id = ?").bind(firm.company.id).first<{ people: number }>())?.people,
      )
      .toBe(1);
  });

  it("signs in through the page, and the cookie brings the pages to shard 2", async () => {
    const form = new FormData();
    form.set("email", firm.person.email!);
    form.set("password", PASSWORD);
    const login = await SELF.fetch(`${BASE}/login`, { method: "POST", body: form, redirect: "manual" });
    expect(login.status).toBe(302);
    const cookie = login.headers.get("Set-Cookie")!.split(";")[0];
    expect(await me({ Cookie: cookie })).toMatchObject({ status: 200, body: { _id: firm.person.id } });
    const home = await SELF.fetch(`${BASE}/home`, { headers: { Cookie: cookie } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain("Shard Two LLP");
  });

  it("a token naming another shard than its session's finds no session there", async () => {
    const local = await createCompany("Shard Zero Firm");
    const person = await local.createUser("employee");
    const genuine = await tokenFor(person.email!);
    const { sid, exp } = decodeJwt(genuine) as { sid: string; exp: number };
    // Signed with the real key, but pointing at shard 2: the session is on shard 0.
    const elsewhere = await signToken(
      { env: installation },
      { id: person.id, completed: true, sid, cid: local.company.id, shd: 2 },
      new Date(exp * 1000),
    );
    expect((await me({ Authorization: `Bearer ${elsewhere}` })).status).toBe(401);
    expect((await me({ Authorization: `Bearer ${genuine}` })).status).toBe(200);
  });

  it("credentials from before shards (no firm, no shard) still work, on shard 0", async () => {
    const local = await createCompany("Legacy Credential Firm");
    const person = await local.createUser("employee");
    const { sid, exp } = decodeJwt(await tokenFor(person.email!)) as { sid: string; exp: number };
    const legacyToken = await signToken({ env: installation }, { id: person.id, completed: true, sid }, new Date(exp * 1000));
    expect(await me({ Authorization: `Bearer ${legacyToken}` })).toMatchObject({ status: 200, body: { _id: person.id } });
    const legacyCookie = (await (await sessionCookie({ env: installation })).serialize(sid)).split(";")[0];
    expect(await me({ Cookie: legacyCookie })).toMatchObject({ status: 200, body: { _id: person.id } });
  });

  it("an address the directory does not know signs in on shard 0, as before", async () => {
    const local = await createCompany("Unlisted Firm");
    const person = await local.createUser("employee");
    await env.DIRECTORY.prepare("delete from people where email = ?").bind(person.email!.toLowerCase()).run();
    expect(decodeJwt(await tokenFor(person.email!))).toMatchObject({ id: person.id, shd: 0 });
  });

  it("the cron does every shard's housekeeping, not only shard 0's", async () => {
    const old = new Date(Date.now() - 3 * 86_400_000);
    const rows = (ip: string) => ({
      id: crypto.randomUUID().replace(/-/g, "").slice(0, 24),
      email: "x@cron.example",
      ip,
      succeeded: false,
      createdAt: old,
    });
    await db().insert(loginAttempts).values(rows("198.51.100.70"));
    await shard2().insert(loginAttempts).values(rows("198.51.100.72"));
    // The Worker's own scheduled handler, as the platform calls it.
    const context = createExecutionContext();
    await worker.scheduled(createScheduledController({ scheduledTime: new Date(), cron: "*/5 * * * *" }), env as Env, context);
    await waitOnExecutionContext(context);
    expect(await db().select().from(loginAttempts).where(eq(loginAttempts.ip, "198.51.100.70"))).toEqual([]);
    expect(await shard2().select().from(loginAttempts).where(eq(loginAttempts.ip, "198.51.100.72"))).toEqual([]);
  });

  it("signs in with Microsoft by the token's tenant, on the firm's shard", async () => {
    const tenant = crypto.randomUUID();
    const oid = crypto.randomUUID();
    await shard2().update(companies).set({ azureAdTenantId: tenant }).where(eq(companies.id, firm.company.id));
    await shard2().update(users).set({ azureAdId: oid }).where(eq(users.id, firm.person.id));
    await flushDirectory(installation, shardsOf(installation)[2]);
    const adToken = await mintToken({ tid: tenant, oid });
    const response = await SELF.fetch(`${BASE}/api/v2/azure-ad/sign-in-with-token`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ adToken, tenantId: tenant, adUserId: oid }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as { token: string; _id: string };
    expect(body._id).toBe(firm.person.id);
    expect(decodeJwt(body.token)).toMatchObject({ cid: firm.company.id, shd: 2 });
  });
});
