import type { z } from "zod";
import { ValidationError } from "~/domain/errors";

/**
 * Validates input with a use case's zod schema; failures become a ValidationError in the
 * spec's shape ({ entityType, message, errors: { field: text } }), whoever called: the API
 * adapter, a page form or a domain function checking what it was handed.
 */
export function validate<S extends z.ZodType>(schema: S, input: unknown, entityType = "InputErrors"): z.infer<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = issue.path.join(".") || "body";
    errors[field] ??= issue.message;
  }
  throw new ValidationError(entityType, errors);
}

/**
 * The offices and groups a team view covers (statistics, the team calendar feed): at least
 * one of each. The message names what is missing: one field's, or both together.
 */
export function requireTeamChoice(entityType: string, chosen: { officeIds: readonly string[]; groupIds: readonly string[] }): void {
  const errors: Record<string, string> = {};
  if (chosen.officeIds.length === 0) errors.offices = "Choose at least one office.";
  if (chosen.groupIds.length === 0) errors.groups = "Choose at least one group.";
  const missing = Object.values(errors);
  if (missing.length === 0) return;
  throw new ValidationError(entityType, errors, missing.length === 2 ? "Choose at least one office and one group." : missing[0]);
}
