import type { AccessEntry } from "./access-matrix";

/**
 * Projects (decision 0100). The matrix's project is in the tenant's group and office with the
 * employee as a member and nobody as manager: everyone sees it; the employee (a member) and
 * those who change the company (administrator, company admin) change it; the Observer, who
 * only looks, hears 403. Deleting is for the manager and administrators, not every member.
 */
const ALL = ["employee", "observer", "administrator", "companyAdmin"] as AccessEntry["roles"];
const EDITORS = ["employee", "administrator", "companyAdmin"] as AccessEntry["roles"];
const DELETERS = ["administrator", "companyAdmin"] as AccessEntry["roles"];

export const projectEntries: AccessEntry[] = [
  { file: "api.v2.project.ts", method: "GET", path: () => "/api/v2/project?all=true", roles: ALL },
  { file: "api.v2.project.ts", method: "POST", path: () => "/api/v2/project", roles: ALL, body: () => ({ name: "Matrix project" }) },
  {
    file: "api.v2.project.filtered.ts",
    method: "POST",
    path: () => "/api/v2/project/filtered",
    roles: ALL,
    body: (ids) => ({ offices: [ids.officeId], groups: [ids.groupId], term: "" }),
  },
  { file: "api.v2.project.$id.ts", method: "GET", path: (ids) => `/api/v2/project/${ids.projectId}`, roles: ALL, scoped: true },
  {
    file: "api.v2.project.$id.ts",
    method: "PUT",
    path: (ids) => `/api/v2/project/${ids.projectId}`,
    roles: EDITORS,
    scoped: true,
    body: () => ({ name: "Matrix project renamed" }),
  },
  { file: "api.v2.project.$id.archive.ts", method: "PUT", path: (ids) => `/api/v2/project/${ids.projectId}/archive`, roles: EDITORS, scoped: true },
  {
    file: "api.v2.project.$id.unarchive.ts",
    method: "PUT",
    path: (ids) => `/api/v2/project/${ids.projectId}/unarchive`,
    roles: EDITORS,
    scoped: true,
  },
  {
    file: "api.v2.project.$id.users.ts",
    method: "POST",
    path: (ids) => `/api/v2/project/${ids.projectId}/users`,
    roles: EDITORS,
    scoped: true,
    body: (ids) => ({ ids: [ids.invitedUserId] }),
  },
  {
    file: "api.v2.project.$id.user.$userId.ts",
    method: "POST",
    path: (ids) => `/api/v2/project/${ids.projectId}/user/${ids.invitedUserId}`,
    roles: EDITORS,
    scoped: true,
  },
  {
    file: "api.v2.project-time-report.$projectId.ts",
    method: "GET",
    path: (ids) => `/api/v2/project-time-report/${ids.projectId}`,
    roles: ALL,
    scoped: true,
  },
  {
    file: "api.v2.project-time-report.$projectId.ts",
    method: "POST",
    path: (ids) => `/api/v2/project-time-report/${ids.projectId}`,
    roles: EDITORS,
    scoped: true,
    body: (ids) => ({ hours: 1.5, date: "2026-03-02", user: ids.userId }),
  },
  {
    file: "api.v2.project-time-report.$projectId.$id.ts",
    method: "PUT",
    path: (ids) => `/api/v2/project-time-report/${ids.projectId}/${ids.timeReportId}`,
    roles: EDITORS,
    scoped: true,
    body: () => ({ hours: 2, date: "2026-03-03" }),
  },
  {
    file: "api.v2.project-time-report.$projectId.$id.ts",
    method: "DELETE",
    path: (ids) => `/api/v2/project-time-report/${ids.deletableProjectId}/${ids.deletableTimeReportId}`,
    roles: EDITORS,
    scoped: true,
  },
  {
    file: "api.v2.project-invoice.$projectId.ts",
    method: "GET",
    path: (ids) => `/api/v2/project-invoice/${ids.projectId}`,
    roles: ALL,
    scoped: true,
  },
  {
    file: "api.v2.project-invoice.$projectId.ts",
    method: "POST",
    path: (ids) => `/api/v2/project-invoice/${ids.projectId}`,
    roles: EDITORS,
    scoped: true,
    body: () => ({ date: "2026-03-02", amount: 1200, vat: 8, currency: "EUR", identification: "INV-1" }),
  },
  {
    file: "api.v2.project-invoice.$projectId.$id.ts",
    method: "PUT",
    path: (ids) => `/api/v2/project-invoice/${ids.projectId}/${ids.invoiceId}`,
    roles: EDITORS,
    scoped: true,
    body: () => ({ date: "2026-03-03", amount: 900 }),
  },
  {
    file: "api.v2.project-invoice.$projectId.$id.ts",
    method: "DELETE",
    path: (ids) => `/api/v2/project-invoice/${ids.deletableProjectId}/${ids.deletableInvoiceId}`,
    roles: EDITORS,
    scoped: true,
  },
  // Last: the entries above still use each role's deletable project and its member.
  {
    file: "api.v2.project.$id.user.$userId.ts",
    method: "DELETE",
    path: (ids) => `/api/v2/project/${ids.deletableProjectId}/user/${ids.userId}`,
    roles: EDITORS,
    scoped: true,
  },
  { file: "api.v2.project.$id.ts", method: "DELETE", path: (ids) => `/api/v2/project/${ids.deletableProjectId}`, roles: DELETERS, scoped: true },
];
