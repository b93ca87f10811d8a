import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { firmHeldResponse, isFirmHeldError } from "~/lib/firm-held";
import type { z } from "zod";
import type { RoleFlags } from "~/auth/permissions";
import type { BatchItem, BatchResponse } from "drizzle-orm/batch";
import { requireApiUser, rideSession, type SessionRider } from "~/auth/session.server";
import type { Actor } from "~/auth/actor.types";
import { domainCtx, type DomainContext } from "~/domain/context";
import { ConflictError, DomainError, ForbiddenError, TooManyRequestsError, ValidationError } from "~/domain/errors";
import { validate } from "~/domain/validation";
import type { LoadContext } from "~/env";
import { constraintConflict } from "~/db/constraint-errors";

class UnsupportedMediaTypeError extends DomainError {
  constructor() {
    super("Send the body as application/json.", 415);
  }
}

/**
 * Reads a JSON body and validates it; bad JSON and bad fields become 400s, a body of another
 * type 415, never 500s. An empty body reads as `{}`.
 */
export async function parseJson<S extends z.ZodType>(request: Request, schema: S, entityType = "InputErrors"): Promise<z.infer<S>> {
  const text = await request.text();
  if (text.trim() === "") return validate(schema, {}, entityType);
  const type = (request.headers.get("Content-Type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/json") throw new UnsupportedMediaTypeError();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ValidationError(entityType, {}, "The request body is not valid JSON.");
  }
  return validate(schema, body, entityType);
}

export function errorResponse(error: unknown): Response {
  if (error instanceof Response) return error;
  if (error instanceof ValidationError) {
    return json({ entityType: error.entityType, message: error.message, errors: error.errors }, { status: error.status });
  }
  if (error instanceof ConflictError && error.data !== undefined) {
    return json(error.data, { status: 409 });
  }
  if (error instanceof TooManyRequestsError) {
    return json({ message: error.message }, { status: 429, headers: { "Retry-After": String(error.retryAfterSeconds) } });
  }
  if (error instanceof DomainError) {
    return json({ message: error.message }, { status: error.status });
  }
  if (isFirmHeldError(error)) return firmHeldResponse();
  const conflict = constraintConflict(error);
  if (conflict) return json({ message: conflict.message }, { status: 409 });
  console.error(error);
  return json({ message: "Something went wrong" }, { status: 500 });
}

/** Wraps a handler so every thrown error leaves as the contract's JSON shape (resource routes use it too). */
export function apiRoute<A>(handler: (args: A) => Promise<Response>) {
  return async (args: A): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

export const API_METHODS = ["GET", "POST", "PUT", "DELETE"] as const;
export type ApiMethod = (typeof API_METHODS)[number];

export interface EndpointArgs<B, Q, R extends readonly BatchItem<"sqlite">[] = []> {
  request: Request;
  params: LoaderFunctionArgs["params"];
  context: LoadContext;
  /** The signed-in caller (absent on public endpoints). */
  actor: Actor;
  /** The domain context for the caller, with the client's realtime session id when it sent one. */
  ctx: DomainContext;
  body: B;
  query: Q;
  /** The rows of `rides`, read in the session lookup's batch. */
  ridden: BatchResponse<R>;
}

export interface Endpoint<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  R extends readonly BatchItem<"sqlite">[] = [],
> {
  /** One line for the OpenAPI document. */
  summary: string;
  /** "public": no credentials needed (sign-in, password reset, invites). Default: signed in. */
  auth?: "public" | "user";
  /** Who may call it, checked before the body is read: a forbidden caller hears 403, whatever it sent. */
  can?: (user: RoleFlags) => boolean;
  /**
   * A check that needs the database (the target row exists in the caller's company, the
   * caller may act on it), also run before the body is read.
   */
  authorize?: (args: { actor: Actor; params: LoaderFunctionArgs["params"]; ctx: DomainContext }) => Promise<unknown>;
  /** The JSON body, validated: field errors answer 400 with `entityType`. */
  body?: B;
  /** The query string, validated like the body. */
  query?: Q;
  /** `entityType` of the 400 answer (the contract's per-route name). */
  entity?: string;
  /** The request body is not JSON (multipart uploads): described here for the OpenAPI document, read by `run`. */
  rawBody?: { contentType: string; description: string };
  /** Status of a successful answer (default 200). */
  status?: number;
  /** Reads that ride with the session lookup (one D1 round trip for both); `run` gets their rows as `ridden`. */
  rides?: SessionRider<R>;
  run: (args: EndpointArgs<B extends z.ZodType ? z.infer<B> : undefined, Q extends z.ZodType ? z.infer<Q> : undefined, R>) => Promise<unknown>;
}

/** Declares one endpoint; a function only so TypeScript infers `body` and `query` for `run`. */
export function endpoint<
  B extends z.ZodType | undefined = undefined,
  Q extends z.ZodType | undefined = undefined,
  R extends readonly BatchItem<"sqlite">[] = [],
>(e: Endpoint<B, Q, R>): Endpoint<B, Q, R> {
  return e;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Endpoints = Partial<Record<ApiMethod, Endpoint<any, any, any>>>;

/**
 * The one way to write an /api/v2 route: its methods, each with its permission and input
 * schemas. 405 (with Allow), 401, 403 (before the body is read), 415 (a body that is not
 * JSON) and 400 (field errors) come from here; `run` gets validated input and returns the
 * answer's JSON (or a Response). The same declarations make the OpenAPI document.
 */
export function defineApiRoute(endpoints: Endpoints) {
  const allow = API_METHODS.filter((m) => endpoints[m]).join(", ");
  const handle = async ({
    request,
    params,
    context,
  }: {
    request: Request;
    params: LoaderFunctionArgs["params"];
    context: LoadContext;
  }): Promise<Response> => {
    const method = (request.method === "HEAD" ? "GET" : request.method.toUpperCase()) as ApiMethod;
    const e = endpoints[method];
    if (!e) return json({ message: "Method not allowed" }, { status: 405, headers: { Allow: allow } });
    try {
      // Registered before the lookup starts, so the rows come in the session's own batch.
      const ridden = e.rides && e.auth !== "public" ? rideSession(request, context, e.rides) : null;
      const actor = e.auth === "public" ? null : await requireApiUser(request, context);
      if (actor && e.can && !e.can(actor.user)) throw new ForbiddenError();
      const url = new URL(request.url);
      const ctx = actor ? domainCtx(context, actor, url.searchParams.get("sessionId")) : (undefined as never);
      if (actor && e.authorize) await e.authorize({ actor, params, ctx });
      const body: unknown = e.body ? await parseJson(request, e.body, e.entity) : undefined;
      const sessionId = (body as { sessionId?: unknown } | undefined)?.sessionId;
      if (ctx && typeof sessionId === "string") ctx.clientSessionId = sessionId;
      const query = e.query ? validate(e.query, Object.fromEntries(url.searchParams), e.entity ?? "InputErrors") : undefined;
      const rows = ridden ? await ridden : [];
      const result = await e.run({
        request,
        params,
        context,
        actor: actor as Actor,
        ctx,
        body: body as never,
        query: query as never,
        ridden: rows as never,
      });
      if (result instanceof Response) return result;
      return json(result ?? null, { status: e.status ?? 200 });
    } catch (error) {
      return errorResponse(error);
    }
  };
  return { loader: handle, action: handle, endpoints };
}
