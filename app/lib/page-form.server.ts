import { parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/cloudflare";
import type { z } from "zod";
import { constraintConflict } from "~/db/constraint-errors";
import { DomainError, ValidationError } from "~/domain/errors";
import type { FormReply, IntentResult } from "./page-form.types";

export interface FormReplyOptions {
  /** Fields whose values never travel back to the browser (passwords). */
  hideFields?: string[];
  /** Empty the form after a success (a dialog that stays open). */
  resetForm?: boolean;
  /** The form-level message for a refused call: the error's own by default; null shows none (field errors only). */
  formError?: (error: DomainError) => string | null;
}

/**
 * A page form's round trip: validate with the use case's zod schema, run the domain call,
 * and answer conform's reply. Field errors stay on their fields; a refused call (403, 404,
 * 409...) answers its message as the form error, so the dialog shows it and stays open.
 * When the call returns a Response (a redirect after sign-in or a delete), that is the answer;
 * when it returns `{ message }`, the message rides along with the reply.
 */
export async function submitForm<S extends z.ZodType>(
  formData: FormData,
  schema: S,
  run: (value: z.output<S>) => Promise<unknown>,
  options: FormReplyOptions = {},
) {
  const { hideFields } = options;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") return json<FormReply>(submission.reply({ hideFields }), { status: 400 });
  let result: unknown;
  try {
    result = await run(submission.value);
  } catch (error) {
    // A unique constraint lost to a concurrent write is a conflict like any other.
    const refusal = error instanceof DomainError ? error : constraintConflict(error);
    if (!refusal) throw error;
    const formError = options.formError ? options.formError(refusal) : refusal.message;
    const fieldErrors = refusal instanceof ValidationError ? fieldErrorsOf(refusal) : undefined;
    return json<FormReply>(submission.reply({ formErrors: formError === null ? [] : [formError], fieldErrors, hideFields }), {
      status: refusal.status,
    });
  }
  if (result instanceof Response) throw result;
  // conform's reset reply carries no status; the dialogs read success from it.
  const reply = options.resetForm ? submission.reply({ resetForm: true }) : submission.reply({ hideFields });
  return json<FormReply>({ ...reply, status: "success", message: messageOf(result) });
}

function fieldErrorsOf(error: ValidationError) {
  return Object.fromEntries(Object.entries(error.errors).map(([field, message]) => [field, [message]]));
}

function messageOf(result: unknown) {
  if (typeof result === "object" && result !== null && "message" in result && typeof result.message === "string") return result.message;
  return undefined;
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

/**
 * A write posted by a fetcher with an `intent` (optimistic UIs that show the change at once
 * and roll back on a refusal): the same parse and error mapping as `submitForm`, answered as
 * `{ ok, intent, ... }` so the widget can say why. The call's result object rides along; a create answers 201.
 */
export async function submitIntent<S extends z.ZodType>(formData: FormData, schema: S, run: (value: z.output<S>) => Promise<object | void>) {
  const intent = String(formData.get("intent") ?? "");
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success") {
    const errors = Object.fromEntries(Object.entries(submission.error ?? {}).map(([field, messages]) => [field || "body", messages?.[0] ?? ""]));
    return json<IntentResult>(
      { ok: false, intent, message: Object.values(errors)[0] || "Please correct the marked fields.", errors },
      { status: 400 },
    );
  }
  try {
    const result = await run(submission.value);
    return json<IntentResult>({ ok: true, intent, ...(result ?? {}) }, { status: intent === "create" ? 201 : 200 });
  } catch (error) {
    const refusal = error instanceof DomainError ? error : constraintConflict(error);
    if (!refusal) throw error;
    if (refusal instanceof ValidationError) {
      const message = Object.values(refusal.errors)[0] ?? refusal.message;
      return json<IntentResult>({ ok: false, intent, message, entityType: refusal.entityType, errors: refusal.errors }, { status: refusal.status });
    }
    return json<IntentResult>({ ok: false, intent, message: refusal.message }, { status: refusal.status });
  }
}
