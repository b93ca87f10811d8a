/**
 * Read replicas with read-your-writes (decision 0315, 0311 §5). Each request reads and writes
 * its shards through D1 sessions (the Sessions API, `withSession`), so a read may be served by
 * a nearby replica while every statement of the request sees what the request, and the
 * bookmark it started from, already saw.
 *
 * The drizzle client stays one per binding per isolate (db/client.ts: building one per request
 * was a CPU hotspot); the D1 object under it is a facade (`sessionFacade`) that hands each
 * statement to the current request's session for that binding. The request's sessions live in
 * an AsyncLocalStorage store opened by the Worker's entry (`runInD1Sessions`); a binding's
 * session is opened on its first statement, from where the request's plan says it starts.
 * Outside a request (the cron, a test calling a domain function) there is no store: the
 * statement goes to the bare binding, which is the primary.
 */
import { AsyncLocalStorage } from "node:async_hooks";

/** Where a binding's session starts: a constraint, a bookmark, or null for the bare binding (the primary). */
export type SessionStart = "first-primary" | "first-unconstrained" | (string & {}) | null;

interface Opened {
  /** What the statements go to: the session, or the bare binding when the plan said null. */
  target: D1Database | D1DatabaseSession;
  /** What it was opened with: "first-primary", "first-unconstrained", a bookmark, or "primary" (the bare binding). */
  start: string;
  /** Opened from a bookmark (which D1 may refuse). */
  fromBookmark: boolean;
  /** Sessions this request used before (replaced by `readFromPrimary` or a refused bookmark): their bookmarks still count. */
  earlier: D1DatabaseSession[];
  /** A statement has succeeded on it (until then a bookmark start may yet be refused). */
  trusted: boolean;
}

export interface D1Sessions {
  readonly startOf: (d1: D1Database) => SessionStart;
  readonly opened: Map<D1Database, Opened>;
  /** Set by `readFromPrimary`: every session of the rest of the request starts at the primary. */
  primary: boolean;
}

// One store per isolate, shared by the Worker's entry and the Remix build, which each bundle
// their own copy of this module (as web/reader.server.ts).
const SESSIONS = Symbol.for("availability.d1-sessions");
const store: AsyncLocalStorage<D1Sessions> = ((globalThis as Record<symbol, unknown>)[SESSIONS] ??=
  new AsyncLocalStorage<D1Sessions>()) as AsyncLocalStorage<D1Sessions>;

/** Runs `work` (a request) with its own D1 sessions, each opened on its binding's first statement from `startOf(binding)`. */
export function runInD1Sessions<T>(startOf: (d1: D1Database) => SessionStart, work: (sessions: D1Sessions) => T): T {
  const sessions: D1Sessions = { startOf, opened: new Map(), primary: false };
  return store.run(sessions, () => work(sessions));
}

