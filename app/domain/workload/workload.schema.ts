import { z } from "zod";
import { REQUIRED, sessionIdSchema, sourceSchema } from "../schema-kit";
import { WORKLOAD_MAX, WORKLOAD_MIN } from "./limits";

export { WORKLOAD_MAX, WORKLOAD_MIN };

export { sourceSchema };

export const workscaleSchema = z
  .number({ error: "Workload must be a whole number from 0 to 3." })
  .int("Workload must be a whole number from 0 to 3.")
  .min(WORKLOAD_MIN, "Workload must be a whole number from 0 to 3.")
  .max(WORKLOAD_MAX, "Workload must be a whole number from 0 to 3.");

export const workloadTypeSchema = z.enum(["current", "future"], { error: "Workload type must be current or future." });

export const workloadCreateSchema = z.object({
  workscale: workscaleSchema,
  source: sourceSchema,
  sessionId: sessionIdSchema,
});

export const messageSchema = z.object({
  message: z.string({ error: REQUIRED }).max(1000),
  source: sourceSchema,
  sessionId: sessionIdSchema,
});

export const refreshSchema = z.object({ source: sourceSchema, sessionId: sessionIdSchema });

/** Status message limit: 50, or 100 with expandComment. The new dashboard's general comment: 85, or 110. */
export function statusMessageLimit(settings: { expandComment: boolean }): number {
  return settings.expandComment ? 100 : 50;
}

export const GENERAL_COMMENT_LIMIT = 85;
export const GENERAL_COMMENT_LONG_LIMIT = 110;

/** The general comment allows 110 only when the stored text is already longer than 85. */
export function generalCommentLimit(current: string): number {
  return current.length > GENERAL_COMMENT_LIMIT ? GENERAL_COMMENT_LONG_LIMIT : GENERAL_COMMENT_LIMIT;
}

/** What the server accepts for a message, whichever dashboard sent it. */
export function messageLimit(settings: { expandComment: boolean; enableNewForecasting: boolean }, current: string): number {
  const limits = [statusMessageLimit(settings)];
  if (settings.enableNewForecasting) limits.push(generalCommentLimit(current));
  return Math.max(...limits);
}

/** Enter is blocked in the field; pasted line breaks become spaces. */
export function normaliseMessage(message: string): string {
  return message.replace(/[\r\n]+/g, " ");
}
