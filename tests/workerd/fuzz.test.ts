import { env, SELF } from "cloudflare:test";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/auth/permissions";
import { forecasts, notificationTokens, projectCategories, projectStages, skillLevels, users, vacations } from "~/db/schema";
import { newId } from "~/lib/ids";
import { ALL_ROLES } from "./access-matrix";
import {
  BODY_ENCODINGS,
  BROKEN_JSON,
  expandToken,
  HUGE_BODY,
  idLabel,
  MALFORMED_IDS,
  nastyValue,
  objectFor,
  PATH_WORDS,
  type BodyEncoding,
  type Value,
} from "./fuzz-inputs";
import { BASE, createCompanyWithRoles, createUser, db, PASSWORD } from "./helpers";

/**
 * Property-based fuzzing of every /api/v2 route (from the served OpenAPI document, so a new
 * route is fuzzed without touching this file) and every page action (every route module
 * under app/routes that exports an `action`, found in the source), with malformed input as
 * each role, signed out, with another company's credentials and with garbage ones.
 *
 * Two properties hold for every case:
 *   1. no answer is 500 or above;
 *   2. a refused request (4xx, or a redirect to a request without valid credentials) writes
 *      no row. Every table carries a trigger that logs each INSERT, UPDATE and DELETE to
 *      fuzz_writes, emptied before each case and read after it: stricter than comparing a
 *      snapshot hash (a write undone by a second write is still seen), and one query per case.
 *      The one table a refusal may write is login_attempts: counting failed sign-ins is the
 *      refusal's purpose.
 *
 * FUZZ_SEED replays a run (the seed is printed at the start); FUZZ_RUNS sets the number of
 * cases (default 10,000: 70% API, 30% page actions); FUZZ_BUDGET_S the seconds each property
 * may take before it stops early (default 300); the last test then fails, since a CI run
 * must prove all 10,000 (they take about a minute on an idle machine). Accepted requests may change the
 * fixture (delete a row, demote a person): every 250 cases the people of every role are
 * put back, so that each role keeps being fuzzed as itself.
 */

const SEED = Number(env.FUZZ_SEED || Math.floor(Math.random() * 2 ** 31));
const RUNS = Number(env.FUZZ_RUNS || 10_000);
/**
 * Seconds each property may run before it stops early: a bound on a hung run. 300 s was about
 * five times what the default 10,000 cases take on a busy two-core machine, yet a CI run beside
 * the e2e suite at load 12 stopped at 9,787; the test's own timeout (1,500 s) still bounds both.
 */
const BUDGET_S = Number(env.FUZZ_BUDGET_S || 600);
const API_RUNS = Math.round(RUNS * 0.7);
const PAGE_RUNS = RUNS - API_RUNS;
/** A refusal may count the failure here; nowhere else. */
const REFUSAL_MAY_WRITE = new Set(["login_attempts"]);
/**
 * Columns written after an answer, by the request or by an earlier one's background work, that
 * no refusal is about: a session's last-seen time (at most every 5 minutes, decision 0086) and
 * an outbox mail's delivery state (an earlier accepted case's mail being sent in waitUntil).
 * A refused request that queued a mail (INSERT) or changed a mail's content is still caught.
 */
const BOOKKEEPING_COLUMNS: Record<string, string[]> = {
  sessions: ["last_seen_at"],
  email_outbox: ["status", "attempts", "last_error", "next_attempt_at", "sent_at"],
};
/**
 * Deletions that are an earlier accepted case's background work: the installation directory's
 * outbox drained after that answer (decision 0312). A refusal that noted a row (an INSERT, which
 * only a write to users, companies or company_domains makes) is still caught.
 */
const DRAINED_IN_BACKGROUND = new Set(["directory_outbox"]);

type Auth = Role | "anonymous" | "foreignEmployee" | "foreignCompanyAdmin" | "garbage" | "crossSite";
const AUTHS: Auth[] = [...ALL_ROLES, "anonymous", "foreignEmployee", "foreignCompanyAdmin", "garbage", "crossSite"];

interface Tenant {
  companyId: string;
  people: Record<Role, { id: string; email: string }>;
  tokens: Record<Role, string>;
  cookies: Record<Role, string>;
  /** Every id the tenant owns that a path or body may name. */
  ids: string[];
}

