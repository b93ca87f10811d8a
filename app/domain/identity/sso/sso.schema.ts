import { z } from "zod";
import { currentPasswordField, formBoolean } from "~/domain/schema-kit";

/** companySsoConfigParams: the SSO/SAML2 dialog and PUT /company/sso-config (decision 0150). */
export const SSO_ENTITY = "SsoConfigInputErrors";

const DOMAIN = /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const DOMAIN_MESSAGE = "Use domain names such as firm.com, separated by commas.";

/** "firm.com, firm.se" or ["firm.com"] → ["firm.com", "firm.se"] (lower case, no duplicates). */
export const domainList = z.preprocess(
  (value) => {
    const list = typeof value === "string" ? value.split(/[\s,;]+/) : value;
    if (!Array.isArray(list)) return list;
    return [...new Set(list.map((d) => (typeof d === "string" ? d.trim().toLowerCase().replace(/^@/, "") : d)).filter((d) => d !== ""))];
  },
  // One message for the list, not one per entry.
  z
    .array(z.string({ error: DOMAIN_MESSAGE }), { error: DOMAIN_MESSAGE })
    .max(20, "Use at most 20 domains.")
    .refine((list) => list.every((d) => DOMAIN.test(d)), DOMAIN_MESSAGE),
);

export const ssoConfigSchema = z.object({
  ssoLoginUrl: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z.string({ error: "Needs to be a URL." }).max(2000, "Use at most 2000 characters.").nullish(),
  ),
  ssoCertificate: z.string({ error: "Needs to be text." }).max(20_000, "The certificate is too long.").nullish(),
  allowFederation: formBoolean.default(false),
  ssoIdpInitiated: formBoolean.default(false),
  emailDomains: domainList.optional(),
  /** The step-up: the caller's password, unless they signed in within the last 10 minutes. */
  currentPassword: currentPasswordField,
});
export type SsoConfigInput = z.infer<typeof ssoConfigSchema>;

/** The operator's table of other installations' firm domains: "domain URL" per line. */
export const installationDomainsSchema = z.object({
  domains: z.string({ error: "Needs to be text." }).max(20_000, "Use at most 20,000 characters.").default(""),
});
export const INSTALLATION_DOMAINS_ENTITY = "InstallationDomainsInputErrors";
export const domainPattern = DOMAIN;
