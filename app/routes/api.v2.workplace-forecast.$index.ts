import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { workplaceIndexSchema, workplaceUpdateSchema } from "~/domain/workplace/workplace.schema";
import { setWorkplace } from "~/domain/workplace/workplace.server";
import { apiAction, methodNotAllowed, parseJson } from "~/lib/api.server";
import { validate } from "~/domain/validation";

export const loader = () => methodNotAllowed();

export const action = apiAction({
  POST: async ({ request, params, context }: ActionFunctionArgs) => {
    const actor = await requireApiUser(request, context);
    const index = validate(workplaceIndexSchema, params.index);
    const input = await parseJson(request, workplaceUpdateSchema, "InputErrors");
    return json(await setWorkplace(domainCtx(context, actor, input.sessionId), index, input));
  },
});
