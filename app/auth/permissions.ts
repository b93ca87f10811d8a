/**
 * Who may do what. The one module both the UI (to hide controls) and the server (to
 * refuse) ask; it holds no I/O so it runs in the browser too.
 */
import { OUTLOOK_SOURCE } from "~/db/schema/forecast-statuses";

export interface RoleFlags {
  admin: boolean;
  administratorPriviliges: boolean;
  companyAdmin: boolean;
}

export type Role = "employee" | "observer" | "administrator" | "companyAdmin";

/** Sort rank in lists: company admin 3, admin 2, observer 1, else 0. */
export function roleRank(user: RoleFlags): number {
  if (user.companyAdmin) return 3;
  if (user.administratorPriviliges) return 2;
  if (user.admin) return 1;
  return 0;
}

/** The role's name in lists and badges: 'Company admin', 'Admin', 'Observer', or nothing for an employee. */
export function roleLabel(user: RoleFlags): string {
  if (user.companyAdmin) return "Company admin";
  if (user.administratorPriviliges) return "Admin";
  if (user.admin) return "Observer";
  return "";
}

export function rolesOf(user: RoleFlags): Role[] {
  const roles: Role[] = [];
  if (user.companyAdmin) roles.push("companyAdmin");
  if (user.administratorPriviliges) roles.push("administrator");
  if (user.admin) roles.push("observer");
  if (roles.length === 0) roles.push("employee");
  return roles;
}

// The vocabulary. Each rule has one name; routes, domain and UI all ask these.

/**
 * Any kind of admin: the admin flag (the Observer), administrator privileges or company
 * admin. Sees the team views, the company page and the user lists; plans others' weeks.
 */
export function isAdmin(user: RoleFlags): boolean {
  return user.admin || user.administratorPriviliges || user.companyAdmin;
}

/** An admin of teams (the admin flag or administrator privileges), as opposed to the company admin. */
export function isTeamAdmin(user: RoleFlags): boolean {
  return user.admin || user.administratorPriviliges;
}

/**
 * Changes things: the company and its catalog (groups, offices, skill levels, project
 * stages and categories) and people (invite, edit, move, delete). Company admins and
 * administrators; the Observer only looks.
 */
export function isManager(user: RoleFlags): boolean {
  return user.companyAdmin || user.administratorPriviliges;
}

/**
 * The company's own connections and what every person of it sees: the mail server and its
 * test mail, single sign-on, SCIM tokens, the Microsoft directory (tenant, consent, custom
 * setup), the Elite 3E connection and the confidential flag on matters, the CV service and
 * its import, and the dashboard's custom HTML. Company admins only: each holds a secret or
 * reaches every person (whoever sets the mail server reads every reset link; whoever
 * connects a directory decides who signs in as the firm's people), so an administrator
 * scoped to one office must not.
 */
export function canAdministerCompany(user: RoleFlags): boolean {
  return user.companyAdmin;
}

/**
 * Erasing a person who left (decision 0300): it cannot be undone and reaches into every
 * record of theirs, so company admins only (never their own account; the domain checks that).
 */
export function canEraseUser(user: RoleFlags): boolean {
  return user.companyAdmin;
}

/** Searching the connected directory for people to invite: whoever may invite (isManager). */
export function canSearchDirectory(user: RoleFlags): boolean {
  return isManager(user);
}

// Navigation only: which links the shell shows. Never a permission check.

/** 'Manage users' in the navigation: team admins (a company admin reaches people through Company). */
export function showsManageUsersInNavigation(user: RoleFlags): boolean {
  return isTeamAdmin(user) && !user.companyAdmin;
}

/** 'Company' in the navigation: whoever administers the company. */
export function showsCompanyInNavigation(user: RoleFlags): boolean {
  return canAdministerCompany(user);
}

export interface NavFeatures {
  disableProjects: boolean;
  disableCompetences: boolean;
  /** The installation's operator (decided on the server, `isOperator`): their console comes first. */
  operatorConsole?: boolean;
}

export interface NavLink {
  to: string;
  label: string;
  icon: "operator" | "home" | "overview" | "projects" | "competences" | "users" | "settings" | "statistics" | "company";
  /** Hidden at 1117 px and below, and never in the top bar. */
  wideOnly?: boolean;
}