interface Operation {
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  parameters?: { name: string; in: string; schema?: Record<string, unknown> }[];
}
interface ApiRoute {
  path: string;
  methods: Record<string, Operation>;
}

interface PageAction {
  file: string;
  /** URL template with `{param}` segments, and the query that selects an index route. */
  path: string;
  index: boolean;
  routeId: string;
}

let own: Tenant;
let foreign: Tenant;
let apiRoutes: ApiRoute[];
const stats = { cases: 0, byStatus: new Map<number, number>(), refused: 0, accepted: 0 };

// ---- discovering what to fuzz ----------------------------------------------------------

const routeSources = import.meta.glob("/app/routes/**/*.{ts,tsx}", { query: "?raw", import: "default", eager: true }) as Record<string, string>;
const formSources = import.meta.glob(["/app/routes/**/*.tsx", "/app/features/**/*.tsx", "/app/components/**/*.tsx"], {
  query: "?raw",
  import: "default",
  eager: true,
}) as Record<string, string>;

/** "_app.groups_.$id.tsx" → "/groups/{id}"; "_app.home/route.tsx" → "/home"; "_app.users._index.tsx" → "/users" (index). */
function pagePath(file: string): { path: string; index: boolean } {
  const name = file
    .replace(/^\/app\/routes\//, "")
    .replace(/\/route\.tsx?$/, "")
    .replace(/\.tsx?$/, "");
  const segments = name.replaceAll("[.]", "\u0000").split(".");
  const index = segments.at(-1) === "_index";
  const parts = segments
    .filter((s) => !s.startsWith("_"))
    .map((s) => s.replace(/_$/, ""))
    .map((s) => (s.startsWith("$") ? `{${s.slice(1) || "splat"}}` : s).replaceAll("\u0000", "."));
  return { path: `/${parts.join("/")}`, index };
}

const pageActions: PageAction[] = Object.entries(routeSources)
  .filter(([file, source]) => !file.includes("/api.v2.") && !file.endsWith(".server.ts") && /export (async )?(function|const) action\b/.test(source))
  .map(([file]) => ({
    file,
    ...pagePath(file),
    routeId: `routes/${file
      .replace(/^\/app\/routes\//, "")
      .replace(/\/route\.tsx?$/, "")
      .replace(/\.tsx?$/, "")}`,
  }));

// Route folders hold their pages' form actions (e.g. _app.users._index/users-actions.server.ts).
const allSources = Object.values(routeSources).join("\n");
const INTENTS = [...new Set([...allSources.matchAll(/case "([A-Za-z]+)"|intent: z\.literal\("([A-Za-z]+)"\)/g)].map((m) => m[1] ?? m[2]))];
const FORM_FIELDS = [
  ...new Set([
    ...[
      ...Object.values(formSources)
        .join("\n")
        .matchAll(/name="([A-Za-z][A-Za-z0-9]*)"/g),
    ].map((m) => m[1]),
    "id",
    "forecastId",
    "userId",
    "sessionId",
    "redirectTo",
  ]),
];

// ---- the fixture ---------------------------------------------------------------------

let ipCounter = 0;
const nextIp = () => `203.0.${Math.floor(++ipCounter / 250) % 250}.${ipCounter % 250}`;

async function signIn(email: string): Promise<{ token: string; cookie: string }> {
  const api = await SELF.fetch(`${BASE}/api/v2/account/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": nextIp() },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (api.status !== 200) throw new Error(`fuzz fixture: sign-in failed for ${email}: ${api.status}`);
  const { token } = (await api.json()) as { token: string };
  const page = await SELF.fetch(`${BASE}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", "CF-Connecting-IP": nextIp() },
    body: new URLSearchParams({ email, password: PASSWORD, redirectTo: "" }),
  });
  const cookie = page.headers.get("Set-Cookie")?.split(";")[0];
  if (!cookie) throw new Error(`fuzz fixture: page sign-in failed for ${email}: ${page.status}`);
  return { token, cookie };
}

const roleFlags: Record<Role, Partial<typeof users.$inferInsert>> = {
  employee: { companyAdmin: false, admin: false, administratorPriviliges: false },
  observer: { companyAdmin: false, admin: true, administratorPriviliges: false },
  administrator: { companyAdmin: false, admin: false, administratorPriviliges: true },
  companyAdmin: { companyAdmin: true, admin: false, administratorPriviliges: false },
};

