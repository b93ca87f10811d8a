import { z } from "zod";
import type { DomainContext } from "~/domain/context";
import { workscaleSchema } from "~/domain/workload/workload.schema";
import { daySchema } from "~/domain/forecasts/forecast.schema";
import { setMessage, setWorkload, setWorkloadForecastDate } from "~/domain/workload/workload.server";
import { workplaceIndexSchema } from "~/domain/workplace/workplace.schema";
import { setWorkplace } from "~/domain/workplace/workplace.server";
import { submitIntent } from "~/web/page-form.server";

const level = z.coerce.number().pipe(workscaleSchema);

/** The dashboard's own writes, one `intent` each (its forecast writes go to /resources/forecasts, shared with the planner). */
const intentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("current"), workscale: level }),
  z.object({ intent: z.literal("future"), workscale: level }),
  z.object({ intent: z.literal("forecastDate"), date: z.union([z.literal(""), daySchema]).default("") }),
  z.object({ intent: z.literal("message"), message: z.string().max(1000).default("") }),
  z.object({
    intent: z.literal("workplace"),
    index: workplaceIndexSchema,
    option: z.enum(["0", "1", "2", "3", "none"]).transform((v) => (v === "none" ? null : (Number(v) as 0 | 1 | 2 | 3))),
    future: z.enum(["true", "false"]).transform((v) => v === "true"),
  }),
]);

/** `source`: the client the write came from (lib/client-source.ts), recorded with the history. */
export function runDashboardAction(ctx: DomainContext, form: FormData, source = "web_app") {
  return submitIntent(form, intentSchema, async (input) => {
    switch (input.intent) {
      case "current":
      case "future":
        await setWorkload(ctx, input.intent, { workscale: input.workscale, source });
        return;
      case "forecastDate":
        await setWorkloadForecastDate(ctx, ctx.actor.user.id, input.date === "" ? null : input.date, source);
        return;
      case "message":
        await setMessage(ctx, { message: input.message, source });
        return;
      case "workplace":
        await setWorkplace(ctx, input.index, { option: input.option, future: input.future, source });
        return;
    }
  });
}
