import { and, eq, isNull } from "drizzle-orm";
import type { Actor } from "~/auth/actor.types";
import { DAY_MS, openSessionConditions, readToken, requestSessionId, SESSION_DAYS, sessionCookie, signToken } from "~/auth/session.server";
import { sessions, users, type User } from "~/db/schema";
import { UnauthorizedError } from "~/domain/errors";
import { requestSource, usageEventStatement } from "~/domain/usage/usage.server";
import type { LoadContext } from "~/env";
import { isLocalEnv } from "~/env";
import { closeSessionSockets } from "~/realtime/publish.server";

/**
 * Sessions begin and end here: sign-in opens one (a usage event), the iOS wrapper's token
 * becomes a browser cookie for the same one, sign-out and renewal end one. Reading the
 * session of a request is auth's (auth/session.server.ts): every request needs that.
 */

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
 * POST /account/token/new: the session is rotated. A new session (new id, new token and,
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
