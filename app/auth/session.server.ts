import { createCookie, redirect } from "@remix-run/cloudflare";
import { requestSource, usageEventStatement } from "~/domain/usage/usage.server";
import { and, eq, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import type { Db } from "~/db/client";
import { jwtVerify, SignJWT } from "jose";
import { companies, offices, sessions, users } from "~/db/schema";
import { teamNameColumns, withTeamNames } from "~/db/team-names";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { Company, User } from "~/db/schema";
import { readCompanySettings, type CompanySettings } from "~/domain/company/settings.schema";
import { UnauthorizedError } from "~/domain/errors";
import type { LoadContext } from "~/env";
import { isLocalEnv } from "~/env";
import { closeSessionSockets } from "~/realtime/publish.server";
import { derivedSecret } from "./secrets.server";

/**
 * A session lasts at most SESSION_DAYS from sign-in, however active (renewing the token
 * does not extend it), and ends after IDLE_HOURS without a request (decision 0086).
 */
export const SESSION_DAYS = 14;
export const IDLE_HOURS = 72;
const DAY_MS = 86_400_000;
const IDLE_MS = IDLE_HOURS * 3_600_000;
/** lastSeenAt is written at most this often per session (one write, after the response). */
const TOUCH_EVERY_MS = 5 * 60_000;

/** A group or office as the API names it. */
export interface NamedRef {
  _id: string;
  name: string;
}

export interface Actor {
  user: User;
  /** The names of the person's teams, read with the session (users/me and the dashboard need them). */
  refs?: { group: NamedRef | null; office: NamedRef | null; secondaryGroup: NamedRef | null; secondaryOffice: NamedRef | null };
  company: Pick<Company, "id" | "name" | "allowGroupSelection"> & { settings: CompanySettings };
  /** The time zone of the person's office, when it has one of its own (domain/today.ts). */
  officeTimeZone?: string | null;
  /** The zones of the company's offices that have their own (office id → zone), for other people's today. */
  officeZones?: Record<string, string>;
  sessionId: string;
}

/** The decoded bearer token: the spec's `id` and `completed`, plus our session id. */
export interface TokenPayload {
  id: string;
  completed: boolean;
  sid: string;
}

/**
 * `__Host-` outside development: the browser then only accepts it over https, for this
 * exact host and path /, so a sibling subdomain can never set or shadow it.
 */
export function sessionCookieName(env: LoadContext["env"]): string {
  return isLocalEnv(env) ? "__session" : "__Host-session";
}

/** The cookie is signed with its own key, derived from SESSION_SECRET (HKDF, "cookie"). */
async function sessionCookie(context: LoadContext) {
  return createCookie(sessionCookieName(context.env), {
    httpOnly: true,
    sameSite: "lax",
    secure: !isLocalEnv(context.env),
    path: "/",
    secrets: [await derivedSecret(context.env, "session-cookie-v1")],
  });
}

/**
 * `embedded`: the Teams tab, a frame on Microsoft's origin. Its cookie must be sent in that
 * third-party frame: SameSite=None, Secure and Partitioned (CHIPS, kept per top-level site),
 * outside development, where the frame and the app are same-site anyway.
 */
export async function startSession(
  context: LoadContext,
  user: Pick<User, "id" | "companyId" | "completed">,
  request: Request,
  { embedded = false }: { embedded?: boolean } = {},
) {
  const now = Date.now();
  const opened = await openSession(
    context,
    user,
    new Date(now + SESSION_DAYS * DAY_MS),
    request.headers.get("User-Agent")?.slice(0, 300) ?? null,
    embedded,
  );
  // A sign-in is a usage event (the operator's usage statistics, decision 0123).
  await usageEventStatement(context.db, {
    companyId: user.companyId,
    userId: user.id,
    event: "sign_in",
    source: requestSource(request),
    at: new Date(now),
  });
  return opened;
}

async function openSession(
  context: LoadContext,
  user: Pick<User, "id" | "companyId" | "completed">,
  expiresAt: Date,
  userAgent: string | null,
  embedded = false,
) {
  const now = new Date();
  const [session] = await context.db
    .insert(sessions)
    .values({ companyId: user.companyId, userId: user.id, expiresAt, lastSeenAt: now, userAgent })
    .returning({ id: sessions.id });
  const token = await signToken(context, { id: user.id, completed: user.completed, sid: session.id }, expiresAt);
  // The cookie ends with the session (the absolute lifetime).
  const frame = embedded && !isLocalEnv(context.env) ? { sameSite: "none" as const, secure: true, partitioned: true } : {};
  const setCookie = await (await sessionCookie(context)).serialize(session.id, { expires: expiresAt, ...frame });
  return { sessionId: session.id, token, setCookie };
}

/** The HMAC key of the tokens: its own key derived from SESSION_SECRET (HKDF, "jwt"), imported once. */
const tokenKeys = new Map<string, Promise<CryptoKey>>();
async function tokenKey(context: LoadContext): Promise<CryptoKey> {
  const secret = await derivedSecret(context.env, "bearer-jwt-v1");
  let key = tokenKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    tokenKeys.set(secret, key);
  }
  return key;
}

