import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { vacationSchema } from "~/domain/forecasts/forecast.schema";
import { deleteVacation, updateVacation } from "~/domain/forecasts/forecasts.server";
import { apiAction, methodNotAllowed, parseJson, querySessionId } from "~/lib/api.server";

export const loader = () => methodNotAllowed();

export const action = apiAction({
  PUT: async ({ request, params, context }: ActionFunctionArgs) => {
    const actor = await requireApiUser(request, context);
    const input = await parseJson(request, vacationSchema, "VacationInputErrors");
    return json(await updateVacation(domainCtx(context, actor, input.sessionId), params.userId!, params.vacationId!, input));
  },
  DELETE: async ({ request, params, context }: ActionFunctionArgs) => {
    const actor = await requireApiUser(request, context);
    await deleteVacation(domainCtx(context, actor, querySessionId(request)), params.userId!, params.vacationId!);
    return json({ deleted: true });
  },
});
