import { z } from "zod";
import { REQUIRED } from "~/domain/schema-kit";

export const loginSchema = z.object({
  email: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(320),
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(1000),
});

export type LoginInput = z.infer<typeof loginSchema>;

/** 'Sign in with SSO' needs only the e-mail: its domain names the firm. */
export const SSO_NEEDS_EMAIL = "Enter your work e-mail first: its domain tells us which firm's single sign-on to use.";

export const ssoLoginSchema = loginSchema.extend({
  email: z.string({ error: SSO_NEEDS_EMAIL }).trim().min(1, SSO_NEEDS_EMAIL).max(320).email("Needs to be a valid email"),
  password: z.string().max(1000).optional(),
});
