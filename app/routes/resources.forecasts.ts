import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import type { ClientActionFunctionArgs } from "@remix-run/react";
import { z } from "zod";
import { requireUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { FORECAST_STATUSES } from "~/domain/forecasts/statuses";
import { forecastUpsertSchema } from "~/domain/forecasts/forecast.schema";
import { createForecast, deleteForecast, updateForecast } from "~/domain/forecasts/forecasts.server";
import { setTodayStatus } from "~/domain/planner/planner.server";
import { requirePlanner } from "~/domain/guards.server";
import { clientSourceOf } from "~/lib/client-source";
import { validate } from "~/domain/validation";
import { submitIntent } from "~/web/page-form.server";
import type { IntentResult } from "~/lib/page-form.types";

// The forecast itself is checked by forecastUpsertSchema, with the API's messages.
// userId: whose forecast; without it, one's own (the dashboard's writes).
const forecastFields = {
  userId: z.string().optional(),
  startDate: z.string().optional(),
  endDate: z.string().optional(),
  status: z.string().optional(),
  comment: z.string().optional(),
};

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...forecastFields }),
  z.object({ intent: z.literal("update"), forecastId: z.string().min(1), ...forecastFields }),
  z.object({ intent: z.literal("delete"), userId: z.string().optional(), forecastId: z.string().min(1) }),
  z.object({ intent: z.literal("today"), userId: z.string().optional(), status: z.enum(FORECAST_STATUSES) }),
]);

/**
 * The browser's one endpoint for forecast writes, the dashboard's (one's own) and the
 * planner's (anyone the planner rule allows): the same domain functions as /api/v2/forecast,
 * which decide who may change whose forecasts. Answers `{ ok, intent, forecast? }` or why not.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const actor = await requireUser(request, context);
  const form = await request.formData();
  const ctx = domainCtx(context, actor, String(form.get("sessionId") ?? "") || null);
  return submitIntent(form, intentSchema, async (input) => {
    const userId = input.userId ?? actor.user.id;
    if (userId !== actor.user.id) requirePlanner(ctx);
    switch (input.intent) {
      case "create":
        return { forecast: await createForecast(ctx, userId, validate(forecastUpsertSchema, input, "ForecastInputErrors")) };
      case "update":
        return { forecast: await updateForecast(ctx, userId, input.forecastId, validate(forecastUpsertSchema, input, "ForecastInputErrors")) };
      case "delete":
        await deleteForecast(ctx, userId, input.forecastId);
        return;
      case "today":
        await setTodayStatus(ctx, userId, input.status, clientSourceOf(request));
        return;
    }
  });
}

/** What the person reads when a write never got an answer (decision 0225). */
const CONNECTION_FAILED = "The connection to the server failed. Try again.";
const SERVER_FAILED = "The server could not save the change. Try again.";

/**
 * In the browser, around the server's action: a write that fails outright (network down, a
 * 5xx, an answer that is not the action's) comes back as a refusal does, `{ ok: false, message }`,
 * so the fetcher's optimistic change rolls back alone and its message shows in place, instead of
 * the route's error boundary replacing the page. A redirect (signed out) and an aborted write
 * (a newer submit on the same fetcher) go on as before.
 */
export async function clientAction({ request, serverAction }: ClientActionFunctionArgs): Promise<IntentResult> {
  const intent = String((await request.clone().formData()).get("intent") ?? "");
  try {
    const answer: unknown = await serverAction();
    if (isIntentResult(answer)) return answer;
    return { ok: false, intent, message: SERVER_FAILED };
  } catch (error) {
    if (request.signal.aborted || (error instanceof Response && error.status >= 300 && error.status < 400)) throw error;
    const message = error instanceof TypeError ? CONNECTION_FAILED : SERVER_FAILED;
    return { ok: false, intent, message };
  }
}

function isIntentResult(answer: unknown): answer is IntentResult {
  return typeof answer === "object" && answer !== null && "ok" in answer && typeof answer.ok === "boolean";
}
