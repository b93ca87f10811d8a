import type { Role } from "~/auth/permissions";
import { accountEntries } from "./access-matrix.accounts";
import { availabilityEntries } from "./access-matrix.availability";
import { matterEntries } from "./access-matrix.matters";
import { competenceEntries } from "./access-matrix.competences";
import { ssoEntries } from "./access-matrix.sso";
import { teamEntries } from "./access-matrix.team";
import { directoryEntries } from "./access-matrix.directory";
import { projectEntries } from "./access-matrix.projects";

/**
 * Every /api/v2 route file, each method it answers, and the roles allowed to call it.
 * access-matrix.test.ts proves each entry (401 without credentials, 403 for every role
 * not listed, 404 for ids of another company) and fails when a route file is missing here.
 */
export interface CompanyIds {
  userId: string;
  groupId: string;
  officeId: string;
  skillLevelId: string;
  projectStageId: string;
  projectCategoryId: string;
  /** Rows made to be deleted: each role calling a DELETE gets its own (see idsFor in the test). */
  deletableGroupId: string;
  deletableOfficeId: string;
  deletableSkillLevelId: string;
  deletableProjectStageId: string;
  deletableProjectCategoryId: string;
  /** A forecast and a vacation of the employee (userId). */
  forecastId: string;
  vacationId: string;
  deletableForecastId: string;
  deletableVacationId: string;
  /** An invited (not completed) person in the tenant's group and office. */
  invitedUserId: string;
  /** People made to be deleted, one per role (DELETE /users/{id}). */
  deletableUserId: string;
  /** A push token of the caller (each role deletes its own). */
  deletableNotificationTokenId: string;
  /** A Web Push subscription of the caller (each role deletes its own). */
  deletableWebPushSubscriptionId: string;
  /** A matter of the company, by its number (the matter calls name matters by number). */
  matterNumber: string;
  /** A competence of the company, a skill of the employee (userId) in another one, and one of each per role to delete. */
  competenceId: string;
  skillId: string;
  deletableCompetenceId: string;
  deletableSkillId: string;
  /** A project in the tenant's group and office, the employee a member (decision 0100), with hours and an invoice. */
  projectId: string;
  timeReportId: string;
  invoiceId: string;
  /** One project (with the employee as member), one time report and one invoice per role to delete. */
  deletableProjectId: string;
  deletableTimeReportId: string;
  deletableInvoiceId: string;
  /** A SCIM token of the company (only company admins revoke it). */
  scimTokenId: string;
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
  /** The call ends the caller's session (token renewal rotates it): it is made with a fresh one. */
  endsSession?: boolean;
  /** The installation operator's calls: every company role hears 404, as if they did not exist (roles stays empty). */
  operatorOnly?: boolean;
  /** What sets this entry apart from another of the same method and path (a field with a rule of its own). */
  note?: string;
  /** An allowed role's call must be done (2xx), not merely let past the role check (a 400 would be let in too). */
  succeeds?: boolean;
}

export const ALL_ROLES: Role[] = ["employee", "observer", "administrator", "companyAdmin"];
const ADMIN_AREA: Role[] = ["observer", "administrator", "companyAdmin"];
/** Who changes the company and its catalog (isManager): not the Observer. */
const CATALOG_MANAGERS: Role[] = ["administrator", "companyAdmin"];

