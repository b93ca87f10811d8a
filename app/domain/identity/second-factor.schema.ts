import { z } from "zod";
import { REQUIRED } from "~/domain/schema-kit";

/** The code page at sign-in: six digits from the app, or a recovery code. */
export const secondFactorCodeSchema = z.object({
  code: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(40),
});

/** POST /account/login/second-factor: the challenge the login answered, and the code. */
export const secondFactorLoginSchema = secondFactorCodeSchema.extend({
  challenge: z.string({ error: REQUIRED }).min(1, REQUIRED).max(2000),
});

/** Confirming the app in settings: a code from it, and the password when the step-up asks. */
export const totpConfirmSchema = z.object({
  code: z
    .string({ error: REQUIRED })
    .trim()
    .regex(/^\d{3}\s?\d{3}$/, "Enter the six digits your app shows."),
  currentPassword: z.string().max(1000).optional(),
});

export const stepUpOnlySchema = z.object({ currentPassword: z.string().max(1000).optional() });

export const WRONG_CODE = "That code is not right. Try the current code from your app, or a recovery code.";
export const CHALLENGE_EXPIRED = "The sign-in has expired. Please sign in again.";
