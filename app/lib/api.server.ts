import { json } from "@remix-run/cloudflare";
import type { z } from "zod";
import { ConflictError, DomainError, TooManyRequestsError, ValidationError } from "~/domain/errors";
import { validate } from "~/domain/validation";

/** Reads a JSON body and validates it; bad JSON and bad fields become 400s, never 500s. */
export async function parseJson<S extends z.ZodType>(request: Request, schema: S, entityType = "InputErrors"): Promise<z.infer<S>> {
  let body: unknown;
  try {
    const text = await request.text();
    body = text.trim() === "" ? {} : JSON.parse(text);
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
  console.error(error);
  return json({ message: "Something went wrong" }, { status: 500 });
}

/** Wraps an /api/v2 handler so every thrown error leaves as the contract's JSON shape. */
export function apiRoute<A>(handler: (args: A) => Promise<Response>) {
  return async (args: A): Promise<Response> => {
    try {
      return await handler(args);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

export function methodNotAllowed(): Response {
  return json({ message: "Method not allowed" }, { status: 405 });
}

type Method = "POST" | "PUT" | "PATCH" | "DELETE";

/** One route file, several write methods: each handler gets the request, others get 405. */
export function apiAction<A extends { request: Request }>(handlers: Partial<Record<Method, (args: A) => Promise<Response>>>) {
  return apiRoute(async (args: A) => {
    const handler = handlers[args.request.method.toUpperCase() as Method];
    return handler ? handler(args) : methodNotAllowed();
  });
}

/** The client's realtime session id: the body's `sessionId` or the `?sessionId=` query. */
export function querySessionId(request: Request): string | null {
  return new URL(request.url).searchParams.get("sessionId");
}
