import type { AuditClient } from "~/db/schema";
import type { MessageKey, MessageValues } from "~/lib/i18n/i18n";

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

/** The words of a row, in the reader's language: `translate` bound to it. */
export type Say = (key: MessageKey, values?: MessageValues) => string;

const camel = (name: string) => name.replace(/[-.](\w)/g, (_, c: string) => c.toUpperCase());

/** The client a change came from, in words ('Web', 'API', 'SCIM'...). */
export const clientLabel = (client: AuditClient, t: Say) => t(`activity.client.${client}` as MessageKey);

/** The system's sources the Who column names (activity.source.* in the catalogs). */
const SOURCES = new Set(["scim", "sso", "directory", "elite3e", "cv", "reminders", "rollup", "certificates", "secrets", "domains"]);

export function systemLabel(source: unknown, t: Say): string {
  return typeof source === "string" && SOURCES.has(source) ? t(`activity.source.${camel(source)}` as MessageKey) : t("activity.source.system");
}

/** The entity types with a noun of their own (activity.noun.*, activity.aNoun.*). */
const NOUNS = new Set([
  "user",
  "forecast",
  "project",
  "projectTimeReport",
  "projectInvoice",
  "competence",
  "skill",
  "matter",
  "company",
  "group",
  "office",
  "levelOfSkill",
  "projectStage",
  "projectCategory",
  "cvService",
  "scim-token",
]);

/** The actions said with a verb (activity.verb.*). */
const VERBS = new Set([
  "create",
  "update",
  "delete",
  "archive",
  "unarchive",
  "addMembers",
  "removeMember",
  "forecast.create",
  "forecast.update",
  "forecast.delete",
]);

/** Actions with words of their own (activity.sentence.*); `{subject}` is the person or thing acted on. */
const SENTENCES = new Set([
  "signup",
  "invite",
  "resend-invite",
  "admin-rights",
  "move",
  "email-change-requested",
  "profile-picture",
  "reset-password",
  "change-password",
  "set-language",
  "add-passkey",
  "remove-passkey",
  "add-totp",
  "remove-totp",
  "renew-recovery-codes",
  "clear-second-factors",
  "update-second-factor-policy",
  "update-reminder",
  "directory-sync",
  "directory-removed",
  "scim-user-created",
  "scim-user-updated",
  "scim-user-deactivated",
  "sso-user-created",
  "sso-update",
  "sso-off",
  "sso-certificate-warned",
  "sso-domains-checked",
  "scim-token-issued",
  "entra-tenant",
  "entra-tenant-removed",
  "smtp-update",
  "smtp-reset",
  "smtp-password-resealed",
  "elite3e-secret-resealed",
  "cv-key-resealed",
  "totp-secret-resealed",
  "elite3e-update",
  "elite3e-off",
  "elite3e-import",
  "elite3e-import-failed",
  "cv-import",
  "matter-confidential",
  "matter-not-confidential",
  "matter-manager-set",
  "matter-manager-unset",
  "operator-create-company",
  "operator-update-company",
  "operator-approve-domain",
  "operator-withdraw-domain",
]);

/** The row's action in words, with its subject (a person's or project's name) when known. */
export function describeAction(action: string, entityType: string, subject: string | null, t: Say): string {
  const named = subject ?? t("activity.someone");
  if (SENTENCES.has(action)) return t(`activity.sentence.${camel(action)}` as MessageKey, { subject: named });
  const noun = NOUNS.has(entityType) ? t(`activity.noun.${camel(entityType)}` as MessageKey) : entityType;
  if (!VERBS.has(action)) return t("activity.unknownAction", { action: action.replace(/[-._]/g, " "), noun });
  const verb = t(`activity.verb.${camel(action)}` as MessageKey);
  if (entityType === "forecast") return subject ? t("activity.forecastFor", { verb, subject }) : t("activity.forecast", { verb });
  if (entityType === "user") return t("activity.personAction", { verb, subject: named });
  if (entityType === "company") return t("activity.companySettings", { verb });
  const aNoun = NOUNS.has(entityType) ? t(`activity.aNoun.${camel(entityType)}` as MessageKey) : `a ${entityType}`;
  return subject ? t("activity.named", { verb, noun, subject }) : t("activity.unnamed", { verb, aNoun });
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