/** D1's bookmark: four hex groups (e.g. 00000000-0000001f-00000000-000…0, 8-8-8-32). Anything else is not one. */
const BOOKMARK = /^[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{8}-[0-9a-f]{32}$/;

export function isBookmark(value: string): boolean {
  return BOOKMARK.test(value);
}

function open(d1: D1Database, start: SessionStart): Opened {
  if (start === null) return { target: d1, start: "primary", fromBookmark: false, earlier: [], trusted: true };
  const constraint = start === "first-primary" || start === "first-unconstrained";
  // A bookmark that is not one (a forged or damaged cookie) starts at the primary.
  const from = constraint || isBookmark(start) ? start : "first-primary";
  const fromBookmark = from === start && !constraint;
  return { target: d1.withSession(from), start: from, fromBookmark, earlier: [], trusted: !fromBookmark };
}

function opened(sessions: D1Sessions, d1: D1Database): Opened {
  let found = sessions.opened.get(d1);
  if (!found) {
    found = open(d1, sessions.primary ? "first-primary" : sessions.startOf(d1));
    sessions.opened.set(d1, found);
  }
  return found;
}

/** Leaves a session for a new one that starts at the primary (its bookmark is newer than anything the old one saw). */
function toPrimary(d1: D1Database, found: Opened): void {
  if (found.start === "first-primary" || found.start === "primary") return;
  found.earlier.push(found.target as D1DatabaseSession);
  found.target = d1.withSession("first-primary");
  found.start = "first-primary";
  found.fromBookmark = false;
  found.trusted = true;
}

/**
 * The rest of the request reads from the primary (decision 0315: sign-in, step-up, second
 * factors, single-use links and codes before they are claimed, a new session). A session not
 * yet opened starts `first-primary`; one opened elsewhere is left for a new `first-primary`
 * session. In a request that already started at the primary, and outside a request, nothing changes.
 */
export function readFromPrimary(): void {
  const sessions = store.getStore();
  if (!sessions || sessions.primary) return;
  sessions.primary = true;
  for (const [d1, found] of sessions.opened) toPrimary(d1, found);
}

/** The newest bookmark a request's sessions of `d1` hold (null: none opened, or the bare binding). */
export function bookmarkOf(sessions: D1Sessions, d1: D1Database): string | null {
  const found = sessions.opened.get(d1);
  if (!found || found.start === "primary") return null;
  let newest: string | null = null;
  for (const session of [...found.earlier, found.target as D1DatabaseSession]) {
    const bookmark = session.getBookmark();
    // Bookmarks compare as strings: the later one sorts after.
    if (bookmark !== null && (newest === null || bookmark > newest)) newest = bookmark;
  }
  return newest;
}

/** What the request's session of `d1` started from now: a constraint, a bookmark, "primary" (bare binding) or "none" (no statement ran there). */
export function startOf(sessions: D1Sessions, d1: D1Database): string {
  return sessions.opened.get(d1)?.start ?? "none";
}

/**
 * A statement of a session that started from a bookmark, until one of its statements has
 * succeeded: D1 may refuse a bookmark (one from another database, or ahead of the primary), and
 * then the statement runs again on a session that starts at the primary. Only GETs start from
 * a bookmark, so what runs again is a read, or a write that was refused before it ran.
 */
class Guarded {
  /** The session it was prepared on (the binding's may since have been replaced). */
  private readonly on: D1Database | D1DatabaseSession;

  constructor(
    private readonly d1: D1Database,
    private readonly found: Opened,
    readonly sql: string,
    readonly args: unknown[],
    readonly inner: D1PreparedStatement,
  ) {
    this.on = found.target;
  }

  bind(...args: unknown[]): Guarded {
    return new Guarded(this.d1, this.found, this.sql, args, this.inner.bind(...args));
  }

  first(column?: string) {
    return this.attempt((statement) => (column === undefined ? statement.first() : statement.first(column)));
  }
  run() {
    return this.attempt((statement) => statement.run());
  }
  all() {
    return this.attempt((statement) => statement.all());
  }
  raw(options?: { columnNames?: boolean }) {
    return this.attempt((statement) => statement.raw(options as { columnNames?: false }));
  }

  /** The same statement on the session the binding has now. */
  again(): D1PreparedStatement {
    return (this.found.target as D1DatabaseSession).prepare(this.sql).bind(...this.args);
  }

  private attempt<T>(call: (statement: D1PreparedStatement) => Promise<T>): Promise<T> {
    return call(this.inner).then(
      (result) => {
        this.found.trusted = true;
        return result;
      },
      (error: unknown) => {
        // Failed on a session that has since answered, or been replaced: a real error, or run it on the new one.
        if (this.found.target === this.on && this.found.trusted) throw error;
        refused(this.d1, this.found, error);
        return call(this.again());
      },
    );
  }
}

function refused(d1: D1Database, found: Opened, error: unknown): void {
  if (!found.fromBookmark) return;
  console.warn("[d1] a bookmark was refused; the request reads from the primary", error);
  toPrimary(d1, found);
}

const unwrap = (statement: D1PreparedStatement): D1PreparedStatement => (statement instanceof Guarded ? statement.inner : statement);

/**
 * A D1Database-shaped object that sends each statement to the current request's session of
 * `d1` (the bare binding outside a request). One per binding per isolate, under its drizzle
 * client (db/client.ts); raw statements (`db.$client.prepare`) go through it too.
 */
export function sessionFacade(d1: D1Database): D1Database {
  const facade = {
    prepare(sql: string): D1PreparedStatement {
      const sessions = store.getStore();
      if (!sessions) return d1.prepare(sql);
      const found = opened(sessions, d1);
      const statement = found.target.prepare(sql);
      return found.trusted ? statement : (new Guarded(d1, found, sql, [], statement) as unknown as D1PreparedStatement);
    },
    batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
      const sessions = store.getStore();
      if (!sessions) return d1.batch<T>(statements);
      const found = opened(sessions, d1);
      if (found.trusted) return found.target.batch<T>(statements.map(unwrap));
      const on = found.target;
      return on.batch<T>(statements.map(unwrap)).then(
        (results) => {
          found.trusted = true;
          return results;
        },
        (error: unknown) => {
          if (found.target === on && found.trusted) throw error;
          refused(d1, found, error);
          return found.target.batch<T>(statements.map((s) => (s instanceof Guarded ? s.again() : s)));
        },
      );
    },
    // Not in a session (D1 sessions run prepared statements only): migrations and scripts use it.
    exec: (query: string) => d1.exec(query),
    withSession: (start?: string) => d1.withSession(start),
    dump: () => d1.dump(),
  };
  return facade as unknown as D1Database;
}
