// First: the CommonJS `require` of Node's built-ins that the bundled SAML library calls.
import { nodeRequire } from "./node-require";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "@remix-run/cloudflare";
import { routePartykitRequest } from "partyserver";
import * as build from "../build/index.js";
import { isSessionOpen } from "~/auth/session.server";
import { createDb } from "~/db/client";
import { isLocalEnv, type Env, type LoadContext } from "~/env";
import { runScheduledWork } from "~/domain/operations/scheduled.server";
import { redeemSocketTicket } from "~/realtime/publish.server";
import { withReader } from "~/web/reader.server";
import { checkRequestShape, crossSiteRefusal, drainBody, isCrossSiteWrite, withSecurityHeaders } from "~/web/request-guard";

import { OWNER_HEADER } from "~/realtime/room.types";

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
    await runScheduledWork({ env, ctx, db: createDb(env.DB) }, new Date(controller.scheduledTime), controller.cron);
  },
} satisfies ExportedHandler<Env>;

async function handle(request: Request, env: Env, ctx: ExecutionContext): Promise<Response> {
  const context: LoadContext = { env, ctx, db: createDb(env.DB) };
  const url = new URL(request.url);
  if (url.pathname.startsWith("/parties/")) {
    const response = await routePartykitRequest(request, env as never, {
      // Only a signed-in member of the company may join its room: from our own pages (or a
      // native client, which sends no Origin), with a single-use ticket of the company's
      // room (POST /api/v2/realtime/ticket) whose session is still open.
      onBeforeConnect: async (req, lobby) => {
        const forbidden = () => new Response("Forbidden", { status: 403 });
        const origin = req.headers.get("Origin");
        if (origin !== null && origin !== new URL(req.url).origin) return forbidden();
        if (lobby.className !== "Company") return forbidden();
        const ticket = new URL(req.url).searchParams.get("ticket");
        const owner = ticket ? await redeemSocketTicket(env, lobby.name, ticket) : null;
        if (!owner || !(await isSessionOpen(context, owner.sessionId, lobby.name))) return forbidden();
        const headers = new Headers(req.headers);
        headers.set(OWNER_HEADER, `${owner.sessionId} ${owner.userId}`);
        return new Request(req, { headers });
      },
      onBeforeRequest: () => new Response("Forbidden", { status: 403 }),
    });
    return response ?? new Response("Not found", { status: 404 });
  }
  return withReader(request, context, () => handleRemixRequest(request, context as unknown as AppLoadContext));
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