export const accessMatrix: AccessEntry[] = [
  {
    file: "api.v2.account.login.ts",
    method: "POST",
    path: () => "/api/v2/account/login",
    roles: "public",
    body: () => ({ email: "x@example.test", password: "x" }),
  },
  {
    file: "api.v2.account.login.second-factor.ts",
    method: "POST",
    path: () => "/api/v2/account/login/second-factor",
    roles: "public",
    body: () => ({ challenge: "not-a-challenge", code: "123456" }),
  },
  { file: "api.v2.account.token.new.ts", method: "POST", path: () => "/api/v2/account/token/new", roles: ALL_ROLES, endsSession: true },
  { file: "api.v2.account.handoff.ts", method: "POST", path: () => "/api/v2/account/handoff", roles: ALL_ROLES },
  { file: "api.v2.realtime.ticket.ts", method: "POST", path: () => "/api/v2/realtime/ticket", roles: ALL_ROLES },
  { file: "api.v2.users.me.ts", method: "GET", path: () => "/api/v2/users/me", roles: ALL_ROLES },
  { file: "api.v2.users.$id.ts", method: "GET", path: (ids) => `/api/v2/users/${ids.userId}`, roles: ALL_ROLES, scoped: true },
  { file: "api.v2.company.ts", method: "GET", path: () => "/api/v2/company", roles: ADMIN_AREA },
  { file: "api.v2.company.ts", method: "PUT", path: () => "/api/v2/company", roles: CATALOG_MANAGERS, body: () => ({ name: "Own Firm" }) },
  // The history retention (decision 0308): company admins only, also for the administrators PUT
  // /company otherwise lets in. "Own Firm" keeps history for ever (access-matrix.test.ts), so
  // 24 months is shorter and goes through the step-up (decision 0276): within the window of the
  // company admin's fresh sign-in; its refusal outside it is in history-retention.test.ts.
  {
    file: "api.v2.company.ts",
    method: "PUT",
    path: () => "/api/v2/company",
    roles: ["companyAdmin"],
    body: () => ({ name: "Own Firm", historyRetentionMonths: 24 }),
    note: "historyRetentionMonths",
    succeeds: true,
  },
  { file: "api.v2.group.ts", method: "GET", path: () => "/api/v2/group", roles: ALL_ROLES },
  {
    file: "api.v2.group.ts",
    method: "POST",
    path: () => "/api/v2/group",
    roles: CATALOG_MANAGERS,
    body: () => ({ name: "Matrix group", ssoIdentifiers: ["Matrix"] }),
  },
  { file: "api.v2.group.$id.ts", method: "GET", path: (ids) => `/api/v2/group/${ids.userId}`, roles: ALL_ROLES, scoped: true },
  {
    file: "api.v2.group.$id.ts",
    method: "PUT",
    path: (ids) => `/api/v2/group/${ids.groupId}`,
    roles: CATALOG_MANAGERS,
    scoped: true,
    body: () => ({ name: "Matrix group renamed" }),
  },
  { file: "api.v2.group.$id.ts", method: "DELETE", path: (ids) => `/api/v2/group/${ids.deletableGroupId}`, roles: CATALOG_MANAGERS, scoped: true },
  { file: "api.v2.office.ts", method: "GET", path: () => "/api/v2/office", roles: ALL_ROLES },
  {
    file: "api.v2.office.ts",
    method: "POST",
    path: () => "/api/v2/office",
    roles: CATALOG_MANAGERS,
    scoped: true,
    body: (ids) => ({ name: "Matrix office", group: ids.groupId }),
  },
  { file: "api.v2.office.$id.ts", method: "GET", path: (ids) => `/api/v2/office/${ids.userId}`, roles: ALL_ROLES, scoped: true },
  {
    file: "api.v2.office.$id.ts",
    method: "PUT",
    path: (ids) => `/api/v2/office/${ids.officeId}`,
    roles: CATALOG_MANAGERS,
    scoped: true,
    body: () => ({ name: "Matrix office renamed" }),
  },
  { file: "api.v2.office.$id.ts", method: "DELETE", path: (ids) => `/api/v2/office/${ids.deletableOfficeId}`, roles: CATALOG_MANAGERS, scoped: true },
  { file: "api.v2.level-of-skill.ts", method: "GET", path: () => "/api/v2/level-of-skill", roles: ALL_ROLES },
  {
    file: "api.v2.level-of-skill.ts",
    method: "POST",
    path: () => "/api/v2/level-of-skill",
    roles: CATALOG_MANAGERS,
    body: () => ({ name: "Matrix level", level: 3 }),
  },
  {
    file: "api.v2.level-of-skill.$id.ts",
    method: "PUT",
    path: (ids) => `/api/v2/level-of-skill/${ids.skillLevelId}`,
    roles: CATALOG_MANAGERS,
    scoped: true,
    body: () => ({ name: "Matrix level", level: 4 }),
  },
  {
    file: "api.v2.level-of-skill.$id.ts",
    method: "DELETE",
    path: (ids) => `/api/v2/level-of-skill/${ids.deletableSkillLevelId}`,
    roles: CATALOG_MANAGERS,
    scoped: true,
  },
  { file: "api.v2.project-stage.ts", method: "GET", path: () => "/api/v2/project-stage", roles: ALL_ROLES },
  {
    file: "api.v2.project-stage.ts",
    method: "POST",
    path: () => "/api/v2/project-stage",
    roles: CATALOG_MANAGERS,
    body: () => ({ name: "Matrix stage", color: "65C898" }),
  },
  {
    file: "api.v2.project-stage.$id.ts",
    method: "PUT",
    path: (ids) => `/api/v2/project-stage/${ids.projectStageId}`,
    roles: CATALOG_MANAGERS,
    scoped: true,
    body: () => ({ name: "Matrix stage", color: "FF5454" }),
  },
  {
    file: "api.v2.project-stage.$id.ts",
    method: "DELETE",
    path: (ids) => `/api/v2/project-stage/${ids.deletableProjectStageId}`,
    roles: CATALOG_MANAGERS,
    scoped: true,
  },
  { file: "api.v2.project-category.ts", method: "GET", path: () => "/api/v2/project-category", roles: ALL_ROLES },
  {
    file: "api.v2.project-category.ts",
    method: "POST",
    path: () => "/api/v2/project-category",
    roles: CATALOG_MANAGERS,
    body: () => ({ name: "Matrix category" }),
  },
  {
    file: "api.v2.project-category.$id.ts",
    method: "PUT",
    path: (ids) => `/api/v2/project-category/${ids.projectCategoryId}`,
    roles: CATALOG_MANAGERS,
    scoped: true,
    body: () => ({ name: "Matrix category renamed" }),
  },
  {
    file: "api.v2.project-category.$id.ts",
    method: "DELETE",
    path: (ids) => `/api/v2/project-category/${ids.deletableProjectCategoryId}`,
    roles: CATALOG_MANAGERS,
    scoped: true,
  },
  ...availabilityEntries,
  ...teamEntries,
  ...directoryEntries,
  ...accountEntries,
  // Usage statistics: the installation operator only (tests/workerd/usage.test.ts signs the operator in).
  { file: "api.v2.usage-stats.companies.ts", method: "GET", path: () => "/api/v2/usage-stats/companies", roles: [], operatorOnly: true },
  { file: "api.v2.installation.shards.ts", method: "GET", path: () => "/api/v2/installation/shards", roles: [], operatorOnly: true },
  // Moves of firms between shards (decision 0314): tests/workerd/firm-moves.test.ts signs the operator in.
  { file: "api.v2.operator.moves.ts", method: "GET", path: () => "/api/v2/operator/moves", roles: [], operatorOnly: true },
  {
    file: "api.v2.operator.moves.ts",
    method: "POST",
    path: () => "/api/v2/operator/moves",
    body: (ids) => ({ companyId: ids.userId, toShard: 1 }),
    roles: [],
    operatorOnly: true,
  },
  {
    file: "api.v2.operator.moves.$id.step.ts",
    method: "POST",
    path: (ids) => `/api/v2/operator/moves/${ids.userId}/step`,
    roles: [],
    operatorOnly: true,
  },
  {
    file: "api.v2.operator.moves.$id.cancel.ts",
    method: "POST",
    path: (ids) => `/api/v2/operator/moves/${ids.userId}/cancel`,
    roles: [],
    operatorOnly: true,
  },
  { file: "api.v2.usage-stats.report.ts", method: "GET", path: () => "/api/v2/usage-stats/report", roles: [], operatorOnly: true },
  {
    file: "api.v2.usage-stats.company.$id.ts",
    method: "GET",
    path: (ids) => `/api/v2/usage-stats/company/${ids.userId}`,
    roles: [],
    operatorOnly: true,
  },
  ...matterEntries,
  ...competenceEntries,
  ...projectEntries,
  ...ssoEntries,
];

/** Route files under api.v2 that are not endpoints of their own. */
export const notEndpoints = new Set(["api.v2.$.ts"]);
