import { DEMO_DIRECTORY_IDS, DEMO_TENANT_ID, GUEST_TENANT_ID } from "../../scripts/seed-constants";

/** The people of the local provider's directories (`npm start` and the e2e tests). */
export interface FakeDirectoryUser {
  id: string;
  displayName: string;
  mail: string | null;
  userPrincipalName: string;
  jobTitle: string | null;
  department: string | null;
  /** A colour for a generated PNG photo; null for none. */
  photo: string | null;
}

export function demoDirectories(): Record<string, FakeDirectoryUser[]> {
  const person = (id: string, displayName: string, mail: string | null, extra: Partial<FakeDirectoryUser> = {}): FakeDirectoryUser => ({
    id,
    displayName,
    mail,
    userPrincipalName: mail ?? `${displayName.toLowerCase().replaceAll(" ", ".")}@demolaw.onmicrosoft.com`,
    jobTitle: null,
    department: null,
    photo: null,
    ...extra,
  });
  return {
    [DEMO_TENANT_ID]: [
      person(DEMO_DIRECTORY_IDS["companyadmin@demo.test"], "Cecilia Admin", "companyadmin@demo.test", { jobTitle: "Office Manager" }),
      person(DEMO_DIRECTORY_IDS["employee@demo.test"], "Emil Employee", "employee@demo.test", {
        jobTitle: "Associate",
        department: "Corporate",
        photo: "#2563eb",
      }),
      person(DEMO_DIRECTORY_IDS["invited@demo.test"], "Ines Invited", "invited@demo.test"),
      person("a1f0c3d2-0000-4000-8000-000000000004", "Astrid Holm", "astrid.holm@demo.test", {
        jobTitle: "Senior Associate",
        department: "Disputes",
      }),
      person("a1f0c3d2-0000-4000-8000-000000000005", "Bengt Ek", "bengt.ek@demo.test", { jobTitle: "Paralegal", department: "Tax" }),
      person("a1f0c3d2-0000-4000-8000-000000000006", "Boardroom Stockholm", null),
      person("a1f0c3d2-0000-4000-8000-000000000007", "Dora Nilsson", "dora.nilsson@demo.test", { jobTitle: "Associate" }),
    ],
    [GUEST_TENANT_ID]: [
      person("b2e0d4c3-0000-4000-8000-000000000001", "Emil at home", "employee@demo.test"),
      person("b2e0d4c3-0000-4000-8000-000000000002", "Nobody Known", "nobody@guest.test"),
    ],
  };
}
