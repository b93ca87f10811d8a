import type { AccessEntry } from "./access-matrix";

/**
 * Time keeping (issue 13). The matrix's companies turn the views and the PM toggle on and let
 * admins hold the report privileges (adminsHaveReportPrivileges), so the reports are the admin
 * area's; the employee holds no privilege flag and hears 403. Every flag combination is proven
 * in tests/workerd/matters-reports.test.ts. Matters are named by number: another company's
 * number is not found (404), like an id.
 */
const ALL = ["employee", "observer", "administrator", "companyAdmin"] as AccessEntry["roles"];
const ADMINS = ["observer", "administrator", "companyAdmin"] as AccessEntry["roles"];
/** The 3E connection holds a secret: company admins only, like the mail server (decision 0134). */
const COMPANY_ADMIN = ["companyAdmin"] as AccessEntry["roles"];

export const matterEntries: AccessEntry[] = [
  {
    file: "api.v2.elite-3e.detailed-report.ts",
    method: "POST",
    path: () => "/api/v2/elite-3e/detailed-report",
    roles: ADMINS,
    body: (ids) => ({ offices: [ids.officeId], groups: [ids.groupId] }),
  },
  {
    file: "api.v2.elite-3e.utilization-report.ts",
    method: "POST",
    path: () => "/api/v2/elite-3e/utilization-report",
    roles: ADMINS,
    body: (ids) => ({ offices: [ids.officeId], groups: [ids.groupId], weeks: 4 }),
  },
  { file: "api.v2.matter.comment.ts", method: "GET", path: () => "/api/v2/matter/comment", roles: ALL },
  {
    file: "api.v2.matter.comment.ts",
    method: "PUT",
    path: () => "/api/v2/matter/comment",
    roles: ALL,
    scoped: true,
    body: (ids) => ({ number: ids.matterNumber, comment: "Matrix comment" }),
  },
  // The employee reads their own (ids.userId is the employee); admins see the detailed view.
  { file: "api.v2.matter.comment.$userId.ts", method: "GET", path: (ids) => `/api/v2/matter/comment/${ids.userId}`, roles: ALL, scoped: true },
  {
    file: "api.v2.matter.manager.ts",
    method: "PUT",
    path: () => "/api/v2/matter/manager",
    roles: ALL,
    scoped: true,
    body: (ids) => ({ matterNumber: ids.matterNumber, value: true, userId: ids.userId }),
  },

  { file: "api.v2.company.elite-3e.ts", method: "GET", path: () => "/api/v2/company/elite-3e", roles: COMPANY_ADMIN },
  {
    file: "api.v2.company.elite-3e.ts",
    method: "PUT",
    path: () => "/api/v2/company/elite-3e",
    roles: COMPANY_ADMIN,
    body: () => ({ endpoint: "https://3e.example.com/TE_3E", clientId: "matrix", clientSecret: "matrix-secret" }),
  },
  {
    file: "api.v2.matter.confidential.ts",
    method: "PUT",
    path: () => "/api/v2/matter/confidential",
    roles: COMPANY_ADMIN,
    scoped: true,
    body: (ids) => ({ matterNumber: ids.matterNumber, value: false }),
  },
];