async function tenant(name: string): Promise<Tenant> {
  const firm = await createCompanyWithRoles(name, { enableNewForecasting: true });
  const companyId = firm.company.id;
  const people = {} as Tenant["people"];
  const tokens = {} as Tenant["tokens"];
  const cookies = {} as Tenant["cookies"];
  for (const role of ALL_ROLES) {
    people[role] = { id: firm.people[role].id, email: firm.people[role].email };
    const session = await signIn(people[role].email);
    tokens[role] = session.token;
    cookies[role] = session.cookie;
  }
  const employeeId = people.employee.id;
  const colleague = await firm.createUser("employee");
  const invited = await firm.createUser("invited");
  const start = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 2, 1));
  const row = { level: newId(), stage: newId(), category: newId(), forecast: newId(), vacation: newId(), token: newId() };
  await db().batch([
    db().insert(skillLevels).values({ id: row.level, companyId, name: "Fuzz level", level: 1 }),
    db().insert(projectStages).values({ id: row.stage, companyId, name: "Fuzz stage" }),
    db().insert(projectCategories).values({ id: row.category, companyId, name: "Fuzz category" }),
    db().insert(forecasts).values({ id: row.forecast, companyId, userId: employeeId, startDate: start, endDate: start, status: "1" }),
    db().insert(vacations).values({ id: row.vacation, companyId, userId: employeeId, startDate: start, endDate: start }),
    db()
      .insert(notificationTokens)
      .values({ id: row.token, companyId, userId: employeeId, tokenType: "apns", token: `fuzz-${row.token}` }),
  ]);
  return {
    companyId,
    people,
    tokens,
    cookies,
    ids: [
      employeeId,
      firm.group.id,
      firm.office.id,
      row.forecast,
      row.vacation,
      colleague.id,
      invited.id,
      row.level,
      row.stage,
      row.category,
      row.token,
      people.administrator.id,
      people.observer.id,
      people.companyAdmin.id,
      companyId,
    ],
  };
}

/**
 * Puts every role's person back as the fixture made them (an accepted fuzz case may have
 * demoted, moved or deleted them, or ended their session) and signs in again where the
 * credentials stopped working.
 */
async function repair(t: Tenant) {
  const firm = { companyId: t.companyId };
  for (const role of ALL_ROLES) {
    const person = t.people[role];
    const [found] = await db().select({ id: users.id, erasedAt: users.erasedAt }).from(users).where(eq(users.id, person.id));
    // An erased person (an accepted POST /users/{id}/erase) has no name, address or password
    // left to sign in with: the role gets a new person, as when one was deleted.
    const row = found && !found.erasedAt ? found : undefined;
    if (!row) {
      const again = await createUser(firm.companyId, role === "observer" ? "observer" : role);
      t.people[role] = { id: again.id, email: again.email };
    } else {
      await db()
        .update(users)
        .set({ ...roleFlags[role], email: person.email, completed: true, deactivatedAt: null })
        .where(eq(users.id, person.id));
    }
    const me = await SELF.fetch(`${BASE}/api/v2/users/me`, { headers: { Authorization: `Bearer ${t.tokens[role]}` } });
    const page = await SELF.fetch(`${BASE}/home`, { redirect: "manual", headers: { Cookie: t.cookies[role] } });
    if (!row || me.status === 401 || page.status !== 200) {
      const session = await signIn(t.people[role].email);
      t.tokens[role] = session.token;
      t.cookies[role] = session.cookie;
    }
  }
}

