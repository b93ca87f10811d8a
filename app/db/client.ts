import { drizzle } from "drizzle-orm/d1";
import * as schema from "./schema";
import { sessionFacade } from "./d1-sessions";

/**
 * One drizzle client per D1 binding, kept for the life of the isolate: building one walks
 * the whole schema (its relational config), which showed as the largest single function in
 * a CPU profile of every request while it was done per request. Its D1 is a facade that sends
 * each statement to the current request's D1 session of the binding (db/d1-sessions.ts,
 * decision 0315): read replicas with read-your-writes, and the bare binding outside a request.
 */
const clients = new WeakMap<D1Database, ReturnType<typeof build>>();

function build(d1: D1Database) {
  return drizzle(sessionFacade(d1), { schema });
}

export function createDb(d1: D1Database) {
  let db = clients.get(d1);
  if (!db) {
    db = build(d1);
    clients.set(d1, db);
  }
  return db;
}

export type Db = ReturnType<typeof createDb>;
