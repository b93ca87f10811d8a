import { createCookie, redirect } from "@remix-run/cloudflare";
import { and, eq, gt, isNull } from "drizzle-orm";
import { jwtVerify, SignJWT } from "jose";
import { companies, sessions, users } from "~/db/schema";
import { teamNameColumns, withTeamNames } from "~/db/team-names";
import type { Company, User } from "~/db/schema";
import { readCompanySettings, type CompanySettings } from "~/domain/company/settings.schema";
import { UnauthorizedError } from "~/domain/errors";
import type { LoadContext } from "~/env";
import { isLocalEnv } from "~/env";
import { sessionSecret } from "./secrets.server";

const SESSION_DAYS = 30;
const DAY_MS = 86_400_000;

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

function sessionCookie(context: LoadContext) {
  return createCookie(sessionCookieName(context.env), {
    httpOnly: true,
    sameSite: "lax",
    secure: !isLocalEnv(context.env),
    path: "/",
    maxAge: SESSION_DAYS * 24 * 60 * 60,
    secrets: [sessionSecret(context.env)],
  });
}

export async function startSession(context: LoadContext, user: Pick<User, "id" | "companyId" | "completed">, request: Request) {
  const now = Date.now();
  const [session] = await context.db
    .insert(sessions)
    .values({
      companyId: user.companyId,
      userId: user.id,
      expiresAt: new Date(now + SESSION_DAYS * DAY_MS),
      lastSeenAt: new Date(now),
      userAgent: request.headers.get("User-Agent")?.slice(0, 300) ?? null,
    })
    .returning({ id: sessions.id });
  const token = await signToken(context, { id: user.id, completed: user.completed, sid: session.id });
  const setCookie = await sessionCookie(context).serialize(session.id);
  return { sessionId: session.id, token, setCookie };
}

/** The HMAC key of the tokens, imported once per secret rather than on every request. */
const tokenKeys = new Map<string, Promise<CryptoKey>>();
function tokenKey(context: LoadContext): Promise<CryptoKey> {
  const secret = sessionSecret(context.env);
  let key = tokenKeys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", new TextEncoder().encode(secret), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    tokenKeys.set(secret, key);
  }
  return key;
}

export async function signToken(context: LoadContext, payload: TokenPayload): Promise<string> {
  return new SignJWT({ ...payload })
    .setProtectedHeader({ alg: "HS256" })
    .setIssuedAt()
    .setExpirationTime(`${SESSION_DAYS}d`)
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

/** The session id the request carries: a bearer token wins over the cookie. */
async function requestSessionId(request: Request, context: LoadContext): Promise<string | null> {
  const header = request.headers.get("Authorization");
  if (header) {
    const match = /^Bearer\s+(.+)$/i.exec(header.trim());
    if (!match) return null;
    const payload = await readToken(context, match[1]);
    return payload?.sid ?? null;
  }
  const cookieValue = await sessionCookie(context).parse(request.headers.get("Cookie"));
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
  // One round trip: the session, the person, their teams' names and the company.
  const [row] = await withTeamNames(
    context.db
      .select({
        user: users,
        company: { id: companies.id, name: companies.name, allowGroupSelection: companies.allowGroupSelection, settings: companies.settings },
        ...teamNameColumns,
      })
      .from(sessions)
      .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.companyId, sessions.companyId)))
      .innerJoin(companies, eq(companies.id, sessions.companyId))
      .$dynamic(),
  )
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date())))
    .limit(1);
  if (!row) return null;
  return {
    user: row.user,
    refs: { group: row.group, office: row.office, secondaryGroup: row.secondaryGroup, secondaryOffice: row.secondaryOffice },
    company: { ...row.company, settings: readCompanySettings(row.company.settings) },
    sessionId,
  };
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

/** For /api/v2: a missing, bad, expired or revoked credential is a 401 JSON answer. */
export async function requireApiUser(request: Request, context: LoadContext): Promise<Actor> {
  const actor = await getActor(request, context);
  if (!actor) throw new UnauthorizedError("Missing or invalid credentials.");
  return actor;
}

export async function endSession(request: Request, context: LoadContext): Promise<string> {
  const sessionId = await requestSessionId(request, context);
  if (sessionId) {
    await context.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
  }
  return sessionCookie(context).serialize("", { maxAge: 0 });
}

/** A fresh bearer token for the caller's session, whose expiry moves forward with it. */
export async function renewToken(context: LoadContext, actor: Actor): Promise<string> {
  await context.db
    .update(sessions)
    .set({ expiresAt: new Date(Date.now() + SESSION_DAYS * DAY_MS), lastSeenAt: new Date() })
    .where(and(eq(sessions.id, actor.sessionId), eq(sessions.companyId, actor.company.id)));
  return signToken(context, { id: actor.user.id, completed: actor.user.completed, sid: actor.sessionId });
}