async function installWriteLog() {
  const { results } = await env.DB.prepare(
    "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%' AND name <> 'd1_migrations' AND name <> 'fuzz_writes'",
  ).all<{ name: string }>();
  const statements = [env.DB.prepare("CREATE TABLE IF NOT EXISTS fuzz_writes (tbl TEXT NOT NULL, op TEXT NOT NULL)")];
  for (const { name } of results) {
    // A request's own bookkeeping (a session's last-seen time, for the idle timeout) is not a change it was refused.
    const touched = BOOKKEEPING_COLUMNS[name];
    const columns = touched
      ? (await env.DB.prepare(`SELECT name FROM pragma_table_info('${name}')`).all<{ name: string }>()).results
          .map((c) => c.name)
          .filter((c) => !touched.includes(c))
      : null;
    for (const op of ["INSERT", "UPDATE", "DELETE"]) {
      if (op === "DELETE" && DRAINED_IN_BACKGROUND.has(name)) continue;
      const on = op === "UPDATE" && columns ? `UPDATE OF ${columns.map((c) => `"${c}"`).join(", ")}` : op;
      statements.push(
        env.DB.prepare(
          `CREATE TRIGGER IF NOT EXISTS "fuzz_${name}_${op.toLowerCase()}" AFTER ${on} ON "${name}" BEGIN INSERT INTO fuzz_writes (tbl, op) VALUES ('${name}', '${op}'); END`,
        ),
      );
    }
  }
  await env.DB.batch(statements);
  return results.length;
}

const clearWrites = () => env.DB.prepare("DELETE FROM fuzz_writes").run();

/** The writes logged since the last call, which empties the log: one round trip per case. */
async function takeWrites(refused: boolean): Promise<string[]> {
  const [logged] = await env.DB.batch<{ tbl: string; op: string; n: number }>([
    env.DB.prepare("SELECT tbl, op, count(*) AS n FROM fuzz_writes GROUP BY tbl, op"),
    env.DB.prepare("DELETE FROM fuzz_writes"),
  ]);
  if (!refused) return [];
  return logged.results.filter((r) => !REFUSAL_MAY_WRITE.has(r.tbl)).map((r) => `${r.op} ${r.tbl} ×${r.n}`);
}

// ---- turning a generated case into a request ---------------------------------------------

function resolveId(label: string): string {
  const [kind, n] = label.split(":");
  if (kind === "malformed") return MALFORMED_IDS[Number(n)];
  const pool = (kind === "own" ? own : foreign).ids;
  return pool[Number(n) % pool.length];
}

function resolve(value: Value): unknown {
  if (typeof value === "string") return expandToken(value);
  if (Array.isArray(value)) return value.map(resolve);
  if (value && typeof value === "object") {
    if (
      Object.keys(value).length === 1 &&
      typeof (value as { id?: unknown }).id === "string" &&
      /^(own|foreign|malformed):\d+$/.test((value as { id: string }).id)
    ) {
      return resolveId((value as { id: string }).id);
    }
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
  }
  return value;
}

function fillPath(template: string, segments: string[]): string {
  let i = 0;
  return template.replace(/\{[^}]+\}/g, () => encodeURIComponent(segments[i++ % segments.length] ?? ""));
}

function credentials(auth: Auth, headers: Headers, asPage: boolean) {
  const tenantRole: [Tenant, Role] | null =
    auth === "foreignEmployee"
      ? [foreign, "employee"]
      : auth === "foreignCompanyAdmin"
        ? [foreign, "companyAdmin"]
        : auth === "crossSite"
          ? [own, "companyAdmin"]
          : (ALL_ROLES as string[]).includes(auth)
            ? [own, auth as Role]
            : null;
  if (tenantRole) {
    const [t, role] = tenantRole;
    if (asPage) headers.set("Cookie", t.cookies[role]);
    else headers.set("Authorization", `Bearer ${t.tokens[role]}`);
  }
  if (auth === "garbage") {
    if (asPage) headers.set("Cookie", "__Host-session=garbage.garbage; session=%00%ff");
    else headers.set("Authorization", "Bearer eyJhbGciOiJub25lIn0.eyJpZCI6IngifQ.");
  }
  if (auth === "crossSite") {
    headers.set("Origin", "https://evil.example");
    headers.set("Sec-Fetch-Site", "cross-site");
  }
}

/** True when the caller presented credentials that could be honoured. */
const hasValidCredentials = (auth: Auth) => (ALL_ROLES as string[]).includes(auth) || auth === "foreignEmployee" || auth === "foreignCompanyAdmin";

