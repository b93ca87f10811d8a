import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { daySchema } from "~/domain/forecasts/forecast.schema";
import { getPlanner } from "~/domain/planner/planner.server";
import { mondayOf, visibleDayCount } from "~/domain/planner/timeline";
import { apiRoute } from "~/web/api.server";
import { validate } from "~/domain/validation";

const windowSchema = z.object({
  from: daySchema.optional(),
  days: z.coerce.number().int().min(1).max(62).default(14),
});

/** The planner overlay's data (its writes go to /resources/forecasts): people, forecasts and vacations for ?from=YYYY-MM-DD&days=N. */
export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const actor = await requireUser(request, context);
  const ctx = domainCtx(context, actor);
  const query = validate(windowSchema, Object.fromEntries(new URL(request.url).searchParams));
  return json(await getPlanner(ctx, { from: query.from ?? mondayOf(ctx.today), days: query.days ?? visibleDayCount(0) }));
});
