import type { SubmissionResult } from "@conform-to/react";

/** What the page-form pipeline (page-form.server.ts) answers: plain types, for the forms and widgets in the browser. */

/**
 * conform's reply, plus the message a domain call answers for the dialog to show ('Password
 * changed!', a test mail) and, for a refused call, the data a conflict carries (the e-mails
 * that exist already), as the API answers it.
 */
export type FormReply = SubmissionResult<string[]> & { message?: string; data?: unknown };

/** What a fetcher-driven write answers (the dashboard's and the planner's): ok plus data, or why not. */
export type IntentResult =
  | ({ ok: true; intent: string } & Record<string, unknown>)
  | { ok: false; intent: string; message: string; entityType?: string; errors?: Record<string, string> };
