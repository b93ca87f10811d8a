import { createCookie, redirect } from "@remix-run/cloudflare";
import { and, eq, gt, isNull, sql, type Placeholder, type SQL } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Db } from "~/db/client";
import { jwtVerify, SignJWT } from "jose";
import { companies, firmFence, offices, passkeys, sessions, totpFactors, users, type FenceState } from "~/db/schema";
import { currentShardOf, routeTo } from "~/db/routing.server";
import { firmHeldResponse } from "~/lib/firm-held";
import { teamNameColumns, withTeamNames } from "~/db/team-names";
import { compiledSelect } from "~/db/compiled-select";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { User } from "~/db/schema";
import { readCompanySettings } from "~/domain/company/settings.schema";
import { ForbiddenError, UnauthorizedError } from "~/domain/errors";
import { graceEnd, SECOND_FACTOR_SETUP_REQUIRED } from "./second-factor-rule";
import type { LoadContext } from "~/env";
import { isLocalEnv } from "~/env";
import type { Actor, NamedRef, TokenPayload } from "./actor.types";
import { derivedSecret } from "./secrets.server";
import { readFromPrimary } from "~/db/d1-sessions";

/**
 * A session lasts at most SESSION_DAYS from sign-in, however active (renewing the token
 * does not extend it), and ends after IDLE_HOURS without a request (decision 0086).
 */
export const SESSION_DAYS = 14;
export const IDLE_HOURS = 72;
export const DAY_MS = 86_400_000;
const IDLE_MS = IDLE_HOURS * 3_600_000;
/** lastSeenAt is written at most this often per session (one write, after the response). */
const TOUCH_EVERY_MS = 5 * 60_000;

/**
 * `__Host-` outside development: the browser then only accepts it over https, for this
 * exact host and path /, so a sibling subdomain can never set or shadow it.
 */
export function sessionCookieName(env: LoadContext["env"]): string {
  return isLocalEnv(env) ? "__session" : "__Host-session";
}

/** The cookie is signed with its own key, derived from SESSION_SECRET (HKDF, "cookie"). */
export async function sessionCookie(context: Pick<LoadContext, "env">) {
  return createCookie(sessionCookieName(context.env), {
    httpOnly: true,
    sameSite: "lax",
    secure: !isLocalEnv(context.env),
    path: "/",
    secrets: [await derivedSecret(context.env, "session-cookie-v1")],
  });
}

/** The HMAC key of the tokens: its own key derived from SESSION_SECRET (HKDF, "jwt"), imported once. */
const tokenKeys = new Map<string, Promise<CryptoKey>>();
async function tokenKey(context: Pick<LoadContext, "env">): Promise<CryptoKey> {
  const secret = await derivedSecret(context.env, "bearer-jwt-v1");
  let key = tokenKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    tokenKeys.set(secret, key);
  }
  return key;
}

export async function signToken(context: Pick<LoadContext, "env">, payload: TokenPayload, expiresAt: Date): Promise<string> {
  return new SignJWT({ ...payload })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await tokenKey(context));
}

