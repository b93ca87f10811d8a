import type { companies, forecasts, groups, offices, users } from "./schema";
import { newId } from "../lib/ids";

/**
 * Row builders shared by the seed script and the tests: plain objects with sensible
 * defaults, written to the database by whoever calls them.
 */
type Insert<T extends { $inferInsert: unknown }> = T["$inferInsert"];

export function companyRow(overrides: Partial<Insert<typeof companies>> = {}): Insert<typeof companies> & { id: string } {
  return { id: newId(), name: "Test Firm", settings: "{}", ...overrides } as Insert<typeof companies> & { id: string };
}

export function groupRow(companyId: string, overrides: Partial<Insert<typeof groups>> = {}): Insert<typeof groups> & { id: string } {
  return { id: newId(), companyId, name: "Group", ssoIdentifiers: [], ...overrides } as Insert<typeof groups> & { id: string };
}

export function officeRow(
  companyId: string,
  groupId: string,
  overrides: Partial<Insert<typeof offices>> = {},
): Insert<typeof offices> & { id: string } {
  return { id: newId(), companyId, groupId, name: "Office", ...overrides } as Insert<typeof offices> & { id: string };
}

export type SeedRole = "employee" | "observer" | "administrator" | "companyAdmin" | "invited";

export function userRow(
  companyId: string,
  role: SeedRole,
  overrides: Partial<Insert<typeof users>> = {},
): Insert<typeof users> & { id: string; email: string } {
  const id = overrides.id ?? newId();
  return {
    id,
    companyId,
    email: `${role.toLowerCase()}-${id}@example.test`,
    name: `${role[0].toUpperCase()}${role.slice(1)} ${id.slice(-4)}`,
    title: role === "employee" ? "Associate" : "",
    completed: role !== "invited",
    companyAdmin: role === "companyAdmin",
    admin: role === "observer",
    administratorPriviliges: role === "administrator",
    ...overrides,
  } as Insert<typeof users> & { id: string; email: string };
}

export function forecastRow(
  companyId: string,
  userId: string,
  overrides: Partial<Insert<typeof forecasts>> & Pick<Insert<typeof forecasts>, "startDate">,
): Insert<typeof forecasts> & { id: string } {
  return { id: newId(), companyId, userId, endDate: overrides.startDate, status: "away", comment: null, ...overrides } as Insert<typeof forecasts> & {
    id: string;
  };
}
