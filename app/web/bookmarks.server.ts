/**
 * Where a request's D1 sessions start, and the bookmark its answer hands back (decision 0315,
 * 0311 §5). A bookmark is D1's position after a request's statements: a session started from
 * it is served by any copy of the database (the primary or a replica) that has caught up with
 * it, so a person always reads what they wrote.
 *
 * - A browser keeps its bookmark in a cookie (`__Host-d1`; `__d1` in development and tests):
 *   `{shard}:{bookmark}`, set after each of its writes and after a sign-in.
 * - A bearer client gets it in the `Availability-Bookmark` header of every /api/v2 answer and
 *   sends it back in the same header.
 *
 * A bookmark is no secret: a forged one only changes which copy serves the forger's own reads.
 */
import type { Env, LoadContext } from "~/env";
import { isLocalEnv } from "~/env";
import { shardsOf } from "~/db/shards.server";
import { bookmarkOf, isBookmark, startOf, type D1Sessions, type SessionStart } from "~/db/d1-sessions";
import { sessionCookieName, type RequestCredential } from "~/auth/session.server";

export const BOOKMARK_HEADER = "Availability-Bookmark";
/** In tests only: what the request's session of its shard started from (first-primary, first-unconstrained, the bookmark; none: no statement). */
export const START_HEADER = "X-D1-Start";
const BOOKMARK_MAX_AGE_S = 86_400;

export function bookmarkCookieName(env: Pick<Env, "APP_ENV">): string {
  return isLocalEnv(env) ? "__d1" : "__Host-d1";
}

const isRead = (request: Request) => request.method === "GET" || request.method === "HEAD";
const isBearer = (request: Request) => request.headers.has("Authorization");

function cookieValue(request: Request, name: string): string | null {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** `{shard}:{bookmark}` → its parts; a shard of -1 when it is not that (damaged or forged). */
function parse(value: string): { shard: number; bookmark: string } {
  let text = value;
  try {
    text = decodeURIComponent(value);
  } catch {
    // Not percent-encoded as we write it: taken as it is, and refused below.
  }
  const match = /^(\d{1,4}):(.+)$/.exec(text);
  return match ? { shard: Number(match[1]), bookmark: match[2] } : { shard: -1, bookmark: "" };
}

/** The bookmark a request carries: the header for a bearer request, else the cookie. */
function carried(request: Request, env: Env) {
  const value = isBearer(request) ? request.headers.get(BOOKMARK_HEADER) : cookieValue(request, bookmarkCookieName(env));
  return value ? parse(value) : null;
}

/**
 * Where each shard's session starts for this request (0311 §5.1):
 *
 * | request                                            | start                 |
 * | -------------------------------------------------- | --------------------- |
 * | any POST/PUT/PATCH/DELETE                          | first-primary         |
 * | GET/HEAD without a credential (before sign-in)     | first-primary         |
 * | GET/HEAD, cookie, bookmark cookie for this shard   | that bookmark         |
 * | GET/HEAD, cookie, no bookmark cookie               | first-unconstrained   |
 * | GET/HEAD, bearer, `Availability-Bookmark` for it   | that bookmark         |
 * | GET/HEAD, bearer, without it                       | first-primary         |
 *
 * A bookmark for another shard (the firm moved) or one that is not a D1 bookmark → first-primary.
 */
export function requestStarts(request: Request, env: Env, credential: RequestCredential | null): (d1: D1Database) => SessionStart {
  if (!isRead(request) || !credential) return () => "first-primary";
  const bookmark = carried(request, env);
  const otherwise = isBearer(request) ? "first-primary" : "first-unconstrained";
  if (!bookmark || !isBookmark(bookmark.bookmark)) return () => (bookmark ? "first-primary" : otherwise);
  return (d1) => (shardsOf(env).find((shard) => shard.id === bookmark.shard)?.d1 === d1 ? bookmark.bookmark : "first-primary");
}

/**
 * The answer with the request's bookmark for its shard: in the `Availability-Bookmark` header on
 * /api/v2, and in the bookmark cookie after a browser's write or a sign-in.
 */
export function withBookmark(request: Request, context: LoadContext, sessions: D1Sessions, response: Response): Response {
  if (response.status === 101 || response.webSocket) return response;
  const shard = answerShard(context, response);
  const d1 = shardsOf(context.env).find((s) => s.id === shard)?.d1;
  if (!d1) return response;
  const bookmark = bookmarkOf(sessions, d1);
  const test = context.env.APP_ENV === "test";
  const api = new URL(request.url).pathname.startsWith("/api/v2/");
  const cookie = bookmark !== null && !isBearer(request) && wroteOrSignedIn(request, context, sessions, response);
  if (!test && !cookie && !(api && bookmark !== null)) return response;
  const headers = new Headers(response.headers);
  if (test) headers.set(START_HEADER, startOf(sessions, d1));
  if (api && bookmark !== null) headers.set(BOOKMARK_HEADER, `${shard}:${bookmark}`);
  if (cookie) {
    const secure = isLocalEnv(context.env) ? "" : "; Secure";
    headers.append(
      "Set-Cookie",
      `${bookmarkCookieName(context.env)}=${encodeURIComponent(`${shard}:${bookmark}`)}; Path=/; Max-Age=${BOOKMARK_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`,
    );
  }
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The shard whose bookmark the answer hands back: the request's, unless a flow of the request
 * went to another firm's shard (a link or code, decision 0313) and signed someone in there. Then
 * the new session lives on that shard, and so must the first read after it.
 */
function answerShard(context: LoadContext, response: Response): number {
  const elsewhere = [...(context.otherShards ?? [])];
  const signedIn = new RegExp(`(^|, )${sessionCookieName(context.env)}=`).test(response.headers.get("Set-Cookie") ?? "");
  return signedIn && elsewhere.length ? elsewhere[elsewhere.length - 1] : (context.shard ?? 0);
}

/** A browser's request whose later reads must see it: a write that went through, a sign-in, a read that had to see the primary. */
function wroteOrSignedIn(request: Request, context: LoadContext, sessions: D1Sessions, response: Response): boolean {
  const name = sessionCookieName(context.env);
  if (new RegExp(`(^|, )${name}=`).test(response.headers.get("Set-Cookie") ?? "")) return true;
  if (response.status >= 400 || cookieValue(request, name) === null) return false;
  return !isRead(request) || sessions.primary;
}
