import type { Role } from "~/auth/permissions";

/**
 * Every /api/v2 route file, each method it answers, and the roles allowed to call it.
 * access-matrix.test.ts proves each entry (401 without credentials, 403 for every role
 * not listed, 404 for ids of another company) and fails when a route file is missing here.
 */
export interface CompanyIds {
  userId: string;
  groupId: string;
  officeId: string;
}

export interface AccessEntry {
  /** Route module under app/routes. */
  file: string;
  method: "GET" | "POST" | "PUT" | "DELETE";
  /** Builds the path; `ids` are the target company's, the caller's own in the allow checks. */
  path: (ids: CompanyIds) => string;
  /** "public" routes are reachable signed-out (they check credentials of their own). */
  roles: Role[] | "public";
  /** The path carries ids: calling it with another company's ids must answer 404. */
  scoped?: boolean;
  body?: (ids: CompanyIds) => unknown;
}

export const ALL_ROLES: Role[] = ["employee", "observer", "administrator", "companyAdmin"];
const ADMIN_AREA: Role[] = ["observer", "administrator", "companyAdmin"];

export const accessMatrix: AccessEntry[] = [
  { file: "api.v2.account.login.ts", method: "POST", path: () => "/api/v2/account/login", roles: "public", body: () => ({ email: "x@example.test", password: "x" }) },
  { file: "api.v2.account.token.new.ts", method: "GET", path: () => "/api/v2/account/token/new", roles: ALL_ROLES },
  { file: "api.v2.users.me.ts", method: "GET", path: () => "/api/v2/users/me", roles: ALL_ROLES },
  { file: "api.v2.users.$id.ts", method: "GET", path: (ids) => `/api/v2/users/${ids.userId}`, roles: ALL_ROLES, scoped: true },
  { file: "api.v2.company.ts", method: "GET", path: () => "/api/v2/company", roles: ADMIN_AREA },
];

/** Route files under api.v2 that are not endpoints of their own. */
export const notEndpoints = new Set(["api.v2.$.ts"]);
