import { createExecutionContext, env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getActor, rideSession } from "~/auth/session.server";
import { startSession } from "~/domain/identity/session.server";
import { createDb } from "~/db/client";
import { companies, forecasts, groups, sessions, users, vacations } from "~/db/schema";
import { groupRow } from "~/db/factories";
import { getTeamOverview } from "~/domain/users/team-overview.server";
import { domainCtx } from "~/domain/context";
import { dashboardRider, getDashboard } from "~/domain/dashboard/dashboard.server";
import { getMe, meRider } from "~/domain/users/profile.server";
import { setWorkplace } from "~/domain/workplace/workplace.server";
import { addDays } from "~/lib/dates";
import type { LoadContext } from "~/env";
import { loader as meLoader } from "~/routes/api.v2.users.me";
import { action as filteredAction } from "~/routes/api.v2.users.filtered";
import { loader as shellLoader } from "~/routes/_app";
import { loader as homeLoader } from "~/routes/_app.home/route";
import { loader as overviewLoader } from "~/routes/_app.overview/route";
import { runInD1Sessions, type SessionStart } from "~/db/d1-sessions";
import { api, BASE, cookieFor, createCompany, db, placeOnShard, syncDirectory, tokenFor } from "./helpers";

/**
 * D1 round trips per request: each is a network hop in production (the Worker and the
 * database are not in the same place), so a page's cost is mostly how many it makes.
 * Counts every statement run on its own and every batch as one.
 */
