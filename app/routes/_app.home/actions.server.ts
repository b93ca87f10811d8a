import { json } from "@remix-run/cloudflare";
import { z } from "zod";
import type { DomainContext } from "~/domain/context";
import { DomainError, ValidationError } from "~/domain/errors";
import { daySchema, forecastUpsertSchema } from "~/domain/forecasts/forecast.schema";
import { createForecast, deleteForecast, updateForecast } from "~/domain/forecasts/forecasts.server";
import { workscaleSchema } from "~/domain/workload/workload.schema";
import { setMessage, setOnLeave, setWorkload, setWorkloadForecastDate } from "~/domain/workload/workload.server";
import { workplaceIndexSchema } from "~/domain/workplace/workplace.schema";
import { validate } from "~/domain/validation";
import { setWorkplace } from "~/domain/workplace/workplace.server";

const level = z.coerce.number().pipe(workscaleSchema);
const forecastFields = {
  startDate: z.string(),
  endDate: z.string().optional(),
  status: z.string(),
  comment: z.string().optional(),
};

/** The dashboard's writes, one `intent` each; every one calls the same domain function as /api/v2. */
const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("current"), workscale: level }),
  z.object({ intent: z.literal("future"), workscale: level }),
  z.object({ intent: z.literal("today"), status: z.enum(["away", "0", "1", "2", "3"]) }),
  z.object({ intent: z.literal("forecastDate"), date: z.union([z.literal(""), daySchema]) }),
  z.object({ intent: z.literal("message"), message: z.string().max(1000).default("") }),
  z.object({
    intent: z.literal("workplace"),
    index: workplaceIndexSchema,
    option: z.enum(["0", "1", "2", "3", "none"]).transform((v) => (v === "none" ? null : (Number(v) as 0 | 1 | 2 | 3))),
    future: z.enum(["true", "false"]).transform((v) => v === "true"),
  }),
  z.object({ intent: z.literal("createForecast"), ...forecastFields }),
  z.object({ intent: z.literal("updateForecast"), forecastId: z.string(), ...forecastFields }),
  z.object({ intent: z.literal("deleteForecast"), forecastId: z.string() }),
]);

export type DashboardActionResult = { ok: true; intent: string } | { ok: false; intent: string; message: string; errors?: Record<string, string> };

export async function runDashboardAction(ctx: DomainContext, form: FormData) {
  const raw = Object.fromEntries(form);
  const intent = String(raw.intent ?? "");
  try {
    const input = validate(intentSchema, raw);
    const me = ctx.actor.user.id;
    const source = "web_app";
    switch (input.intent) {
      case "current":
      case "future":
        await setWorkload(ctx, input.intent, { workscale: input.workscale, source });
        break;
      case "today":
        if (input.status === "away") await setOnLeave(ctx, me, true, source);
        else await setWorkload(ctx, "current", { workscale: Number(input.status), source });
        break;
      case "forecastDate":
        await setWorkloadForecastDate(ctx, me, input.date === "" ? null : input.date, source);
        break;
      case "message":
        await setMessage(ctx, { message: input.message, source });
        break;
      case "workplace":
        await setWorkplace(ctx, input.index, { option: input.option, future: input.future, source });
        break;
      case "createForecast":
        await createForecast(ctx, me, validate(forecastUpsertSchema, input));
        break;
      case "updateForecast":
        await updateForecast(ctx, me, input.forecastId, validate(forecastUpsertSchema, input));
        break;
      case "deleteForecast":
        await deleteForecast(ctx, me, input.forecastId);
        break;
    }
    return json<DashboardActionResult>({ ok: true, intent });
  } catch (error) {
    if (error instanceof ValidationError) {
      return json<DashboardActionResult>(
        { ok: false, intent, message: Object.values(error.errors)[0] ?? error.message, errors: error.errors },
        { status: error.status },
      );
    }
    if (error instanceof DomainError) return json<DashboardActionResult>({ ok: false, intent, message: error.message }, { status: error.status });
    throw error;
  }
}
