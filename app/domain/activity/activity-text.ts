import type { AuditClient } from "~/db/schema";

/**
 * How the Activity page (decision 0301) reads an audit row: what was done, in words; where it
 * came from; and its details with every sensitive value hidden. No I/O: the page, its
 * workbook and the tests share it.
 */

/** The kinds of change the page filters by, each a set of the audit rows' entity types. */
export const ACTIVITY_KINDS = {
  people: { label: "People", entityTypes: ["user"] },
  forecasts: { label: "Forecasts", entityTypes: ["forecast"] },
  projects: { label: "Projects", entityTypes: ["project", "projectTimeReport", "projectInvoice"] },
  competences: { label: "Competences", entityTypes: ["competence", "skill"] },
  matters: { label: "Matters", entityTypes: ["matter"] },
  company: {
    label: "Company and connections",
    entityTypes: ["company", "group", "office", "levelOfSkill", "projectStage", "projectCategory", "cvService", "scim-token"],
  },
} as const satisfies Record<string, { label: string; entityTypes: readonly string[] }>;

export type ActivityKind = keyof typeof ACTIVITY_KINDS;
export const ACTIVITY_KIND_KEYS = Object.keys(ACTIVITY_KINDS) as ActivityKind[];

/**
 * What only a company admin changes (canAdministerCompany): an administrator's Activity page
 * never shows these rows, whoever made them.
 */
export const COMPANY_ONLY_ENTITY_TYPES = ["company", "cvService", "scim-token"] as const;

export const CLIENT_LABELS: Record<AuditClient, string> = {
  web: "Web",
  api: "API",
  scim: "SCIM",
  sync: "Sync",
  sso: "SSO",
  system: "System",
};

/** The system's sources as the Who column names them. */
const SOURCE_LABELS: Record<string, string> = {
  scim: "SCIM provisioning",
  sso: "Single sign-on",
  directory: "Microsoft directory sync",
  elite3e: "Elite 3E import",
  cv: "CV service import",
  reminders: "Update reminders",
  rollup: "Statistics rollup",
  certificates: "Certificate check",
  secrets: "Key rotation",
  domains: "Domain check",
};

export function systemLabel(source: unknown): string {
  return (typeof source === "string" && SOURCE_LABELS[source]) || "System";
}

const NOUNS: Record<string, string> = {
  user: "person",
  forecast: "forecast",
  project: "project",
  projectTimeReport: "project hours",
  projectInvoice: "project invoice",
  competence: "competence",
  skill: "skill",
  matter: "matter",
  company: "company settings",
  group: "group",
  office: "office",
  levelOfSkill: "skill level",
  projectStage: "project stage",
  projectCategory: "project category",
  cvService: "CV service connection",
  "scim-token": "SCIM token",
};

const VERBS: Record<string, string> = {
  create: "Created",
  update: "Changed",
  delete: "Deleted",
  archive: "Archived",
  unarchive: "Restored",
  addMembers: "Added people to",
  removeMember: "Removed a person from",
  "forecast.create": "Added",
  "forecast.update": "Changed",
  "forecast.delete": "Deleted",
};