function countingD1(d1: D1Database, counter = { trips: 0, sql: [] as string[], sessions: 0 }) {
  const wrapStatement = (statement: D1PreparedStatement, sql: string): D1PreparedStatement =>
    new Proxy(statement, {
      get(target, key) {
        const value = Reflect.get(target, key);
        if (typeof value !== "function") return value;
        if (key === "bind") return (...args: unknown[]) => wrapStatement(value.apply(target, args), sql);
        if (["all", "raw", "run", "first"].includes(String(key)))
          return (...args: unknown[]) => {
            counter.trips++;
            counter.sql.push(sql);
            return value.apply(target, args);
          };
        return value.bind(target);
      },
    });
  const wrapped = new Proxy(d1, {
    get(target, key) {
      const value = Reflect.get(target, key);
      if (key === "prepare") return (sql: string) => wrapStatement(value.call(target, sql), sql);
      // A D1 session (decision 0315) is counted as its binding: its statements are the request's round trips.
      if (key === "withSession")
        return (start: string) => {
          counter.sessions++;
          return countingD1(value.call(target, start), counter).d1;
        };
      if (key === "batch")
        return (statements: D1PreparedStatement[]) => {
          counter.trips++;
          counter.sql.push(`batch of ${statements.length}`);
          return value.call(
            target,
            statements.map((s) => (s as unknown as { __target?: D1PreparedStatement }).__target ?? s),
          );
        };
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  return { d1: wrapped, counter };
}

async function tripsOf(path: string, run: (args: { request: Request; context: never }) => Promise<unknown>, start?: SessionStart) {
  const { createUser } = await createCompany();
  const user = await createUser("employee");
  const plain: LoadContext = { env, ctx: createExecutionContext(), db: createDb(env.DB) };
  const { token } = await startSession(plain, user as never, new Request(BASE));
  const { d1, counter } = countingD1(env.DB);
  const context = { env, ctx: createExecutionContext(), db: createDb(d1) } as LoadContext as never;
  const request = new Request(`${BASE}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  if (start === undefined) await run({ request, context });
  else
    await runInD1Sessions(
      () => start,
      () => run({ request, context }),
    );
  return counter;
}

describe("D1 round trips per request", () => {
  it("GET /api/v2/users/me", async () => {
    const counter = await tripsOf("/api/v2/users/me", ({ request, context }) => meLoader({ request, context, params: {} }));
    // One batch: the session (with the person, their teams and the company) and their week riding with it.
    expect(counter.trips, counter.sql.join("\n")).toBe(1);
  });

  it("GET /home (shell and page)", async () => {
    const counter = await tripsOf("/home", async ({ request, context }) => {
      await Promise.all([shellLoader({ request, context, params: {} }), homeLoader({ request, context, params: {} })]);
    });
    // One batch: the session, and riding with it the week, forecasts, absences and the custom HTML.
    expect(counter.trips, counter.sql.join("\n")).toBe(1);
  });

  it("GET /overview (shell and page): the session, then the grid's one batch", async () => {
    const counter = await tripsOf("/overview", async ({ request, context }) => {
      await Promise.all([shellLoader({ request, context, params: {} }), overviewLoader({ request, context, params: {} })]);
    });
    // The grid's statements depend on who the person is (role, teams, settings): built once the session is read (decision 0241).
    expect(counter.trips, counter.sql.join("\n")).toBe(2);
    expect(counter.sql[1]).toMatch(/^batch of \d+$/);
  });

  it("POST /api/v2/users/filtered", async () => {
    const counter = await tripsOf("/api/v2/users/filtered", async ({ request, context }) => {
      const post = new Request(request.url, {
        method: "POST",
        headers: { Authorization: request.headers.get("Authorization")!, "Content-Type": "application/json" },
        body: JSON.stringify({ limit: 20 }),
      });
      const response = (await filteredAction({ request: post, context, params: {} })) as Response;
      expect(response.status).toBe(200);
    });
    // The session, then one batch: the total, the page and its forecasts and locations.
    expect(counter.trips, counter.sql.join("\n")).toBe(2);
  });
});

describe("D1 round trips through the request's D1 session (decision 0315)", () => {
  const routes: [string, (args: { request: Request; context: never }) => Promise<unknown>, number][] = [
    ["/api/v2/users/me", ({ request, context }) => meLoader({ request, context, params: {} }), 1],
    [
      "/home",
      ({ request, context }) => Promise.all([shellLoader({ request, context, params: {} }), homeLoader({ request, context, params: {} })]),
      1,
    ],
    [
      "/overview",
      ({ request, context }) => Promise.all([shellLoader({ request, context, params: {} }), overviewLoader({ request, context, params: {} })]),
      2,
    ],
  ];

  for (const start of ["first-unconstrained", "first-primary", "bookmark"] as const) {
    it(`the facade adds none, starting ${start}`, async () => {
      const bookmark = env.DB.withSession("first-primary");
      await bookmark.prepare("select 1").all();
      for (const [path, run, trips] of routes) {
        const counter = await tripsOf(path, run, start === "bookmark" ? bookmark.getBookmark() : start);
        // The same round trips as on the bare binding, every one of them in the request's one session.
        expect(counter.trips, `${path}\n${counter.sql.join("\n")}`).toBe(trips);
        expect(counter.sessions, path).toBe(1);
      }
    });
  }
});

describe("reads that ride with the session lookup", () => {
  /** A person in a far zone with forecasts, absences and a work week around their today; the session's request. */
  async function personWithAWeek(timeZone: string) {
    const firm = await createCompany(`Rider Firm ${timeZone}`, { timeZone, enableNewForecasting: true, enableCustomHtml: true });
    await db().update(companies).set({ customHtml: "<p>Hello {{name}}</p>" }).where(eq(companies.id, firm.company.id));
    const person = await firm.createUser("employee");
    const token = await tokenFor(person.email);
    const request = new Request(`${BASE}/home`, { headers: { Authorization: `Bearer ${token}` } });
    const plain: LoadContext = { env, ctx: createExecutionContext(), db: createDb(env.DB) };
    const actor = (await getActor(request, plain))!;
    const ctx = domainCtx(plain, actor);
    const today = ctx.today;
    const rows = (from: number, to: number) => ({
      companyId: firm.company.id,
      userId: person.id,
      startDate: addDays(today, from),
      endDate: addDays(today, to),
    });
    // Ended yesterday (left out), ends today, ends later; the same for absences.
    await db()
      .insert(forecasts)
      .values([
        { ...rows(-5, -1), status: "3" },
        { ...rows(-3, 0), status: "2" },
        { ...rows(1, 4), status: "away" },
      ]);
    await db()
      .insert(vacations)
      .values([rows(-4, -1), rows(0, 2), rows(6, 9)]);
    for (const index of [0, 2, 4]) await setWorkplace(ctx, index, { option: 1, future: false, source: "web_app" });
    return { request, token };
  }

  for (const zone of ["Pacific/Kiritimati", "Pacific/Pago_Pago", "Europe/Stockholm"]) {
    it(`give /home and users/me the rows they read alone (${zone})`, async () => {
      const { request } = await personWithAWeek(zone);
      const context: LoadContext = { env, ctx: createExecutionContext(), db: createDb(env.DB) };
      const ridingHome = rideSession(request, context, dashboardRider);
      const ridingMe = rideSession(request, context, meRider);
      const actor = (await getActor(request, context))!;
      const riding = domainCtx(context, actor);
      // The same request's reads, each on its own after the session (as before the riders).
      const ctx = { ...riding, db: createDb(env.DB) };
      const alone = await getDashboard(ctx);
      expect(alone.forecasts.map((f) => f.status)).toEqual(["2", "away"]);
      expect(alone.vacations).toHaveLength(2);
      expect(alone.me.workplaceForecast.filter((option) => option === 1).length).toBeGreaterThan(0);
      expect(alone.customHtml).toContain("Hello");
      expect(await getDashboard(riding, (await ridingHome)!)).toEqual(alone);
      expect(await getMe(riding, (await ridingMe)!)).toEqual(await getMe(ctx));
    });
  }

  it("answer null for a revoked session, and read nothing of it", async () => {
    const { request, token } = await personWithAWeek("UTC");
    const plain: LoadContext = { env, ctx: createExecutionContext(), db: createDb(env.DB) };
    const signedIn = (await getActor(request, plain))!;
    await db().update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, signedIn.sessionId));
    const context: LoadContext = { env, ctx: createExecutionContext(), db: createDb(env.DB) };
    const riding = rideSession(request, context, dashboardRider);
    expect(await getActor(request, context)).toBeNull();
    expect(await riding).toBeNull();
    const response = await api("/api/v2/users/me", { token });
    expect(response.status).toBe(401);
  });

  it("registered after the lookup was sent, run on their own with the same rows", async () => {
    const { request } = await personWithAWeek("Asia/Tokyo");
    const { d1, counter } = countingD1(env.DB);
    const context = { env, ctx: createExecutionContext(), db: createDb(d1) } as LoadContext;
    const early = rideSession(request, context, dashboardRider);
    await getActor(request, context);
    expect(counter.trips).toBe(1);
    const late = await rideSession(request, context, dashboardRider);
    expect(counter.trips).toBe(2);
    expect(late).toEqual(await early);
  });
});

describe("the overview, read for the person the session finds (decision 0241)", () => {
  const bodyOf = async (response: unknown) => (await (response as Response).json()) as Record<string, unknown>;

  /** The overview's loader data for the request, with the D1 round trips it took. */
  async function overviewOf(token: string, search = "") {
    const { d1, counter } = countingD1(env.DB);
    const context = { env, ctx: createExecutionContext(), db: createDb(d1) } as LoadContext as never;
    const request = new Request(`${BASE}/overview${search}`, { headers: { Authorization: `Bearer ${token}` } });
    const data = await bodyOf(await overviewLoader({ request, context, params: {} }));
    return { data, trips: counter.trips };
  }

  /** The same read alone, after the session, as the loader did before riding (getTeamOverview). */
  async function aloneOf(token: string, search = "") {
    const request = new Request(`${BASE}/overview${search}`, { headers: { Authorization: `Bearer ${token}` } });
    const context: LoadContext = { env, ctx: createExecutionContext(), db: createDb(env.DB) };
    const actor = (await getActor(request, context))!;
    const overview = await getTeamOverview(domainCtx(context, actor), new URL(request.url).searchParams);
    return JSON.parse(JSON.stringify(overview)) as Record<string, unknown>;
  }

  /** Loader data without the clock, which differs by the milliseconds between the two reads. */
  const withoutClock = ({ now: _now, ...rest }: Record<string, unknown>) => rest;

  /** A firm with two groups, an employee in the first and a colleague in each. */
  async function firmWithTwoGroups() {
    const firm = await createCompany("Guess Firm");
    const second = groupRow(firm.company.id, { name: "Second Group" });
    await db().insert(groups).values(second);
    const person = await firm.createUser("employee", { name: "Person One" });
    await firm.createUser("employee", { name: "Colleague Same" });
    await firm.createUser("employee", { name: "Colleague Other", groupId: second.id });
    return { firm, second, person, token: await tokenFor(person.email) };
  }

  const names = (data: Record<string, unknown>) => (data.users as { name: string }[]).map((u) => u.name).sort();

  it("answers what the overview read alone answers", async () => {
    const { token } = await firmWithTwoGroups();
    for (const search of ["", "?sort=workloadLowHigh&term=coll", "?groups=all&offices=all"]) {
      const loaded = await overviewOf(token, search);
      expect(loaded.trips).toBe(2);
      expect(withoutClock(loaded.data)).toMatchObject(withoutClock(await aloneOf(token, search)));
    }
  });

  it("follows the person's role, team and company settings at once", async () => {
    const { firm, second, person, token } = await firmWithTwoGroups();
    await overviewOf(token);
    expect(names((await overviewOf(token)).data)).toEqual(["Colleague Same", "Person One"]);

    // Moved to the second group: the page shows the second group.
    await db().update(users).set({ groupId: second.id }).where(eq(users.id, person.id));
    const moved = await overviewOf(token);
    expect(moved.trips).toBe(2);
    expect(names(moved.data)).toEqual(["Colleague Other", "Person One"]);
    expect(withoutClock(moved.data)).toMatchObject(withoutClock(await aloneOf(token)));

    // The company lets everyone filter all groups: the default filter widens at once.
    await db()
      .update(companies)
      .set({ settings: JSON.stringify({ allGroupsDefault: true }) })
      .where(eq(companies.id, firm.company.id));
    const widened = await overviewOf(token);
    expect(widened.trips).toBe(2);
    expect(names(widened.data)).toEqual(["Colleague Other", "Colleague Same", "Person One"]);

    // Made company admin: no longer listed among the people (admins keep no workload), and sees all.
    await db().update(users).set({ companyAdmin: true }).where(eq(users.id, person.id));
    const promoted = await overviewOf(token);
    expect(promoted.trips).toBe(2);
    expect(names(promoted.data)).toEqual(["Colleague Other", "Colleague Same"]);
  });

  it("sends a closed session to sign in", async () => {
    const { token } = await firmWithTwoGroups();
    await overviewOf(token);
    const request = new Request(`${BASE}/overview`, { headers: { Authorization: `Bearer ${token}` } });
    const plain: LoadContext = { env, ctx: createExecutionContext(), db: createDb(env.DB) };
    const actor = (await getActor(request, plain))!;
    await db().update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, actor.sessionId));
    const context = { env, ctx: createExecutionContext(), db: createDb(env.DB) } as LoadContext as never;
    const thrown = await overviewLoader({ request, context, params: {} }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(302);
    expect((thrown as Response).headers.get("Location")).toBe("/login?redirectTo=%2Foverview");
  });
});

describe("the directory after sign-in (issue 29, decisions 0312 and 0313)", () => {
  /** Every statement the Worker runs on the directory binding, which it shares with this test. */
  function countDirectory() {
    const counted = { statements: 0, sql: [] as string[] };
    const target = env.DIRECTORY as unknown as Record<string, (...args: unknown[]) => unknown>;
    const originals = new Map<string, (...args: unknown[]) => unknown>();
    for (const method of ["prepare", "batch", "exec", "withSession"]) {
      const original = target[method];
      if (!original) continue;
      originals.set(method, original);
      target[method] = (...args: unknown[]) => {
        counted.statements++;
        counted.sql.push(`${method}: ${typeof args[0] === "string" ? args[0].slice(0, 80) : ""}`);
        return original.apply(env.DIRECTORY, args);
      };
    }
    const restore = () => originals.forEach((original, method) => (target[method] = original));
    return { counted, restore };
  }

  it("a signed-in request, by token or cookie, on shard 0 or shard 2, reads its shard and never the directory", async () => {
    const near = await createCompany("Directory Near Firm");
    const nearPerson = await near.createUser("employee");
    placeOnShard(2);
    const far = await createCompany("Directory Far Firm");
    const farPerson = await far.createUser("employee");
    placeOnShard(0);
    await syncDirectory();
    const credentials: Record<string, string>[] = [
      { Authorization: `Bearer ${await tokenFor(nearPerson.email)}` },
      { Cookie: await cookieFor(nearPerson.email) },
      { Authorization: `Bearer ${await tokenFor(farPerson.email)}` },
      { Cookie: await cookieFor(farPerson.email) },
    ];
    // The sign-ins' after-answer flushes are done before counting.
    await syncDirectory();
    const { counted, restore } = countDirectory();
    try {
      for (const headers of credentials) {
        for (const path of ["/api/v2/users/me", "/home", "/overview"]) {
          const response = await SELF.fetch(`${BASE}${path}`, { headers, redirect: "manual" });
          expect(response.status, `${path} ${Object.keys(headers)[0]}`).toBe(200);
          await response.arrayBuffer();
        }
      }
    } finally {
      restore();
    }
    expect(counted.statements, counted.sql.join("\n")).toBe(0);
  });
});
