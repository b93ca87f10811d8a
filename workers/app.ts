// First: the CommonJS `require` of Node's built-ins that the bundled SAML library calls.
import { nodeRequire } from "./node-require";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import * as build from "../build/index.js";
import { isSessionOpen, requestCredential } from "~/auth/session.server";
import { routeTo, shardOfCompany } from "~/db/routing.server";
import { createDb } from "~/db/client";
import { clientTabOf } from "~/realtime/client-session";
import { isLocalEnv, type Env, type LoadContext } from "~/env";
import { runScheduledWork } from "~/domain/operations/scheduled.server";
import { runInstallationWork } from "~/domain/installation/cron.server";
import { flushDirectory } from "~/domain/installation/firm-directory.server";
import { shardsOf } from "~/db/shards.server";
import { redeemSocketTicket } from "~/realtime/publish.server";
import { withReader } from "~/web/reader.server";
import { runInD1Sessions } from "~/db/d1-sessions";
import { requestStarts, withBookmark } from "~/web/bookmarks.server";
import { checkRequestShape, crossSiteRefusal, drainBody, isCrossSiteWrite, withSecurityHeaders } from "~/web/request-guard";

import { OWNER_HEADER } from "~/realtime/room.types";
import { companyRoomParty } from "~/realtime/events";
import { OFFICE_ROOM_SEPARATOR } from "./company-room";

export { CompanyRoom } from "./company-room";
export { LoginThrottle } from "./login-throttle";

if (!nodeRequire) throw new Error("workers/node-require.ts did not run first");
const handleRemixRequest = createRequestHandler(build as unknown as ServerBuild);

export default {
  async fetch(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
    if (!isLocalEnv(env) && !env.SESSION_SECRET) {
      await drainBody(request);
      return notConfigured("SESSION_SECRET is not set: set it with `wrangler secret put SESSION_SECRET` (see docs/deploy.md)");
    }
    if (!isLocalEnv(env) && !env.PASSWORD_PEPPERS) {
      await drainBody(request);
      return notConfigured("PASSWORD_PEPPERS is not set: set it with `wrangler secret put PASSWORD_PEPPERS` (see docs/deploy.md)");
    }
    if (isCrossSiteWrite(request)) {
      await drainBody(request);
      return crossSiteRefusal(request);
    }
    const shape = await checkRequestShape(request);
    if ("refusal" in shape) return withSecurityHeaders(request, shape.refusal);
    const response = await handle(shape.request, env, ctx);
    // Whatever the route did not read (a refusal answers before reading) is read before
    // the answer goes out.
    await drainBody(request);
    return withSecurityHeaders(request, response);
  },

  async scheduled(controller: ScheduledController, env: Env, ctx: ExecutionContext): Promise<void> {
    // The run's scheduled time is its clock (within seconds of now when the platform fires it).
    const now = new Date(controller.scheduledTime);
    // Every shard's firms get their mail, reminders, rollups and clean-ups (decision 0312); one
    // shard failing does not hold the others up, and the run still ends failed.
    let failure: unknown = null;
    for (const shard of shardsOf(env)) {
      await runScheduledWork({ env, ctx, db: createDb(shard.d1), shard: shard.id }, now, controller.cron).catch((error) => {
        console.error(`[cron] ${shard.binding} failed`, error);
        failure ??= error;
      });
    }
    await runInstallationWork(env, now, controller.cron);
    if (failure) throw failure;
  },
} satisfies ExportedHandler<Env>;

async function handle(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const context: LoadContext = { env, ctx, db: createDb(env.DB), shard: 0, clientTab: clientTabOf(request) };
  const url = new URL(request.url);
  if (url.pathname.startsWith("/parties/")) return joinRoom(request, env, context);
  // A signed-in request opens its firm's shard, named in its signed credential: no directory read (decision 0312).
  const credential = await requestCredential(request, context);
  routeTo(context, credential?.shard);
  // Its statements go to D1 sessions that may read from a replica, from the bookmark of the
  // person's last write; the answer hands back the new bookmark (decision 0315).
  const response = await runInD1Sessions(requestStarts(request, env, credential), async (sessions) =>
    withBookmark(
      request,
      context,
      sessions,
      await withReader(request, context, () => handleRemixRequest(request, context as unknown as AppLoadContext)),
    ),
  );
  // What a write changed that the installation directory must hear of (decision 0312), after the answer.
  if (request.method !== "GET" && request.method !== "HEAD") {
    const written = new Set([context.shard ?? 0, ...(context.otherShards ?? [])]);
    for (const shard of shardsOf(env).filter((s) => written.has(s.id)))
      ctx.waitUntil(flushDirectory(env, shard).catch((error) => console.error("[directory] flush failed", error)));
  }
  return response;
}

/**
 * A realtime socket: /parties/company/{companyId}?ticket=... Only a signed-in member of the
 * company may join its room: from our own pages (or a native client, which sends no Origin),
 * with a single-use ticket of the company's room (POST /api/v2/realtime/ticket) whose session
 * is still open. The ticket's redemption names the room the socket joins: the firm's, or once
 * the firm has split its owner's office room (decision 0309), which no URL names.
 */
async function joinRoom(request: Request, env: Env, context: LoadContext): Promise<Response> {
  const [prefix, party, name, ...rest] = new URL(request.url).pathname.split("/").filter(Boolean);
  if (prefix !== "parties" || !party || !name || rest.length) return new Response("Not found", { status: 404 });
  const forbidden = () => new Response("Forbidden", { status: 403 });
  if (request.headers.get("Upgrade")?.toLowerCase() !== "websocket") return forbidden();
  const origin = request.headers.get("Origin");
  if (origin !== null && origin !== new URL(request.url).origin) return forbidden();
  if (party !== companyRoomParty || name.includes(OFFICE_ROOM_SEPARATOR)) return forbidden();
  const ticket = new URL(request.url).searchParams.get("ticket");
  const redeemed = ticket ? await redeemSocketTicket(env, name, ticket) : null;
  // The shard the firm's sessions are on: a browser's cookie names it (no directory read, so a
  // join is as quick as before shards); a native client's socket asks the directory by the firm in its address.
  if (redeemed) routeTo(context, (await requestCredential(request, context))?.shard ?? (await shardOfCompany(env, name)));
  if (!redeemed || !(await isSessionOpen(context, redeemed.owner.sessionId, name))) return forbidden();
  const { owner, room } = redeemed;
  const headers = new Headers(request.headers);
  headers.set(OWNER_HEADER, `${owner.sessionId} ${owner.userId} ${owner.officeId ?? ""}`);
  headers.set("x-partykit-namespace", party);
  headers.set("x-partykit-room", room);
  return env.Company.get(env.Company.idFromName(room)).fetch(new Request(request, { headers }));
}

/**
 * An installation that is missing configuration answers every request with this page and
 * logs why, rather than running with a development fallback.
 */
function notConfigured(reason: string): Response {
  console.error(`[config] ${reason}`);
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Not available · Availability</title></head><body><main><h1>This installation is not configured yet</h1><p>An administrator of the installation has been told why in its log. Please try again later.</p></main></body></html>`;
  return new Response(html, { status: 500, headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" } });
}
