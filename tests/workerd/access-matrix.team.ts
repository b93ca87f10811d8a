import type { AccessEntry } from "./access-matrix";

/**
 * Team views: the users filter behind the overview. Every member may call it; the body's
 * ids of another company match nobody rather than answering 404 (tests/workerd/overview.test.ts
 * proves that), so these entries are not `scoped`.
 */
const ALL = ["employee", "observer", "administrator", "companyAdmin"] as AccessEntry["roles"];

export const teamEntries: AccessEntry[] = [
  {
    file: "api.v2.users.filtered.ts",
    method: "POST",
    path: () => "/api/v2/users/filtered",
    roles: ALL,
    body: (ids) => ({ offices: [ids.officeId], groups: [ids.groupId], term: "" }),
  },
  {
    file: "api.v2.users.filteredIds.ts",
    method: "POST",
    path: () => "/api/v2/users/filteredIds",
    roles: ALL,
    body: (ids) => ({ offices: [ids.officeId], groups: ["all"] }),
  },
  {
    file: "api.v2.users.staffing.ts",
    method: "POST",
    path: () => "/api/v2/users/staffing",
    roles: ALL,
    body: (ids) => ({ offices: [ids.officeId], startDate: "2030-01-07", endDate: "2030-01-18" }),
  },
];
