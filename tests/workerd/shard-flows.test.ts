import { createExecutionContext, env, SELF } from "cloudflare:test";
import { and, desc, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { beforeAll, describe, expect, it } from "vitest";
import { createDb } from "~/db/client";
import { companyRow } from "~/db/factories";
import { companies, emailOutbox, passkeys, updateReminders, users } from "~/db/schema";
import { answerLink } from "~/domain/reminders/reminders.server";
import { contextOfCarried, contextOfPasskey } from "~/domain/installation/pre-sign-in.server";
import type { Env, LoadContext } from "~/env";
import { newId } from "~/lib/ids";
import { toBase64Url } from "~/lib/base64url";
import { api, BASE, createCompany, createUser, db, PASSWORD, syncDirectory } from "./helpers";

/**
 * Every way in before sign-in finds its firm's shard (decision 0313). The operator creates a
 * firm, which the installation places on shard 2 (the most headroom); everything after that —
 * the invite, a password reset, an e-mail change, the iOS hand-off, SCIM, a calendar feed, a
 * reminder link, a passkey — works for it, and its rows are on shard 2 and nowhere else.
 */
const installation = env as Env;
const shard2 = () => createDb(env.DB_SHARD_2!);
const OPERATOR = "operator@demo.test";
const FAR_ADMIN = "far-admin@far-shard.test";

function form(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `198.51.100.${Math.floor(Math.random() * 250)}`, ...headers },
  });
}

async function cookieFor(email: string, password = PASSWORD) {
  const response = await form("/login", { email, password, redirectTo: "" });
  const cookie = response.headers.get("Set-Cookie");
  if (!cookie) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  return cookie.split(";")[0];
}

/** The newest mail to `to` in shard 2's outbox, and the path of its first link of `kind`. */
async function mailedPath(to: string, kind: string) {
  const [mail] = await shard2().select().from(emailOutbox).where(eq(emailOutbox.toAddress, to)).orderBy(desc(emailOutbox.createdAt)).limit(1);
  expect(mail, `a mail to ${to} on shard 2`).toBeDefined();
  const path = new RegExp(`/${kind}/[^\\s"<>]+`).exec(mail.textBody)?.[0];
  expect(path, `a /${kind}/ link`).toBeDefined();
  return path!.replace(/[.,)]+$/, "");
}

/** Sizes as the shards' last probe saw them: shard 2 has the most headroom. */
async function probed(sizes: Record<number, number>, accepting: Record<number, boolean> = {}) {
  for (const [id, size] of Object.entries(sizes)) {
    await env.DIRECTORY.prepare(
      `insert into shards (id, binding, accepting, size_bytes, probed_at) values (?1, ?2, ?3, ?4, ?5)
       on conflict (id) do update set accepting = excluded.accepting, size_bytes = excluded.size_bytes`,
    )
      .bind(Number(id), Number(id) === 0 ? "DB" : `DB_SHARD_${id}`, accepting[Number(id)] === false ? 0 : 1, size, Date.now())
      .run();
  }
}

async function firmNamed(name: string) {
  const row = await env.DIRECTORY.prepare("select company_id as companyId from firms where name = ?").bind(name).first<{ companyId: string }>();
  expect(row, `the directory knows ${name}`).not.toBeNull();
  return row!.companyId;
}

let operatorCookie: string;
let farFirmId: string;
let adminToken: string;

beforeAll(async () => {
  await db()
    .insert(companies)
    .values(companyRow({ id: env.OPERATIONS_COMPANY_ID!, name: "Operations", settings: "{}" }));
  await createUser(env.OPERATIONS_COMPANY_ID!, "companyAdmin", { id: env.OPERATOR_USER_IDS!, email: OPERATOR, groupId: null, officeId: null });
  await syncDirectory();
  operatorCookie = await cookieFor(OPERATOR);
  await probed({ 0: 5e9, 1: 7e9, 2: 1e9 });
  const created = await form(
    "/operator?_data=routes%2F_app.operator",
    { intent: "createCompany", name: "Far Shard LLP", adminName: "Fay Faraway", adminEmail: FAR_ADMIN },
    { Cookie: operatorCookie },
  );
  expect(created.status).toBe(200);
  farFirmId = await firmNamed("Far Shard LLP");
});

