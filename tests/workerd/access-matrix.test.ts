import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "~/auth/permissions";
import { accessMatrix, ALL_ROLES, notEndpoints, type CompanyIds } from "./access-matrix";
import { api, createCompany, tokenFor } from "./helpers";

const routeFiles = Object.keys(import.meta.glob("/app/routes/api.v2.*.{ts,tsx}")).map((path) => path.split("/").pop()!);

interface Tenant {
  ids: CompanyIds;
  tokens: Record<Role, string>;
}

async function tenant(name: string): Promise<Tenant> {
  const { createUser, group, office } = await createCompany(name);
  const tokens = {} as Record<Role, string>;
  let employeeId = "";
  for (const role of ALL_ROLES) {
    const user = await createUser(role === "observer" ? "observer" : role);
    if (role === "employee") employeeId = user.id;
    tokens[role] = await tokenFor(user.email);
  }
  return { ids: { userId: employeeId, groupId: group.id, officeId: office.id }, tokens };
}

let own: Tenant;
let other: Tenant;

beforeAll(async () => {
  own = await tenant("Own Firm");
  other = await tenant("Other Firm");
});

function call(entry: (typeof accessMatrix)[number], ids: CompanyIds, token?: string) {
  return api(entry.path(ids), { method: entry.method, token, json: entry.body ? entry.body(ids) : entry.method === "GET" ? undefined : {} });
}

describe("access matrix", () => {
  it("lists every /api/v2 route file, and only existing ones", () => {
    const listed = new Set(accessMatrix.map((entry) => entry.file));
    const unlisted = routeFiles.filter((file) => !listed.has(file) && !notEndpoints.has(file));
    expect(unlisted, "route files missing from tests/workerd/access-matrix.ts").toEqual([]);
    const missing = [...listed].filter((file) => !routeFiles.includes(file));
    expect(missing, "matrix entries without a route file").toEqual([]);
  });

  for (const entry of accessMatrix) {
    const label = `${entry.method} ${entry.path({ userId: ":userId", groupId: ":groupId", officeId: ":officeId" })}`;
    describe(label, () => {
      if (entry.roles === "public") {
        it("is reachable signed-out and never answers 401/500 for well-formed input", async () => {
          const response = await call(entry, own.ids);
          expect(response.status).toBeLessThan(500);
        });
        return;
      }
      const allowed = entry.roles;

      it("answers 401 JSON without credentials", async () => {
        const response = await call(entry, own.ids);
        expect(response.status).toBe(401);
        expect(await response.json()).toHaveProperty("message");
      });

      for (const role of ALL_ROLES) {
        if (allowed.includes(role)) {
          it(`lets ${role} in`, async () => {
            const response = await call(entry, own.ids, own.tokens[role]);
            expect([401, 403, 404]).not.toContain(response.status);
            expect(response.status).toBeLessThan(500);
          });
        } else {
          it(`answers 403 to ${role}`, async () => {
            const response = await call(entry, own.ids, own.tokens[role]);
            expect(response.status).toBe(403);
          });
        }
      }

      if (entry.scoped) {
        it("answers 404 for ids of another company", async () => {
          for (const role of allowed) {
            const response = await call(entry, other.ids, own.tokens[role]);
            expect(response.status, role).toBe(404);
          }
        });
      }
    });
  }
});
