import { z } from "zod";
import { REQUIRED } from "~/domain/schema-kit";

/** Directory connection calls (PUT /azure-ad/tenant, the code exchanges, the directory search). */
const TENANT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const TENANT_FORMAT = "Needs to be a directory (tenant) id, like 72f988bf-86f1-41af-91ab-2d7cd011db47.";

export const tenantIdField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .regex(TENANT_ID, TENANT_FORMAT)
  .transform((id) => id.toLowerCase());

const code = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(4000, "The code is too long.");
const redirectUri = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(500, "Use at most 500 characters.")
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), "Needs to be an http(s) address.");

/** POST /azure-ad/sign-in-with-code and POST /azure-ad/custom-setup. */
export const codeExchangeSchema = z.object({ code, redirectUri });

/** POST /azure-ad/sign-in-with-token: the Teams tab's SSO token and who it says it is. */
export const tokenSignInSchema = z.object({
  adToken: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(8000, "The token is too long."),
  tenantId: tenantIdField,
  adUserId: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100, "Use at most 100 characters."),
});

/** GET /azure-ad/users?search= */
export const directorySearchSchema = z.object({ search: z.string().trim().max(100, "Use at most 100 characters.").optional().default("") });

/** The spec's text for a directory person without an e-mail. */
export const NO_EMAIL_MESSAGE = "No email has been set for this Azure AD user and it can't be added until it has been set in the Azure portal.";
