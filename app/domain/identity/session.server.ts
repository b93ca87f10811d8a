import { and, eq, gt, isNull } from "drizzle-orm";
import { sha256Hex } from "~/auth/secrets.server";
import { deleteExpiredRows } from "~/db/expired-rows";
import { carry } from "~/domain/installation/pre-sign-in.server";
import { newSecret } from "~/lib/ids";
import type { Actor } from "~/auth/actor.types";
import {
  cookieCredential,
  DAY_MS,
  getActor,
  openSessionConditions,
  requestSessionId,
  SESSION_DAYS,
  sessionCookie,
  signToken,
} from "~/auth/session.server";
import { sessionHandoffs, sessions, users, type User } from "~/db/schema";
import { UnauthorizedError } from "~/domain/errors";
import { requestSource, usageEventStatement } from "~/domain/usage/usage.server";
import type { LoadContext } from "~/env";
import { isLocalEnv } from "~/env";
import { closeSessionSockets } from "~/realtime/publish.server";
import { readFromPrimary } from "~/db/d1-sessions";

/**
 * Sessions begin and end here: sign-in opens one (a usage event), the iOS wrapper's
 * hand-off code becomes a browser cookie for the same one, sign-out and renewal end one. Reading the
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
  { embedded = false, byPassword = false }: { embedded?: boolean; byPassword?: boolean } = {},
) {
  // Decision 0315: this must see the primary, not a replica that may be behind.
  readFromPrimary();
  const now = Date.now();
  const opened = await openSession(
    context,
    user,
    new Date(now + SESSION_DAYS * DAY_MS),
    request.headers.get("User-Agent")?.slice(0, 300) ?? null,
    embedded,
    null,
    byPassword,
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
  authenticatedAt: Date | null = null,
  byPassword = false,
) {
  const now = new Date();
  const [session] = await context.db
    .insert(sessions)
    .values({ companyId: user.companyId, userId: user.id, expiresAt, lastSeenAt: now, userAgent, authenticatedAt, byPassword })
    .returning({ id: sessions.id });
  const shard = context.shard ?? 0;
  const token = await signToken(context, { id: user.id, completed: user.completed, sid: session.id, cid: user.companyId, shd: shard }, expiresAt);
  // The cookie ends with the session (the absolute lifetime).
  const frame = embedded && !isLocalEnv(context.env) ? { sameSite: "none" as const, secure: true, partitioned: true } : {};
  const setCookie = await (
    await sessionCookie(context)
  ).serialize(cookieCredential(session.id, user.companyId, shard), { expires: expiresAt, ...frame });
  return { sessionId: session.id, token, setCookie };
}

/** How long a hand-off code works: the wrapper posts it as soon as it has it. */
export const HANDOFF_SECONDS = 60;

/**
 * The iOS wrapper's hand-off, step 1 (decision 0270): the app, signed in with its bearer
 * token, asks for a code for its web view. The code names the app's session; only its
 * SHA-256 is stored, it works once and for HANDOFF_SECONDS, and a new one replaces the
 * session's earlier ones (so a session holds at most one row).
 */
export async function createHandoffCode(context: LoadContext, actor: Actor) {
  const code = carry(actor.company.id, newSecret());
  const now = new Date();
  const expiresAt = new Date(now.getTime() + HANDOFF_SECONDS * 1000);
  await context.db.batch([
    context.db.delete(sessionHandoffs).where(and(eq(sessionHandoffs.sessionId, actor.sessionId), eq(sessionHandoffs.companyId, actor.company.id))),
    context.db
      .insert(sessionHandoffs)
      .values({ codeHash: await sha256Hex(code), companyId: actor.company.id, sessionId: actor.sessionId, expiresAt }),
  ]);
  return { code, expiresIn: HANDOFF_SECONDS };
}

/**
 * Step 2: the web view posts the code (POST /login/handoff, never a GET, so the cross-site
 * write guard keeps other sites from posting someone else's code here). The code is used
 * up by the delete that finds it; its session, still open, becomes this browser's cookie
 * (no new session: signing out in one signs out the other). Null for a wrong, used or
 * expired code, or an ended session.
 */
export async function redeemHandoffCode(context: LoadContext, code: string) {
  // Decision 0315: this must see the primary, not a replica that may be behind.
  readFromPrimary();
  const now = new Date();
  const [handoff] = await context.db
    .delete(sessionHandoffs)
    .where(and(eq(sessionHandoffs.codeHash, await sha256Hex(code)), gt(sessionHandoffs.expiresAt, now)))
    .returning({ sessionId: sessionHandoffs.sessionId, companyId: sessionHandoffs.companyId });
  if (!handoff) return null;
  const [row] = await context.db
    .select({ expiresAt: sessions.expiresAt, user: { id: users.id, companyId: users.companyId, completed: users.completed } })
    .from(sessions)
    .innerJoin(users, and(eq(users.id, sessions.userId), eq(users.companyId, sessions.companyId)))
    .where(and(eq(sessions.id, handoff.sessionId), eq(sessions.companyId, handoff.companyId), ...openSessionConditions(now)))
    .limit(1);
  if (!row) return null;
  const setCookie = await (
    await sessionCookie(context)
  ).serialize(cookieCredential(handoff.sessionId, handoff.companyId, context.shard), {
    expires: row.expiresAt,
  });
  return { setCookie, user: row.user };
}

/** For the cron: hand-off codes nobody redeemed, at most `limit` a run. */
export function deleteExpiredHandoffs({ db }: Pick<LoadContext, "db">, now: Date, limit = 500): Promise<number> {
  return deleteExpiredRows(db, sessionHandoffs, sessionHandoffs.expiresAt, now, { batchSize: limit, batches: 1 });
}

export async function endSession(request: Request, context: LoadContext): Promise<string> {
  const sessionId = await requestSessionId(request, context);
  if (sessionId) {
    // The session lookup routes the request to the shard its firm lives on: a credential that
    // names the shard the firm moved away from would end a copy there (which its fence refuses).
    await getActor(request, context);
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
 * cookie that leaked before the renewal stops working. The absolute lifetime and the time the
 * person last proved who they are carry over: renewing never extends a session past
 * SESSION_DAYS from sign-in.
 */
export async function rotateSession(context: LoadContext, actor: Actor) {
  const [old] = await context.db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.id, actor.sessionId), eq(sessions.companyId, actor.company.id), isNull(sessions.revokedAt)))
    .returning({
      expiresAt: sessions.expiresAt,
      userAgent: sessions.userAgent,
      authenticatedAt: sessions.authenticatedAt,
      createdAt: sessions.createdAt,
      byPassword: sessions.byPassword,
    });
  // Two renewals at once with the same token: only the first one gets a new session.
  if (!old) throw new UnauthorizedError("Missing or invalid credentials.");
  // A renewal proves nothing about the person: the new session keeps the old one's sign-in
  // time, so renewing a stolen token does not pass the step-up (decision 0276).
  const fresh = await openSession(context, actor.user, old.expiresAt, old.userAgent, false, old.authenticatedAt ?? old.createdAt, old.byPassword);
  closeSessionSockets(context, actor.company.id, { sessionIds: [actor.sessionId] });
  return fresh;
}