function encodeBody(encoding: BodyEncoding, value: unknown, headers: Headers): BodyInit | undefined {
  const text = JSON.stringify(value) ?? "null";
  switch (encoding) {
    case "none":
      return undefined;
    case "json":
      headers.set("Content-Type", "application/json");
      return text;
    case "json-as-text":
      headers.set("Content-Type", "text/plain");
      return text;
    case "json-no-type":
      return new TextEncoder().encode(text);
    case "json-utf16":
      headers.set("Content-Type", "application/json; charset=utf-16");
      return text;
    case "broken-json":
      headers.set("Content-Type", "application/json");
      return BROKEN_JSON[text.length % BROKEN_JSON.length];
    case "huge":
      headers.set("Content-Type", "application/json");
      return HUGE_BODY;
    case "form": {
      headers.set("Content-Type", "application/x-www-form-urlencoded");
      return formOf(value).toString();
    }
    case "multipart": {
      const form = new FormData();
      // workerd refuses a part name ending in a backslash (a client-side error, not the server's).
      for (const [k, v] of formOf(value)) form.append(k.replace(/\\+$/, ""), v);
      form.append("file", new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0x00, 0x01])], { type: "image/jpeg" }), "../../x.jpg");
      return form;
    }
  }
}

function formOf(value: unknown): URLSearchParams {
  const form = new URLSearchParams();
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [k, v] of Object.entries(value)) {
      if (Array.isArray(v)) for (const item of v) form.append(k, typeof item === "string" ? item : JSON.stringify(item));
      else form.append(k, typeof v === "string" ? v : JSON.stringify(v));
    }
  } else form.append("value", JSON.stringify(value));
  return form;
}

interface Outcome {
  label: string;
  status: number;
  writes: string[];
  refused: boolean;
}

async function send(label: string, url: string, method: string, headers: Headers, body: BodyInit | undefined, auth: Auth): Promise<Outcome> {
  const t0 = Date.now();
  const response = await SELF.fetch(url, { method, headers, body: method === "GET" || method === "HEAD" ? undefined : body, redirect: "manual" });
  await response.arrayBuffer();
  const status = response.status;
  // A redirect answers a signed-out caller (to /login) as well as a done action (logout, a delete): only the first is a refusal.
  const refused = status >= 400 || (status >= 300 && status < 400 && !hasValidCredentials(auth));
  const writes = await takeWrites(refused);
  const ms = Date.now() - t0;
  if (SLOW.length < 5 || ms > SLOW[SLOW.length - 1][0]) {
    SLOW.push([ms, label.slice(0, 200)]);
    SLOW.sort((a, b) => b[0] - a[0]).splice(5);
  }
  stats.cases++;
  stats.byStatus.set(status, (stats.byStatus.get(status) ?? 0) + 1);
  if (refused) stats.refused++;
  else stats.accepted++;
  return { label: `${label} → ${status}`, status, writes, refused };
}

interface CaseShape {
  page: boolean;
  method: string;
  encoding: BodyEncoding;
  url: string;
  /** The JSON text of the body as built (before the encoding mangles it). */
  json: string;
}

/**
 * Failures whose fix belongs to another item of issue 9, tolerated (and counted) here until
 * it lands; each says which item. Remove an entry when its item is merged: the fuzzer then
 * proves the fix.
 */
const KNOWN_FAILURES: { reason: string; matches: (c: CaseShape, o: Outcome) => boolean }[] = [];
const knownSeen = new Map<string, number>();

function check(shape: CaseShape, outcome: Outcome) {
  const known = KNOWN_FAILURES.find((k) => k.matches(shape, outcome));
  if (known) {
    knownSeen.set(known.reason, (knownSeen.get(known.reason) ?? 0) + 1);
    return;
  }
  if (outcome.status >= 500) throw new Error(`answered ${outcome.status}: ${outcome.label}`);
  if (outcome.writes.length) throw new Error(`refused request changed rows (${outcome.writes.join(", ")}): ${outcome.label}`);
}

/** Short, printable description of a case, for the failure message. */
function describeCase(method: string, url: string, auth: Auth, encoding: string, body: unknown) {
  const text = JSON.stringify(body) ?? "";
  return `${auth} ${method} ${url.replace(BASE, "").slice(0, 200)} [${encoding}] ${text.length > 300 ? `${text.slice(0, 300)}… (${text.length} chars)` : text}`;
}

/**
 * The fuzzer tests our answers, not a mail server: when a case may have given a company an
 * SMTP server (an accepted smtp-config or updateSmtp), it is cleared again, or every later
 * case that sends mail would wait for a host that does not exist to time out.
 */
