import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { workloadCreateSchema, workloadTypeSchema } from "~/domain/workload/workload.schema";
import { setWorkload } from "~/domain/workload/workload.server";
import { apiAction, methodNotAllowed, parseJson } from "~/lib/api.server";
import { validate } from "~/domain/validation";

export const loader = () => methodNotAllowed();

export const action = apiAction({
  POST: async ({ request, params, context }: ActionFunctionArgs) => {
    const actor = await requireApiUser(request, context);
    const type = validate(workloadTypeSchema, params.type);
    const input = await parseJson(request, workloadCreateSchema, "WorkloadInputErrors");
    return json(await setWorkload(domainCtx(context, actor, input.sessionId), type, input), { status: 201 });
  },
});
