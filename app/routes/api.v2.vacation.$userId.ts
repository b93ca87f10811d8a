import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { vacationSchema } from "~/domain/forecasts/forecast.schema";
import { createVacation } from "~/domain/forecasts/forecasts.server";
import { apiAction, methodNotAllowed, parseJson } from "~/lib/api.server";

export const loader = () => methodNotAllowed();

export const action = apiAction({
  POST: async ({ request, params, context }: ActionFunctionArgs) => {
    const actor = await requireApiUser(request, context);
    const input = await parseJson(request, vacationSchema, "VacationInputErrors");
    return json(await createVacation(domainCtx(context, actor, input.sessionId), params.userId!, input), { status: 201 });
  },
});