export async function readToken(context: Pick<LoadContext, "env">, token: string): Promise<TokenPayload | null> {
  try {
    const { payload } = await jwtVerify(token, await tokenKey(context), { algorithms: ["HS256"] });
    if (typeof payload.sid !== "string" || typeof payload.id !== "string") return null;
    return {
      id: payload.id,
      completed: payload.completed === true,
      sid: payload.sid,
      ...(typeof payload.cid === "string" ? { cid: payload.cid } : {}),
      ...(Number.isInteger(payload.shd) ? { shd: payload.shd as number } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * What the session cookie holds (signed): the session, its firm and the firm's shard
 * (decision 0312), so a signed-in request opens its shard without asking the directory. A
 * cookie from before holds the session id alone (its firm is on shard 0).
 */
export interface CookieCredential {
  s: string;
  c: string;
  h: number;
}

export function cookieCredential(sessionId: string, companyId: string, shard: number | undefined): CookieCredential {
  return { s: sessionId, c: companyId, h: shard ?? 0 };
}

/** The session a request names, and the shard its firm is on when the credential says (null: an older credential). */
export interface RequestCredential {
  sessionId: string;
  shard: number | null;
  /** The session's firm when the credential names it (null: an older credential). */
  companyId: string | null;
}

/** One per request: its load context is made for it alone, and Remix hands its loaders another Request object. */
const credentials = new WeakMap<object, Promise<RequestCredential | null>>();

/**
 * The request's credential: a bearer token wins over the cookie. Verified once per request (HMAC
 * only, no I/O): the Worker reads it to route, and the session lookup reuses that answer.
 */
export function requestCredential(request: Request, context: Pick<LoadContext, "env">): Promise<RequestCredential | null> {
  let credential = credentials.get(context);
  if (!credential) {
    credential = readCredential(request, context);
    credentials.set(context, credential);
  }
  return credential;
}

async function readCredential(request: Request, context: Pick<LoadContext, "env">): Promise<RequestCredential | null> {
  const header = request.headers.get("Authorization");
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    if (!match) return null;
    const payload = await readToken(context, match[1]);
    return payload ? { sessionId: payload.sid, shard: payload.shd ?? null, companyId: payload.cid ?? null } : null;
  }
  const value: unknown = await (await sessionCookie(context)).parse(request.headers.get("Cookie"));
  if (typeof value === "string") return value ? { sessionId: value, shard: null, companyId: null } : null;
  if (value && typeof value === "object" && typeof (value as CookieCredential).s === "string") {
    const { s, c, h } = value as CookieCredential;
    return { sessionId: s, shard: Number.isInteger(h) ? h : null, companyId: typeof c === "string" ? c : null };
  }
  return null;
}

/** The session id the request carries: a bearer token wins over the cookie. */
export async function requestSessionId(request: Request, context: Pick<LoadContext, "env">): Promise<string | null> {
  return (await requestCredential(request, context))?.sessionId ?? null;
}

/**
 * What a page's statements may name before the session is read: the session's person and
 * company, as subqueries on the session id. A statement built from them rides in the
 * session lookup's batch (rideSession), so a page reads its data in the same D1 round trip
 * as the session (decision 0054). For a session that does not exist they match nothing; the
 * rows of a closed one are read and dropped.
 */
export interface SessionScope {
  /** The session's id itself: a compiled rider (compiledSelect, decision 0310) binds it to its placeholder. */
  sessionId: string;
  userId: SQL;
  companyId: SQL;
  /** When the request came in: statements that need "today" read a window around it (todayFor is known only after). */
  now: Date;
}

/** Statements that ride with the session lookup: built from the scope, run in its batch. */
export type SessionRider<T extends readonly BatchItem<"sqlite">[]> = (db: Db, scope: SessionScope) => T;

interface PendingRider {
  build: SessionRider<readonly BatchItem<"sqlite">[]>;
  resolve: (rows: unknown[] | null) => void;
  reject: (error: unknown) => void;
}

interface Lookup {
  actor: Promise<Actor | null>;
  /** The riders registered before the batch was sent. */
  riders: PendingRider[];
  sent: boolean;
}

/**
 * One lookup per request: the shell's loader and the page's loader run for the same
 * request with the same load context, and both ask who is signed in.
 */
const lookups = new WeakMap<LoadContext, Lookup>();

function lookupFor(request: Request, context: LoadContext): Lookup {
  let lookup = lookups.get(context);
  if (!lookup) {
    const fresh: Lookup = { actor: Promise.resolve(null), riders: [], sent: false };
    fresh.actor = lookUpActor(request, context, fresh);
    lookups.set(context, fresh);
    lookup = fresh;
  }
  return lookup;
}

export function getActor(request: Request, context: LoadContext): Promise<Actor | null> {
  return lookupFor(request, context).actor;
}

/**
 * A page's reads in the session lookup's own batch: call it before requireUser (the lookup
 * is sent once the request's credential is decoded, after every loader of the request has
 * started). Null when nobody is signed in. Registered too late (the batch already sent),
 * the statements run on their own once the session is known: a second round trip, the
 * same rows.
 */
export function rideSession<T extends readonly BatchItem<"sqlite">[]>(
  request: Request,
  context: LoadContext,
  build: SessionRider<T>,
): Promise<BatchResponse<T> | null> {
  const lookup = lookupFor(request, context);
  let rows: Promise<unknown[] | null>;
  if (!lookup.sent) {
    rows = new Promise((resolve, reject) => lookup.riders.push({ build, resolve, reject }));
  } else {
    rows = lookup.actor.then(async (actor) => {
      if (!actor) return null;
      const statements = build(context.db, sessionScope(actor.sessionId, new Date()));
      return statements.length ? await context.db.batch(statements as unknown as [BatchItem<"sqlite">]) : [];
    });
  }
  // The caller awaits the actor first; a failed lookup must not also count as an unhandled rejection here.
  rows.catch(() => undefined);
  return rows as Promise<BatchResponse<T> | null>;
}

function sessionScope(sessionId: string, now: Date): SessionScope {
  return {
    sessionId,
    userId: sql`(select ${sessions.userId} from ${sessions} where ${sessions.id} = ${sessionId})`,
    companyId: sql`(select ${sessions.companyId} from ${sessions} where ${sessions.id} = ${sessionId})`,
    now,
  };
}

async function lookUpActor(request: Request, context: LoadContext, lookup: Lookup): Promise<Actor | null> {
  let riders: PendingRider[] = [];
  try {
    const credential = await requestCredential(request, context);
    const sessionId = credential?.sessionId ?? null;
    lookup.sent = true;
    riders = lookup.riders.splice(0);
    if (!sessionId) {
      for (const rider of riders) rider.resolve(null);
      return null;
    }
    const now = new Date();
    let found: unknown;
    let rest: unknown[];
    let built: unknown[][];
    for (let attempt = 0; ; attempt++) {
      const scope = sessionScope(sessionId, now);
      built = riders.map((rider) => rider.build(context.db, scope) as unknown as unknown[]);
      // One round trip: the session, the person, their teams' names and the company, the riders'
      // statements, and whether the firm is moving on this shard (its fence, decision 0314).
      const [actorRows, fenceRows, ...riderRows] = await context.db.batch([
        actorQuery(context, sessionId, now),
        fenceQuery(context, sessionId, credential?.companyId ?? null),
        ...built.flat(),
      ] as unknown as [ReturnType<typeof actorQuery>, ReturnType<typeof fenceQuery>]);
      found = actorRows;
      rest = riderRows;
      const fence = (fenceRows as unknown as { state: FenceState }[] | undefined)?.[0]?.state ?? null;
      const firm = credential?.companyId ?? (actorRows as Awaited<ReturnType<typeof actorQuery>>)[0]?.company.id ?? null;
      if (attempt > 0 || !firm || !fence || fence === "copying") break;
      // The firm is not live here (it moved, or is arriving), or it is held for a move's switch and
      // this request writes: the directory says where it lives now (decision 0314, 0311 §4.3).
      const writes = request.method !== "GET" && request.method !== "HEAD";
      if (fence === "held" && !writes) break;
      const shard = await currentShardOf(context, firm);
      if (shard === context.shard) {
        if (fence === "held") throw firmHeldResponse();
        break;
      }
      routeTo(context, shard);
    }
    const row = (found as Awaited<ReturnType<typeof actorQuery>>)[0];
    let at = 0;
    for (const [i, rider] of riders.entries()) {
      const count = built[i].length;
      rider.resolve(row ? rest.slice(at, at + count) : null);
      at += count;
    }
    return row ? actorFrom(context, row, sessionId, now, request.headers.has("Authorization") ? "api" : "web") : null;
  } catch (error) {
    for (const rider of riders.length ? riders : lookup.riders.splice(0)) rider.reject(error);
    throw error;
  }
}

/**
 * D1 answers a batch's rows as objects keyed by column name, so a name that repeats (id,
 * name) keeps only one value: outside the users table every column of this query has a
 * name of its own, and the team names come back as {_id: null, name: null} when missing.
 */
const own = <T extends AnySQLiteColumn>(column: T, name: string) => sql<T["_"]["data"]>`${column}`.mapWith(column).as(`actor_${name}`);
const ownTeam = (team: keyof typeof teamNameColumns) => ({
  _id: sql<string | null>`${teamNameColumns[team]._id}`.as(`actor_${team}_id`),
  name: sql<string | null>`${teamNameColumns[team].name}`.as(`actor_${team}_name`),
});

/**
 * The session lookup every signed-in request runs, its SQL built once per isolate
 * (compiledSelect, decision 0310): the session id and the clock are its placeholders.
 */
const actorStatement = compiledSelect((db: Db) =>
  withTeamNames(
    db
      .select({
        user: users,
        company: {
          id: own(companies.id, "company_id"),
          name: own(companies.name, "company_name"),
          allowGroupSelection: own(companies.allowGroupSelection, "company_allow_group_selection"),
          settings: own(companies.settings, "company_settings"),
        },
        lastSeenAt: own(sessions.lastSeenAt, "last_seen_at"),
        secondFactorRequiredAt: own(companies.secondFactorRequiredAt, "second_factor_required_at"),
        secondFactorGraceDays: own(companies.secondFactorGraceDays, "second_factor_grace_days"),
        // Whether the company's two-step rule applies to this session and its person has no factor
        // (decision 0298). SQLite stops at the first false term: the lookups run only under the rule.
        secondFactorMissing:
          sql<number>`case when ${companies.secondFactorRequiredAt} is not null and ${sessions.byPassword} = 1 and ${users.passwordHash} is not null
          and not exists (select 1 from ${totpFactors} where ${totpFactors.userId} = ${users.id} and ${totpFactors.confirmedAt} is not null)
          and not exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id}) then 1 else 0 end`.as("actor_second_factor_missing"),
        authenticatedAt: sql<number>`coalesce(${sessions.authenticatedAt}, ${sessions.createdAt})`.as("actor_authenticated_at"),
        officeTimeZone: own(offices.timeZone, "office_time_zone"),
        // Read here so other people's today (domain/today.ts) costs no round trip of its own.
        officeZones: sql<
          string | null
        >`(select json_group_object(zones.id, zones.time_zone) from ${offices} zones where zones.company_id = ${sessions.companyId} and zones.time_zone is not null)`.as(
          "office_zones",
        ),
        group: ownTeam("group"),
        office: ownTeam("office"),
        secondaryGroup: ownTeam("secondaryGroup"),
        secondaryOffice: ownTeam("secondaryOffice"),
      })
      .from(sessions)
      .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.companyId, sessions.companyId)))
      .innerJoin(companies, eq(companies.id, sessions.companyId))
      .$dynamic(),
  )
    .where(
      and(
        eq(sessions.id, sql.placeholder("sessionId")),
        isNull(users.deactivatedAt),
        isNull(users.erasedAt),
        // The clock as placeholders, bound as they are: milliseconds, as the columns keep them.
        ...openAt(sql.placeholder("now"), sql.placeholder("idleSince")),
      ),
    )
    .limit(1),
);

