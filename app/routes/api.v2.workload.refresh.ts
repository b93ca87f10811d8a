import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { refreshSchema } from "~/domain/workload/workload.schema";
import { refreshWorkload } from "~/domain/workload/workload.server";
import { apiAction, methodNotAllowed, parseJson } from "~/lib/api.server";

export const loader = () => methodNotAllowed();

export const action = apiAction({
  PUT: async ({ request, context }: ActionFunctionArgs) => {
    const actor = await requireApiUser(request, context);
    const input = await parseJson(request, refreshSchema, "InputErrors");
    return json(await refreshWorkload(domainCtx(context, actor, input.sessionId), input));
  },
});
