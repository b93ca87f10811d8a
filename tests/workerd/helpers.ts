import { env, SELF } from "cloudflare:test";
import { loginThrottle } from "~/domain/identity/login-throttle";
import { hashPassword, pepperRing } from "~/domain/identity/password-hash.server";
import { closeSessionSockets } from "~/realtime/publish.server";
import type { SocketsToClose } from "~/realtime/room.types";
import { createDb } from "~/db/client";
import { shardsOf } from "~/db/shards.server";
import { flushDirectory } from "~/domain/installation/firm-directory.server";
import { systemCtx, type Runtime, type SystemSource } from "~/domain/context";
import type { Env } from "~/env";
import { companyRow, groupRow, officeRow, userRow, type SeedRole } from "~/db/factories";
import { eq } from "drizzle-orm";
import { companies, groups, offices, sessions, users } from "~/db/schema";

export const PASSWORD = "correct horse battery";
export const BASE = "http://localhost";

/** The shard `db()`, `createCompany` and `createUser` write to: 0 unless a test places its firms elsewhere. */
let placing = 0;

/** From here on, the helpers write a test's firms and people on shard `shard` (the sharded access matrix). */
export function placeOnShard(shard: number) {
  placing = shard;
}

export const db = () => createDb(shardsOf(env as Env).find((shard) => shard.id === placing)!.d1);

/**
 * Brings the directory up to date with every shard, as the Worker does after each write's
 * answer (decision 0312): for rows a test wrote straight into a shard, or a request whose
 * after-answer flush may still be running.
 */
/** The database of the shard the directory places a firm on (where the operator put a new firm). */
export async function dbOfFirm(companyId: string) {
  const row = await env.DIRECTORY.prepare("select shard from firms where company_id = ?").bind(companyId).first<{ shard: number }>();
  return createDb(shardsOf(env as Env).find((shard) => shard.id === (row?.shard ?? 0))!.d1);
}

