import { describe, expect, it } from "vitest";
import {
  canAdministerCompany,
  isAdmin,
  isInAdminScope,
  isManager,
  isTeamAdmin,
  mayMoveInto,
  navigationLinks,
  showsCompanyInNavigation,
  showsManageUsersInNavigation,
  teamKeys,
  type RoleFlags,
} from "~/auth/permissions";

const roles: Record<string, RoleFlags> = {
  employee: { admin: false, administratorPriviliges: false, companyAdmin: false },
  observer: { admin: true, administratorPriviliges: false, companyAdmin: false },
  administrator: { admin: false, administratorPriviliges: true, companyAdmin: false },
  companyAdmin: { admin: false, administratorPriviliges: false, companyAdmin: true },
  companyAdminAndAdministrator: { admin: false, administratorPriviliges: true, companyAdmin: true },
};

function whoIs(predicate: (user: RoleFlags) => boolean): string[] {
  return Object.entries(roles)
    .filter(([, flags]) => predicate(flags))
    .map(([name]) => name);
}

describe("the permission vocabulary", () => {
  it("isAdmin: every kind of admin", () => {
    expect(whoIs(isAdmin)).toEqual(["observer", "administrator", "companyAdmin", "companyAdminAndAdministrator"]);
  });

  it("isTeamAdmin: the admin flag or administrator privileges", () => {
    expect(whoIs(isTeamAdmin)).toEqual(["observer", "administrator", "companyAdminAndAdministrator"]);
  });

  it("isManager: company admins and administrators, never the Observer", () => {
    expect(whoIs(isManager)).toEqual(["administrator", "companyAdmin", "companyAdminAndAdministrator"]);
  });

  it("canAdministerCompany: company admins only (mail server, SSO, SCIM, directory, Elite 3E, CV service, custom HTML)", () => {
    expect(whoIs(canAdministerCompany)).toEqual(["companyAdmin", "companyAdminAndAdministrator"]);
  });

  it("navigation: Manage users for team admins who are not company admins, Company for company admins", () => {
    expect(whoIs(showsManageUsersInNavigation)).toEqual(["observer", "administrator"]);
    expect(whoIs(showsCompanyInNavigation)).toEqual(["companyAdmin", "companyAdminAndAdministrator"]);
    const features = { disableProjects: false, disableCompetences: false };
    expect(navigationLinks(roles.observer, features).map((l) => l.to)).toContain("/users");
    expect(navigationLinks(roles.companyAdmin, features).map((l) => l.to)).toEqual(expect.arrayContaining(["/groups"]));
    expect(navigationLinks(roles.companyAdmin, features).map((l) => l.to)).not.toContain("/users");
    expect(navigationLinks(roles.employee, features).map((l) => l.to)).toEqual([
      "/home",
      "/overview",
      "/projects",
      "/competences",
      "/settings",
      "/statistics",
    ]);
    // The statistics link lives in the side bar above 1117 px only.
    expect(navigationLinks(roles.employee, features).find((l) => l.to === "/statistics")?.wideOnly).toBe(true);
  });

  it("navigation: the installation's operator has their console first (issue 27, item 8); nobody else has it", () => {
    const features = { disableProjects: false, disableCompetences: false };
    expect(navigationLinks(roles.employee, { ...features, operatorConsole: true })[0]).toMatchObject({ to: "/operator", label: "Operator console" });
    for (const role of Object.values(roles)) expect(navigationLinks(role, features).map((l) => l.to)).not.toContain("/operator");
  });
});

describe("team membership: one key set for the scope and the move rules", () => {
  const team = (
    groupId: string | null,
    officeId: string | null,
    secondaryGroupId: string | null = null,
    secondaryOfficeId: string | null = null,
  ) => ({
    groupId,
    officeId,
    secondaryGroupId,
    secondaryOfficeId,
  });
  const administrator = { ...roles.administrator, ...team("tax", "oslo", "corp", "malmo") };

  it("teamKeys: a pair counts only with both halves set", () => {
    expect([...teamKeys(team("tax", "oslo", "corp", "malmo"))]).toEqual(["tax/oslo", "corp/malmo"]);
    expect([...teamKeys(team("tax", null, null, "malmo"))]).toEqual([]);
    expect([...teamKeys(team("tax", "oslo", "tax", "oslo"))]).toEqual(["tax/oslo"]);
  });

  it("isInAdminScope: a shared pair, primary or secondary; half a match is no match", () => {
    expect(isInAdminScope(administrator, team("corp", "malmo"))).toBe(true);
    expect(isInAdminScope(administrator, team("x", "y", "tax", "oslo"))).toBe(true);
    expect(isInAdminScope(administrator, team("tax", "malmo"))).toBe(false);
    expect(isInAdminScope({ ...roles.companyAdmin, ...team(null, null) }, team("x", "y"))).toBe(true);
  });

  it("mayMoveInto: an administrator only into their own teams, never out of every team; a company admin anywhere", () => {
    expect(mayMoveInto(administrator, team("tax", "oslo", "corp", "malmo"))).toBe(true);
    expect(mayMoveInto(administrator, team("tax", "oslo", "tax", "malmo"))).toBe(false);
    expect(mayMoveInto(administrator, team(null, null))).toBe(false);
    expect(mayMoveInto({ ...roles.companyAdmin, ...team(null, null) }, team(null, null))).toBe(true);
  });
});
