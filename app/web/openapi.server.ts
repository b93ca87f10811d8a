import { z } from "zod";
import { CLIENT_TAB_HEADER } from "~/realtime/client-session";
import { API_METHODS, type Endpoint, type Endpoints } from "~/web/api.server";

/**
 * The OpenAPI 3.1 document of /api/v2, made from the same declarations the routes run on
 * (defineApiRoute): methods, who may call, path parameters, query and body schemas (zod 4's
 * JSON Schema, draft 2020-12, which OpenAPI 3.1 uses as is). The iOS and Teams clients and
 * a firm's integration generate their clients from it.
 */

/** "api.v2.users.$id.admin" (a Remix route file name without extension) → "/api/v2/users/{id}/admin". */
export function routePath(file: string): string {
  const name = file.replace(/\.tsx?$/, "").replaceAll("[.]", "\u0000");
  return `/${name
    .split(".")
    .map((segment) => (segment.startsWith("$") ? `{${segment.slice(1)}}` : segment))
    .join("/")
    .replaceAll("\u0000", ".")}`;
}

function jsonSchema(schema: z.ZodType): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return rest;
}

const errorResponse = (description: string) => ({ description, content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } } });

/**
 * Read-your-writes on read replicas (decision 0315): every answer names the database position
 * the request saw; a client that sends it back on its next GET reads from a copy at least as new.
 */
const BOOKMARK_DESCRIPTION =
  "Opaque (`{shard}:{D1 bookmark}`). Every answer carries the position of the database the request saw; send the last one you got back on a GET to read your own writes from a nearby read replica. Without it a GET with a bearer token reads from the primary. A damaged or outdated value is ignored (the primary answers).";
const bookmarkParameter = {
  name: "Availability-Bookmark",
  in: "header",
  required: false,
  schema: { type: "string" },
  description: BOOKMARK_DESCRIPTION,
};
const bookmarkHeader = { "Availability-Bookmark": { $ref: "#/components/headers/AvailabilityBookmark" } };
/** The client a write came from (decision 0320): the events it publishes name it, so that client skips its own echo. */
const tabParameter = {
  name: CLIENT_TAB_HEADER,
  in: "header",
  required: false,
  schema: { type: "string", pattern: "^[A-Za-z0-9_-]{1,64}$" },
  description:
    "Names the client making the change (a browser tab, an app window). The realtime events the write publishes carry it as `sessionId`, so the client can ignore the echo of its own change. A `sessionId` in the body or query wins; another value is ignored.",
};

function operation(path: string, method: string, e: Endpoint<z.ZodType | undefined, z.ZodType | undefined>) {
  const pathParams = [...path.matchAll(/\{([^}]+)\}/g)].map(([, name]) => ({ name, in: "path", required: true, schema: { type: "string" } }));
  const queryParams: object[] = [];
  if (e.query) {
    const schema = jsonSchema(e.query) as { properties?: Record<string, object>; required?: string[] };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      queryParams.push({ name, in: "query", required: schema.required?.includes(name) ?? false, schema: property });
    }
  }
  const responses: Record<string, object> = {
    [String(e.status ?? 200)]: { description: "Success", content: { "application/json": { schema: {} } } },
    "400": { description: "Invalid input", content: { "application/json": { schema: { $ref: "#/components/schemas/InputErrors" } } } },
    "404": errorResponse("Not found in the caller's company"),
    "405": errorResponse("Method not allowed"),
    "429": errorResponse("Too many requests"),
  };
  if (e.auth !== "public") {
    responses["401"] = errorResponse("Missing or invalid credentials");
    responses["403"] = errorResponse("The caller's role may not do this");
  }
  if (e.body) responses["415"] = errorResponse("The body is not application/json");
  const op: Record<string, unknown> = {
    operationId: `${method}${path.replace(/^\/api\/v2/, "").replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ""))}`,
    summary: e.summary,
    tags: [path.split("/")[3]],
    parameters: [...pathParams, ...queryParams, bookmarkParameter, ...(method === "get" ? [] : [tabParameter])],
    responses: Object.fromEntries(Object.entries(responses).map(([status, response]) => [status, { ...response, headers: bookmarkHeader }])),
  };
  if (e.auth === "public") op.security = [];
  if (e.body) op.requestBody = { required: true, content: { "application/json": { schema: jsonSchema(e.body) } } };
  if (e.rawBody) {
    op.requestBody = { required: true, description: e.rawBody.description, content: { [e.rawBody.contentType]: { schema: { type: "object" } } } };
  }
  return op;
}

export function buildOpenApiDocument(routes: Record<string, { endpoints: Endpoints }>, serverUrl: string) {
  const paths: Record<string, Record<string, object>> = {};
  for (const [file, module] of Object.entries(routes).sort(([a], [b]) => a.localeCompare(b))) {
    const path = routePath(file);
    const item: Record<string, object> = {};
    for (const method of API_METHODS) {
      const e = module.endpoints[method];
      if (e) item[method.toLowerCase()] = operation(path, method.toLowerCase(), e);
    }
    paths[path] = item;
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Availability API",
      version: "2",
      description: "Company-scoped: every call acts within the signed-in person's company; ids of another company answer 404.",
    },
    servers: [{ url: serverUrl }],
    security: [{ bearerAuth: [] }, { sessionCookie: [] }],
    paths,
    components: {
      headers: { AvailabilityBookmark: { description: BOOKMARK_DESCRIPTION, schema: { type: "string" } } },
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT", description: "The token from POST /api/v2/account/login." },
        sessionCookie: {
          type: "apiKey",
          in: "cookie",
          name: "__Host-session",
          description: "The browser session (`__session` on a development server).",
        },
      },
      schemas: {
        Error: { type: "object", properties: { message: { type: "string" } }, required: ["message"] },
        InputErrors: {
          type: "object",
          properties: {
            entityType: { type: "string" },
            message: { type: "string" },
            errors: { type: "object", additionalProperties: { type: "string" }, description: "Field name to its message." },
          },
          required: ["entityType", "message", "errors"],
        },
      },
    },
  };
}
