import { json, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { requireApiUser } from "~/auth/session.server";
import { domainCtx } from "~/domain/context";
import { userFilterSchema } from "~/domain/users/filter.schema";
import { filterUserIds } from "~/domain/users/filter.server";
import { apiAction, methodNotAllowed, parseJson } from "~/lib/api.server";

export const loader = () => methodNotAllowed();

/** POST /users/filteredIds: the ids of everyone the filter matches, in the chosen order. */
export const action = apiAction({
  POST: async ({ request, context }: ActionFunctionArgs) => {
    const actor = await requireApiUser(request, context);
    const input = await parseJson(request, userFilterSchema, "UserFilterInputErrors");
    return json(await filterUserIds(domainCtx(context, actor), input));
  },
});
