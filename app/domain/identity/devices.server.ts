import { and, desc, eq, inArray, ne } from "drizzle-orm";
import { openSessionConditions } from "~/auth/session.server";
import { sessions } from "~/db/schema";
import type { DomainContext } from "~/domain/context";
import { NotFoundError, ValidationError } from "~/domain/errors";
import type { Device } from "./devices.types";

const BROWSERS: [RegExp, string][] = [
  [/Teams\//, "Microsoft Teams"],
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Version\/[\d.]+.*Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/Android/, "Android"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/CrOS/, "ChromeOS"],
  [/Linux/, "Linux"],
];

/** 'Chrome on Windows' from a User-Agent header; what cannot be told apart is named as such. */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return "Unknown device";
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (!browser && /CFNetwork|Darwin/.test(userAgent)) return "iOS app";
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? (userAgent.length > 60 ? `${userAgent.slice(0, 57)}...` : userAgent);
}

function mine(ctx: DomainContext) {
  return and(eq(sessions.userId, ctx.actor.user.id), eq(sessions.companyId, ctx.companyId), ...openSessionConditions(ctx.now));
}

/** The caller's open sessions, most recently active first, this one marked. */
export async function listDevices(ctx: DomainContext): Promise<Device[]> {
  const rows = await ctx.db
    .select({ id: sessions.id, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(mine(ctx))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .limit(100);
  const devices = rows.map((row) => ({
    id: row.id,
    label: describeDevice(row.userAgent),
    signedInAt: row.createdAt.toISOString(),
    lastActiveAt: (row.lastSeenAt ?? row.createdAt).toISOString(),
    current: row.id === ctx.actor.sessionId,
  }));
  // This device first, whatever its last-seen time (written at most every 5 minutes).
  return [...devices.filter((d) => d.current), ...devices.filter((d) => !d.current)];
}

/** 'Sign out of other devices': every open session of the caller but this one ends, and its sockets close. */
export async function signOutOtherDevices(ctx: DomainContext) {
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now })
    .where(and(mine(ctx), ne(sessions.id, ctx.actor.sessionId)))
    .returning({ id: sessions.id });
  if (ended.length > 0) ctx.closeSockets({ sessionIds: ended.map((s) => s.id) });
  return { message: ended.length === 1 ? "Signed out of 1 other device" : `Signed out of ${ended.length} other devices`, count: ended.length };
}

/** Signs one other device out; this one signs out with 'Log out'. */
export async function signOutDevice(ctx: DomainContext, sessionId: string) {
  if (sessionId === ctx.actor.sessionId) throw new ValidationError("InputErrors", {}, "This is the device you are using: use Log out instead.");
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: ctx.now })
    .where(and(mine(ctx), inArray(sessions.id, [sessionId])))
    .returning({ id: sessions.id });
  if (ended.length === 0) throw new NotFoundError("That device is already signed out.");
  ctx.closeSockets({ sessionIds: [sessionId] });
  return { message: "Device signed out" };
}
