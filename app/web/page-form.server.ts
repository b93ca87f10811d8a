import { parseWithZod } from "@conform-to/zod/v4";
import { firmHeldResponse, isFirmHeldError } from "~/lib/firm-held";
import { json } from "@remix-run/cloudflare";
import type { z } from "zod";
import { constraintConflict } from "~/db/constraint-errors";
import { ConflictError, CORRECT_THE_FIELDS, DomainError, ValidationError } from "~/domain/errors";
import type { FormReply, IntentResult } from "~/lib/page-form.types";
import { readerText } from "./reader.server";

type Say = (text: string) => string;

/** conform's reply with its messages in the reader's words (decision 0307). */
function saidReply<R extends { error?: Record<string, string[] | null> | null }>(reply: R, say: Say): R {
  if (!reply.error) return reply;
  return { ...reply, error: Object.fromEntries(Object.entries(reply.error).map(([field, messages]) => [field, messages && messages.map(say)])) };
}

export interface FormReplyOptions {
  /** Fields whose values never travel back to the browser (passwords). */
  hideFields?: string[];
  /** Empty the form after a success (a dialog that stays open). */
  resetForm?: boolean;
  /** The form-level message for a refused call: the error's own by default; null shows none (field errors only). */
  formError?: (error: DomainError) => string | null;
  /** Headers of the answer (a page reached from a mailed link sends no referrer and is not cached). */
  headers?: HeadersInit;
  /** The field a conflict (409) is about: its message shows there, not under the form ('email': the address is taken). */
  conflictOn?: string;
}

/** Why a domain call was refused, in the terms both page pipelines answer with. */
interface Refusal {
  error: DomainError;
  status: number;
  message: string;
  /** Field errors, one message a field (a ValidationError's). */
  errors?: Record<string, string>;
  entityType?: string;
  /** What a conflict carries (ConflictError.data). */
  data?: unknown;
  /** One line for a widget or a page state: the first field error, else the message. */
  summary: string;
}

/**
 * The one error mapping of the page forms: a DomainError, or a unique constraint lost to a
 * concurrent write (a conflict like any other), becomes a refusal; anything else is thrown on
 * to the error boundary.
 */
function refusalOf(error: unknown): Refusal {
  const refusal = error instanceof DomainError ? error : constraintConflict(error);
  if (!refusal) throw error;
  if (refusal instanceof ValidationError) {
    // A message of its own ("Choose at least one office and one group.") says it all; the generic one gives way to the first field's.
    const summary = refusal.message !== CORRECT_THE_FIELDS ? refusal.message : (Object.values(refusal.errors)[0] ?? refusal.message);
    return { error: refusal, status: refusal.status, message: refusal.message, errors: refusal.errors, entityType: refusal.entityType, summary };
  }
  const data = refusal instanceof ConflictError ? refusal.data : undefined;
  return { error: refusal, status: refusal.status, message: refusal.message, summary: refusal.message, ...(data !== undefined && { data }) };
}

/** A refusal in the reader's words: its message, one-line summary and field errors. */
function said(refusal: Refusal, say: Say): Refusal {
  const errors = refusal.errors && Object.fromEntries(Object.entries(refusal.errors).map(([field, message]) => [field, say(message)]));
  return { ...refusal, message: say(refusal.message), summary: say(refusal.summary), ...(errors && { errors }) };
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
  const { hideFields, headers } = options;
  const submission = parseWithZod(formData, { schema });
  if (submission.status !== "success")
    return json<FormReply>(saidReply(submission.reply({ hideFields }), await readerText()), { status: 400, headers });
  let result: unknown;
  try {
    result = await run(submission.value);
  } catch (error) {
    // The firm's writes are held for a moment (a move's switch): the browser sends the form again.
    if (isFirmHeldError(error)) throw firmHeldResponse();
    const refusal = said(refusalOf(error), await readerText());
    const onField = options.conflictOn && refusal.status === 409 ? { [options.conflictOn]: refusal.message } : undefined;
    const formError = onField ? null : options.formError ? options.formError(refusal.error) : refusal.message;
    const errors = onField ?? refusal.errors;
    const fieldErrors = errors && Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, [message]]));
    const reply = submission.reply({ formErrors: formError === null ? [] : [formError], fieldErrors, hideFields });
    return json<FormReply>({ ...reply, ...(refusal.data !== undefined && { data: refusal.data }) }, { status: refusal.status, headers });
  }
  if (result instanceof Response) throw result;
  // conform's reset reply carries no status; the dialogs read success from it.
  const reply = options.resetForm ? submission.reply({ resetForm: true }) : submission.reply({ hideFields });
  const message = messageOf(result);
  return json<FormReply>({ ...reply, status: "success", message: message && (await readerText())(message) }, { headers });
}

function messageOf(result: unknown) {
  if (typeof result === "object" && result !== null && "message" in result && typeof result.message === "string") return result.message;
  return undefined;
}

/**
 * For page loaders, and for a page action's guard before the form is read (`orStatusPage(() =>
 * requireManager(ctx))`): a domain refusal becomes the status page (404 not found, 403 no access).
 */
export async function orStatusPage<T>(work: Promise<T> | (() => T | Promise<T>)): Promise<T> {
  try {
    return await (typeof work === "function" ? work() : work);
  } catch (error) {
    const { status, message } = said(refusalOf(error), await readerText());
    throw new Response(message, { status });
  }
}

/** A loader's domain call, settled: its value, or why it was refused. */
export type PageState<T> = { ok: true; value: T } | { ok: false; status: number; message: string; errors?: Record<string, string>; data?: unknown };

/**
 * For page loaders whose refusal is a state of the page rather than a status page (an invite
 * link that no longer works, a bad date in the address): the value, or the refusal's status,
 * one-line message (the first field error, else the error's), field errors and a conflict's
 * data (where to send the person instead). The same
 * mapping as the forms; anything that is not a refusal goes on to the error boundary.
 */
export async function pageStateOf<T>(promise: Promise<T>): Promise<PageState<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    const { status, summary, errors, data } = said(refusalOf(error), await readerText());
    return { ok: false, status, message: summary, ...(errors && { errors }), ...(data !== undefined && { data }) };
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
    const say = await readerText();
    const errors = Object.fromEntries(Object.entries(submission.error ?? {}).map(([field, messages]) => [field || "body", say(messages?.[0] ?? "")]));
    return json<IntentResult>({ ok: false, intent, message: Object.values(errors)[0] || say(CORRECT_THE_FIELDS), errors }, { status: 400 });
  }
  try {
    const result = await run(submission.value);
    return json<IntentResult>({ ok: true, intent, ...(result ?? {}) }, { status: intent === "create" ? 201 : 200 });
  } catch (error) {
    if (isFirmHeldError(error)) throw firmHeldResponse();
    const { status, summary, errors, entityType } = said(refusalOf(error), await readerText());
    return json<IntentResult>({ ok: false, intent, message: summary, ...(errors && { entityType, errors }) }, { status });
  }
}