/** The fence of the request's firm on this shard (none unless a move of it is under way): the credential's firm, else the session's. */
function fenceQuery(context: LoadContext, sessionId: string, companyId: string | null) {
  return context.db
    .select({ state: firmFence.state })
    .from(firmFence)
    .where(eq(firmFence.companyId, companyId ?? sql`(select ${sessions.companyId} from ${sessions} where ${sessions.id} = ${sessionId})`))
    .limit(1);
}

function actorQuery(context: LoadContext, sessionId: string, now: Date) {
  return actorStatement(context.db, { sessionId, now: now.getTime(), idleSince: now.getTime() - IDLE_MS });
}

/** A team the query found, or null (its columns are all null when the person has none). */
function teamOrNull(team: { _id: string | null; name: string | null }): NamedRef | null {
  return team._id && team.name !== null ? { _id: team._id, name: team.name } : null;
}

function actorFrom(
  context: LoadContext,
  row: Awaited<ReturnType<typeof actorQuery>>[number],
  sessionId: string,
  now: Date,
  client: Actor["client"],
): Actor {
  if (!row.lastSeenAt || now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    // The idle clock restarts; written after the response, at most every few minutes.
    context.ctx.waitUntil(
      context.db
        .update(sessions)
        .set({ lastSeenAt: now })
        .where(eq(sessions.id, sessionId))
        .then(
          () => undefined,
          (error) => console.error("session touch failed", error),
        ),
    );
  }
  return {
    user: row.user,
    refs: {
      group: teamOrNull(row.group),
      office: teamOrNull(row.office),
      secondaryGroup: teamOrNull(row.secondaryGroup),
      secondaryOffice: teamOrNull(row.secondaryOffice),
    },
    company: { ...row.company, settings: readCompanySettings(row.company.settings) },
    officeTimeZone: row.officeTimeZone,
    officeZones: row.officeZones ? (JSON.parse(row.officeZones) as Record<string, string>) : {},
    sessionId,
    client,
    authenticatedAt: new Date(Number(row.authenticatedAt)),
    secondFactorSetup: Number(row.secondFactorMissing) === 1 ? { deadline: graceEnd(row.secondFactorRequiredAt, row.secondFactorGraceDays)! } : null,
  };
}

