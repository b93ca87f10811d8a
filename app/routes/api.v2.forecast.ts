import { json, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { daySchema } from "~/domain/forecasts/forecast.schema";
import { listForecasts } from "~/domain/forecasts/forecasts.server";
import { apiRoute } from "~/lib/api.server";
import { validate } from "~/domain/validation";

const rangeSchema = z.object({ from: daySchema.optional(), to: daySchema.optional() });

export const loader = apiRoute(async ({ request, context }: LoaderFunctionArgs) => {
  const actor = await requireApiUser(request, context);
  const range = validate(rangeSchema, Object.fromEntries(new URL(request.url).searchParams));
  return json(await listForecasts(domainCtx(context, actor), range));
});