describe("a new firm (decision 0313)", () => {
  it("goes to the shard with the most headroom, and lives only there", async () => {
    const placed = await env.DIRECTORY.prepare("select shard from firms where company_id = ?").bind(farFirmId).first<{ shard: number }>();
    expect(placed?.shard).toBe(2);
    expect(await shard2().select({ id: companies.id }).from(companies).where(eq(companies.id, farFirmId))).toHaveLength(1);
    expect(await db().select({ id: companies.id }).from(companies).where(eq(companies.id, farFirmId))).toHaveLength(0);
    expect(await shard2().select({ email: users.email }).from(users).where(eq(users.companyId, farFirmId))).toEqual([{ email: FAR_ADMIN }]);
  });

  it("never goes to a shard that stopped accepting firms, and is refused an address any shard has", async () => {
    await probed({ 0: 5e9, 1: 7e9, 2: 1e9 }, { 2: false });
    const next = await form(
      "/operator?_data=routes%2F_app.operator",
      { intent: "createCompany", name: "Near Shard LLP", adminName: "Nils Near", adminEmail: "nils@near-shard.test" },
      { Cookie: operatorCookie },
    );
    expect(next.status).toBe(200);
    const _id = await firmNamed("Near Shard LLP");
    // Of shards 0 (3 GB free) and 1 (1 GB free), shard 0.
    expect((await env.DIRECTORY.prepare("select shard from firms where company_id = ?").bind(_id).first<{ shard: number }>())?.shard).toBe(0);
    await probed({ 0: 5e9, 1: 7e9, 2: 1e9 });
    // The far firm's administrator is on shard 2 only; the operator, on shard 0, cannot give that address to another firm.
    const taken = await form(
      "/operator?_data=routes%2F_app.operator",
      { intent: "createCompany", name: "Copycat LLP", adminName: "Copy", adminEmail: FAR_ADMIN },
      { Cookie: operatorCookie },
    );
    expect(taken.status).toBe(400);
    expect(JSON.stringify(await taken.json())).toContain("A user with this e-mail already exists.");
  });

  it("is listed with its people on the operator's console and in the usage figures", async () => {
    const data = (await (await SELF.fetch(`${BASE}/operator?_data=routes%2F_app.operator`, { headers: { Cookie: operatorCookie } })).json()) as {
      companies: { _id: string; name: string; people: number }[];
    };
    expect(data.companies.find((c) => c._id === farFirmId)).toMatchObject({ name: "Far Shard LLP", people: 1 });
    expect(data.companies.filter((c) => c.name === "Operations")).toHaveLength(1);
  });
});