/** Screens that exist in this build; the navigation never links to one that does not. */
export const AVAILABLE_SCREENS = new Set<string>([
  "/operator",
  "/home",
  "/groups",
  "/overview",
  "/users",
  "/settings",
  "/statistics",
  "/competences",
  "/projects",
]);

export function navigationLinks(user: RoleFlags, features: NavFeatures, available: ReadonlySet<string> = AVAILABLE_SCREENS): NavLink[] {
  const links: (NavLink | false)[] = [
    !!features.operatorConsole && { to: "/operator", label: "Operator console", icon: "operator" },
    { to: "/home", label: "Dashboard", icon: "home" },
    { to: "/overview", label: "Overview", icon: "overview" },
    !features.disableProjects && { to: "/projects", label: "Projects", icon: "projects" },
    !features.disableCompetences && { to: "/competences", label: "Competences", icon: "competences" },
    showsManageUsersInNavigation(user) && { to: "/users", label: "Manage users", icon: "users" },
    { to: "/settings", label: "Settings", icon: "settings" },
    { to: "/statistics", label: "Statistics", icon: "statistics", wideOnly: true },
    showsCompanyInNavigation(user) && { to: "/groups", label: "Company", icon: "company" },
  ];
  return links.filter((link): link is NavLink => link !== false && available.has(link.to));
}

export interface PlannerSettings {
  absencePlannerviewOnly: boolean;
  enableNewForecasting: boolean;
}

/** Own availability, or anyone's for an admin unless the company's planner is view-only. */
export function canEditAvailabilityOf(actor: RoleFlags & { id: string }, targetUserId: string, settings: PlannerSettings): boolean {
  if (actor.id === targetUserId) return true;
  return isAdmin(actor) && !settings.absencePlannerviewOnly;
}

/**
 * External-source forecasts are not editable, except away days from the person's own Outlook
 * (decision 0304: editing one makes it theirs); without new forecasting only away items are.
 */
export function canEditForecast(
  actor: RoleFlags & { id: string },
  forecast: { userId: string; status: string; externalSource: string | null },
  settings: PlannerSettings,
): boolean {
  if (forecast.externalSource && forecast.externalSource !== OUTLOOK_SOURCE) return false;
  if (!settings.enableNewForecasting && forecast.status !== "away") return false;
  return canEditAvailabilityOf(actor, forecast.userId, settings);
}

/** The 'WFH Overview' and 'Forecasts' buttons: administrators and flagged staff members. */
export function canSeeTeamOverviews(user: RoleFlags & { canSeeForecastOverview: boolean }): boolean {
  return isAdmin(user) || user.canSeeForecastOverview;
}

/**
 * The planner, and the company's forecasts it shows (GET /forecast): opened from 'Forecasts'
 * by those with team overviews, or from 'Absence planning' by everyone unless the firm turned
 * it off.
 */
export function canOpenPlanner(user: RoleFlags & { canSeeForecastOverview: boolean }, settings: { disableAbsencePlanner: boolean }): boolean {
  return canSeeTeamOverviews(user) || !settings.disableAbsencePlanner;
}

/** Admins plan nobody's week from the dashboard and their own week widget is disabled. */
export function canEditOwnWeek(user: RoleFlags): boolean {
  return !isAdmin(user);
}

/** Workload history of a person: their own, or anyone's for an admin; teams for admins only. */
export function canReadHistory(actor: RoleFlags & { id: string }, scope: "user" | "group" | "office" | "company", id: string): boolean {
  if (scope === "user" && id === actor.id) return true;
  return isAdmin(actor);
}

/**
 * Groups and offices in filters: company admins may pick all, and so may everyone when the
 * company sets allGroupsDefault / allOfficesDefault; otherwise a person picks among their
 * own and secondary group and office.
 */
export function mayFilterAllGroups(user: RoleFlags, settings: { allGroupsDefault: boolean }): boolean {
  return user.companyAdmin || settings.allGroupsDefault;
}

export function mayFilterAllOffices(user: RoleFlags, settings: { allOfficesDefault: boolean }): boolean {
  return user.companyAdmin || settings.allOfficesDefault;
}