/**
 * Whether a session may still be used (the realtime socket checks this when it connects), on
 * the shard the request was routed to. As the session lookup does (decision 0314), the same
 * batch reads the firm's fence there: where the firm has moved away or is arriving (a socket
 * whose cookie names the firm's old shard), the directory says where it lives and the check
 * runs there. A held firm is checked where it is: joining a room writes nothing.
 */
export async function isSessionOpen(context: LoadContext, sessionId: string, companyId: string): Promise<boolean> {
  // Decision 0315: this must see the primary, not a replica that may be behind.
  readFromPrimary();
  const now = new Date();
  for (let attempt = 0; ; attempt++) {
    const [rows, fenceRows] = await context.db.batch([
      context.db
        .select({ id: sessions.id })
        .from(sessions)
        .where(and(eq(sessions.id, sessionId), eq(sessions.companyId, companyId), ...openSessionConditions(now)))
        .limit(1),
      fenceQuery(context, sessionId, companyId),
    ]);
    const fence = fenceRows[0]?.state ?? null;
    if (attempt > 0 || (fence !== "gone" && fence !== "incoming")) return rows.length > 0;
    const shard = await currentShardOf(context, companyId);
    if (shard === context.shard) return rows.length > 0;
    routeTo(context, shard);
  }
}

