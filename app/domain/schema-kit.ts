import { z } from "zod";
import { REQUIRED } from "./schema-messages";

/**
 * The pieces every use case's schema is built from, so a message or a rule is written once.
 * Plain zod, no server imports: forms validate with these in the browser too.
 */

/** The spec's message for a missing field (in schema-messages.ts, which a page can import without zod). */
export { REQUIRED };

/**
 * The caller's own password, typed again for a powerful setting (the step-up,
 * domain/identity/reauth.server.ts): optional, since a sign-in within the last minutes is
 * enough.
 */
export const currentPasswordField = z.string({ error: "Needs to be text." }).max(1000, "Use at most 1000 characters.").nullish();

/** A powerful action with no fields of its own (a disconnect): only the step-up's password. */
export const stepUpOnly = z.object({ currentPassword: currentPasswordField });

/** Text that must be there (missing and blank get the same message), trimmed, at most `max` characters. */
export function requiredText(max: number) {
  return z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(max, `Use at most ${max} characters.`);
}

/** A row's id as a client sends it: text, trimmed, never empty, at most 64 characters. */
export const idSchema = z.string({ error: "Ids must be text." }).trim().min(1, "Ids cannot be empty.").max(64, "Ids are at most 64 characters.");

/**
 * A filter's list of ids (offices, groups, people, projects...): at most 500, each kept
 * once. `what` names the field in its message: "Offices must be a list of ids."
 */
export function idList(what: string) {
  return z
    .array(idSchema, { error: `${what} must be a list of ids.` })
    .max(500, "At most 500 ids.")
    .transform((list) => [...new Set(list)]);
}

/** A count such as a page's length or a number of weeks: a whole number from 1 to `max`, one message for every way it is wrong. */
export function countSchema(label: string, max: number) {
  const message = `${label} must be a whole number from 1 to ${max}.`;
  return z.number({ error: message }).int(message).min(1, message).max(max, message);
}

/** Where a write comes from, recorded in the history: web_app, ios_app or teams_app_{client}. */
export const sourceSchema = z
  .string()
  .regex(/^(web_app|ios_app|teams_app_[A-Za-z0-9_-]{1,40})$/, "Source must be web_app, ios_app or teams_app_{client}.")
  .default("web_app");

/** The browser tab that made a change, echoed in the realtime event so that tab ignores it. */
export const sessionIdSchema = z.string().max(100).nullish();

/**
 * A checkbox or switch: forms send "on" (or nothing, meaning off), JSON sends booleans. No
 * default here: a switch that defaulted to on could never be turned off; add `.default(false)`
 * where an absent box means off.
 */
export const formBoolean = z.preprocess((value) => value === "on" || value === "true" || value === true, z.boolean());

/** A flag the API sends as true/false and a form as "on": anything else is refused rather than read as false. */
export const strictFlag = z.preprocess(
  (value) => (value === "on" || value === "true" ? true : value === "false" ? false : value),
  z.boolean({ error: "Needs to be true or false." }),
);

/** A form that sends nothing but its intent (a delete, a resend): the pipeline still parses it. */
export const noFields = z.object({});
