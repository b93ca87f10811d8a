/**
 * Who may do what. The one module both the UI (to hide controls) and the server (to
 * refuse) ask; it holds no I/O so it runs in the browser too.
 */
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

export function rolesOf(user: RoleFlags): Role[] {
  const roles: Role[] = [];
  if (user.companyAdmin) roles.push("companyAdmin");
  if (user.administratorPriviliges) roles.push("administrator");
  if (user.admin) roles.push("observer");
  if (roles.length === 0) roles.push("employee");
  return roles;
}

/** "Admin" in the planner and view checks: admin flag, administrator privileges or company admin. */
export function isAdmin(user: RoleFlags): boolean {
  return user.admin || user.administratorPriviliges || user.companyAdmin;
}

/** Route guard "requires admin": the admin flag or administratorPriviliges. */
export function isAdminForRoutes(user: RoleFlags): boolean {
  return user.admin || user.administratorPriviliges;
}

/** The company page and the administration area: company admins, and admins. */
export function canOpenCompanyAdmin(user: RoleFlags): boolean {
  return user.companyAdmin || isAdminForRoutes(user);
}

export function canManageUsers(user: RoleFlags): boolean {
  return isAdminForRoutes(user) && !user.companyAdmin;
}

export interface NavFeatures {
  disableProjects: boolean;
  disableCompetences: boolean;
}

export interface NavLink {
  to: string;
  label: string;
  icon: "home" | "projects" | "competences" | "users" | "settings" | "statistics" | "company";
  /** Hidden at 1117 px and below, and never in the top bar. */
  wideOnly?: boolean;
}

/** Screens that exist in this build; the navigation never links to one that does not. */
export const AVAILABLE_SCREENS = new Set<string>(["/home", "/groups"]);

export function navigationLinks(user: RoleFlags, features: NavFeatures, available: ReadonlySet<string> = AVAILABLE_SCREENS): NavLink[] {
  const links: (NavLink | false)[] = [
    { to: "/home", label: "Dashboard", icon: "home" },
    !features.disableProjects && { to: "/projects", label: "Projects", icon: "projects" },
    !features.disableCompetences && { to: "/competences", label: "Competences", icon: "competences" },
    canManageUsers(user) && { to: "/users", label: "Manage users", icon: "users" },
    { to: "/settings", label: "Settings", icon: "settings" },
    { to: "/statistics", label: "Statistics", icon: "statistics", wideOnly: true },
    user.companyAdmin && { to: "/groups", label: "Company", icon: "company" },
  ];
  return links.filter((link): link is NavLink => link !== false && available.has(link.to));
}