async function forgetMailServer(what: string) {
  if (!/smtp/i.test(what)) return;
  await env.DB.prepare(
    "UPDATE companies SET smtp_host = NULL, smtp_port = NULL, smtp_user = NULL, smtp_password = NULL, smtp_sender = NULL WHERE smtp_host IS NOT NULL",
  ).run();
  await clearWrites();
}

let sinceRepair = 0;
async function maybeRepair() {
  if (++sinceRepair < 250) return;
  sinceRepair = 0;
  await repair(own);
  await repair(foreign);
  await clearWrites();
}

// ---- the properties ------------------------------------------------------------------------

beforeAll(async () => {
  own = await tenant("Fuzz Own Firm");
  foreign = await tenant("Fuzz Foreign Firm");
  const response = await SELF.fetch(`${BASE}/api/v2/openapi.json`);
  const doc = (await response.json()) as { paths: Record<string, Record<string, Operation>> };
  apiRoutes = Object.entries(doc.paths).map(([path, methods]) => ({ path, methods }));
  const tables = await installWriteLog();
  await clearWrites();
  console.log(
    `fuzz: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS}: ${apiRoutes.length} API paths, ${pageActions.length} page actions, ${INTENTS.length} intents, ${FORM_FIELDS.length} form fields, ${tables} tables watched`,
  );
}, 120_000);

const METHODS = ["GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "HEAD"];
const segment = fc.oneof({ weight: 3, arbitrary: idLabel }, { weight: 1, arbitrary: fc.constantFrom(...PATH_WORDS).map((w) => `word:${w}`) });
const resolveSegment = (s: string) => (s.startsWith("word:") ? s.slice(5) : resolveId(s));
const query = fc.option(
  fc.dictionary(fc.constantFrom("from", "to", "startDate", "endDate", "days", "page", "limit", "sessionId", "term", "x"), nastyValue, { maxKeys: 3 }),
  {
    freq: 3,
  },
);

function queryString(q: Record<string, Value> | null): string {
  if (!q) return "";
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    const resolved = resolve(v);
    params.append(k, typeof resolved === "string" ? resolved.slice(0, 2000) : JSON.stringify(resolved));
  }
  return `?${params}`;
}

