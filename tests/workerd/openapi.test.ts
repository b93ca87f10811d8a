import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { routePath } from "~/web/openapi.server";
import { BASE } from "./helpers";

// The projects summary download lives outside /api/v2 by the contract but is documented with it.
const routeFiles = Object.keys(import.meta.glob(["/app/routes/api.v2.*.{ts,tsx}", "/app/routes/api.projectsSummary.*.ts"]))
  .map((path) => path.split("/").pop()!)
  .filter((file) => file !== "api.v2.$.ts");

interface Operation {
  summary: string;
  security?: unknown[];
  parameters: { name: string; in: string }[];
  responses: Record<string, { headers?: Record<string, unknown> }>;
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
}
type Document = {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { headers: Record<string, { description: string }> };
};

async function document(): Promise<Document> {
  const response = await SELF.fetch(`${BASE}/api/v2/openapi.json`);
  expect(response.status).toBe(200);
  return (await response.json()) as Document;
}

describe("the OpenAPI document", () => {
  it("turns route file names into OpenAPI paths", () => {
    expect(routePath("api.v2.users.$id.admin.ts")).toBe("/api/v2/users/{id}/admin");
    expect(routePath("api.v2.workload-history.$scope.$id.$days.ts")).toBe("/api/v2/workload-history/{scope}/{id}/{days}");
    expect(routePath("api.v2.openapi[.]json.ts")).toBe("/api/v2/openapi.json");
    expect(routePath("api.v2.users.filteredIds.ts")).toBe("/api/v2/users/filteredIds");
  });

  it("is OpenAPI 3.1 and lists every /api/v2 route file", async () => {
    const doc = await document();
    expect(doc.openapi).toBe("3.1.0");
    const missing = routeFiles.map(routePath).filter((path) => !doc.paths[path]);
    expect(missing, "route files missing from app/routes/api.v2.openapi[.]json.ts").toEqual([]);
    expect(Object.keys(doc.paths).length).toBe(routeFiles.length);
  });

  it("gives every write its JSON request schema and every path parameter", async () => {
    const doc = await document();
    const login = doc.paths["/api/v2/account/login"].post;
    expect(login.security).toEqual([]);
    const schema = login.requestBody!.content["application/json"].schema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(expect.arrayContaining(["email", "password"]));
    const move = doc.paths["/api/v2/users/{id}/move"].put;
    expect(move.parameters).toContainEqual(expect.objectContaining({ name: "id", in: "path" }));
    expect(move.requestBody!.content["application/json"].schema).toHaveProperty("properties.office");
    expect(doc.paths["/api/v2/forecast"].get.parameters.map((p) => p.name)).toEqual(["from", "to", "Availability-Bookmark"]);
    expect(doc.paths["/api/v2/users/{id}/profile-picture"].post.requestBody!.content).toHaveProperty(["multipart/form-data"]);
    // PUT /users/{id} takes one schema for every caller: all of userUpdateParams (decision 0239).
    const update = doc.paths["/api/v2/users/{id}"].put.requestBody!.content["application/json"].schema as { properties: Record<string, unknown> };
    expect(Object.keys(update.properties)).toEqual(
      expect.arrayContaining([
        "name",
        "email",
        "title",
        "admin",
        "observer",
        "utilizationViewOthersPriviliges",
        "detailedViewPriviliges",
        "detailedViewHoursPriviliges",
        "workloadForecastDate",
      ]),
    );
  });

  it("describes the Availability-Bookmark header on every operation, sent and answered (decision 0315)", async () => {
    const doc = await document();
    expect(doc.components.headers.AvailabilityBookmark.description).toMatch(/read your own writes/);
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item)) {
        expect(op.parameters, `${method} ${path}`).toContainEqual(expect.objectContaining({ name: "Availability-Bookmark", in: "header" }));
        for (const [status, response] of Object.entries(op.responses))
          expect(response.headers, `${method} ${path} ${status}`).toHaveProperty(["Availability-Bookmark"]);
      }
  });

  it("describes the Availability-Tab header on every write and on no read (decision 0320)", async () => {
    const doc = await document();
    for (const [path, item] of Object.entries(doc.paths))
      for (const [method, op] of Object.entries(item))
        expect(
          op.parameters.some((p) => p.name === "Availability-Tab" && p.in === "header"),
          `${method} ${path}`,
        ).toBe(method !== "get");
  });

  it("lists exactly the methods each route answers", async () => {
    const doc = await document();
    for (const [path, item] of Object.entries(doc.paths)) {
      const url = `${BASE}${path.replace(/\{[^}]+\}/g, "x")}`;
      for (const method of ["get", "post", "put", "delete"]) {
        const response = await SELF.fetch(url, { method: method.toUpperCase() });
        const declared = method in item;
        expect(response.status === 405, `${method.toUpperCase()} ${path}: ${response.status}`).toBe(!declared);
        if (!declared)
          expect(response.headers.get("Allow")).toBe(
            Object.keys(item)
              .map((m) => m.toUpperCase())
              .join(", "),
          );
        if (declared && !item[method].security) expect(response.status, `${method.toUpperCase()} ${path} without credentials`).toBe(401);
      }
    }
  });
});

describe("the API helper", () => {
  it("answers 415 to a body that is not JSON, before reading it", async () => {
    const response = await SELF.fetch(`${BASE}/api/v2/account/login`, {
      method: "POST",
      body: "email=a&password=b",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ message: "Send the body as application/json." });
  });
});
