import type { AccessEntry } from "./access-matrix";

/**
 * The Microsoft directory connection (issue 14). Company admins connect and remove the
 * tenant and finish the custom setup; whoever may invite searches the directory. The two
 * sign-in calls are public: they carry a Microsoft code or token of their own.
 */
const guid = () => crypto.randomUUID();

export const directoryEntries: AccessEntry[] = [
  {
    file: "api.v2.azure-ad.tenant.ts",
    method: "PUT",
    path: () => "/api/v2/azure-ad/tenant",
    roles: ["companyAdmin"],
    body: () => ({ tenantId: guid() }),
  },
  { file: "api.v2.azure-ad.tenant.ts", method: "DELETE", path: () => "/api/v2/azure-ad/tenant", roles: ["companyAdmin"] },
  { file: "api.v2.azure-ad.users.ts", method: "GET", path: () => "/api/v2/azure-ad/users?search=a", roles: ["administrator", "companyAdmin"] },
  {
    file: "api.v2.azure-ad.custom-setup.ts",
    method: "POST",
    path: () => "/api/v2/azure-ad/custom-setup",
    roles: ["companyAdmin"],
    body: () => ({ code: "not-a-code", redirectUri: "http://localhost/groups" }),
  },
  {
    file: "api.v2.azure-ad.sign-in-with-code.ts",
    method: "POST",
    path: () => "/api/v2/azure-ad/sign-in-with-code",
    roles: "public",
    body: () => ({ code: "not-a-code", redirectUri: "http://localhost/login" }),
  },
  {
    file: "api.v2.azure-ad.sign-in-with-token.ts",
    method: "POST",
    path: () => "/api/v2/azure-ad/sign-in-with-token",
    roles: "public",
    body: () => ({ adToken: "not.a.token", tenantId: guid(), adUserId: "someone" }),
  },
];
