import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/cloudflare";
import type { z } from "zod";
import { constraintConflict } from "~/db/constraint-errors";
import { DomainError, ValidationError } from "~/domain/errors";

/**
 * A page form's round trip: validate with the use case's zod schema, run the domain call,
 * and answer conform's reply. Field errors stay on their fields; a refused call (403, 404,
 * 409...) answers its message as the form error, so the dialog shows it and stays open.
 * When the call returns a Response (a redirect after a delete), that is the answer.
 */
export async function submitForm<S extends z.ZodType>(formData: FormData, schema: S, run: (value: z.output<S>) => Promise<unknown>) {
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  let result: unknown;
  try {
    result = await run(submission.value);
  } catch (error) {
    if (error instanceof ValidationError) {
      const fieldErrors = Object.fromEntries(Object.entries(error.errors).map(([field, message]) => [field, [message]]));
      return json(submission.reply({ formErrors: [error.message], fieldErrors }), { status: error.status });
    }
    if (error instanceof DomainError) return json(submission.reply({ formErrors: [error.message] }), { status: error.status });
    const conflict = constraintConflict(error);
    if (conflict) return json(submission.reply({ formErrors: [conflict.message] }), { status: 409 });
    throw error;
  }
  if (result instanceof Response) throw result;
  return json(submission.reply());
}

/** For page loaders: a domain refusal becomes the status page (404 not found, 403 no access). */
export async function orStatusPage<T>(promise: Promise<T>): Promise<T> {
  try {
    return await promise;
  } catch (error) {
    if (error instanceof DomainError) throw new Response(error.message, { status: error.status });
    throw error;
  }
}