/** Actions with words of their own; `{subject}` is the person or thing acted on. */
const SENTENCES: Record<string, string> = {
  signup: "Signed up the company",
  invite: "Invited {subject}",
  "resend-invite": "Sent {subject} a new invitation",
  "admin-rights": "Changed the rights of {subject}",
  move: "Moved {subject} to another team",
  "email-change-requested": "Asked to change the e-mail of {subject}",
  "profile-picture": "Changed the picture of {subject}",
  "reset-password": "Reset their password by e-mail",
  "change-password": "Changed their password",
  "set-language": "Changed their language",
  "add-passkey": "Added a passkey",
  "remove-passkey": "Removed a passkey",
  "add-totp": "Turned on an authenticator app",
  "remove-totp": "Turned off their authenticator app",
  "renew-recovery-codes": "Made new recovery codes",
  "clear-second-factors": "Cleared the sign-in factors of {subject}",
  "update-second-factor-policy": "Changed the two-step sign-in rule",
  "update-reminder": "Sent an update reminder to {subject}",
  "directory-sync": "Updated {subject} from the directory",
  "directory-removed": "Marked {subject} as removed from the directory",
  "scim-user-created": "Added {subject}",
  "scim-user-updated": "Updated {subject}",
  "scim-user-deactivated": "Deactivated {subject}",
  "sso-user-created": "Added {subject} at their first sign-in",
  "sso-update": "Changed the single sign-on settings",
  "sso-off": "Turned single sign-on off",
  "sso-certificate-warned": "Warned that the sign-on certificate expires",
  "sso-domains-checked": "Checked the sign-on domains",
  "scim-token-issued": "Issued a SCIM token",
  "entra-tenant": "Connected the Microsoft directory",
  "entra-tenant-removed": "Disconnected the Microsoft directory",
  "smtp-update": "Changed the mail server settings",
  "smtp-reset": "Went back to the default mail server",
  "smtp-password-resealed": "Re-sealed the mail server password",
  "elite3e-update": "Changed the Elite 3E connection",
  "elite3e-off": "Turned the Elite 3E connection off",
  "elite3e-import": "Imported matters from Elite 3E",
  "elite3e-import-failed": "Could not import from Elite 3E",
  "cv-import": "Imported competences from the CV service",
  "matter-confidential": "Marked matter {subject} as confidential",
  "matter-not-confidential": "Marked matter {subject} as not confidential",
  "matter-manager-set": "Made {subject} a manager of a matter",
  "matter-manager-unset": "Removed {subject} as a manager of a matter",
  "operator-create-company": "Created the company (operator)",
  "operator-update-company": "Changed the company (operator)",
  "operator-approve-domain": "Approved a sign-on domain (operator)",
  "operator-withdraw-domain": "Withdrew a sign-on domain (operator)",
};

/** The row's action in words, with its subject (a person's or project's name) when known. */
export function describeAction(action: string, entityType: string, subject: string | null): string {
  const sentence = SENTENCES[action];
  const named = subject ?? "someone";
  if (sentence) return sentence.replace("{subject}", named);
  const noun = NOUNS[entityType] ?? entityType;
  const verb = VERBS[action];
  if (!verb) return `${action.replace(/[-._]/g, " ")} (${noun})`;
  if (entityType === "forecast") return `${verb} a forecast${subject ? ` for ${subject}` : ""}`;
  if (entityType === "user") return `${verb} ${named}`;
  if (entityType === "company") return `${verb} the company settings`;
  return subject ? `${verb} ${noun} ${subject}` : `${verb} a ${noun}`;
}

/**
 * Keys whose values are never shown, whatever row holds them: secrets, passwords, tokens,
 * keys, hashes, codes and certificates. A yes/no (keyChanged) still reads as such.
 */
const SENSITIVE_KEY = /secret|password|passwd|token|hash|key|code|certificate|cert|private|sealed|signature|cookie|session/i;

export const HIDDEN_VALUE = "(hidden)";

/** The row's data with every sensitive value hidden, at any depth. */
export function redact(value: unknown, key = ""): unknown {
  if (key && SENSITIVE_KEY.test(key) && typeof value !== "boolean" && value !== null && value !== undefined) return HIDDEN_VALUE;
  if (Array.isArray(value)) return value.map((item) => redact(item));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, redact(v, k)]));
  }
  return value;
}

/** Keys the other columns already show. */
const SHOWN_ELSEWHERE = new Set(["source", "userId", "user"]);
const DETAILS_MAX = 300;

function valueText(value: unknown): string {
  if (value === null || value === undefined) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (typeof value === "string") return value;
  if (typeof value === "number") return String(value);
  return JSON.stringify(value);
}

/** An empty list or object says nothing ("ssoIdentifiers: []"). */
const isEmpty = (value: unknown) =>
  Array.isArray(value) ? value.length === 0 : !!value && typeof value === "object" && Object.keys(value).length === 0;

/** The row's data as one line of "key: value" pairs, sensitive values hidden, cut at 300 characters. */
export function detailsText(data: Record<string, unknown> | null | undefined): string {
  if (!data) return "";
  const safe = redact(data) as Record<string, unknown>;
  const text = Object.entries(safe)
    .filter(([key, value]) => !SHOWN_ELSEWHERE.has(key) && value !== undefined && !isEmpty(value))
    .map(([key, value]) => `${key}: ${valueText(value)}`)
    .join(" · ");
  return text.length > DETAILS_MAX ? `${text.slice(0, DETAILS_MAX - 1)}…` : text;
}
