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