export async function signToken(context: LoadContext, payload: TokenPayload, expiresAt: Date): Promise<string> {
  return new SignJWT({ ...payload })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(await tokenKey(context));
}

async function readToken(context: LoadContext, token: string): Promise<TokenPayload | null> {
  try {
    const { payload } = await jwtVerify(token, await tokenKey(context), { algorithms: ["HS256"] });
    if (typeof payload.sid !== "string" || typeof payload.id !== "string") return null;
    return { id: payload.id, completed: payload.completed === true, sid: payload.sid };
  } catch {
    return null;
  }
}

/**
 * The iOS wrapper's hand-off (/login?token=): its bearer token, still valid and its session
 * open, becomes this browser's cookie for the same session (no new session: signing out in
 * one signs out the other). Null for a bad, expired or revoked token.
 */
export async function cookieForToken(context: LoadContext, token: string) {
  const payload = await readToken(context, token);
  if (!payload) return null;
  const now = new Date();
  const [row] = await context.db
    .select({ expiresAt: sessions.expiresAt, user: { id: users.id, companyId: users.companyId, completed: users.completed } })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.companyId, sessions.companyId)))
    .where(and(eq(sessions.id, payload.sid), ...openSessionConditions(now)))
    .limit(1);
  if (!row) return null;
  const setCookie = await (await sessionCookie(context)).serialize(payload.sid, { expires: row.expiresAt });
  return { setCookie, user: row.user };
}

/** The session id the request carries: a bearer token wins over the cookie. */
async function requestSessionId(request: Request, context: LoadContext): Promise<string | null> {
  const header = request.headers.get("Authorization");
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    if (!match) return null;
    const payload = await readToken(context, match[1]);
    return payload?.sid ?? null;
  }
  const cookieValue = await (await sessionCookie(context)).parse(request.headers.get("Cookie"));
  return typeof cookieValue === "string" ? cookieValue : null;
}

/**
 * What a page's statements may name before the session is read: the session's person and
 * company, as subqueries on the session id. A statement built from them rides in the
 * session lookup's batch (rideSession), so a page reads its data in the same D1 round trip
 * as the session (decision 0054). For a session that does not exist they match nothing; the
 * rows of a closed one are read and dropped.
 */
