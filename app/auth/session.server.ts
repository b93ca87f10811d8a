import { createCookie, redirect } from "@remix-run/cloudflare";
import { requestSource, usageEventStatement } from "~/domain/usage/usage.server";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { companies, offices, sessions, users } from "~/db/schema";
import { teamNameColumns, withTeamNames } from "~/db/team-names";
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
 * One lookup per request: the shell's loader and the page's loader run for the same
 * request with the same load context, and both ask who is signed in.
 */
const actors = new WeakMap<LoadContext, Promise<Actor | null>>();

export function getActor(request: Request, context: LoadContext): Promise<Actor | null> {
  let actor = actors.get(context);
  if (!actor) {
    actor = lookUpActor(request, context);
    actors.set(context, actor);
  }
  return actor;
}

async function lookUpActor(request: Request, context: LoadContext): Promise<Actor | null> {
  const sessionId = await requestSessionId(request, context);
  if (!sessionId) return null;
  const now = new Date();
  // One round trip: the session, the person, their teams' names and the company.
  const [row] = await withTeamNames(
    context.db
      .select({
        user: users,
        company: { id: companies.id, name: companies.name, allowGroupSelection: companies.allowGroupSelection, settings: companies.settings },
        lastSeenAt: sessions.lastSeenAt,
        officeTimeZone: offices.timeZone,
        ...teamNameColumns,
      })
      .from(sessions)
      .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.companyId, sessions.companyId)))
      .innerJoin(companies, eq(companies.id, sessions.companyId))
      .$dynamic(),
  )
    .where(and(eq(sessions.id, sessionId), ...openSessionConditions(now)))
    .limit(1);
  if (!row) return null;
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
    refs: { group: row.group, office: row.office, secondaryGroup: row.secondaryGroup, secondaryOffice: row.secondaryOffice },
    company: { ...row.company, settings: readCompanySettings(row.company.settings) },
    officeTimeZone: row.officeTimeZone,
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

/** For pages only some may open: a signed-out person goes to /login, one not `allowed` to /home. */
export async function requireUserWho(request: Request, context: LoadContext, allowed: (user: User) => boolean): Promise<Actor> {
  const actor = await requireUser(request, context);
  if (!allowed(actor.user)) throw redirect("/home");
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
