import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { ForbiddenError } from "~/domain/errors";
import { daySchema, FORECAST_STATUSES, forecastUpsertSchema } from "~/domain/forecasts/forecast.schema";
import { createForecast, deleteForecast, updateForecast } from "~/domain/forecasts/forecasts.server";
import { canOpenPlanner, getPlanner, setTodayStatus } from "~/domain/planner/planner.server";
import { mondayOf, visibleDayCount } from "~/domain/planner/timeline";
import { apiRoute } from "~/lib/api.server";
import { validate } from "~/domain/validation";

const windowSchema = z.object({
  from: daySchema.optional(),
  days: z.coerce.number().int().min(1).max(62).default(14),
});

/** The planner overlay's data: people, forecasts and vacations for ?from=YYYY-MM-DD&days=N. */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const actor = await requireUser(request, context);
  const ctx = domainCtx(context, actor);
  const query = validate(windowSchema, Object.fromEntries(new URL(request.url).searchParams));
  return json(await getPlanner(ctx, { from: query.from ?? mondayOf(ctx.now), days: query.days ?? visibleDayCount(0) }));
});

const forecastFields = {
  userId: z.string().min(1),
  startDate: z.string(),
  endDate: z.string().optional(),
  status: z.string(),
  comment: z.string().optional(),
};

const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("create"), ...forecastFields }),
  z.object({ intent: z.literal("update"), forecastId: z.string().min(1), ...forecastFields }),
  z.object({ intent: z.literal("delete"), userId: z.string().min(1), forecastId: z.string().min(1) }),
  z.object({ intent: z.literal("today"), userId: z.string().min(1), status: z.enum(FORECAST_STATUSES) }),
]);

/**
 * The planner's writes for any person: the same domain functions as /api/v2/forecast, which
 * enforce who may change whose forecasts. Answers { ok, forecast? } or the API error shape.
 */
export const action = apiRoute(async ({ request, context }: ActionFunctionArgs) => {
  const actor = await requireUser(request, context);
  const form = Object.fromEntries(await request.formData());
  const ctx = domainCtx(context, actor, typeof form.sessionId === "string" && form.sessionId ? form.sessionId : null);
  if (!canOpenPlanner(ctx)) throw new ForbiddenError("The planner is turned off for this company.");
  const input = validate(intentSchema, form, "ForecastInputErrors");
  switch (input.intent) {
    case "create": {
      const forecast = await createForecast(ctx, input.userId, validate(forecastUpsertSchema, input, "ForecastInputErrors"));
      return json({ ok: true, forecast }, { status: 201 });
    }
    case "update": {
      const forecast = await updateForecast(ctx, input.userId, input.forecastId, validate(forecastUpsertSchema, input, "ForecastInputErrors"));
      return json({ ok: true, forecast });
    }
    case "delete":
      await deleteForecast(ctx, input.userId, input.forecastId);
      return json({ ok: true });
    case "today":
      await setTodayStatus(ctx, input.userId, input.status);
      return json({ ok: true });
  }
});