export function filterableGroupIds(user: { groupId: string | null; secondaryGroupId: string | null }): string[] {
  return [...new Set([user.groupId, user.secondaryGroupId].filter((id): id is string => Boolean(id)))];
}

export function filterableOfficeIds(user: { officeId: string | null; secondaryOfficeId: string | null }): string[] {
  return [...new Set([user.officeId, user.secondaryOfficeId].filter((id): id is string => Boolean(id)))];
}

// Users administration (invites, edits, moves, deletes) ------------------------------------

export interface Membership {
  groupId: string | null;
  officeId: string | null;
  secondaryGroupId: string | null;
  secondaryOfficeId: string | null;
}

/**
 * The teams a person belongs to: the (group, office) pair and the (secondary group,
 * secondary office) pair, each only when both halves are set. The one membership rule: the
 * SQL form is adminScopeWhere in domain/users/admin-users.server.ts.
 */
export function teamsOf(m: Membership): [group: string, office: string][] {
  const teams: [string, string][] = [];
  if (m.groupId && m.officeId) teams.push([m.groupId, m.officeId]);
  if (m.secondaryGroupId && m.secondaryOfficeId) teams.push([m.secondaryGroupId, m.secondaryOfficeId]);
  return teams;
}

/** A person's teams (teamsOf) as "group/office" keys, the one form membership is compared in. */
export function teamKeys(m: Membership): Set<string> {
  return new Set(teamsOf(m).map(([group, office]) => `${group}/${office}`));
}

/**
 * An administrator's people: those who share a team (teamsOf) with the administrator. A
 * company admin's people: everyone in the company.
 */
export function isInAdminScope(actor: RoleFlags & Membership, target: Membership): boolean {
  if (actor.companyAdmin) return true;
  const own = teamKeys(actor);
  return [...teamKeys(target)].some((key) => own.has(key));
}

/**
 * Where `actor` may move someone (PUT /users/{id}/move): a company admin anywhere; an
 * administrator only into teams of their own, and never out of every team.
 */
export function mayMoveInto(actor: RoleFlags & Membership, destination: Membership): boolean {
  if (actor.companyAdmin) return true;
  const own = teamKeys(actor);
  const teams = teamKeys(destination);
  return teams.size > 0 && [...teams].every((key) => own.has(key));
}

/**
 * Whether `actor` may change `target`: only company admins touch company admins and
 * administrators (issue 26, item 6: one administrator must not take over a peer, whose
 * scope may be wider, by editing them).
 */
export function canAdministerUser(actor: RoleFlags & Membership & { id: string }, target: RoleFlags & Membership & { id: string }): boolean {
  if (!isManager(actor)) return false;
  if (target.companyAdmin || target.administratorPriviliges) return actor.companyAdmin;
  return isInAdminScope(actor, target);
}

// Time keeping: the detailed and utilization views, matter comments, the PM toggle --------------

export interface ReportFlags {
  detailedViewPriviliges: boolean;
  detailedViewHoursPriviliges: boolean;
  utilizationViewOthersPriviliges: boolean;
}

export interface ReportSettings {
  enableUtilizationView: boolean;
  enableDetailedViewHours: boolean;
  enableDetailedViewComments: boolean;
  enableMatterPM: boolean;
  /** Admins count as holding the three report privileges ("one named firm: admin"). */
  adminsHaveReportPrivileges: boolean;
}

function holds(user: RoleFlags & ReportFlags, settings: ReportSettings, flag: keyof ReportFlags): boolean {
  return user[flag] || (settings.adminsHaveReportPrivileges && isAdmin(user));
}

/** The Detailed tab and POST /elite-3e/detailed-report: the firm's switch plus the person's privilege. */
export function canSeeDetailedView(user: RoleFlags & ReportFlags, settings: ReportSettings): boolean {
  return settings.enableUtilizationView && holds(user, settings, "detailedViewPriviliges");
}

/** The HOURS columns of the detailed view. */
export function canSeeDetailedHours(user: RoleFlags & ReportFlags, settings: ReportSettings): boolean {
  return canSeeDetailedView(user, settings) && settings.enableDetailedViewHours && holds(user, settings, "detailedViewHoursPriviliges");
}

/** The COMMENT columns of the detailed view. */
export function showsDetailedComments(settings: ReportSettings): boolean {
  return settings.enableDetailedViewComments;
}

