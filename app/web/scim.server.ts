import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { ScimError, scimCompany, type ScimContext } from "~/domain/identity/scim/scim.server";
import type { LoadContext } from "~/env";
import { publicCtx, systemCtx } from "~/domain/context";
import { contextOfCarried } from "~/domain/installation/pre-sign-in.server";
import { currentShardOf, routedContext } from "~/db/routing.server";
import { FIRM_HELD_HEADER, FIRM_HELD_MESSAGE, FIRM_HELD_RETRY_SECONDS, isFirmHeldError } from "~/lib/firm-held";

/**
 * The one way to write a /scim/v2 route (RFC 7644): the bearer token names the company,
 * bodies are JSON (application/scim+json or application/json), every error leaves in the
 * SCIM error shape with its status, never a 500 for bad input.
 */
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
type Handler = (args: {
  s: ScimContext;
  params: LoaderFunctionArgs["params"];
  body: Record<string, unknown>;
  query: URLSearchParams;
}) => Promise<unknown>;

const SCIM_JSON = "application/scim+json";

export function scimJson(data: unknown, status = 200) {
  return new Response(data === null ? null : JSON.stringify(data), {
    status,
    headers: data === null ? {} : { "Content-Type": `${SCIM_JSON}; charset=utf-8` },
  });
}

async function readBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === "") return {};
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== SCIM_JSON && type !== "application/json") throw new ScimError(415, "Send the body as application/scim+json.");
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ScimError(400, "The request body is not valid JSON.", "invalidSyntax");
  }
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new ScimError(400, "The request body must be a JSON object.", "invalidSyntax");
  return body as Record<string, unknown>;
}

/** A write while the firm is held for a move's switch (decision 0314): 503 with Retry-After, as every other write gets, in SCIM's error shape. */
function firmHeld() {
  const response = scimJson(new ScimError(503, FIRM_HELD_MESSAGE).body(), 503);
  response.headers.set("Retry-After", String(FIRM_HELD_RETRY_SECONDS));
  response.headers.set(FIRM_HELD_HEADER, "1");
  response.headers.set("Cache-Control", "no-store");
  return response;
}

export function defineScimRoute(handlers: Partial<Record<Method, { status?: number; run: Handler }>>) {
  const allow = Object.keys(handlers).join(", ");
  const handle = async ({ request, params, context }: { request: Request; params: LoaderFunctionArgs["params"]; context: LoadContext }) => {
    const method = (request.method === "HEAD" ? "GET" : request.method.toUpperCase()) as Method;
    const handler = handlers[method];
    try {
      if (!handler) {
        const error = new ScimError(405, "Method not allowed").body();
        return new Response(JSON.stringify(error), { status: 405, headers: { Allow: allow, "Content-Type": SCIM_JSON } });
      }
      const now = new Date();
      const authorization = request.headers.get("Authorization");
      let firm = await contextOfCarried(context, "scim", /^Bearer\s+(\S+)$/i.exec(authorization?.trim() ?? "")?.[1] ?? "");
      let { companyId, fence } = await scimCompany(publicCtx(firm, now), authorization);
      // The firm is moving (decision 0314): arriving or gone here, the directory says where it
      // lives now (this isolate may have cached the shard it left); held for the switch, its
      // writes wait — unless the switch has happened since. Reads go on during a hold.
      const writes = method !== "GET";
      if (fence === "incoming" || fence === "gone" || (fence === "held" && writes)) {
        const shard = await currentShardOf(firm, companyId);
        if (shard !== (firm.shard ?? 0)) {
          firm = routedContext(context, shard);
          ({ companyId, fence } = await scimCompany(publicCtx(firm, now), authorization));
        }
        if (fence === "held" && writes) return firmHeld();
      }
      const url = new URL(request.url);
      const body = method === "GET" || method === "DELETE" ? {} : await readBody(request);
      const s = { ...(await systemCtx(firm, companyId, "scim", now)), baseUrl: url.origin };
      const result = await handler.run({ s, params, body, query: url.searchParams });
      return scimJson(result ?? null, handler.status ?? (result === undefined ? 204 : 200));
    } catch (error) {
      if (error instanceof ScimError) return scimJson(error.body(), error.status);
      // A write that raced the start of a hold, refused by the shard's fence trigger.
      if (isFirmHeldError(error)) return firmHeld();
      console.error(error);
      return scimJson(new ScimError(500, "Something went wrong").body(), 500);
    }
  };
  return { loader: handle, action: handle };
}