export function openSessionConditions(now: Date) {
  return openAt(now, now.getTime() - IDLE_MS);
}

/** Not revoked, not expired at `now`, used since `idleSince`: values, or the compiled actor statement's placeholders. */
function openAt(now: Date | Placeholder, idleSince: number | Placeholder) {
  return [isNull(sessions.revokedAt), gt(sessions.expiresAt, now), gt(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`, idleSince)];
}

/** Where a person whose company requires a second factor sets one up (decision 0298). */
export const TWO_STEP_SETUP_PATH = "/login/two-step-setup";
/** What such a person may still open once the grace period has ended: the set-up itself, and signing out. */
const SET_UP_PATHS = new Set([TWO_STEP_SETUP_PATH, "/settings/authenticator", "/resources/passkeys", "/logout"]);

/** The grace period of the company's two-step rule has ended for this session's person, who has no factor. */
export function mustSetUpSecondFactor(actor: Actor, now = new Date()): boolean {
  return Boolean(actor.secondFactorSetup && actor.secondFactorSetup.deadline <= now);
}

/**
 * For pages: a signed-out person is sent to /login, coming back afterwards; one who must set up
 * a second factor first (decision 0298) to its set-up, coming back afterwards.
 */
export async function requireUser(request: Request, context: LoadContext): Promise<Actor> {
  const actor = await getActor(request, context);
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  if (!actor) throw redirect(back === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`);
  if (mustSetUpSecondFactor(actor) && !SET_UP_PATHS.has(url.pathname.replace(/\/+$/, ""))) {
    throw redirect(back === "/" ? TWO_STEP_SETUP_PATH : `${TWO_STEP_SETUP_PATH}?redirectTo=${encodeURIComponent(back)}`);
  }
  return actor;
}

/** The administration pages' refusal, shown on the 403 page (decision 0264). */
export const ADMINISTRATORS_ONLY = "This page is for administrators.";

/**
 * For pages only administrators may open: a signed-out person goes to /login, one not
 * `allowed` gets the 403 page saying so, with the way home (decision 0264; it sent them to
 * /home without a word).
 */
export async function requireUserWho(request: Request, context: LoadContext, allowed: (user: User) => boolean): Promise<Actor> {
  const actor = await requireUser(request, context);
  if (!allowed(actor.user)) throw new Response(ADMINISTRATORS_ONLY, { status: 403 });
  return actor;
}

/** For /api/v2: a missing, bad, expired or revoked credential is a 401 JSON answer. */
export async function requireApiUser(request: Request, context: LoadContext): Promise<Actor> {
  const actor = await getActor(request, context);
  if (!actor) throw new UnauthorizedError("Missing or invalid credentials.");
  if (mustSetUpSecondFactor(actor)) throw new ForbiddenError(SECOND_FACTOR_SETUP_REQUIRED);
  return actor;
}