/** Everyone's rows in the utilization view; without it the tab is 'My Utilization' (decision 0131). */
export function canSeeOthersUtilization(user: RoleFlags & ReportFlags, settings: ReportSettings): boolean {
  return settings.enableUtilizationView && holds(user, settings, "utilizationViewOthersPriviliges");
}

/** The Utilization tab at all: the firm's switch and either the detailed view or others' utilization. */
export function canSeeUtilizationView(user: RoleFlags & ReportFlags, settings: ReportSettings): boolean {
  return canSeeDetailedView(user, settings) || canSeeOthersUtilization(user, settings);
}

/**
 * The PM toggle: the firm's switch; a person marks themself, someone who sees the detailed
 * view marks anyone of the company (decision 0131).
 */
export function canSetMatterManager(actor: RoleFlags & ReportFlags & { id: string }, targetUserId: string, settings: ReportSettings): boolean {
  if (!settings.enableMatterPM) return false;
  return actor.id === targetUserId || canSeeDetailedView(actor, settings);
}

/** Another person's matter comments (GET /matter/comment/{userId}): their own, or whoever sees the detailed view. */
export function canReadMatterCommentsOf(actor: RoleFlags & ReportFlags & { id: string }, targetUserId: string, settings: ReportSettings): boolean {
  return actor.id === targetUserId || canSeeDetailedView(actor, settings);
}

/**
 * A confidential matter's name and client: admins, and the people who recorded time on it
 * (decision 0132). Everyone else sees 'Confidential matter' and no client.
 */
export function canSeeConfidentialMatter(viewer: RoleFlags, recordedTimeOnIt: boolean): boolean {
  return isAdmin(viewer) || recordedTimeOnIt;
}

// Competences (spec: planning.md, sections 5 and 6) -----------------------------------------

export interface CompetenceSettings {
  disableCompetences: boolean;
  disableCompetencesPriviligies: boolean;
  disableCompetencesEditSelf: boolean;
}

/**
 * Creating, renaming, moving and deleting competences and categories, and adding anyone to
 * one: everyone, unless the firm sets disableCompetencesPriviligies; then admins only (the
 * admin flag, administrator privileges or company admin). It also decides the Settings tab.
 */
export function canEditCompetences(user: RoleFlags, settings: CompetenceSettings): boolean {
  return !settings.disableCompetencesPriviligies || isAdmin(user);
}

/** Adding a person to a competence or taking them off it: oneself always, others as canEditCompetences. */
export function canChangeMembership(actor: RoleFlags & { id: string }, targetUserId: string, settings: CompetenceSettings): boolean {
  return actor.id === targetUserId || canEditCompetences(actor, settings);
}

/** Rating a skill: admins, or the person themself unless the firm sets disableCompetencesEditSelf. */
export function canSetSkillLevel(actor: RoleFlags & { id: string }, skillUserId: string, settings: CompetenceSettings): boolean {
  if (isAdmin(actor)) return true;
  return actor.id === skillUserId && !settings.disableCompetencesEditSelf;
}

// Projects (decision 0100) -------------------------------------------------------------------

export interface ProjectAccess {
  managerId: string | null;
  /** Whether the caller is one of the project's members. */
  isMember: boolean;
}

/**
 * Who may change a project (details, members, hours, invoices, archive): its manager, its
 * members, and those who change the company (isManager). The Observer only looks, as elsewhere.
 */
export function canEditProject(actor: RoleFlags & { id: string }, project: ProjectAccess): boolean {
  return isManager(actor) || project.managerId === actor.id || project.isMember;
}

/** Deleting a project (with its hours and invoices): its manager and those who change the company; not every member. */
export function canDeleteProject(actor: RoleFlags & { id: string }, project: ProjectAccess): boolean {
  return isManager(actor) || project.managerId === actor.id;
}

/**
 * The Add project dialog's location picker: for people with no group, any admin, and people
 * with a secondary group (the rest create in their own group and office).
 */
export function showsProjectLocationPicker(user: RoleFlags & { groupId: string | null; secondaryGroupId: string | null }): boolean {
  return !user.groupId || isAdmin(user) || Boolean(user.secondaryGroupId);
}
