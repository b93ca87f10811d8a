import type { AccessEntry } from "./access-matrix";

/**
 * Single sign-on (decision 0150). The configuration is the company admins' alone; the
 * browser's SAML endpoints and the e-mail routing are public (the IdP's signature or
 * nothing is their credential), per firm by id in the path.
 */
export const ssoEntries: AccessEntry[] = [
  { file: "api.v2.company.sso-config.ts", method: "GET", path: () => "/api/v2/company/sso-config", roles: ["companyAdmin"] },
  { file: "api.v2.company.sso-config.check.ts", method: "POST", path: () => "/api/v2/company/sso-config/check", roles: ["companyAdmin"] },
  {
    file: "api.v2.company.sso-config.ts",
    method: "PUT",
    path: () => "/api/v2/company/sso-config",
    roles: ["companyAdmin"],
    body: () => ({ ssoLoginUrl: "", allowFederation: false }),
  },
  {
    file: "api.v2.company.second-factor-policy.ts",
    method: "GET",
    path: () => "/api/v2/company/second-factor-policy",
    roles: ["companyAdmin"],
  },
  {
    file: "api.v2.company.second-factor-policy.ts",
    method: "PUT",
    path: () => "/api/v2/company/second-factor-policy",
    roles: ["companyAdmin"],
    body: () => ({ requireSecondFactor: false, gracePeriodDays: 14 }),
  },
  { file: "api.v2.company.$id.sso.ts", method: "POST", path: () => "/api/v2/company/000000000000000000000000/sso", roles: "public" },
  { file: "api.v2.company.$id.sso.login.ts", method: "GET", path: () => "/api/v2/company/000000000000000000000000/sso/login", roles: "public" },
  { file: "api.v2.company.$id.sso.metadata.ts", method: "GET", path: () => "/api/v2/company/000000000000000000000000/sso/metadata", roles: "public" },
  { file: "api.v2.account.login-route.ts", method: "GET", path: () => "/api/v2/account/login-route?email=a@example.test", roles: "public" },
  { file: "api.v2.company.scim-token.ts", method: "GET", path: () => "/api/v2/company/scim-token", roles: ["companyAdmin"] },
  {
    file: "api.v2.company.scim-token.ts",
    method: "POST",
    path: () => "/api/v2/company/scim-token",
    roles: ["companyAdmin"],
    body: () => ({ name: "Matrix directory" }),
  },
  // Another company's token id is not found (each role revokes a token of its own company's; the test makes one).
  {
    file: "api.v2.company.scim-token.$id.ts",
    method: "DELETE",
    path: (ids) => `/api/v2/company/scim-token/${ids.scimTokenId}`,
    roles: ["companyAdmin"],
    scoped: true,
  },
];