/** The slowest cases, printed at the end: where the run's time goes. */
const SLOW: [number, string][] = [];
afterAll(() => {
  const slowest = SLOW.sort((a, b) => b[0] - a[0]).slice(0, 5);
  console.log(`fuzz: slowest cases:\n${slowest.map(([ms, l]) => `  ${ms} ms ${l.slice(0, 160)}`).join("\n")}`);
  const statuses = [...stats.byStatus.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  if (stats.cases < RUNS)
    console.log(`fuzz: stopped by the time budget (FUZZ_BUDGET_S=${BUDGET_S} per property) after ${stats.cases} of ${RUNS} cases`);
  console.log(`fuzz: FUZZ_SEED=${SEED}: ${stats.cases} cases (${stats.refused} refused, ${stats.accepted} accepted): ${statuses.join(" ")}`);
  for (const [reason, n] of knownSeen) console.log(`fuzz: known failure ×${n}, left to ${reason}`);
});

describe("fuzzing", () => {
  it("finds the routes and page actions to fuzz", () => {
    expect(apiRoutes.length).toBeGreaterThan(40);
    expect(pageActions.map((a) => a.path)).toEqual(
      expect.arrayContaining(["/login", "/home", "/groups", "/users", "/users/all", "/resources/forecasts"]),
    );
    expect(INTENTS).toEqual(expect.arrayContaining(["create", "today", "invite", "deleteLevel", "updateSmtp"]));
  });

  it(`every /api/v2 route, as every role, with malformed input: no 5xx, no row changed by a refusal`, async () => {
    const apiCase = fc
      .record({
        route: fc.nat({ max: apiRoutes.length - 1 }),
        // One case in eight tries a method the route may not declare.
        anyMethod: fc.oneof({ weight: 7, arbitrary: fc.constant(null) }, { weight: 1, arbitrary: fc.constantFrom(...METHODS) }),
        segments: fc.array(segment, { minLength: 3, maxLength: 3 }),
        auth: fc.constantFrom(...AUTHS),
        encoding: fc.constantFrom(...BODY_ENCODINGS),
        query,
        seedBody: fc.nat(),
      })
      .chain((c) => {
        const route = apiRoutes[c.route];
        const declared = Object.keys(route.methods);
        const method = c.anyMethod ?? declared[c.seedBody % declared.length].toUpperCase();
        const schema = route.methods[method.toLowerCase()]?.requestBody?.content["application/json"]?.schema;
        const body = fc.oneof({ weight: 4, arbitrary: objectFor(schema) }, { weight: 1, arbitrary: nastyValue });
        return body.map((b) => ({ ...c, method, body: b }));
      });

    await fc.assert(
      fc.asyncProperty(apiCase, async (c) => {
        await maybeRepair();
        const route = apiRoutes[c.route];
        const url = `${BASE}${fillPath(route.path, c.segments.map(resolveSegment))}${queryString(c.query)}`;
        const headers = new Headers({ "CF-Connecting-IP": nextIp() });
        credentials(c.auth, headers, false);
        const body = resolve(c.body);
        const encoded = encodeBody(c.encoding, body, headers);
        const outcome = await send(describeCase(c.method, url, c.auth, c.encoding, body), url, c.method, headers, encoded, c.auth);
        const json = typeof encoded === "string" && c.encoding !== "form" ? encoded : (JSON.stringify(body) ?? "");
        check({ page: false, method: c.method, encoding: c.encoding, url, json }, outcome);
        await forgetMailServer(url);
      }),
      { seed: SEED, numRuns: API_RUNS, endOnFailure: true, interruptAfterTimeLimit: BUDGET_S * 1000, markInterruptAsFailure: false },
    );
  }, 1_500_000);

  it(`every page action, as every role, with malformed forms: no 5xx, no row changed by a refusal`, async () => {
    const field = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...FORM_FIELDS) }, { weight: 1, arbitrary: fc.string({ maxLength: 10 }) });
    const pageCase = fc.record({
      action: fc.nat({ max: pageActions.length - 1 }),
      method: fc.oneof({ weight: 9, arbitrary: fc.constant("POST") }, { weight: 1, arbitrary: fc.constantFrom("PUT", "DELETE", "PATCH") }),
      segments: fc.array(segment, { minLength: 2, maxLength: 2 }),
      auth: fc.constantFrom(...AUTHS),
      intent: fc.option(fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...INTENTS) }, { weight: 1, arbitrary: nastyValue }), { freq: 8 }),
      fields: fc.array(fc.tuple(field, fc.oneof(nastyValue, fc.string({ maxLength: 12 }))), { maxLength: 6 }),
      encoding: fc.constantFrom<BodyEncoding>("form", "form", "form", "multipart", "json", "json-no-type", "broken-json", "none"),
      // Mostly as the browser's fetcher posts (?_data: the action alone); now and then as a
      // document POST, which also renders the page (slower, so rarer).
      data: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
    });

    await fc.assert(
      fc.asyncProperty(pageCase, async (c) => {
        await maybeRepair();
        const action = pageActions[c.action];
        const search = new URLSearchParams();
        if (action.index) search.set("index", "");
        if (c.data) search.set("_data", action.routeId);
        const url = `${BASE}${fillPath(action.path, c.segments.map(resolveSegment))}${search.size ? `?${search}` : ""}`;
        const method = c.method;
        const headers = new Headers({ "CF-Connecting-IP": nextIp() });
        credentials(c.auth, headers, true);
        const value: Record<string, unknown> = {};
        if (c.intent !== null) value.intent = resolve(c.intent);
        for (const [k, v] of c.fields) value[k] = resolve(v);
        const encoded = encodeBody(c.encoding, value, headers);
        const outcome = await send(describeCase(method, url, c.auth, c.encoding, value), url, method, headers, encoded, c.auth);
        check({ page: true, method, encoding: c.encoding, url, json: JSON.stringify(value) }, outcome);
        // JSON, not String(): a generated intent may be an object whose "toString" is not a function.
        await forgetMailServer(`${url} ${JSON.stringify(value.intent) ?? ""}`);
      }),
      { seed: SEED + 1, numRuns: PAGE_RUNS, endOnFailure: true, interruptAfterTimeLimit: BUDGET_S * 1000, markInterruptAsFailure: false },
    );
  }, 1_500_000);

  it(`ran every one of the ${RUNS} cases (FUZZ_RUNS), none cut short by the time budget`, () => {
    expect(stats.cases).toBeGreaterThanOrEqual(RUNS);
  });
});
