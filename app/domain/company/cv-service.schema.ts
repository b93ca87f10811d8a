import { z } from "zod";
import { currentPasswordField, REQUIRED } from "../schema-kit";

/** The company page's CV service setting (decision 0112): the service's base URL and its API key. */
export const CV_KEY_MAX = 500;

export const cvServiceSettingsSchema = z.object({
  url: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(300, "Use at most 300 characters.")
    .refine((value) => {
      try {
        const url = new URL(value);
        return (url.protocol === "https:" || url.protocol === "http:") && !url.username && !url.password && !url.search && !url.hash;
      } catch {
        return false;
      }
    }, "Needs to be the service's address, like https://yourfirm.cvpartner.com."),
  /** Left out or empty on a save: the stored key is kept. */
  key: z.string({ error: "Needs to be text." }).trim().max(CV_KEY_MAX, `Use at most ${CV_KEY_MAX} characters.`).optional(),
  /** The step-up: the caller's password, unless they signed in within the last 10 minutes. */
  currentPassword: currentPasswordField,
});
export type CvServiceSettingsInput = z.infer<typeof cvServiceSettingsSchema>;
