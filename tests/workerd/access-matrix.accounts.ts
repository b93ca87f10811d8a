import { newId } from "~/lib/ids";
import type { AccessEntry } from "./access-matrix";

/**
 * Accounts and users administration. Company admins and administrators (not the Observer)
 * invite and change people; the Observer and both of them read the user lists. Paths with
 * a user id target the tenant's employee or invited person, who are in every admin's group
 * and office; the employee may change their own profile. Sign-up and password reset links
 * are public: they carry their own secret.
 */
const ALL = ["employee", "observer", "administrator", "companyAdmin"] as AccessEntry["roles"];
const VIEWERS = ["observer", "administrator", "companyAdmin"] as AccessEntry["roles"];
const USER_ADMINS = ["administrator", "companyAdmin"] as AccessEntry["roles"];

const invitee = () => `matrix-${newId()}@example.test`;

export const accountEntries: AccessEntry[] = [
  { file: "api.v2.users.ts", method: "GET", path: () => "/api/v2/users", roles: VIEWERS },
  {
    file: "api.v2.users.ts",
    method: "POST",
    path: () => "/api/v2/users",
    roles: USER_ADMINS,
    body: (ids) => ({ name: "Matrix Invitee", email: invitee(), group: ids.groupId, office: ids.officeId }),
  },
  {
    file: "api.v2.users.multiple.ts",
    method: "POST",
    path: () => "/api/v2/users/multiple",
    roles: USER_ADMINS,
    body: (ids) => ({ users: [{ email: invitee() }, { email: invitee(), name: "Named" }], group: ids.groupId, office: ids.officeId }),
  },
  {
    file: "api.v2.account.$id.resend-invite.ts",
    method: "POST",
    path: (ids) => `/api/v2/account/${ids.invitedUserId}/resend-invite`,
    roles: USER_ADMINS,
    scoped: true,
  },
  { file: "api.v2.openapi[.]json.ts", method: "GET", path: () => "/api/v2/openapi.json", roles: "public" },
  { file: "api.v2.users.$id.uncompleted.ts", method: "GET", path: () => "/api/v2/users/not-a-real-invite/uncompleted", roles: "public" },
  {
    file: "api.v2.account.$id.register.ts",
    method: "POST",
    path: () => "/api/v2/account/not-a-real-invite/register",
    roles: "public",
    body: () => ({ name: "X", email: "x@example.test" }),
  },
  {
    file: "api.v2.account.reset-password.ts",
    method: "POST",
    path: () => "/api/v2/account/reset-password",
    roles: "public",
    body: () => ({ resetEmail: "nobody@example.test" }),
  },
  {
    file: "api.v2.account.set-password.$resetHash.ts",
    method: "POST",
    path: () => "/api/v2/account/set-password/not-a-real-link",
    roles: "public",
    body: () => ({ newPassword: "long enough now", newPasswordConfirmation: "long enough now" }),
  },
  { file: "api.v2.users.$id.ts", method: "DELETE", path: (ids) => `/api/v2/users/${ids.deletableUserId}`, roles: USER_ADMINS, scoped: true },
  {
    file: "api.v2.users.$id.move.ts",
    method: "PUT",
    path: (ids) => `/api/v2/users/${ids.userId}/move`,
    roles: USER_ADMINS,
    scoped: true,
    body: (ids) => ({ group: ids.groupId, office: ids.officeId, secondaryEnabled: false }),
  },
  {
    file: "api.v2.users.$id.admin.ts",
    method: "PUT",
    path: (ids) => `/api/v2/users/${ids.userId}/admin`,
    roles: USER_ADMINS,
    scoped: true,
    body: () => ({ admin: false, administratorPriviliges: false }),
  },
  // The employee has no factor: an allowed caller hears 409 'nothing to clear', nothing changes.
  {
    file: "api.v2.users.$id.second-factors.ts",
    method: "DELETE",
    path: (ids) => `/api/v2/users/${ids.userId}/second-factors`,
    roles: USER_ADMINS,
    scoped: true,
  },
  // Erasure (decision 0300): company admins only; no body ({confirm: true}) answers 400, so nobody is erased here.
  {
    file: "api.v2.users.$id.erase.ts",
    method: "POST",
    path: (ids) => `/api/v2/users/${ids.userId}/erase`,
    roles: ["companyAdmin"],
    scoped: true,
  },
  {
    file: "api.v2.users.$id.profile-picture.ts",
    method: "POST",
    path: (ids) => `/api/v2/users/${ids.userId}/profile-picture`,
    roles: ["employee", "administrator", "companyAdmin"],
    scoped: true,
  },
  { file: "api.v2.notification-token.ts", method: "GET", path: () => "/api/v2/notification-token", roles: ALL },
  {
    file: "api.v2.notification-token.$id.ts",
    method: "POST",
    path: () => "/api/v2/notification-token/apns",
    roles: ALL,
    body: () => ({ token: `device-${newId()}` }),
  },
  {
    file: "api.v2.notification-token.$id.ts",
    method: "DELETE",
    path: (ids) => `/api/v2/notification-token/${ids.deletableNotificationTokenId}`,
    roles: ALL,
    scoped: true,
  },
  // Web Push subscriptions of the caller's browsers (decision 0302): everyone manages their own.
  { file: "api.v2.web-push-subscription.ts", method: "GET", path: () => "/api/v2/web-push-subscription", roles: ALL },
  {
    file: "api.v2.web-push-subscription.ts",
    method: "POST",
    path: () => "/api/v2/web-push-subscription",
    roles: ALL,
    body: () => ({ endpoint: `https://push.example.com/send/${newId()}`, keys: { p256dh: `B${"A".repeat(86)}`, auth: "A".repeat(22) } }),
  },
  {
    file: "api.v2.web-push-subscription.$id.ts",
    method: "DELETE",
    path: (ids) => `/api/v2/web-push-subscription/${ids.deletableWebPushSubscriptionId}`,
    roles: ALL,
    scoped: true,
  },
  // The company's mail server: company admins only (decision 0080). Both leave the tenant without a
  // server of its own: a reset without the password (400), and a test answered 400 for lack of one.
  {
    file: "api.v2.company.smtp-config.ts",
    method: "PUT",
    path: () => "/api/v2/company/smtp-config",
    roles: ["companyAdmin"],
    body: () => ({ smtpHost: "", smtpPort: "", smtpSender: "" }),
  },
  { file: "api.v2.company.test-smtp-config.ts", method: "PUT", path: () => "/api/v2/company/test-smtp-config", roles: ["companyAdmin"] },
  // An empty body is refused as 400 after the credentials are checked, so nobody's password changes here.
  { file: "api.v2.account.password.ts", method: "POST", path: () => "/api/v2/account/password", roles: ALL },
];
