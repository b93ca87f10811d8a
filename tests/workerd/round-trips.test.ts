import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { startSession } from "~/auth/session.server";
import { createDb } from "~/db/client";
import type { LoadContext } from "~/env";
import { loader as meLoader } from "~/routes/api.v2.users.me";
import { action as filteredAction } from "~/routes/api.v2.users.filtered";
import { loader as shellLoader } from "~/routes/_app";
import { loader as homeLoader } from "~/routes/_app.home/route";
import { loader as overviewLoader } from "~/routes/_app.overview/route";
import { BASE, createCompany } from "./helpers";

/**
 * D1 round trips per request: each is a network hop in production (the Worker and the
 * database are not in the same place), so a page's cost is mostly how many it makes.
 * Counts every statement run on its own and every batch as one.
 */
function countingD1(d1: D1Database) {
  const counter = { trips: 0, sql: [] as string[] };
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

async function tripsOf(path: string, run: (args: { request: Request; context: never }) => Promise<unknown>) {
  const { createUser } = await createCompany();
  const user = await createUser("employee");
  const plain: LoadContext = { env, ctx: createExecutionContext(), db: createDb(env.DB) };
  const { token } = await startSession(plain, user as never, new Request(BASE));
  const { d1, counter } = countingD1(env.DB);
  const context = { env, ctx: createExecutionContext(), db: createDb(d1) } as LoadContext as never;
  const request = new Request(`${BASE}${path}`, { headers: { Authorization: `Bearer ${token}` } });
  await run({ request, context });
  return counter;
}

describe("D1 round trips per request", () => {
  it("GET /api/v2/users/me", async () => {
    const counter = await tripsOf("/api/v2/users/me", ({ request, context }) => meLoader({ request, context, params: {} }));
    // The session (with the person, their teams and the company), then their week.
    expect(counter.trips, counter.sql.join("\n")).toBe(2);
  });

  it("GET /home (shell and page)", async () => {
    const counter = await tripsOf("/home", async ({ request, context }) => {
      await Promise.all([shellLoader({ request, context, params: {} }), homeLoader({ request, context, params: {} })]);
    });
    // The session, then one batch: the week, forecasts, absences and the custom HTML.
    expect(counter.trips, counter.sql.join("\n")).toBe(2);
  });

  it("GET /overview (shell and page)", async () => {
    const counter = await tripsOf("/overview", async ({ request, context }) => {
      await Promise.all([shellLoader({ request, context, params: {} }), overviewLoader({ request, context, params: {} })]);
    });
    // The session, then one batch: the filter's options, the total, the page and its forecasts and locations.
    expect(counter.trips, counter.sql.join("\n")).toBe(2);
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