describe("ways in before sign-in, for a firm on shard 2", () => {
  it("the invite link signs the administrator up, on shard 2, whoever else is signed in in the browser", async () => {
    const path = await mailedPath(FAR_ADMIN, "signup");
    expect(path).toMatch(new RegExp(`^/signup/${farFirmId}\\.[A-Za-z0-9_-]{43}$`));
    const secret = path.slice("/signup/".length);
    const shown = await api(`/api/v2/users/${secret}/uncompleted`);
    expect(shown.status).toBe(200);
    expect(await shown.json()).toMatchObject({ email: FAR_ADMIN, name: "Fay Faraway" });
    // The operator, signed in on shard 0, opens the link: the page is the far firm's.
    const page = await SELF.fetch(`${BASE}${path}`, { headers: { Cookie: operatorCookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(FAR_ADMIN);
    // An edited firm in front finds nothing.
    expect((await api(`/api/v2/users/${newId()}.${secret.split(".")[1]}/uncompleted`)).status).toBe(404);

    const registered = await api(`/api/v2/account/${secret}/register`, {
      method: "POST",
      json: { name: "Fay Faraway", email: FAR_ADMIN, password: PASSWORD, passwordConfirmation: PASSWORD },
    });
    expect(registered.status).toBe(200);
    adminToken = ((await registered.json()) as { token: string }).token;
    expect(decodeJwt(adminToken)).toMatchObject({ cid: farFirmId, shd: 2 });
    const [admin] = await shard2().select({ completed: users.completed }).from(users).where(eq(users.email, FAR_ADMIN));
    expect(admin.completed).toBe(true);
  });

  it("a password reset mails a link on shard 2 that sets the password there", async () => {
    await syncDirectory();
    const asked = await api("/api/v2/account/reset-password", {
      method: "POST",
      json: { resetEmail: FAR_ADMIN },
      headers: { "CF-Connecting-IP": "198.51.103.9" },
    });
    expect(asked.status).toBe(200);
    const path = await mailedPath(FAR_ADMIN, "reset");
    expect(path).toMatch(new RegExp(`^/reset/${farFirmId}\\.`));
    const reset = await api(`/api/v2/account/set-password/${path.slice("/reset/".length)}`, {
      method: "POST",
      json: { newPassword: "a far better passphrase", newPasswordConfirmation: "a far better passphrase" },
    });
    expect(reset.status).toBe(200);
    adminToken = ((await reset.json()) as { token: string }).token;
    expect(decodeJwt(adminToken)).toMatchObject({ shd: 2 });
    expect(await cookieFor(FAR_ADMIN, "a far better passphrase")).toMatch(/=/);
  });

  it("an e-mail change's link is confirmed on shard 2", async () => {
    const [me] = await shard2().select({ id: users.id }).from(users).where(eq(users.email, FAR_ADMIN));
    const changed = await api(`/api/v2/users/${me.id}`, {
      method: "PUT",
      token: adminToken,
      json: { email: "fay@far-shard.test", name: "Fay Faraway", currentPassword: "a far better passphrase" },
    });
    expect(changed.status).toBe(200);
    const path = await mailedPath("fay@far-shard.test", "confirm-email");
    expect(path).toMatch(new RegExp(`^/confirm-email/${farFirmId}\\.`));
    const opened = await SELF.fetch(`${BASE}${path}`);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("fay@far-shard.test");
    const confirmed = await form(path, {});
    expect(confirmed.status).toBe(200);
    expect(await confirmed.text()).toContain("Your e-mail is now fay@far-shard.test");
    const [after] = await shard2().select({ email: users.email }).from(users).where(eq(users.id, me.id));
    expect(after.email).toBe("fay@far-shard.test");
    // Back, for the tests after this one.
    await shard2().update(users).set({ email: FAR_ADMIN }).where(eq(users.id, me.id));
    await syncDirectory();
    adminToken = await (async () => {
      const response = await api("/api/v2/account/login", { method: "POST", json: { email: FAR_ADMIN, password: "a far better passphrase" } });
      expect(response.status).toBe(200);
      return ((await response.json()) as { token: string }).token;
    })();
  });

  it("the iOS hand-off code opens a browser session on shard 2", async () => {
    const handed = await api("/api/v2/account/handoff", { method: "POST", token: adminToken });
    expect(handed.status).toBe(200);
    const { code } = (await handed.json()) as { code: string };
    expect(code.startsWith(`${farFirmId}.`)).toBe(true);
    const redeemed = await form("/login/handoff", { code });
    expect(redeemed.status).toBe(303);
    // The first read after it starts from shard 2's bookmark, where the session is (decision 0315).
    expect(redeemed.headers.get("Set-Cookie")).toMatch(/__d1=2%3A/);
    const cookie = redeemed.headers.get("Set-Cookie")!.split(";")[0];
    const me = await SELF.fetch(`${BASE}/api/v2/users/me`, { headers: { Cookie: cookie } });
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email: FAR_ADMIN });
  });

  it("a SCIM token names the firm and reaches its people on shard 2", async () => {
    const issued = await api("/api/v2/company/scim-token", {
      method: "POST",
      token: adminToken,
      json: { name: "Entra ID", currentPassword: "a far better passphrase" },
    });
    expect(issued.status).toBe(201);
    const { token } = (await issued.json()) as { token: string };
    expect(token.startsWith(`scim_${farFirmId}.`)).toBe(true);
    const listed = await SELF.fetch(`${BASE}/scim/v2/Users`, { headers: { Authorization: `Bearer ${token}` } });
    expect(listed.status).toBe(200);
    expect(JSON.stringify(await listed.json())).toContain(FAR_ADMIN);
  });

  it("a calendar feed address and a reminder link find shard 2 with nobody signed in", async () => {
    const cookie = await cookieFor(FAR_ADMIN, "a far better passphrase");
    const made = await form("/settings?_data=routes%2F_app.settings", { intent: "renewFeed" }, { Cookie: cookie });
    const { url } = (await made.json()) as { url: string };
    expect(url).toMatch(new RegExp(`/calendar/${farFirmId}\\.[0-9a-f]{24}/`));
    const feed = await SELF.fetch(url.replace(/^https?:\/\/[^/]+/, BASE));
    expect(feed.status).toBe(200);
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");

    const [me] = await shard2().select({ id: users.id }).from(users).where(eq(users.email, FAR_ADMIN));
    const reminderId = newId();
    await shard2().insert(updateReminders).values({ id: reminderId, companyId: farFirmId, userId: me.id, sentAt: new Date() });
    const link = await answerLink(installation, BASE, farFirmId, reminderId, "2");
    const opened = await SELF.fetch(link);
    expect(opened.status).toBe(200);
    expect(await opened.text()).toContain("Fay Faraway");
  });

  it("a passkey finds its person's shard by the user handle, or by the credential on each shard", async () => {
    const [me] = await shard2().select({ id: users.id }).from(users).where(eq(users.email, FAR_ADMIN));
    const credentialId = toBase64Url(crypto.getRandomValues(new Uint8Array(16)));
    await shard2()
      .insert(passkeys)
      .values({ id: newId(), companyId: farFirmId, userId: me.id, credentialId, publicKey: "x", counter: 0, name: "Key", createdAt: new Date() });
    const context: LoadContext = { env: installation, ctx: createExecutionContext(), db: db(), shard: 0 };
    const handle = toBase64Url(new TextEncoder().encode(me.id));
    expect((await contextOfPasskey(context, credentialId, handle)).shard).toBe(2);
    expect((await contextOfPasskey(context, credentialId, null)).shard).toBe(2);
    expect((await contextOfPasskey(context, "unknown-credential", null)).shard).toBe(0);
  });

  it("a link from before shards (no firm in front) is looked for on every shard", async () => {
    const context: LoadContext = { env: installation, ctx: createExecutionContext(), db: db(), shard: 0 };
    const [row] = await shard2()
      .select({ id: updateReminders.id })
      .from(updateReminders)
      .where(and(eq(updateReminders.companyId, farFirmId)))
      .limit(1);
    expect((await contextOfCarried(context, "reminder", row.id)).shard).toBe(2);
    expect((await contextOfCarried(context, "reminder", newId())).shard).toBe(0);
    // A firm on shard 0 is found at once, without looking elsewhere.
    const near = await createCompany("Near Firm");
    await syncDirectory();
    expect((await contextOfCarried(context, "invite", `${near.company.id}.whatever`)).shard).toBe(0);
  });
});