export interface SessionScope {
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

/**
 * Statements built from the signed-in person themselves (their role, teams, company settings
 * and office zones), with how to read the batch's answer to them.
 */
export interface ActorPlan<R> {
  statements: readonly BatchItem<"sqlite">[];
  read: (rows: unknown[]) => R;
}

/** Builds a page's plan for a person at the request's `now` (rideAsActor). */
export type ActorRider<R> = (actor: Actor, now: Date) => ActorPlan<R>;

interface PendingActorRider {
  build: ActorRider<unknown>;
  resolve: (answer: { value: unknown; now: Date } | null) => void;
  reject: (error: unknown) => void;
}

interface Lookup {
  actor: Promise<Actor | null>;
  /** The riders registered before the batch was sent. */
  riders: PendingRider[];
  actorRiders: PendingActorRider[];
  sent: boolean;
}

/**
 * The person each session was last found to be, in this isolate (decision 0215): what an
 * ActorRider's statements are built from before the lookup answers. Only a guess: the
 * rows count when the lookup in the same batch finds the same person, else they are built
 * again and read in a second round trip. Bounded; the oldest session is forgotten first.
 */
const lastActors = new Map<string, string>();
const LAST_ACTORS_MAX = 500;

/** What is kept of a person: everything a plan may read, not their password hash. */
function rememberedText(actor: Actor): string {
  return JSON.stringify({ ...actor, user: { ...actor.user, passwordHash: null } });
}

function rememberActor(sessionId: string, actor: Actor | null) {
  lastActors.delete(sessionId);
  if (!actor) return;
  lastActors.set(sessionId, rememberedText(actor));
  if (lastActors.size > LAST_ACTORS_MAX) lastActors.delete(lastActors.keys().next().value!);
}

/** The users columns drizzle reads as Date (so a revived guess has the same types as a fresh lookup). */
const DATE_COLUMNS = Object.entries(users)
  .filter(([, column]) => typeof column === "object" && column !== null && (column as { dataType?: string }).dataType === "date")
  .map(([key]) => key);

/** The remembered person of a session, revived (dates as in the lookup's answer). */
function guessActor(sessionId: string): { actor: Actor; text: string } | null {
  const text = lastActors.get(sessionId);
  if (!text) return null;
  const actor = JSON.parse(text) as Actor;
  const user = actor.user as unknown as Record<string, unknown>;
  for (const key of DATE_COLUMNS) if (typeof user[key] === "string") user[key] = new Date(user[key]);
  return { actor, text };
}

/**
 * One lookup per request: the shell's loader and the page's loader run for the same
 * request with the same load context, and both ask who is signed in.
 */
const lookups = new WeakMap<LoadContext, Lookup>();

function lookupFor(request: Request, context: LoadContext): Lookup {
  let lookup = lookups.get(context);
  if (!lookup) {
    const fresh: Lookup = { actor: Promise.resolve(null), riders: [], actorRiders: [], sent: false };
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

/**
 * Reads that depend on who the person is (a role's default filter, their teams, the
 * company's settings and office zones), in the session lookup's batch all the same: the
 * statements are built from the person this session was last found to be (in this
 * isolate) and their rows count only when the lookup, in the same batch, finds that same
 * person; otherwise, and on a session's first request here, they are built from the person
 * found and read in a second round trip. Null when nobody is signed in. `now` is the
 * request's clock the plan was built at: the page's domain context takes the same.
 */
export function rideAsActor<R>(request: Request, context: LoadContext, build: ActorRider<R>): Promise<{ value: R; now: Date } | null> {
  const lookup = lookupFor(request, context);
  let answer: Promise<{ value: unknown; now: Date } | null>;
  if (!lookup.sent) {
    answer = new Promise((resolve, reject) => lookup.actorRiders.push({ build: build as ActorRider<unknown>, resolve, reject }));
  } else {
    answer = lookup.actor.then((actor) => (actor ? runPlan(context, build, actor, new Date()) : null));
  }
  // The caller awaits the actor first; a failed lookup must not also count as an unhandled rejection here.
  answer.catch(() => undefined);
  return answer as Promise<{ value: R; now: Date } | null>;
}

/** A plan built for the person found, read in its own batch. */
async function runPlan<R>(context: LoadContext, build: ActorRider<R>, actor: Actor, now: Date): Promise<{ value: R; now: Date }> {
  const plan = build(actor, now);
  const rows = plan.statements.length ? await context.db.batch(plan.statements as unknown as [BatchItem<"sqlite">]) : [];
  return { value: plan.read(rows), now };
}

function sessionScope(sessionId: string, now: Date): SessionScope {
  return {
    userId: sql`(select ${sessions.userId} from ${sessions} where ${sessions.id} = ${sessionId})`,
    companyId: sql`(select ${sessions.companyId} from ${sessions} where ${sessions.id} = ${sessionId})`,
    now,
  };
}

async function lookUpActor(request: Request, context: LoadContext, lookup: Lookup): Promise<Actor | null> {
  let riders: PendingRider[] = [];
  let actorRiders: PendingActorRider[] = [];
  try {
    const sessionId = await requestSessionId(request, context);
    lookup.sent = true;
    riders = lookup.riders.splice(0);
    actorRiders = lookup.actorRiders.splice(0);
    if (!sessionId) {
      for (const rider of [...riders, ...actorRiders]) rider.resolve(null);
      return null;
    }
    const now = new Date();
    const scope = sessionScope(sessionId, now);
    const built = riders.map((rider) => rider.build(context.db, scope));
    const guess = actorRiders.length ? guessActor(sessionId) : null;
    // A plan that cannot be built for the guessed person is built again for the one found.
    const plans = actorRiders.map((rider) => {
      if (!guess) return null;
      try {
        return rider.build(guess.actor, now);
      } catch {
        return null;
      }
    });
    // One round trip: the session, the person, their teams' names and the company, and the riders' statements.
    const [found, ...rest] = await context.db.batch([
      actorQuery(context, sessionId, now),
      ...built.flat(),
      ...plans.flatMap((plan) => plan?.statements ?? []),
    ] as unknown as [ReturnType<typeof actorQuery>]);
    const row = (found as Awaited<ReturnType<typeof actorQuery>>)[0];
    let at = 0;
    for (const [i, rider] of riders.entries()) {
      const count = built[i].length;
      rider.resolve(row ? rest.slice(at, at + count) : null);
      at += count;
    }
    const actor = row ? actorFrom(context, row, sessionId, now) : null;
    rememberActor(sessionId, actor);
    // The guessed rows count only for the very person found (every field the plan could have used).
    const confirmed = actor !== null && guess !== null && rememberedText(actor) === guess.text;
    for (const [i, rider] of actorRiders.entries()) {
      const plan = plans[i];
      const count = plan?.statements.length ?? 0;
      const rows = rest.slice(at, at + count);
      at += count;
      if (!actor) rider.resolve(null);
      else if (plan && confirmed) settle(rider, () => ({ value: plan.read(rows), now }));
      else runPlan(context, rider.build, actor, now).then(rider.resolve, rider.reject);
    }
    return actor;
  } catch (error) {
    for (const rider of riders.length ? riders : lookup.riders.splice(0)) rider.reject(error);
    for (const rider of actorRiders.length ? actorRiders : lookup.actorRiders.splice(0)) rider.reject(error);
    throw error;
  }
}

function settle(rider: PendingActorRider, answer: () => { value: unknown; now: Date }) {
  try {
    rider.resolve(answer());
  } catch (error) {
    rider.reject(error);
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

function actorQuery(context: LoadContext, sessionId: string, now: Date) {
  return withTeamNames(
    context.db
      .select({
        user: users,
        company: {
          id: own(companies.id, "company_id"),
          name: own(companies.name, "company_name"),
          allowGroupSelection: own(companies.allowGroupSelection, "company_allow_group_selection"),
          settings: own(companies.settings, "company_settings"),
        },
        lastSeenAt: own(sessions.lastSeenAt, "last_seen_at"),
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
    .where(and(eq(sessions.id, sessionId), isNull(users.deactivatedAt), ...openSessionConditions(now)))
    .limit(1);
}

/** A team the query found, or null (its columns are all null when the person has none). */
function teamOrNull(team: { _id: string | null; name: string | null }): NamedRef | null {
  return team._id && team.name !== null ? { _id: team._id, name: team.name } : null;
}

function actorFrom(context: LoadContext, row: Awaited<ReturnType<typeof actorQuery>>[number], sessionId: string, now: Date): Actor {
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
  };
}

/** Whether a session may still be used (the realtime socket checks this when it connects). */
export async function isSessionOpen(context: LoadContext, sessionId: string, companyId: string): Promise<boolean> {
  const now = new Date();
  const [row] = await context.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.companyId, companyId), ...openSessionConditions(now)))
    .limit(1);
  return Boolean(row);
}

export function openSessionConditions(now: Date) {
  return [
    isNull(sessions.revokedAt),
    gt(sessions.expiresAt, now),
    gt(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`, now.getTime() - IDLE_MS),
  ];
}

/** For pages: a signed-out person is sent to /login, coming back afterwards. */
export async function requireUser(request: Request, context: LoadContext): Promise<Actor> {
  const actor = await getActor(request, context);
  if (!actor) {
    const url = new URL(request.url);
    const back = url.pathname + url.search;
    throw redirect(back === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(back)}`);
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
  return actor;
}

export async function endSession(request: Request, context: LoadContext): Promise<string> {
  const sessionId = await requestSessionId(request, context);
  if (sessionId) {
    const [ended] = await context.db
      .update(sessions)
      .set({ revokedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
      .returning({ companyId: sessions.companyId });
    if (ended) closeSessionSockets(context, ended.companyId, { sessionIds: [sessionId] });
  }
  return (await sessionCookie(context)).serialize("", { maxAge: 0 });
}

/**
 * GET /account/token/new: the session is rotated. A new session (new id, new token and,
 * for a browser, a new cookie) replaces the caller's, which ends at once, so a token or
 * cookie that leaked before the renewal stops working. The absolute lifetime carries over:
 * renewing never extends a session past SESSION_DAYS from sign-in.
 */
export async function rotateSession(context: LoadContext, actor: Actor) {
  const [old] = await context.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, actor.sessionId), eq(sessions.companyId, actor.company.id), isNull(sessions.revokedAt)))
    .returning({ expiresAt: sessions.expiresAt, userAgent: sessions.userAgent });
  // Two renewals at once with the same token: only the first one gets a new session.
  if (!old) throw new UnauthorizedError("Missing or invalid credentials.");
  const fresh = await openSession(context, actor.user, old.expiresAt, old.userAgent);
  closeSessionSockets(context, actor.company.id, { sessionIds: [actor.sessionId] });
  return fresh;
}