export async function syncDirectory() {
  for (const shard of shardsOf(env as Env)) {
    for (let attempt = 0; attempt < 100; attempt++) {
      await flushDirectory(env as Env, shard);
      if (!(await shard.d1.prepare("select 1 from directory_outbox limit 1").first())) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}

/** The Worker's bindings as the cron and the routes hand them to a system context (domain/context.ts). */
export const runtime = (): Runtime => ({ db: db(), env: env as Env, ctx: { waitUntil: (promise) => void promise.catch(() => {}) } });

/** The context a cron or a directory acting for the firm gets (systemCtx), for calling domain jobs directly. */
export const systemFor = (companyId: string, source: SystemSource, now = new Date()) => systemCtx(runtime(), companyId, source, now);

/** What the sign-in and password domain calls need, as the Worker builds it. */
export const signIn = () => ({
  db: db(),
  throttle: loginThrottle(env.LoginThrottle),
  peppers: pepperRing(env),
  closeSockets: (companyId: string, which: SocketsToClose) => closeSessionSockets({ env, ctx: { waitUntil: () => {} } }, companyId, which),
});

/** Cheap hash for tests that need many users; the real iteration count is tested on its own. */
let cachedHash: Promise<string> | null = null;
const testHash = () => (cachedHash ??= hashPassword(PASSWORD, pepperRing(env), 1000));

/** A company with one group and one office, and a user of every role, all signed-in capable. */
export async function createCompany(name = "Firm", settings: Record<string, unknown> = {}) {
  const company = companyRow({ name, settings: JSON.stringify(settings) });
  const group = groupRow(company.id, { name: `${name} Group` });
  const office = officeRow(company.id, group.id, { name: `${name} Office` });
  await db().batch([db().insert(companies).values(company), db().insert(groups).values(group), db().insert(offices).values(office)]);
  return {
    company,
    group,
    office,
    createUser: (role: SeedRole, overrides: Partial<typeof users.$inferInsert> = {}) =>
      createUser(company.id, role, { groupId: group.id, officeId: office.id, ...overrides }),
  };
}

/**
 * A company with one signed-in person per role (employee, observer, administrator, company
 * admin), all in the company's group and office; `tokens` holds each one's bearer token.
 */
export async function createCompanyWithRoles(name = "Roles Firm", settings: Record<string, unknown> = {}) {
  const firm = await createCompany(name, settings);
  const people = {
    employee: await firm.createUser("employee"),
    observer: await firm.createUser("observer"),
    administrator: await firm.createUser("administrator"),
    companyAdmin: await firm.createUser("companyAdmin"),
  };
  const tokens = {
    employee: await tokenFor(people.employee.email),
    observer: await tokenFor(people.observer.email),
    administrator: await tokenFor(people.administrator.email),
    companyAdmin: await tokenFor(people.companyAdmin.email),
  };
  return { ...firm, people, tokens };
}

export async function createUser(companyId: string, role: SeedRole, overrides: Partial<typeof users.$inferInsert> = {}) {
  const row = userRow(companyId, role, { passwordHash: role === "invited" ? null : await testHash(), ...overrides });
  await db().insert(users).values(row);
  return row;
}

export async function api(path: string, init: RequestInit & { token?: string; json?: unknown } = {}) {
  const headers = new Headers(init.headers);
  if (init.token) headers.set("Authorization", `Bearer ${init.token}`);
  let body = init.body;
  if (init.json !== undefined) {
    headers.set("Content-Type", "application/json");
    body = JSON.stringify(init.json);
  }
  return SELF.fetch(`${BASE}${path}`, { ...init, headers, body, redirect: "manual" });
}

let ipCounter = 0;
/** Signs in through the API; each call comes from its own address so throttling stays per test. */
export async function tokenFor(email: string, password = PASSWORD): Promise<string> {
  const response = await api("/api/v2/account/login", {
    method: "POST",
    json: { email, password },
    headers: { "CF-Connecting-IP": `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` },
  });
  if (response.status !== 200) throw new Error(`login failed for ${email}: ${response.status} ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  return token;
}

/** A page request as the browser makes it (redirects are answers, not followed). */
export function page(path: string, init: RequestInit = {}) {
  return SELF.fetch(`${BASE}${path}`, { redirect: "manual", ...init });
}

/** Signs in through the /login form and returns the session cookie ("name=value"); each call from its own address. */
export async function cookieFor(email: string, password = PASSWORD): Promise<string> {
  const response = await page("/login", {
    method: "POST",
    body: new URLSearchParams({ email, password, redirectTo: "" }),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": `10.1.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}` },
  });
  const cookie = response.headers.get("Set-Cookie");
  if (!cookie) throw new Error(`sign-in failed for ${email}: ${response.status}`);
  return cookie.split(";")[0];
}

/** Posts a page form (a route's action, e.g. "/groups?_data=routes%2F_app.groups") as the signed-in person. */
export function postForm(cookie: string, path: string, fields: Record<string, string>) {
  return page(path, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

/** Days relative to today (UTC) as "YYYY-MM-DD". */
export function day(offset = 0): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + offset)).toISOString().slice(0, 10);
}

/** A single-use ticket for the company's realtime socket (POST /api/v2/realtime/ticket). */
export async function socketTicket(token: string): Promise<string> {
  const response = await api("/api/v2/realtime/ticket", { method: "POST", token });
  if (response.status !== 200) throw new Error(`no ticket: ${response.status}`);
  return ((await response.json()) as { ticket: string }).ticket;
}

/** The connect request of the company's socket: its status, and the socket when it opened. */
export function connectSocket(companyId: string, ticket: string, headers: Record<string, string> = {}) {
  return SELF.fetch(`${BASE}/parties/company/${companyId}?ticket=${encodeURIComponent(ticket)}`, { headers: { Upgrade: "websocket", ...headers } });
}

async function openSocket(companyId: string, ticket: string) {
  const response = await connectSocket(companyId, ticket);
  if (response.status !== 101) throw new Error(`room refused: ${response.status}`);
  return response.webSocket!;
}

/** Collects what the company room broadcasts, as a signed-in member would receive it. */
export async function listen(companyId: string, token: string) {
  const socket = await openSocket(companyId, await socketTicket(token));
  socket.accept();
  const events: { type: string; [key: string]: unknown }[] = [];
  socket.addEventListener("message", (event) => {
    const data = JSON.parse(String(event.data));
    if (data.type !== "CONNECTED") events.push(data);
  });
  return {
    events,
    /** Waits until an event of `type` has arrived (2 s at most). */
    async next(type: string) {
      const started = Date.now();
      while (Date.now() - started < 2000) {
        const found = events.find((e) => e.type === type);
        if (found) {
          events.splice(events.indexOf(found), 1);
          return found;
        }
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error(`no ${type} event within 2 s`);
    },
    close: () => socket.close(),
    /** Resolves with the close code when the room closes the socket (2 s at most). */
    closed: () =>
      new Promise<number>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("socket not closed within 2 s")), 2000);
        socket.addEventListener("close", (event) => {
          clearTimeout(timer);
          resolve(event.code);
        });
      }),
  };
}

/**
 * The latest Monday to Wednesday 09:30 UTC up to now: reminders go out at 09:xx local time on
 * working days (the test firms' zone is UTC), and two days on is still a working day. Within
 * the reminder links' 7 days of the real clock, which answering reads.
 */
export function reminderMorning(): Date {
  const DAY = 86_400_000;
  let d = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate(), 9, 30));
  if (d.getTime() > Date.now()) d = new Date(d.getTime() - DAY);
  while (![1, 2, 3].includes(d.getUTCDay())) d = new Date(d.getTime() - DAY);
  return d;
}

/**
 * Moves a person's sign-in `minutes` into the past on all their sessions, as if they had
 * signed in that long ago: the step-up (decision 0276) then asks for the password again.
 */
export async function signedInMinutesAgo(userId: string, minutes: number) {
  await db()
    .update(sessions)
    .set({ authenticatedAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(sessions.userId, userId));
}
